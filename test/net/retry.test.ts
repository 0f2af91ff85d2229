import { describe, expect, it } from "vitest";
import { backoffDelay, parseRetryAfter } from "../../src/net/retry.js";

describe("parseRetryAfter", () => {
  const now = Date.parse("2025-01-01T00:00:00Z");
  it.each([
    ["120", 120_000],
    [" 0 ", 0],
    ["Wed, 01 Jan 2025 00:00:05 GMT", 5000],
    ["Tue, 31 Dec 2024 23:00:00 GMT", 0],
    ["1.5", 1500],
    ["-1", undefined],
    ["1e3", undefined],
    ["soon", undefined],
    ["", undefined],
    [undefined, undefined],
  ])("%s -> %s", (value, expected) => {
    expect(parseRetryAfter(value, now)).toBe(expected);
  });
});

describe("backoffDelay", () => {
  it("grows as base * 2^retry under the cap, scaled by the jitter roll", () => {
    const opts = { baseDelayMs: 500, maxDelayMs: 30_000 };
    expect([0, 1, 2, 3, 10].map((r) => backoffDelay(r, { ...opts, random: () => 1 }))).toEqual([500, 1000, 2000, 4000, 30_000]);
    expect(backoffDelay(3, { ...opts, random: () => 0 })).toBe(0);
    for (let r = 0; r < 8; r++) {
      const d = backoffDelay(r, { ...opts, random: Math.random });
      expect(d).toBeGreaterThanOrEqual(0);
      expect(d).toBeLessThanOrEqual(Math.min(30_000, 500 * 2 ** r));
    }
  });
});
