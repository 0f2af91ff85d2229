/**
 * npm run bench:replica -- [--records N] [--refreshes R]
 *
 * What a replica's refresh costs at N titles (default 1,000,000): the generated
 * catalog (bench/.cache) is copied for a writer that streams it to a directory
 * (BACKUP_TO), a replica (REPLICA_OF, WORKERS=2) starts from that backup, then the
 * writer changes (a key created) R times and each time the replica restores and
 * switches. Prints the time of each step, the bytes Litestream read and wrote, the
 * peak memory of the replica's primary, of Litestream's restore and of a worker, the
 * time of the copy's check (quick_check against integrity_check) and of a look at a
 * backup that did not move.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { checkCopy, openDatabase } from "../src/catalog/index.js";
import { backupPosition } from "../src/cluster/replica/source.js";
import { loadConfig } from "../src/config/load.js";
import { benchCatalog } from "./catalog-file.js";
import { dirBytes } from "./dir-bytes.js";
import { childEnv, ensureBuild, killChildren, processMemory, runCli, startServer, stopChild } from "./processes.js";

const log = (s: string) => process.stderr.write(`bench:replica: ${s}\n`);
const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(0)} MB`;
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(" ").filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** rchar, wchar (all bytes through read and write calls) and read_bytes (from the disk, not the page cache) of a process. */
function processIo(pid: number): { rchar: number; wchar: number; readBytes: number } | null {
  try {
    const io = readFileSync(`/proc/${pid}/io`, "utf8");
    const n = (k: string) => Number(new RegExp(`^${k}: (\\d+)`, "m").exec(io)?.[1] ?? 0);
    return { rchar: n("rchar"), wchar: n("wchar"), readBytes: n("read_bytes") };
  } catch {
    return null;
  }
}

