/** What `npm run bench` prints and writes to bench/results.json. */
import type { FirstTimeFigures } from "./first-time.js";
import type { LoadResult } from "./load.js";
import type { DropFigures } from "./page-cache.js";
import type { Memory } from "./processes.js";
import type { TargetRow } from "./targets.js";

export interface WorkloadRow {
  name: string;
  title: string;
  /** warm: the catalog read into the OS page cache before; cold: its pages dropped from it, no warm-up. */
  cache: "warm" | "cold";
  /** What the URLs are, in a few words. */
  mix: string;
  connections: number;
  result: LoadResult;
  baseline: { route: string; result: LoadResult } | null;
  /** req/s over the baseline's req/s. */
  ratio: number | null;
  /** The bare server sending the same answers (status, headers, bytes) as constant strings; `bytes`: mean body size. */
  bare: { route: string; bytes: number; result: LoadResult } | null;
  /** Server CPU per request over the bare server's. */
  cpuRatio: number | null;
  /** The bare route that JSON.stringify's the same records on every request (/random). */
  stringify: { route: string; result: LoadResult } | null;
  /** Cold rows: the catalog's resident bytes in the OS page cache before and after they were dropped. */
  pageCache?: DropFigures;
}

export interface ImportFigures {
  file: string;
  records: number;
  seconds: number;
  recordsPerSecond: number;
}

export interface BenchResults {
  date: string;
  machine: { cpu: string; cores: number; memoryGb: number; node: string; os: string };
  options: { records: number; duration: number; connections: number; warmup: number; importRecords: number };
  catalog: { records: number; bytes: number };
  workloads: WorkloadRow[];
  /** Each /query URL asked once, before the load runs: search caches empty. */
  firstTime: FirstTimeFigures[];
  contention: { movieConnections: number; queryConnections: number; movie: LoadResult; query: LoadResult };
  duringImport: {
    idle: LoadResult;
    import: LoadResult;
    byTag: Record<string, { idleP99: number; importP99: number; idleErrors: number; importErrors: number }>;
    importRun: (ImportFigures & { windowCovered: number }) | { error: string };
  };
  importIdle: ImportFigures | { error: string };
  server: Memory;
  startup: { medianMs: number; runsMs: number[] };
  targets: TargetRow[];
  /** Issue 14's: CPU per request against the bare server, short searches warm and cold. */
  limitTargets: TargetRow[];
  notes: string[];
}

const int = (v: number) => Math.round(v).toLocaleString("en-US");
const msf = (v: number) => (Number.isFinite(v) ? (v < 10 ? v.toFixed(2) : v < 100 ? v.toFixed(1) : v.toFixed(0)) : "-");
const mb = (v: number | null) => (v === null ? "n/a" : `${v.toFixed(0)} MB`);
const us = (v: number | null | undefined) => (v === null || v === undefined || !Number.isFinite(v) ? "-" : v < 10 ? v.toFixed(1) : v.toFixed(0));
const times = (v: number | null) => (v === null ? "-" : v.toFixed(2));

/** Columns a string takes in a terminal: CJK and fullwidth characters take two. */
function columns(s: string): number {
  let n = 0;
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    n += (c >= 0x2e80 && c <= 0xa4cf) || (c >= 0xac00 && c <= 0xd7a3) || (c >= 0xf900 && c <= 0xfaff) || (c >= 0xff00 && c <= 0xff60) || c >= 0x20000 ? 2 : 1;
  }
  return n;
}

