/**
 * WORKERS=N: the primary process of N HTTP worker processes that share the port and
 * the catalog (SQLite's readers in WAL mode do not block each other). The primary
 * answers no HTTP: it runs what must run once (the ingest schedule and the dashboard's
 * runs, the WAL checkpoints) and holds what must hold as one across the workers (each
 * key's and each client address's rate budget, the sign-in limits). A worker that dies
 * is replaced; SIGTERM or SIGINT drains every worker, then the primary exits 0. Its
 * parts (lib/lifecycle.ts), in start order: Litestream and the catalog, the providers,
 * the search pool, the checkpoints, the ingest runs and their schedule
 * (catalog-duties.ts), the workers; stopped the other way round.
 */
import cluster, { type Worker } from "node:cluster";
import type { Db } from "../catalog/index.js";
import type { Config } from "../config/load.js";
import { Lifecycle, type Part } from "../lib/lifecycle.js";
import type { Log } from "../lib/log.js";
import type { ProviderRuntime } from "../providers/runtime.js";
import { IngestControl } from "../services/operations/ingest-control.js";
import { SearchPool } from "../services/search-pool/search-pool.js";
import { catalogBase, catalogDuties } from "./catalog-duties.js";
import { drainWorkers, everyWorker } from "./drain.js";
import { answerCalls, type Handlers, type ListeningMessage } from "./ipc.js";
import { Litestream } from "./litestream/litestream.js";
import { sharedLimits } from "./shared-limits.js";
import { stopOnSignal } from "./stop-on-signal.js";

export async function runPrimary(o: {
  config: Config;
  db: Db;
  runtime: ProviderRuntime;
  workers: number;
  log: Log;
  /** Said once every worker listens: the address. */
  onListening: (address: string) => void;
}): Promise<void> {
  const { config, db, runtime, log } = o;
  const ingest = new IngestControl(db, runtime, config, log.child({ part: "ingest" }));
  // The checkpoints run on a thread of the primary: no worker's commit ever copies the WAL.
  // With a backup, Litestream runs beside the primary and the checkpoints are its own.
  const backup = config.backupTo ? new Litestream(config, log.child({ part: "backup" })) : null;
  const pool = backup ? null : new SearchPool(config.databasePath, config, 1);
  const handlers = {
    ...sharedLimits(),
    "ingest.start": (provider: string) => ingest.start(provider),
    "backup.state": () => backup?.state() ?? null,
  };
  const life = new Lifecycle([
    ...catalogBase(backup, db),
    { name: "providers", stop: () => runtime.close() },
    ...catalogDuties({ config, db, runtime, pool, checkpoints: true, ingest, log }),
    new Workers(o.workers, handlers, log.child({ part: "workers" }), o.onListening),
  ]);
  await life.start();
  stopOnSignal(life, log, { shuttingDown: () => ({ workers: everyWorker().length }) });
}

/** The HTTP workers: forked, each one that dies replaced (ever more slowly while they keep dying), drained on the way out. */
class Workers implements Part {
  readonly name = "workers";
  private closing = false;
  private readonly listening = new Set<number>();
  private announced = false;
  private readonly recentDeaths: number[] = [];

  constructor(
    private readonly count: number,
    private readonly handlers: Handlers,
    private readonly log: Pick<Log, "warn">,
    private readonly onListening: (address: string) => void,
  ) {}

  start(): void {
    cluster.on("exit", (worker, code, signal) => this.died(worker, code, signal));
    for (let i = 0; i < this.count; i++) this.fork();
  }

  stopping(): void {
    this.closing = true;
  }

  stop(): Promise<void> {
    return drainWorkers(everyWorker());
  }

  private fork(): Worker {
    const worker = cluster.fork();
    answerCalls(worker, this.handlers);
    worker.on("message", (m: ListeningMessage) => {
      if (m?.vc !== "listening") return;
      this.listening.add(worker.id);
      if (!this.announced && this.listening.size >= this.count) {
        this.announced = true;
        this.onListening(m.address);
      }
    });
    return worker;
  }

  private died(worker: Worker, code: number, signal: string): void {
    this.listening.delete(worker.id);
    if (this.closing) return;
    const now = Date.now();
    this.recentDeaths.push(now);
    while (this.recentDeaths.length > 0 && now - this.recentDeaths[0] > 60_000) this.recentDeaths.shift();
    // A worker that dies at once, again and again, is restarted ever more slowly (up to 10 s).
    const delay = Math.min(10_000, 200 * 2 ** Math.max(0, this.recentDeaths.length - 2));
    this.log.warn({ worker: worker.process.pid, code, signal, restartInMs: delay }, "worker process died; starting another");
    setTimeout(() => {
      if (!this.closing) this.fork();
    }, delay).unref();
  }
}
