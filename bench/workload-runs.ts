/**
 * The per-workload runs: each workload right after its in-server baseline (constant
 * answers through the same plugins, /bench/...), then the bare server sending the same
 * bytes (and, for /random, serialising the same records), each with the server's CPU
 * time per request; the search workloads once more cold, after the catalog's pages
 * were dropped from the OS page cache.
 */
import { barePaths, captureWorkload, RANDOM_SAMPLE, startBareServer, stringifyRoute } from "./bare.js";
import type { BarePayloads } from "./bare-payloads.js";
import { evaluateLimitTargets } from "./limit-targets.js";
import { enTitlePaths } from "./limit-workloads.js";
import type { LoadOptions, LoadResult } from "./load.js";
import { type DropFigures, dropPageCache } from "./page-cache.js";
import { clockTicksPerSecond } from "./proc-cpu.js";
import type { ServerProcess } from "./processes.js";
import type { WorkloadRow } from "./report.js";
import { ratio } from "./stats.js";
import { toBaseline, type Workload } from "./workloads.js";

export interface RunContext {
  /** Load options of every run but the origin, the workload and the pid. */
  base: Omit<LoadOptions, "workload" | "origin">;
  real: ServerProcess;
  bare: ServerProcess;
  /** The catalog the real server serves, to warm or to drop from the page cache. */
  servePath: string;
  /** One load run, then waits until its server is idle. */
  measure(label: string, o: LoadOptions, server: ServerProcess): Promise<LoadResult>;
  warm(): void;
  notes: string[];
}

export interface WorkloadPlan {
  workload: Workload;
  /** Mean bytes of its answers (bare.ts). */
  bytes: number;
  /** Compared with its in-server baseline route (/bench/movie, /bench/query, /bench/random). */
  baseline: boolean;
  /** Also against the bare route that JSON.stringify's the same records (/random). */
  stringify: boolean;
  /** Run once more with the catalog out of the page cache (the searches). */
  cold: boolean;
}

/** What a workload is run with; bytes come from the capture. */
export type PlanSpec = Omit<WorkloadPlan, "bytes"> & { sample?: boolean };

/**
 * Asks the real server every URL of the workloads once (a /random one RANDOM_SAMPLE
 * times) and starts the bare server on those answers. Problems go to `notes`.
 */
export async function prepareBare(origin: string, key: string, specs: readonly PlanSpec[], dir: string, notes: string[]) {
  const payloads: BarePayloads = { routes: [], stringify: [] };
  const plans: WorkloadPlan[] = [];
  for (const { sample, ...spec } of specs) {
    const w = spec.workload;
    const c = await captureWorkload(origin, key, w, sample ? RANDOM_SAMPLE : 0);
    if (c.wrong > 0) notes.push(`${w.title}: ${c.wrong} of the answers captured for the bare server had a wrong status`);
    payloads.routes.push(c.route);
    if (spec.stringify) payloads.stringify.push(stringifyRoute(w, c));
    plans.push({ ...spec, bytes: c.bytes });
  }
  return { plans, bare: await startBareServer(payloads, dir) };
}

const mb = (b: number | null) => (b === null ? "?" : `${(b / 2 ** 20).toFixed(0)} MB`);

