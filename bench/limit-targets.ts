/**
 * The targets of issue 14, evaluated against one run's figures: the server's CPU time
 * per request against the bare server's for the same bytes (bare-server.ts), /random
 * against a bare route that serialises the same records on every request, and
 * latency bounds on the short Japanese and English-title searches, warm and cold.
 */
import { ratio } from "./stats.js";
import { allMeasured, describe, ms, type TargetRow, x } from "./targets.js";

/** Server CPU microseconds per request, and the bare server's for the same answers; null where not measured. */
export interface CpuFigures {
  cpu: number | null;
  bareCpu: number | null;
}

/** NaN stands for "not measured" or "no answer in the run". */
export interface LimitTargetInput {
  connections: number;
  movie: CpuFigures & { p99: number };
  /** /health and the 4xx answers, by workload title. */
  small: Record<string, CpuFigures>;
  /** /random num=N by title: its req/s and the bare JSON.stringify route's. */
  random: Record<string, { rps: number; stringifyRps: number | null }>;
  jaShort: { warmP99: number; coldP99: number };
  /** The English title word run (warm) by tag: each sort on page 1 and page 50. */
  enTitle: Record<string, { p99: number }>;
}

const us = (v: number | null) => (v === null || !Number.isFinite(v) ? "n/a" : `${v.toFixed(0)} us`);
const int = (v: number | null) => (v === null || !Number.isFinite(v) ? "n/a" : Math.round(v).toLocaleString("en-US"));
const cpuVsBare = (f: CpuFigures) => `${us(f.cpu)} CPU/request = ${x(ratio(f.cpu, f.bareCpu))} the bare route's ${us(f.bareCpu)}`;
const within = (f: CpuFigures, times: number) => {
  const r = ratio(f.cpu, f.bareCpu);
  return r !== null && r <= times;
};

export function evaluateLimitTargets(f: LimitTargetInput): TargetRow[] {
  const rows: TargetRow[] = [];
  const at8 = f.connections === 8 ? "" : ` (at ${f.connections} connections, not 8)`;
  rows.push({
    workload: "/movie by code, mixed spellings",
    target: "server CPU/request <= 2 x the bare route's (same bytes); p99 <= 5 ms at 8 connections",
    measured: `${cpuVsBare(f.movie)}; p99 ${ms(f.movie.p99)}${at8}`,
    met: within(f.movie, 2) && f.movie.p99 <= 5 && f.connections === 8,
  });
  for (const [title, c] of Object.entries(f.small)) {
    rows.push({ workload: title, target: "server CPU/request <= 1.5 x the bare route's (same status and bytes)", measured: cpuVsBare(c), met: within(c, 1.5) });
  }
  for (const [title, r] of Object.entries(f.random)) {
    rows.push({
      workload: title,
      target: "req/s >= a bare route that JSON.stringify's the same records each request",
      measured: `${int(r.rps)} req/s, the bare route ${int(r.stringifyRps)} (${x(ratio(r.rps, r.stringifyRps))})`,
      met: r.stringifyRps !== null && r.rps >= r.stringifyRps,
    });
  }
  rows.push({
    workload: "/query, a 1- or 2-character Japanese word",
    target: "p99 <= 25 ms warm, <= 150 ms cold",
    measured: `warm p99 ${ms(f.jaShort.warmP99)}, cold p99 ${ms(f.jaShort.coldP99)}`,
    met: f.jaShort.warmP99 <= 25 && f.jaShort.coldP99 <= 150,
  });
  rows.push({
    workload: "/query, an English title word, every sort, pages 1 and 50",
    target: "p99 <= 15 ms warm",
    measured: describe(
      f.enTitle,
      (v) => v.p99,
      (tag, v) => `${tag}: p99 ${ms(v.p99)}`,
    ),
    met: allMeasured(f.enTitle, (v) => v.p99 <= 15),
  });
  return rows;
}