/** Watches the replica's Litestream processes (restores and listings): each one's last I/O counts and peak memory. */
function watchLitestream(primary: number) {
  const seen = new Map<number, { io: NonNullable<ReturnType<typeof processIo>>; peakMb: number; restore: boolean }>();
  const timer = setInterval(() => {
    for (const pid of childrenOf(primary)) {
      let cmd: string;
      try {
        cmd = readFileSync(`/proc/${pid}/cmdline`, "utf8");
      } catch {
        continue;
      }
      if (!cmd.includes("litestream")) continue;
      const io = processIo(pid);
      const peak = processMemory(pid).peakMb;
      if (io && peak !== null) seen.set(pid, { io, peakMb: peak, restore: cmd.includes("restore") });
    }
  }, 20);
  return {
    restores: () => [...seen.values()].filter((v) => v.restore),
    clear: () => seen.clear(),
    stop: () => clearInterval(timer),
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { records: { type: "string", default: "1000000" }, refreshes: { type: "string", default: "2" } } });
  const records = Number(values.records);
  await ensureBuild(log);
  const cached = benchCatalog(records, log);
  cached.db.close();
  const dir = mkdtempSync(join(tmpdir(), "vc-bench-replica-"));
  try {
    mkdirSync(join(dir, "writer"));
    copyFileSync(cached.path, join(dir, "writer", "catalog.db"));
    const catalogBytes = statSync(join(dir, "writer", "catalog.db")).size;
    const backup = join(dir, "backup");
    const writerEnv = childEnv(join(dir, "writer", "catalog.db"), {
      BACKUP_TO: backup,
      BACKUP_SYNC_SECONDS: "1",
      ADMIN_PASSWORD: "a long enough admin password",
    });
    let t0 = performance.now();
    const writer = await startServer(writerEnv, 600_000, ["dist/main.js", "serve"]);
    for (;;) {
      const b = ((await fetch(`${writer.origin}/health`).then((r) => r.json())) as { backup: { lagBytes: number; lastSyncAt: string | null } }).backup;
      if (b.lastSyncAt !== null && b.lagBytes === 0) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const snapshotMs = performance.now() - t0;
    log(`writer's first backup (a snapshot of ${mb(catalogBytes)}) in ${s(snapshotMs)}: ${mb(dirBytes(backup))} in the backup`);

    const replicaEnv = childEnv(join(dir, "replica", "catalog.db"), { REPLICA_OF: backup, REPLICA_REFRESH: "1", WORKERS: "2", LOG_LEVEL: "info" });
    t0 = performance.now();
    const replica = await startServer(replicaEnv, 900_000, ["dist/main.js", "serve"]);
    const watch = watchLitestream(replica.pid);
    const firstMs = performance.now() - t0;
    const refreshed = () =>
      [...replica.output().matchAll(/"restoreMs":(\d+),"switchMs":(\d+),"msg":"replica refreshed"/g)].map((m) => ({
        restoreMs: Number(m[1]),
        switchMs: Number(m[2]),
      }));
    log(`replica's start (restore, check, 2 workers): ${s(firstMs)} (${JSON.stringify(refreshed()[0])})`);

    const rows: string[] = [];
    for (let i = 1; i <= Number(values.refreshes); i++) {
      watch.clear();
      const before = refreshed().length;
      await runCli(["keys", "create", "--name", `bench-${i}`], writerEnv, 60_000).done;
      const t1 = performance.now();
      while (refreshed().length === before) await new Promise((r) => setTimeout(r, 20));
      const servedMs = performance.now() - t1;
      const { restoreMs, switchMs } = refreshed()[before];
      const restore = watch.restores().at(-1);
      const worker = childrenOf(replica.pid).map((p) => processMemory(p).peakMb ?? 0);
      rows.push(
        `refresh ${i}: ${s(servedMs)} from the writer's commit to the new copy served (restore ${s(restoreMs)}, check + workers + switch ${s(switchMs)}); ` +
          `litestream restore read ${restore ? mb(restore.io.rchar) : "?"} (${restore ? mb(restore.io.readBytes) : "?"} from disk), wrote ${restore ? mb(restore.io.wchar) : "?"}, peak ${restore ? `${restore.peakMb.toFixed(0)} MB` : "?"}; ` +
          `primary peak ${processMemory(replica.pid).peakMb?.toFixed(0)} MB; workers' peak ${Math.max(...worker).toFixed(0)} MB`,
      );
      log(rows.at(-1)!);
      // The old workers drain and their copy goes before the next change.
      await new Promise((r) => setTimeout(r, 4000));
    }
    watch.stop();

    // A look at a backup that did not move: what every REPLICA_REFRESH costs when nothing changed.
    const config = loadConfig({ DATABASE_PATH: replicaEnv.DATABASE_PATH!, REPLICA_OF: backup });
    t0 = performance.now();
    await backupPosition(config);
    const lookMs = performance.now() - t0;

    // The check of a copy: quick_check (what the replica runs) against integrity_check.
    const copy = readdirSync(join(dir, "replica")).find((f) => /\.replica-\d+$/.test(f))!;
    const db = openDatabase(join(dir, "replica", copy), { readonly: true });
    // Each twice, alternating, the faster kept: the first pass also reads the file into the page cache.
    const timed = (thorough: boolean) => {
      const t = performance.now();
      checkCopy(db, thorough);
      return performance.now() - t;
    };
    let quickMs = Number.POSITIVE_INFINITY;
    let integrityMs = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 2; i++) {
      quickMs = Math.min(quickMs, timed(false));
      integrityMs = Math.min(integrityMs, timed(true));
    }
    db.close();

    await stopChild(replica.child, 30_000);
    await stopChild(writer.child, 30_000);
    const out = [
      `bench:replica: ${records.toLocaleString("en-US")} titles, a ${mb(catalogBytes)} catalog; backup ${mb(dirBytes(backup))} (lz4)`,
      `writer's first snapshot: ${s(snapshotMs)}`,
      `replica's start: ${s(firstMs)}`,
      ...rows,
      `a look at a backup that did not move (litestream wal + snapshots): ${lookMs.toFixed(0)} ms`,
      `check of a copy: quick_check ${s(quickMs)}, integrity_check ${s(integrityMs)}`,
    ];
    process.stdout.write(`${out.join("\n")}\n`);
  } finally {
    await killChildren();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch(async (err: unknown) => {
  await killChildren();
  process.stderr.write(`bench:replica: ${(err as Error).stack ?? err}\n`);
  process.exit(1);
});
