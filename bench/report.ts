/** What `npm run bench` prints and writes to bench/results.json. */
import type { FirstTimeFigures } from "./first-time.js";
import type { LoadResult } from "./load.js";
import type { Memory } from "./processes.js";
import type { TargetRow } from "./targets.js";

export interface WorkloadRow {
  name: string;
  title: string;
  /** What the URLs are, in a few words. */
  mix: string;
  connections: number;
  result: LoadResult;
  baseline: { route: string; result: LoadResult } | null;
  /** req/s over the baseline's req/s. */
  ratio: number | null;
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
  notes: string[];
}

const int = (v: number) => Math.round(v).toLocaleString("en-US");
const msf = (v: number) => (Number.isFinite(v) ? (v < 10 ? v.toFixed(2) : v < 100 ? v.toFixed(1) : v.toFixed(0)) : "-");
const mb = (v: number | null) => (v === null ? "n/a" : `${v.toFixed(0)} MB`);

/** A plain-text table; `align` has one letter per column, l or r (default: the first l, the others r). */
export function table(header: string[], rows: string[][], align = "l" + "r".repeat(header.length - 1)): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (align[i] === "l" ? c.padEnd(widths[i]) : c.padStart(widths[i])))
      .join("  ")
      .trimEnd();
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

const tagRows = (rows: WorkloadRow[]) =>
  rows.flatMap((w) => Object.entries(w.result.byTag).map(([tag, t]) => [`${w.title}: ${tag}`, int(t.count), msf(t.p50), msf(t.p99), msf(t.max)]));

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
    int(w.result.rps),
    msf(w.result.p50),
    msf(w.result.p99),
    String(w.result.errors),
    w.baseline ? int(w.baseline.result.rps) : "-",
    w.baseline ? msf(w.baseline.result.p99) : "-",
    w.ratio === null ? "-" : w.ratio.toFixed(2),
  ]);
  out.push(table(["workload", "req/s", "p50 ms", "p99 ms", "errors", "baseline req/s", "baseline p99", "ratio"], rows), "");
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
  );
  for (const n of r.notes) out.push(`note: ${n}`);
  return out.join("\n");
}
