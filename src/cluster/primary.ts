/**
 * WORKERS=N: the primary process of N HTTP worker processes that share the port and
 * the catalog (SQLite's readers in WAL mode do not block each other). The primary
 * answers no HTTP: it runs what must run once (the ingest schedule and the dashboard's
 * runs, the WAL checkpoints) and holds what must hold as one across the workers (each
 * key's and each client address's rate budget, the sign-in limits). A worker that dies
 * is replaced; SIGTERM or SIGINT drains every worker, then the primary exits 0.
 */
import cluster, { type Worker } from "node:cluster";
import type { Db } from "../catalog/index.js";
import type { Config } from "../config/load.js";
import { startSchedule } from "../ingest/scheduler.js";
import type { Log } from "../lib/log.js";
import type { ProviderRuntime } from "../providers/runtime.js";
import { LoginThrottle } from "../services/sign-in-throttle.js";
import { KeyRateLimiter } from "../services/rate-budget.js";
import { IngestControl } from "../services/ingest-control.js";
import { SearchPool } from "../services/search-pool.js";
import { drainWorkers } from "./drain.js";
import { answerCalls } from "./ipc.js";
import { Litestream } from "./litestream.js";

/** How often a checkpoint of the WAL runs (passively, on a thread of its own). */
const CHECKPOINT_EVERY_MS = 1000;

/** What a worker tells the primary once it listens. */
export interface ListeningMessage {
  vc: "listening";
  address: string;
}

export async function runPrimary(o: {
  config: Config;
  db: Db;
  runtime: ProviderRuntime;
  workers: number;
  log: Log;
  /** Said once every worker listens: the address. */
  onListening: (address: string) => void;
  /** Last words before the exit (the log's reader gets what is left). */
  beforeExit?: () => Promise<void>;
}): Promise<void> {
  const { config, db, runtime, log } = o;
  const ingest = new IngestControl(db, runtime, config, log);
  const schedule =
    config.ingestCron !== "off" && runtime.setups.length
      ? startSchedule(
          config.ingestCron,
          () => ingest.runScheduled(),
          (err) => log.error({ err }, "scheduled ingest failed"),
        )
      : null;
  // The checkpoints run on a thread of the primary: no worker's commit ever copies the WAL.
  // With a backup, Litestream runs beside the primary and the checkpoints are its own.
  const backup = config.backupTo ? new Litestream(config, log) : null;
  await backup?.start();
  const pool = backup ? null : new SearchPool(config.databasePath, config, 1);
  const checkpoints = pool
    ? setInterval(() => pool.checkpoint().catch((err: Error) => log.warn({ err: err.message }, "WAL checkpoint failed")), CHECKPOINT_EVERY_MS)
    : null;
  checkpoints?.unref();

  const rates = new KeyRateLimiter();
  const signIn = new LoginThrottle();
  const handlers = {
    "rates.grant": (key: string, rate: number, want: number) => rates.takeUpTo(key, rate, want),
    "rates.reserve": (key: string, rate: number, queued: number) => rates.reserve(key, rate, queued),
    "signIn.begin": (client: string) => signIn.begin(client),
    "signIn.failed": (client: string) => signIn.failed(client),
    "signIn.succeeded": (client: string) => signIn.succeeded(client),
    "ingest.start": (provider: string) => ingest.start(provider),
    "backup.state": () => backup?.state() ?? null,
  };

  let closing = false;
  const listening = new Set<number>();
  let announced = false;
  const recentDeaths: number[] = [];
  const fork = (): Worker => {
    const worker = cluster.fork();
    answerCalls(worker, handlers);
    worker.on("message", (m: ListeningMessage) => {
      if (m?.vc !== "listening") return;
      listening.add(worker.id);
      if (!announced && listening.size >= o.workers) {
        announced = true;
        o.onListening(m.address);
      }
    });
    return worker;
  };
  cluster.on("exit", (worker, code, signal) => {
    listening.delete(worker.id);
    if (closing) return;
    const now = Date.now();
    recentDeaths.push(now);
    while (recentDeaths.length > 0 && now - recentDeaths[0] > 60_000) recentDeaths.shift();
    // A worker that dies at once, again and again, is restarted ever more slowly (up to 10 s).
    const delay = Math.min(10_000, 200 * 2 ** Math.max(0, recentDeaths.length - 2));
    log.warn({ worker: worker.process.pid, code, signal, restartInMs: delay }, "worker process died; starting another");
    setTimeout(() => {
      if (!closing) fork();
    }, delay).unref();
  });
  for (let i = 0; i < o.workers; i++) fork();

  const stop = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal, workers: Object.keys(cluster.workers ?? {}).length }, "shutting down");
    ingest.shutdown();
    const t0 = Date.now();
    await drainWorkers(Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined));
    await schedule?.stop();
    await ingest.settled();
    if (checkpoints) clearInterval(checkpoints);
    await pool?.close();
    await runtime.close();
    db.close();
    await backup?.stop();
    log.info({ signal, totalMs: Date.now() - t0 }, "shut down");
    await o.beforeExit?.();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}
