/** The targets table of issue 5, evaluated against one run's figures. */

/** NaN stands for "no answer in the run" (a sort or endpoint whose every request outlasted it). */
export interface TargetInput {
  movie: { ratio: number | null; p99: number };
  random20: { ratio: number | null; p99: number };
  /** The selective /query run, per sort (every sort, measured or not). */
  selectiveBySort: Record<string, { p50: number; p99: number }>;
  /** The any-shape /query run, per sort. */
  broadBySort: Record<string, { p99: number }>;
  movieUnderQuery: { p99: number };
  /** The mixed run with and without an import writing, per endpoint of the mix. */
  duringImport: {
    byTag: Record<string, { idleP99: number; importP99: number }>;
    /** Errors of the mixed run during the import (socket errors, timeouts, wrong statuses). */
    errors: number;
    importFailed: boolean;
  };
  rssMb: number | null;
  startupMs: number;
  importRecordsPerSecond: number | null;
}

export interface TargetRow {
  workload: string;
  target: string;
  measured: string;
  met: boolean;
}

export const ms = (v: number) => (Number.isFinite(v) ? (v < 10 ? v.toFixed(2) : v.toFixed(1)) + " ms" : "n/a");
export const x = (v: number | null) => (v === null || !Number.isFinite(v) ? "n/a" : v.toFixed(2) + " x");

/**
 * Entries split into those with finite figures and the names of those without (a
 * sort or endpoint that got no answer in the run): a target is only met when every
 * entry it names was measured.
 */
function measuredOnly<T extends object>(byName: Record<string, T>): { seen: [string, T][]; missing: string[] } {
  const seen: [string, T][] = [];
  const missing: string[] = [];
  for (const [name, v] of Object.entries(byName)) {
    if (Object.values(v).every((n) => typeof n !== "number" || Number.isFinite(n))) seen.push([name, v]);
    else missing.push(name);
  }
  return { seen, missing };
}

/** "worst X: ..." over the measured entries, and the ones without answers. */
export function describe<T extends object>(byName: Record<string, T>, score: (v: T) => number, show: (name: string, v: T) => string): string {
  const { seen, missing } = measuredOnly(byName);
  const worst = seen.reduce<[string, T] | null>((w, e) => (w === null || score(e[1]) > score(w[1]) ? e : w), null);
  const parts = [];
  if (worst) parts.push(`worst ${show(...worst)}`);
  if (missing.length) parts.push(`no answers: ${missing.join(", ")}`);
  return parts.length ? parts.join("; ") : "not measured";
}

export const allMeasured = <T extends object>(byName: Record<string, T>, ok: (v: T) => boolean): boolean => {
  const { seen, missing } = measuredOnly(byName);
  return seen.length > 0 && missing.length === 0 && seen.every(([, v]) => ok(v));
};

export function evaluateTargets(f: TargetInput): TargetRow[] {
  const rows: TargetRow[] = [];
  rows.push({
    workload: "/movie by code",
    target: ">= 0.75 x its baseline's req/s; p99 <= 5 ms",
    measured: `${x(f.movie.ratio)}, p99 ${ms(f.movie.p99)}`,
    met: f.movie.ratio !== null && f.movie.ratio >= 0.75 && f.movie.p99 <= 5,
  });
  rows.push({
    workload: "/random num=20",
    target: ">= 0.5 x its baseline's req/s; p99 <= 10 ms",
    measured: `${x(f.random20.ratio)}, p99 ${ms(f.random20.p99)}`,
    met: f.random20.ratio !== null && f.random20.ratio >= 0.5 && f.random20.p99 <= 10,
  });
  rows.push({
    workload: "/query, selective (up to 50,000 matches)",
    target: "p50 <= 10 ms, p99 <= 25 ms, every sort",
    measured: describe(
      f.selectiveBySort,
      (v) => Math.max(v.p50 / 10, v.p99 / 25),
      (sort, v) => `sort ${sort}: p50 ${ms(v.p50)}, p99 ${ms(v.p99)}`,
    ),
    met: allMeasured(f.selectiveBySort, (v) => v.p50 <= 10 && v.p99 <= 25),
  });
  rows.push({
    workload: "/query, any shape (half the catalog, any sort, page 100)",
    target: "p99 <= 100 ms",
    measured: describe(
      f.broadBySort,
      (v) => v.p99,
      (sort, v) => `sort ${sort}: p99 ${ms(v.p99)}`,
    ),
    met: allMeasured(f.broadBySort, (v) => v.p99 <= 100),
  });
  rows.push({
    workload: "/movie while heavy /query traffic runs",
    target: "p99 <= 10 ms",
    measured: `p99 ${ms(f.movieUnderQuery.p99)}`,
    met: f.movieUnderQuery.p99 <= 10,
  });
  const d = f.duringImport;
  rows.push({
    workload: "any endpoint while an import writes",
    target: "p99 at most 2 x its idle p99; zero errors",
    measured:
      describe(
        d.byTag,
        (v) => v.importP99 / v.idleP99,
        (tag, v) => `${tag}: ${x(v.importP99 / v.idleP99)} idle p99`,
      ) + `; ${d.errors} errors${d.importFailed ? "; the import failed" : ""}`,
    met: allMeasured(d.byTag, (v) => v.importP99 <= 2 * v.idleP99) && d.errors === 0 && !d.importFailed,
  });
  rows.push({
    workload: "server memory",
    target: "RSS <= 300 MB after the run",
    measured: f.rssMb === null ? "n/a (no /proc)" : `${f.rssMb.toFixed(0)} MB`,
    met: f.rssMb !== null && f.rssMb <= 300,
  });
  rows.push({
    workload: "start-up",
    target: "<= 1 s to the first answered request",
    measured: `${f.startupMs.toFixed(0)} ms`,
    met: f.startupMs <= 1000,
  });
  rows.push({
    workload: "import (NDJSON)",
    target: ">= 20,000 records/s with the FTS index",
    measured: f.importRecordsPerSecond === null ? "failed" : `${Math.round(f.importRecordsPerSecond).toLocaleString("en-US")} records/s`,
    met: f.importRecordsPerSecond !== null && f.importRecordsPerSecond >= 20_000,
  });
  return rows;
}