/** A plain-text table; `align` has one letter per column, l or r (default: the first l, the others r). */
export function table(header: string[], rows: string[][], align = "l" + "r".repeat(header.length - 1)): string {
  const widths = header.map((h, i) => Math.max(columns(h), ...rows.map((r) => columns(r[i]))));
  const pad = (c: string, i: number) => " ".repeat(Math.max(0, widths[i] - columns(c)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (align[i] === "l" ? c + pad(c, i) : pad(c, i) + c))
      .join("  ")
      .trimEnd();
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

const tagRows = (rows: WorkloadRow[]) =>
  rows
    .filter((w) => w.cache === "warm")
    .flatMap((w) => Object.entries(w.result.byTag).map(([tag, t]) => [`${w.title}: ${tag}`, int(t.count), msf(t.p50), msf(t.p99), msf(t.max)]));

export function formatReport(r: BenchResults): string {
  const o = r.options;
  const m = r.machine;
  const out: string[] = [];
  out.push(
    `npm run bench: ${int(r.catalog.records)} titles, ${o.connections} connections, ${o.duration} s per run after a ${o.warmup} s warm-up`,
    `${m.cpu} (${m.cores} cores, ${m.memoryGb} GB), ${m.os}, Node ${m.node}, ${r.date}`,
    "",
  );
  const rows = r.workloads.map((w) => [
    w.title,
    w.cache,
    int(w.result.rps),
    msf(w.result.p50),
    msf(w.result.p99),
    String(w.result.errors),
    us(w.result.cpuUsPerRequest),
    w.bare ? int(w.bare.result.rps) : "-",
    us(w.bare?.result.cpuUsPerRequest),
    times(w.cpuRatio),
    w.baseline ? int(w.baseline.result.rps) : "-",
    us(w.baseline?.result.cpuUsPerRequest),
    times(w.ratio),
  ]);
  const header = ["workload", "cache", "req/s", "p50 ms", "p99 ms", "errors", "CPU us/req", "bare req/s", "bare CPU us", "CPU x bare"];
  out.push(table([...header, "baseline req/s", "baseline CPU us", "ratio"], rows, "ll" + "r".repeat(11)));
  out.push(
    "CPU us/req: the server's user + system time (all threads, /proc/PID/stat) in the measured window over the requests answered.",
    "bare: a plain Fastify server in its own process sending the same status, headers and bytes as constant strings; CPU x bare: CPU us/req over its.",
    "baseline: the in-server constant route (/bench/..., same plugins); ratio: req/s over its req/s.",
    "cold: the catalog's pages dropped from the OS page cache (posix_fadvise DONTNEED) right before, no warm-up; warm: the catalog read through before.",
    "",
  );
  const bareRows = r.workloads.flatMap((w) => {
    if (w.cache !== "warm" || !w.bare) return [];
    const cells = (route: string, bytes: string, l: LoadResult) => [route, bytes, int(l.rps), msf(l.p50), msf(l.p99), us(l.cpuUsPerRequest)];
    const lines = [cells(w.bare.route, int(w.bare.bytes), w.bare.result)];
    if (w.stringify) lines.push(cells(`${w.stringify.route} (JSON.stringify each request)`, int(w.bare.bytes), w.stringify.result));
    return lines;
  });
  out.push(table(["bare server route", "bytes", "req/s", "p50 ms", "p99 ms", "CPU us/req"], bareRows), "");
  out.push(table(["per tag", "requests", "p50 ms", "p99 ms", "max ms"], tagRows(r.workloads.filter((w) => Object.keys(w.result.byTag).length > 1))), "");
  out.push(
    table(
      ["first time asked (one at a time, caches empty)", "URLs", "p50 ms", "p99 ms", "max ms", "slowest"],
      r.firstTime.map((f) => [f.name, String(f.urls), msf(f.p50), msf(f.p99), msf(f.max), f.slowest[0] ? decodeURIComponent(f.slowest[0][1]) : "-"]),
      "lrrrrl",
    ),
    "",
  );

  const d = r.duringImport;
  out.push(
    table(
      ["while an import writes", "idle p99 ms", "import p99 ms", "x idle", "errors"],
      Object.entries(d.byTag).map(([tag, t]) => [
        tag,
        msf(t.idleP99),
        msf(t.importP99),
        Number.isFinite(t.importP99 / t.idleP99) ? (t.importP99 / t.idleP99).toFixed(2) : "-",
        String(t.importErrors),
      ]),
    ),
  );
  out.push(
    "importRun" in d && "error" in d.importRun
      ? `concurrent import failed: ${d.importRun.error}`
      : `concurrent import: ${int((d.importRun as ImportFigures).records)} records at ${int((d.importRun as ImportFigures).recordsPerSecond)} records/s, ` +
          `writing through ${Math.round((d.importRun as { windowCovered: number }).windowCovered * 100)}% of the measured window` +
          ` (same mix idle: ${int(d.idle.rps)} req/s, during the import: ${int(d.import.rps)} req/s)`,
    "",
  );
  const imp = r.importIdle;
  out.push(
    `server RSS after the run: ${mb(r.server.rssMb)} (peak ${mb(r.server.peakMb)}; anonymous ${mb(r.server.anonMb)}, file-backed ${mb(r.server.fileMb)})`,
    `start-up to the first answered request: ${r.startup.medianMs.toFixed(0)} ms (median of ${r.startup.runsMs.map((t) => t.toFixed(0)).join(", ")})`,
    "error" in imp
      ? `import (NDJSON) on an idle copy: failed: ${imp.error}`
      : `import (NDJSON) on an idle copy: ${int(imp.records)} records in ${imp.seconds.toFixed(1)} s = ${int(imp.recordsPerSecond)} records/s`,
    "",
  );
  const scale = r.catalog.records === 1_000_000 ? "" : ` (set for 1,000,000 titles; this run has ${int(r.catalog.records)})`;
  out.push(`targets of issue 5${scale}`);
  out.push(
    table(
      ["workload", "target", "measured", ""],
      r.targets.map((t) => [t.workload, t.target, t.measured, t.met ? "met" : "NOT MET"]),
      "llll",
    ),
    "",
    "targets of issue 14 (CPU per request against the bare server's for the same bytes; searches warm and cold)",
    table(
      ["workload", "target", "measured", ""],
      r.limitTargets.map((t) => [t.workload, t.target, t.measured, t.met ? "met" : "NOT MET"]),
      "llll",
    ),
  );
  for (const n of r.notes) out.push(`note: ${n}`);
  return out.join("\n");
}