export async function runWorkloads(ctx: RunContext, plans: readonly WorkloadPlan[]): Promise<WorkloadRow[]> {
  const rows: WorkloadRow[] = [];
  const real = (w: Workload): LoadOptions => ({ ...ctx.base, origin: ctx.real.origin, pid: ctx.real.pid, workload: w });
  const bare = (w: Workload): LoadOptions => ({ ...ctx.base, origin: ctx.bare.origin, pid: ctx.bare.pid, workload: w });
  for (const p of plans) {
    const w = p.workload;
    ctx.warm();
    const b = p.baseline ? await ctx.measure(`baseline of ${w.title}`, { ...real(w), paths: toBaseline(w.paths) }, ctx.real) : null;
    const r = await ctx.measure(w.title, real(w), ctx.real);
    const bareRun = await ctx.measure(`bare server, same bytes as ${w.title}`, { ...bare(w), paths: barePaths(w) }, ctx.bare);
    const str = p.stringify ? await ctx.measure(`bare server, JSON.stringify of ${w.title}`, { ...bare(w), paths: barePaths(w, true) }, ctx.bare) : null;
    const pathname = w.paths[0].path.split("?")[0];
    const row = (cache: "warm" | "cold", result: LoadResult): WorkloadRow => ({
      name: cache === "warm" ? w.name : `${w.name}-cold`,
      title: w.title,
      cache,
      mix: w.mix,
      connections: ctx.base.connections,
      result,
      baseline: b ? { route: `/bench${pathname}`, result: b } : null,
      ratio: b ? ratio(result.rps, b.rps) : null,
      bare: { route: barePaths(w)[0].path.split("?")[0], bytes: p.bytes, result: bareRun },
      cpuRatio: ratio(result.cpuUsPerRequest, bareRun.cpuUsPerRequest),
      stringify: str ? { route: barePaths(w, true)[0].path.split("?")[0], result: str } : null,
    });
    rows.push(row("warm", r));
    if (p.cold) {
      const drop = dropPageCache(ctx.servePath);
      if (!drop.dropped) ctx.notes.push(`${w.title}, cold: dd could not drop the catalog's pages`);
      else if (drop.after === null) ctx.notes.push(`${w.title}, cold: not checked that the pages were dropped (no fincore from util-linux)`);
      else if (drop.after > 0.05 * (drop.before ?? Infinity)) {
        ctx.notes.push(`${w.title}, cold: ${mb(drop.after)} of the catalog stayed in the page cache (of ${mb(drop.before)})`);
      }
      // No warm-up: it would read back what was dropped.
      const c = await ctx.measure(`${w.title}, cold (catalog ${mb(drop.before)} -> ${mb(drop.after)} in the page cache)`, { ...real(w), warmup: 0 }, ctx.real);
      rows.push({ ...row("cold", c), pageCache: drop });
    }
  }
  const drops = rows.flatMap((r) => (r.pageCache ? [r.pageCache] : []));
  if (drops.length > 0) {
    const range = (f: (d: DropFigures) => number | null) => {
      const v = drops.map(f).filter((n): n is number => n !== null);
      return v.length ? `${mb(Math.min(...v))}-${mb(Math.max(...v))}` : "?";
    };
    ctx.notes.push(
      `cold runs: before each, the catalog's pages were dropped from the OS page cache (${range((d) => d.before)} resident before, ` +
        `${range((d) => d.after)} after, by fincore); the server's own caches (SQLite's page cache, the search caches) stay as the warm run left them`,
    );
  }
  const ticks = clockTicksPerSecond();
  for (const r of rows) {
    for (const [who, l] of [
      ["the server", r.result],
      ["the bare server", r.bare?.result],
    ] as const) {
      const n = l?.cpuUs === null || l?.cpuUs === undefined ? null : (l.cpuUs * ticks) / 1e6;
      if (n !== null && n < 100) ctx.notes.push(`${r.title} (${r.cache}): the CPU time of ${who} rests on ${n.toFixed(0)} clock ticks, too few to be exact`);
    }
  }
  return rows;
}

/** Issue 14's targets from the rows of runWorkloads. */
export function limitTargetsOf(rows: readonly WorkloadRow[], connections: number) {
  const find = (name: string) => rows.find((r) => r.name === name);
  const cpu = (name: string) => {
    const r = find(name);
    return { cpu: r?.result.cpuUsPerRequest ?? null, bareCpu: r?.bare?.result.cpuUsPerRequest ?? null };
  };
  const titled = <T>(names: string[], f: (name: string) => T): Record<string, T> =>
    Object.fromEntries(names.filter((n) => find(n)).map((n) => [find(n)!.title, f(n)]));
  // Every sort and page of the workload, also one that got no answer (NaN: not met).
  const en = find("query-en-title")?.result.byTag ?? {};
  const enTags = [...new Set(enTitlePaths().map((p) => p.tag))].sort();
  return evaluateLimitTargets({
    connections,
    movie: { ...cpu("movie"), p99: find("movie")?.result.p99 ?? NaN },
    small: titled(["health", "bad-key", "bad-param"], cpu),
    random: titled(["random20", "random50"], (n) => ({ rps: find(n)!.result.rps, stringifyRps: find(n)!.stringify?.result.rps ?? null })),
    jaShort: { warmP99: find("query-ja-short")?.result.p99 ?? NaN, coldP99: find("query-ja-short-cold")?.result.p99 ?? NaN },
    enTitle: Object.fromEntries(enTags.map((tag) => [tag, { p99: en[tag]?.p99 ?? NaN }])),
  });
}
