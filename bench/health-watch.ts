/**
 * node --import tsx bench/health-watch.ts [--placed N]
 *
 * What /health's `watch` object costs, in CPU per call: the read /health makes (inside a
 * read transaction, as /health's turn holds one) on a catalog where no watcher ever ran,
 * then with a watcher's beat and a queue of N placed files, 20 pending and 5 failed, both
 * between commits (the steady state) and right after one (the beat and the counts read
 * again); beside them the two reads it does not use (the query builder's read of the beat,
 * and the count over every state), and /health whole through app.inject without and with
 * the watcher. The best of five rounds of each.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { claimReady, type Db, openCatalog, queueSettled, readWatchBeat, settleJobs, watchCounts, watchHealth, writeWatchBeat } from "../src/catalog/index.js";
import { loadConfig } from "../src/config/load.js";
import { buildServer } from "../src/server/app.js";

const ROUNDS = 5;

function perCall(db: Db, n: number, f: () => unknown): number {
  for (let i = 0; i < Math.min(n, 5000); i++) f();
  let best = Number.POSITIVE_INFINITY;
  for (let r = 0; r < ROUNDS; r++) {
    db.prepare("BEGIN").run();
    const c0 = process.cpuUsage();
    for (let i = 0; i < n; i++) f();
    const c = process.cpuUsage(c0);
    db.prepare("COMMIT").run();
    best = Math.min(best, (c.user + c.system) / n);
  }
  return best;
}

async function healthPerRequest(db: Db, path: string): Promise<number> {
  const config = loadConfig({ LOG_LEVEL: "silent", SAMPLE_DATA: "off", INGEST_CRON: "off", SEARCH_WORKERS: "0", DATABASE_PATH: path });
  const app = await buildServer({ db, config, live: null, pool: null, ingest: null }, { logger: false });
  const n = 20_000;
  for (let i = 0; i < 3000; i++) await app.inject({ method: "GET", url: "/health" });
  let best = Number.POSITIVE_INFINITY;
  for (let r = 0; r < ROUNDS; r++) {
    const c0 = process.cpuUsage();
    for (let i = 0; i < n; i++) await app.inject({ method: "GET", url: "/health" });
    const c = process.cpuUsage(c0);
    best = Math.min(best, (c.user + c.system) / n);
  }
  await app.close();
  return best;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { placed: { type: "string", default: "10000" } } });
  const placed = Number(values.placed);
  const dir = mkdtempSync(join(tmpdir(), "vc-bench-health-"));
  const path = join(dir, "catalog.db");
  const db = openCatalog(path);
  const row = (what: string, us: number) => console.log(`${what.padEnd(62)} ${us.toFixed(2).padStart(8)} us`);
  try {
    const now = Date.now();
    row(
      "watchHealth, no watcher ever ran",
      perCall(db, 200_000, () => watchHealth(db, now)),
    );
    const noWatcher = await healthPerRequest(db, path);

    const files = Array.from({ length: placed + 25 }, (_, i) => ({ path: `/in/${i}.mp4`, inbox: "/in", size: 1, mtimeMs: 1 }));
    queueSettled(db, files, now);
    const jobs = claimReady(db, "bench", now, files.length);
    settleJobs(
      db,
      jobs.map((j, i) => ({ id: j.id, state: i < placed ? "placed" : i < placed + 20 ? "pending" : "failed" })),
      [],
      now,
    );
    writeWatchBeat(db, { inbox: "/in", into: "/lib", pid: process.pid, host: "bench", at: now, everyMs: 3_600_000, settling: 2 });
    row(
      `watchHealth, a watcher, ${placed} placed, 25 waiting: between commits`,
      perCall(db, 200_000, () => watchHealth(db, now)),
    );
    // A write on the connection before each call: what the first /health after a beat pays.
    const touch = db.prepare("UPDATE meta SET value = value WHERE key = 'watch.beat'");
    const afterCommit = perCall(db, 20_000, () => {
      touch.run();
      watchHealth(db, now);
    });
    const touchOnly = perCall(db, 20_000, () => touch.run());
    row("watchHealth, right after a commit (the write itself taken off)", afterCommit - touchOnly);
    row(
      "not used: readWatchBeat (the query builder's read of the beat)",
      perCall(db, 20_000, () => readWatchBeat(db, now)),
    );
    row(
      `not used: watchCounts (every state, ${placed} placed)`,
      perCall(db, 2_000, () => watchCounts(db)),
    );
    const withWatcher = await healthPerRequest(db, path);
    row("/health through app.inject, no watcher ever ran", noWatcher);
    row(`/health through app.inject, a watcher (${placed} placed, 25 waiting)`, withWatcher);
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
