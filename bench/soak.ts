/**
 * npm run soak -- [--minutes N] [--connections C] [--records R] [--window S] [--kills K]
 *
 * Load while writing for N minutes (default 5): C keep-alive clients (default 200) on
 * every endpoint of a catalog of R generated titles, while the server's scheduled
 * ingest (against the provider simulator) and `import` processes write into it; then
 * SIGTERM under load. Prints throughput, errors and memory per window of S seconds,
 * and fails (exit 1) on any error, busy timeout, event-loop stall, unclean exit, or
 * memory that grows after warm-up. With --kills K, also SIGKILLs ingest, import,
 * import-dump and the server at K random points in all, checking the catalog after
 * each restart (bench/crash-loop.ts).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { currentBenchCatalog } from "./catalog-cache.js";
import { crashLoop } from "./crash-loop.js";
import { ensureImportFile } from "./import-file.js";
import { ensureBuild, killChildren } from "./processes.js";
import { memoryGrowth, soak } from "./soak-run.js";

const log = (s: string) => process.stderr.write(`soak: ${s}\n`);

function options() {
  const { values } = parseArgs({
    options: {
      minutes: { type: "string", default: "5" },
      connections: { type: "string", default: "200" },
      records: { type: "string", default: "100000" },
      window: { type: "string", default: "30" },
      kills: { type: "string", default: "0" },
    },
  });
  const num = (name: string, raw: string | undefined, min: number) => {
    const n = Number(raw);
    if (!Number.isFinite(n) || n < min) throw new Error(`--${name} must be a number >= ${min}, got ${raw}`);
    return n;
  };
  return {
    minutes: num("minutes", values.minutes, 0.1),
    connections: Math.round(num("connections", values.connections, 1)),
    records: Math.round(num("records", values.records, 1000)),
    window: Math.round(num("window", values.window, 2)),
    kills: Math.round(num("kills", values.kills, 0)),
  };
}

async function main(): Promise<void> {
  const o = options();
  const dir = mkdtempSync(join(tmpdir(), "vc-soak-"));
  const problems: string[] = [];
  try {
    await ensureBuild(log);
    const catalog = currentBenchCatalog(o.records, log);
    catalog.db.close();
    const importFile = await ensureImportFile(20_000, log);
    const windows = Math.max(1, Math.round((o.minutes * 60) / o.window));
    log(`${o.connections} clients for ${windows} x ${o.window} s on ${o.records} titles, while an ingest and imports write`);
    const r = await soak({ catalogPath: catalog.path, records: o.records, importFile, dir, connections: o.connections, windows, windowSeconds: o.window, log });
    const out = (s: string) => process.stdout.write(`${s}\n`);
    out("second  req/s   p99 ms  max ms  errors  RSS MB");
    for (const w of r.windows) {
      out(
        `${String(w.second).padStart(6)}  ${String(Math.round(w.rps)).padStart(6)}  ${w.p99.toFixed(1).padStart(6)}  ${w.max.toFixed(0).padStart(6)}  ${String(w.errors).padStart(6)}  ${w.rssMb?.toFixed(0) ?? "-"}`,
      );
    }
    const mem = memoryGrowth(r.windows);
    out(`requests ${r.requests}, errors ${r.errors}; imports ${r.imports}, scheduled ingest runs ${r.ingestRuns}`);
    out(`event-loop stalls over 100 ms: ${r.stalls.length}; busy timeouts: ${r.busy.length}; server errors: ${r.serverErrors.length}`);
    out(`memory: ${mem.afterWarmupMb?.toFixed(0) ?? "-"} MB after warm-up, ${mem.endMb?.toFixed(0) ?? "-"} MB at the end (x${mem.growth?.toFixed(2) ?? "-"})`);
    out(
      `SIGTERM under load: exit ${r.sigterm.exitCode ?? r.sigterm.signal} after ${Math.round(r.sigterm.ms)} ms; requests in flight got ${JSON.stringify(r.sigterm.probes)}`,
    );
    if (r.errors > 0) problems.push(`${r.errors} errors`);
    if (r.stalls.length) problems.push(`stalls: ${r.stalls.slice(0, 3).join(" | ")}`);
    if (r.busy.length) problems.push(`busy: ${r.busy.slice(0, 3).join(" | ")}`);
    if (r.serverErrors.length) problems.push(`server errors: ${r.serverErrors.slice(0, 3).join(" | ")}`);
    if (r.sigterm.exitCode !== 0) problems.push(`exit after SIGTERM: ${r.sigterm.exitCode ?? r.sigterm.signal}`);
    if (r.sigterm.probes.some((p) => p !== 200)) problems.push(`requests in flight at SIGTERM: ${JSON.stringify(r.sigterm.probes)}`);
    if (mem.growth !== null && windows >= 6 && mem.growth > 1.2) problems.push(`memory grew x${mem.growth.toFixed(2)} after warm-up`);

    if (o.kills > 0) {
      log(`${o.kills} SIGKILLs across ingest, import, import-dump and the server`);
      const k = await crashLoop({ dir, kills: o.kills, log });
      out(
        `kills: ${k.kills} (${Object.entries(k.byKind)
          .map(([n, c]) => `${n} ${c}`)
          .join(", ")}); checks failed: ${k.failures.length}`,
      );
      for (const f of k.failures) problems.push(`after a kill: ${f}`);
    }
  } finally {
    await killChildren();
    rmSync(dir, { recursive: true, force: true });
  }
  if (problems.length) {
    process.stdout.write(`FAILED:\n  ${problems.join("\n  ")}\n`);
    process.exitCode = 1;
  }
}

main().catch(async (e: unknown) => {
  process.stderr.write(`soak failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  await killChildren();
  process.exit(1);
});
