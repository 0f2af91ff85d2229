import { describe, expect, it } from "vitest";
import { evaluateTargets, type TargetInput } from "../../bench/targets.js";

const passing: TargetInput = {
  movie: { ratio: 0.8, p99: 4 },
  random20: { ratio: 0.6, p99: 9 },
  selectiveBySort: { relevance: { p50: 5, p99: 20 }, release: { p50: 9, p99: 24 } },
  broadBySort: { relevance: { p99: 90 }, views: { p99: 99 } },
  movieUnderQuery: { p99: 9 },
  duringImport: { byTag: { movie: { idleP99: 3, importP99: 6 } }, errors: 0, importFailed: false },
  rssMb: 290,
  startupMs: 900,
  importRecordsPerSecond: 25_000,
};

const failing = (change: Partial<TargetInput>) =>
  evaluateTargets({ ...passing, ...change })
    .filter((t) => !t.met)
    .map((t) => t.workload);

describe("issue 5 targets", () => {
  it("lists every target of the issue, met when every figure is within it", () => {
    const rows = evaluateTargets(passing);
    expect(rows).toHaveLength(9);
    expect(rows.every((r) => r.met)).toBe(true);
  });

  it("fails each target on its own figure", () => {
    expect(failing({ movie: { ratio: 0.7, p99: 4 } })).toEqual(["/movie by code"]);
    expect(failing({ movie: { ratio: 0.9, p99: 5.1 } })).toEqual(["/movie by code"]);
    expect(failing({ movie: { ratio: null, p99: 1 } })).toEqual(["/movie by code"]);
    expect(failing({ random20: { ratio: 0.4, p99: 1 } })).toEqual(["/random num=20"]);
    expect(failing({ selectiveBySort: { ...passing.selectiveBySort, views: { p50: 11, p99: 20 } } })).toEqual(["/query, selective (up to 50,000 matches)"]);
    expect(failing({ selectiveBySort: { update: { p50: 1, p99: 26 } } })).toEqual(["/query, selective (up to 50,000 matches)"]);
    expect(failing({ broadBySort: { rating: { p99: 101 } } })).toEqual(["/query, any shape (half the catalog, any sort, page 100)"]);
    expect(failing({ movieUnderQuery: { p99: 11 } })).toEqual(["/movie while heavy /query traffic runs"]);
    expect(failing({ rssMb: 301 })).toEqual(["server memory"]);
    expect(failing({ rssMb: null })).toEqual(["server memory"]);
    expect(failing({ startupMs: 1001 })).toEqual(["start-up"]);
    expect(failing({ importRecordsPerSecond: 19_999 })).toEqual(["import (NDJSON)"]);
    expect(failing({ importRecordsPerSecond: null })).toEqual(["import (NDJSON)"]);
  });

  it("holds every endpoint to twice its idle p99 during an import, with zero errors", () => {
    const during = (d: Partial<TargetInput["duringImport"]>) => failing({ duringImport: { ...passing.duringImport, ...d } });
    expect(during({ byTag: { movie: { idleP99: 3, importP99: 6.1 } } })).toEqual(["any endpoint while an import writes"]);
    expect(during({ errors: 1 })).toEqual(["any endpoint while an import writes"]);
    expect(during({ importFailed: true })).toEqual(["any endpoint while an import writes"]);
  });

  it("does not count a target as met when nothing, or not every sort or endpoint, was measured", () => {
    expect(failing({ selectiveBySort: {}, broadBySort: {} })).toHaveLength(2);
    const rows = evaluateTargets({
      ...passing,
      broadBySort: { relevance: { p99: 90 }, views: { p99: NaN } },
      duringImport: { byTag: { movie: { idleP99: 3, importP99: 4 }, query: { idleP99: NaN, importP99: NaN } }, errors: 0, importFailed: false },
    });
    const notMet = rows.filter((r) => !r.met);
    expect(notMet.map((r) => r.workload)).toEqual(["/query, any shape (half the catalog, any sort, page 100)", "any endpoint while an import writes"]);
    expect(notMet[0].measured).toBe("worst sort relevance: p99 90.0 ms; no answers: views");
    expect(notMet[1].measured).toContain("no answers: query");
  });
});
