/**
 * REPLICA_OF: the primary of a read-only replica. It restores the backup into a copy
 * beside DATABASE_PATH, has a first worker check it, starts WORKERS processes that
 * serve it and, every REPLICA_REFRESH seconds, looks whether the backup moved: only
 * then it restores a new copy, starts new workers on it and, once they listen, drains
 * the old ones (they take no new connection and answer what they hold) and deletes
 * the old copy. A request is answered whole by one copy or the other. What fails
 * (the backup unreachable, a restore, a check) leaves the copy served as it is. Its
 * parts (lib/lifecycle.ts), in start order: the old copies being retired, the refreshes
 * (the first start among them), the workers; stopped the other way round.
 */
import { randomBytes } from "node:crypto";
import { renameSync } from "node:fs";
import type { Config } from "../../config/load.js";
import { Lifecycle, type Part } from "../../lib/lifecycle.js";
import type { Log } from "../../lib/log.js";
import { newReplicaState, type ReplicaState } from "../../services/operations/replica-state.js";
import { drainWorkers, everyWorker } from "../drain.js";
import { litestreamRestore, RestoreError } from "../litestream/restore.js";
import { ReplicaFiles } from "./files.js";
import { type BackupPosition, formatPosition, moved } from "./position.js";
import { backupPosition } from "./source.js";
import { type Copy, CopyWorkers } from "./workers.js";
import { sharedLimits } from "../shared-limits.js";
import { stopOnSignal } from "../stop-on-signal.js";

export async function runReplica(o: { config: Config; log: Log; onListening: (address: string) => void }): Promise<void> {
  const life = new Lifecycle(new Replica(o.config, o.log.child({ part: "replica" }), o.onListening).parts());
  // Before the first start: a stop may come at any moment (a first restore of many seconds included).
  stopOnSignal(life, o.log, { shuttingDown: () => ({ workers: everyWorker().length }) });
  await life.start();
}

