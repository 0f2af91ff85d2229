/**
 * What runs once per catalog, as parts (lib/lifecycle.ts) of the process that holds it:
 * the only one (cli/serve-http.ts) or the primary of several workers (primary.ts). In
 * start order: Litestream and the catalog (stopped last: the catalog closed, then
 * Litestream sends what its last commits wrote), and, above what the process adds
 * between, the search pool, the WAL checkpoints on it, the ingest runs and their schedule.
 */
import type { Db } from "../catalog/index.js";
import type { Config } from "../config/load.js";
import { type Schedule, startSchedule } from "../ingest/scheduler.js";
import type { Part } from "../lib/lifecycle.js";
import type { Log } from "../lib/log.js";
import type { ProviderRuntime } from "../providers/runtime.js";
import type { IngestControl } from "../services/operations/ingest-control.js";
import type { SearchPool } from "../services/search-pool/search-pool.js";
import type { Litestream } from "./litestream/litestream.js";
import { imagesFor, lazyImages, pictureTreeFor } from "../images/index.js";
import { thisProcess } from "../library/organize/organize.js";
import { createWatcher, watcherOptionsOf } from "../library/watch/index.js";
import { liveLookups } from "../services/live/live-lookups.js";

/** How often the WAL is checkpointed (passively, on a search thread: it never waits for readers or writers). */
const CHECKPOINT_EVERY_MS = 1000;

/** Litestream (BACKUP_TO) and the catalog: the first parts, so the last stopped. */
export function catalogBase(backup: Litestream | null, db: Db): (Part | null)[] {
  return [backup && { name: "litestream", start: () => backup.start(), stop: () => backup.stop() }, { name: "catalog", stop: () => db.close() }];
}

export interface DutiesOptions {
  config: Config;
  db: Db;
  runtime: ProviderRuntime;
  pool: SearchPool | null;
  /** Whether the WAL checkpoints run on `pool` (with a backup, Litestream checkpoints: src/catalog/store/checkpoint.ts says why). */
  checkpoints: boolean;
  /** The runs this process starts (the schedule's and the dashboard's); null where another process starts them. */
  ingest: IngestControl | null;
  /** Each duty logs through a child of it, bound to the duty's name. */
  log: Pick<Log, "child">;
}

/** The search pool, the WAL checkpoints on it, the ingest runs and their schedule, the watcher (WATCH_INBOX), in start order. */
export function catalogDuties(o: DutiesOptions): (Part | null)[] {
  const { pool, ingest } = o;
  return [
    pool && { name: "search pool", stop: () => pool.close() },
    pool && o.checkpoints ? checkpoints(pool, o.log.child({ part: "checkpoints" })) : null,
    ingest && { name: "ingest runs", stopping: () => ingest.shutdown(), stop: () => ingest.settled() },
    ingest && o.config.ingestCron !== "off" && o.runtime.setups.length ? schedule(o.config.ingestCron, ingest, o.log.child({ part: "schedule" })) : null,
    ingest && watcher(o),
  ];
}

/** The inbox's watcher, where the settings ask for one: with the catalog's writer (the one that runs the ingest). */
function watcher(o: DutiesOptions): Part | null {
  const options = watcherOptionsOf(o.config);
  if (options === null) return null;
  const log = o.log.child({ part: "watch" });
  const images = lazyImages(() => imagesFor(o.config, o.runtime.http, log));
  const pictureTree = pictureTreeFor(o.config, o.runtime.http, log);
  const parts = { db: o.db, config: o.config, live: liveLookups(o.db, o.runtime, o.config), images, pictureTree, log, me: thisProcess("serve") };
  const w = createWatcher(parts, options);
  const stop = async () => {
    await w.stop();
    await images.close();
  };
  return { name: "watcher", start: () => w.start(), stopping: () => w.stopping(), stop };
}

function checkpoints(pool: SearchPool, log: Pick<Log, "warn">): Part {
  let timer: NodeJS.Timeout | undefined;
  return {
    name: "checkpoints",
    start: () => {
      timer = setInterval(() => pool.checkpoint().catch((err: Error) => log.warn({ err: err.message }, "WAL checkpoint failed")), CHECKPOINT_EVERY_MS);
      timer.unref();
    },
    stop: () => clearInterval(timer),
  };
}

/** The cron schedule of ingest runs (INGEST_CRON): a tick while a run goes on is skipped. */
function schedule(cron: string, ingest: IngestControl, log: Pick<Log, "error">): Part {
  let running: Schedule | undefined;
  return {
    name: "schedule",
    start: () => {
      running = startSchedule(
        cron,
        () => ingest.runScheduled(),
        (err) => log.error({ err }, "scheduled ingest failed"),
      );
    },
    stop: () => running?.stop(),
  };
}
