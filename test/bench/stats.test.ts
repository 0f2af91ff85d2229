import { describe, expect, it } from "vitest";
import { median, percentile, ratio, round, summarize } from "../../bench/stats.js";

describe("bench stats", () => {
  it("takes nearest-rank percentiles", () => {
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([1, 2, 3], 50)).toBe(2);
    expect(percentile([], 50)).toBeNaN();
  });

  it("summarizes latencies in any order without changing them", () => {
    const input = [5, 1, 4, 2, 3];
    expect(summarize(input)).toEqual({ count: 5, p50: 3, p99: 5, max: 5 });
    expect(input).toEqual([5, 1, 4, 2, 3]);
    expect(summarize([])).toMatchObject({ count: 0 });
  });

  it("gives a ratio only when both sides are known and the divisor is not 0", () => {
    expect(ratio(3, 4)).toBe(0.75);
    expect(ratio(3, 0)).toBeNull();
    expect(ratio(null, 4)).toBeNull();
    expect(ratio(Number.NaN, 4)).toBeNull();
  });

  it("takes medians and rounds for reports", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(round(1.2345)).toBe(1.23);
    expect(round(12.345)).toBe(12.3);
    expect(round(123.45)).toBe(123);
    expect(round(null)).toBeNull();
  });
});