class Replica {
  private readonly count: number;
  private readonly files: ReplicaFiles;
  private readonly state: ReplicaState;
  private readonly workers: CopyWorkers;
  private current: Copy | null = null;
  /** The old copies being retired: their workers drain in the background. */
  private readonly retiring = new Set<Promise<void>>();
  private closing = false;
  private announced = false;
  /** Stops the Litestream commands under way when the server stops. */
  private readonly abort = new AbortController();
  private timer: NodeJS.Timeout | null = null;
  /** The refresh under way (the first one included): a stop waits for it to end. */
  private busy: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly config: Config,
    private readonly log: Log,
    private readonly onListening: (address: string) => void,
  ) {
    this.count = Math.max(1, config.workers);
    this.files = new ReplicaFiles(config.databasePath);
    this.state = newReplicaState(config);
    this.workers = new CopyWorkers({
      handlers: { ...sharedLimits(), "replica.state": () => this.state },
      // The dashboard's sessions, signed alike by every worker of every copy (and by every
      // replica, across restarts, when REPLICA_SESSION_SECRET gives them one secret).
      sessionSecret: config.replicaSessionSecret || randomBytes(32).toString("base64url"),
      files: this.files,
      log: log.child({ part: "workers" }),
      closing: () => this.closing,
    });
  }

  /**
   * Stopped at any moment (a first restore of many seconds included), the last first:
   * every worker drained (a new copy's too), the refresh under way left to remove its
   * files (what Litestream ran for it was stopped at once), the old copies' drains ended.
   */
  parts(): Part[] {
    return [
      { name: "old copies", stop: () => Promise.all(this.retiring) },
      {
        name: "refreshes",
        start: async () => {
          this.busy = this.firstStart();
          await this.busy;
          if (!this.closing) this.refreshLater();
        },
        stopping: () => {
          this.closing = true;
          if (this.timer) clearTimeout(this.timer);
          this.abort.abort();
        },
        stop: () => this.busy.catch(() => {}),
      },
      { name: "workers", stop: () => drainWorkers(everyWorker()) },
    ];
  }

  /** At start: what an earlier run left goes, but its last copy stays for a backup that cannot be reached. */
  private async firstStart(): Promise<void> {
    const previous = this.files.tidy();
    try {
      await this.refresh();
      if (previous !== null) this.files.remove(previous);
      return;
    } catch (err) {
      if (this.closing) return;
      this.failed(err);
      if (previous === null) throw new RestoreError(`${this.state.lastError}; no earlier copy to serve`);
    }
    this.log.warn(
      { from: this.config.replicaOf, err: this.state.lastError, copy: previous },
      "no new copy at start: serving the copy an earlier start restored",
    );
    try {
      await this.serve(previous, null, true);
    } catch (err) {
      if (this.closing) return;
      throw new RestoreError(
        `${this.state.lastError}; the copy an earlier start restored cannot be served either: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  }

  /** The next refresh, REPLICA_REFRESH seconds after the last one ended. */
  private refreshLater(): void {
    this.timer = setTimeout(() => {
      this.busy = this.refresh()
        .catch((err: unknown) => {
          if (this.closing) return;
          this.failed(err);
          this.log.error({ from: this.config.replicaOf, err: this.state.lastError }, "replica refresh failed; serving the copy it has");
        })
        .finally(() => {
          if (!this.closing) this.refreshLater();
        });
    }, this.config.replicaRefreshSeconds * 1000);
  }

  /** Restores the backup when it moved past the copy served; true when a new copy is served. */
  private async refresh(): Promise<boolean> {
    const { config, files, state } = this;
    const position = await backupPosition(config, { signal: this.abort.signal });
    state.lastCheckAt = new Date().toISOString();
    if (this.current && !moved(this.current.position, position)) return false;
    const n = files.next();
    const temp = files.restoring(n);
    const t0 = Date.now();
    try {
      // Litestream's lines are left out: a failure's last error is in the RestoreError.
      await litestreamRestore(config, config.replicaOf, config.databasePath, temp, { say: () => {}, signal: this.abort.signal });
      renameSync(temp, files.copy(n));
    } finally {
      files.remove(temp);
    }
    const restoreMs = Date.now() - t0;
    const switchMs = await this.serve(files.copy(n), position);
    state.refreshes++;
    state.lastRefreshAt = new Date().toISOString();
    this.log.info({ from: config.replicaOf, position: formatPosition(position), restoreMs, switchMs }, "replica refreshed");
    return true;
  }

  /**
   * Serves `file` (at `position`, when known): new workers, then the old ones drained.
   * A copy that cannot be served is deleted, unless `keep` (an earlier start's copy).
   */
  private async serve(file: string, position: BackupPosition | null, keep = false): Promise<number> {
    const copy: Copy = { file, position, workers: new Set(), retiring: false };
    const t0 = Date.now();
    let address: string;
    try {
      if (this.closing) throw new RestoreError("the server is stopping");
      address = await this.workers.start(copy, this.count, true);
    } catch (err) {
      copy.retiring = true;
      if (!keep) this.files.remove(file);
      throw err;
    }
    const old = this.current;
    this.current = copy;
    const { state } = this;
    state.position = position && formatPosition(position);
    state.generation = position?.generation ?? null;
    state.positionWrittenAt = position?.createdAt ?? null;
    state.servedSince = new Date().toISOString();
    if (!this.announced) {
      this.announced = true;
      this.onListening(address);
    }
    // The old copy's workers drain in the background: the next refresh need not wait for them.
    if (old) {
      const done = this.workers.retire(old).catch((err: Error) => this.log.error({ err: err.message }, "old copy not removed"));
      this.retiring.add(done);
      void done.finally(() => this.retiring.delete(done));
    }
    return Date.now() - t0;
  }

  private failed(err: unknown): void {
    this.state.lastError = err instanceof Error ? err.message : String(err);
    this.state.lastErrorAt = new Date().toISOString();
  }
}
