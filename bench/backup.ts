/**
 * npm run bench:backup -- [--records N] [--runs R]
 *
 * How far the backup (BACKUP_TO, Litestream to a directory) runs behind the catalog
 * while it changes: the server runs with a backup on an empty catalog, `import` loads
 * N generated titles into it (one transaction), then the same N again changed (one
 * update each); /health's backup lag is sampled every 100 ms throughout. Prints the
 * import's time with and without a backup, the largest lag seen (seconds and bytes of
 * WAL), how long after the commit the backup held it all, the backup's size, and
 * the time of a restore of the result.
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { dirBytes } from "./dir-bytes.js";
import { childEnv, ensureBuild, killChildren, runCli, startServer, stopChild } from "./processes.js";

const log = (s: string) => process.stderr.write(`bench:backup: ${s}\n`);

interface Lag {
  lagSeconds: number;
  lagBytes: number;
  lastSyncAt: string | null;
  running: boolean;
}

const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { records: { type: "string", default: "100000" } } });
  const records = Number(values.records);
  await ensureBuild(log);
  const dir = mkdtempSync(join(tmpdir(), "vc-bench-backup-"));
  try {
    const first = join(dir, "titles.ndjson");
    const second = join(dir, "titles-changed.ndjson");
    log(`writing ${records.toLocaleString("en-US")} titles twice (the second set changed)`);
    await runCli(["sample", "--count", String(records), "--seed", "1", "--out", first], childEnv(join(dir, "unused.db")), 600_000).done;
    await runCli(["sample", "--count", String(records), "--seed", "2", "--out", second], childEnv(join(dir, "unused.db")), 600_000).done;

    // The import alone, no server, no backup: the baseline.
    const bare = childEnv(join(dir, "bare.db"), { BULK_NICE: "0" });
    await runCli(["migrate"], bare, 60_000).done;
    const bareMs = (await runCli(["import", first, "--provider", "bench"], bare, 1_800_000).done).ms;

    const env = childEnv(join(dir, "catalog.db"), { BACKUP_TO: join(dir, "backup"), BACKUP_SYNC_SECONDS: "1", BULK_NICE: "0" });
    const server = await startServer(env, 60_000, ["dist/main.js", "serve"]);
    const samples: { t: number; lag: Lag }[] = [];
    let sampling = true;
    const t0 = performance.now();
    const sampler = (async () => {
      while (sampling) {
        const r = await fetch(`${server.origin}/health`);
        const b = ((await r.json()) as { backup: Lag }).backup;
        samples.push({ t: performance.now() - t0, lag: b });
        await new Promise((res) => setTimeout(res, 100));
      }
    })();
    // Caught up with a commit made at wall time `wall`: a sample of the server's, taken after it, found no lag.
    const caughtUp = async (wall: number): Promise<number> => {
      for (;;) {
        const last = samples[samples.length - 1]?.lag;
        const syncedAt = last?.lastSyncAt ? Date.parse(last.lastSyncAt) : 0;
        if (last?.running && last.lagBytes === 0 && syncedAt >= wall) return syncedAt - wall;
        await new Promise((res) => setTimeout(res, 50));
      }
    };
    await caughtUp(Date.now());
    const phases: { what: string; ms: number; maxSeconds: number; maxBytes: number; afterMs: number }[] = [];
    for (const [what, file] of [
      ["import (new titles)", first],
      ["import (every title changed)", second],
    ] as const) {
      const start = performance.now() - t0;
      const ms = (await runCli(["import", file, "--provider", "bench"], env, 1_800_000).done).ms;
      const afterMs = await caughtUp(Date.now());
      const seen = samples.filter((s) => s.t >= start);
      phases.push({
        what,
        ms,
        maxSeconds: Math.max(...seen.map((s) => s.lag.lagSeconds)),
        maxBytes: Math.max(...seen.map((s) => s.lag.lagBytes)),
        afterMs,
      });
    }
    sampling = false;
    await sampler;
    await stopChild(server.child, 30_000);

    const restored = join(dir, "restored.db");
    const restoreMs = (await runCli(["restore", "--from", join(dir, "backup"), "--to", restored], env, 1_800_000).done).ms;

    const rows = [
      ["", "import", "largest lag (1 s samples)", "largest WAL behind", "backup complete after the commit"],
      ["import without a backup", `${(bareMs / 1000).toFixed(1)} s`, "", "", ""],
      ...phases.map((p) => [p.what, `${(p.ms / 1000).toFixed(1)} s`, `${p.maxSeconds.toFixed(1)} s`, mb(p.maxBytes), `${(p.afterMs / 1000).toFixed(1)} s`]),
    ];
    const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
    console.log(`backup lag under an import of ${records.toLocaleString("en-US")} titles (Litestream to a directory, sync every 1 s)`);
    for (const r of rows) console.log(r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  "));
    console.log(`catalog ${mb(statSync(join(dir, "catalog.db")).size)}, backup ${mb(dirBytes(join(dir, "backup")))}`);
    console.log(`restore of the result: ${(restoreMs / 1000).toFixed(1)} s (${mb(statSync(restored).size)})`);
  } finally {
    await killChildren();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch(async (e: unknown) => {
  await killChildren();
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
