import { describe, expect, it } from "vitest";
import { Breaker, retryFirst, TITLE_FAILURE_RUNS } from "../../src/ingest/run-faults.js";

const fail = (kind: string, n: number) => Array.from({ length: n }, (_, i) => ({ kind, reason: `${kind} ${i}` }));

describe("a run's breaker and its earlier failures", () => {
  it("opens after the limit of failures in a row; a title fetched closes the count", () => {
    const b = new Breaker(20);
    b.page(0, fail("timeout", 19));
    expect(b.open).toBe(false);
    b.page(1, fail("timeout", 19));
    expect(b.open).toBe(false);
    b.page(0, fail("parse", 1));
    expect(b.open).toBe(true);
    expect(b.reason()).toMatch(/^circuit breaker: 20 failures in a row \(limit 20\), the last parse: parse 0/);
  });

  it("asking earlier failures again, a title the source answered with no record says nothing of the source", () => {
    // Twenty titles r18.dev gives without a usable record, asked first by every run: the breaker stays shut.
    const b = new Breaker(20);
    b.page(0, fail("parse", 20), true);
    b.page(0, fail("too_large", 5), true);
    expect(b.open).toBe(false);
    // The source itself failing still counts, there as anywhere.
    b.page(0, fail("challenge", 20), true);
    expect(b.open).toBe(true);
  });

  it("asks first every earlier failure but titles that failed as such in 3 runs (they stay listed)", () => {
    const failures = [
      { entry: "a", kind: "timeout", attempts: 9 },
      { entry: "b", kind: "parse", attempts: TITLE_FAILURE_RUNS - 1 },
      { entry: "c", kind: "parse", attempts: TITLE_FAILURE_RUNS },
      { entry: "d", kind: "too_large", attempts: TITLE_FAILURE_RUNS + 4 },
      { entry: "e", kind: "challenge", attempts: 1 },
    ];
    expect(retryFirst(failures)).toEqual(["a", "b", "e"]);
  });
});
