import { describe, expect, it } from "vitest";
import { generateSampleRecords } from "../../src/samples/titles/generate.js";
import { parseCode } from "../../src/codes/index.js";
import {
  broadQueryPaths,
  buildWorkloads,
  codeSpellings,
  isCorrect,
  mixPaths,
  moviePaths,
  SORTS,
  selectiveQueryPaths,
  toBaseline,
} from "../../bench/workloads.js";

const q = (path: string) => new URL(path, "http://x").searchParams;

describe("bench workloads", () => {
  it("spells one code five ways, each of which parses back to it", () => {
    expect(codeSpellings("ABP-123", "118abp00123")).toEqual(["ABP-123", "abp123", "abp-00123", "abp123.mp4", "118abp00123"]);
    for (const { record } of generateSampleRecords({ count: 400 })) {
      for (const s of codeSpellings(record.dvdId, record.contentId)) expect(parseCode(s)?.dvdId, s).toBe(record.dvdId);
    }
  });

  it("sends /movie codes of the catalog, one in ten a miss, the same ones every run", () => {
    const records = 5000;
    const paths = moviePaths(records, 500);
    expect(paths).toEqual(moviePaths(records, 500));
    expect(paths.filter((p) => p.tag === "miss")).toHaveLength(50);
    const inCatalog = new Set([...generateSampleRecords({ count: records })].map((r) => r.record.dvdId));
    for (const p of paths) {
      expect(p.path.startsWith("/movie?q=")).toBe(true);
      const code = parseCode(q(p.path).get("q")!);
      expect(code, p.path).not.toBeNull();
      expect(inCatalog.has(code!.dvdId), p.path).toBe(p.tag === "hit");
    }
    expect(new Set(paths.map((p) => q(p.path).get("q")!.replace(/\d+/g, "9"))).size).toBeGreaterThanOrEqual(5);
  });

  it("searches with every sort, Japanese, code prefixes, filters and deep pages, tagged by the sort used", () => {
    const selective = selectiveQueryPaths();
    const broad = broadQueryPaths();
    for (const paths of [selective, broad]) {
      expect(new Set(paths.map((p) => p.tag))).toEqual(new Set(SORTS));
      expect(paths.some((p) => q(p.path).get("page") === "100")).toBe(true);
      for (const p of paths) {
        const sort = q(p.path).get("sort") ?? (q(p.path).get("q") ? "relevance" : "release");
        expect(p.tag, p.path).toBe(sort);
      }
    }
    const texts = selective.map((p) => q(p.path).get("q"));
    expect(texts).toContain("凛音");
    expect(texts).toContain("ABP");
    expect(selective.some((p) => q(p.path).get("filter")?.startsWith("maker:"))).toBe(true);
  });

  it("mixes workloads by weight, tagged with their names, and points baselines at /bench", () => {
    const w = buildWorkloads(1000);
    const mixed = mixPaths([
      { workload: w.movie, weight: 3 },
      { workload: w.random20, weight: 1 },
    ]);
    const movies = mixed.filter((p) => p.tag === "movie").length;
    expect(movies).toBeGreaterThan(650);
    expect(movies).toBeLessThan(850);
    expect(mixed.filter((p) => p.tag === "random20").every((p) => p.path === "/random?num=20")).toBe(true);
    expect(toBaseline(w.random50.paths)).toEqual([{ path: "/bench/random?num=50", tag: "num=50" }]);
    expect(new Set(w.mixed.paths.map((p) => p.tag))).toEqual(new Set(["movie", "query-selective", "query-broad", "random20", "random50"]));
  });

  it("counts a 404 as correct only where a miss is expected", () => {
    const w = buildWorkloads(1000);
    expect(isCorrect(w.movie, "miss", 404)).toBe(true);
    expect(isCorrect(w.mixed, "movie", 404)).toBe(true);
    expect(isCorrect(w.mixed, "query-selective", 404)).toBe(false);
    expect(isCorrect(w.random20, "num=20", 500)).toBe(false);
  });
});
