/**
 * REPLICA_OF: the primary of a read-only replica. It restores the backup into a copy
 * beside DATABASE_PATH, has a first worker check it, starts WORKERS processes that
 * serve it and, every REPLICA_REFRESH seconds, looks whether the backup moved: only
 * then it restores a new copy, starts new workers on it and, once they listen, drains
 * the old ones (they take no new connection and answer what they hold) and deletes
 * the old copy. A request is answered whole by one copy or the other. What fails
 * (the backup unreachable, a restore, a check) leaves the copy served as it is.
 */
import cluster, { type Worker } from "node:cluster";
import { randomBytes } from "node:crypto";
import { renameSync } from "node:fs";
import type { Config } from "../config/load.js";
import type { Log } from "../lib/log.js";
import { LoginThrottle } from "../services/sign-in-throttle.js";
import { KeyRateLimiter } from "../services/rate-budget.js";
import { newReplicaState, type ReplicaState } from "../services/replica-state.js";
import { drainWorkers } from "./drain.js";
import { answerCalls } from "./ipc.js";
import { litestreamRestore, RestoreError } from "./litestream-restore.js";
import type { ListeningMessage } from "./primary.js";
import { ReplicaFiles } from "./replica-files.js";
import { type BackupPosition, formatPosition, moved } from "./replica-position.js";
import { backupPosition } from "./replica-source.js";

/** How long new workers may take to listen once their copy passed its check (which takes as long as reading the whole file, longer the bigger the catalog). */
const START_MS = 120_000;

/** The wait before a worker that died is replaced, doubled after each replacement that fails, up to the second. */
const REPLACE_FIRST_MS = 1000;
const REPLACE_MAX_MS = 30_000;

/** The copy served and the workers serving it. */
interface Copy {
  file: string;
  position: BackupPosition | null;
  workers: Set<Worker>;
  retiring: boolean;
}

export async function runReplica(o: {
  config: Config;
  log: Log;
  onListening: (address: string) => void;
  beforeExit?: () => Promise<void>;
}): Promise<void> {
  const { config, log } = o;
  const workers = Math.max(1, config.workers);
  const files = new ReplicaFiles(config.databasePath);
  const state: ReplicaState = newReplicaState(config);
  // The dashboard's sessions, signed alike by every worker of every copy (and by every
  // replica, across restarts, when REPLICA_SESSION_SECRET gives them one secret).
  const sessionSecret = config.replicaSessionSecret || randomBytes(32).toString("base64url");
  const rates = new KeyRateLimiter();
  const signIn = new LoginThrottle();
  let current: Copy | null = null;
  const retiring = new Set<Promise<void>>();
  let closing = false;
  let announced = false;
  // Stops the Litestream commands under way when the server stops.
  const abort = new AbortController();

  /**
   * Starts `n` workers on `copy` at once; when `check`, the first checks the copy and the
   * others wait for it before they serve it. Resolves once all listen; when one fails
   * first, kills the ones this call started (never the copy's others, which serve).
   */
  const start = (copy: Copy, n: number, check: boolean): Promise<string> =>
    new Promise((resolve, reject) => {
      let listening = 0;
      let address = "";
      let settled = false;
      let passed: () => void = () => {};
      const checked = check ? new Promise<void>((r) => (passed = r)) : Promise.resolve();
      const mine = new Set<Worker>();
      const fail = (err: Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        for (const w of mine) w.process.kill("SIGKILL");
        reject(err);
      };
      const late = () => setTimeout(() => fail(new RestoreError(`the workers did not listen within ${START_MS / 1000} s`)), START_MS);
      // Counted from the check's end when there is one.
      let timer: NodeJS.Timeout | undefined = check ? undefined : late();
      const forkOne = (checks: boolean) => {
        const worker = cluster.fork({ DATABASE_PATH: copy.file, VC_REPLICA_SECRET: sessionSecret });
        copy.workers.add(worker);
        mine.add(worker);
        answerCalls(worker, {
          "rates.grant": (key: string, rate: number, want: number) => rates.takeUpTo(key, rate, want),
          "rates.reserve": (key: string, rate: number, queued: number) => rates.reserve(key, rate, queued),
          "signIn.begin": (client: string) => signIn.begin(client),
          "signIn.failed": (client: string) => signIn.failed(client),
          "signIn.succeeded": (client: string) => signIn.succeeded(client),
          "replica.open": async () => {
            if (!checks) await checked;
            return { check: checks };
          },
          "replica.checked": (problems: string[]) => {
            if (problems.length > 0) return fail(new RestoreError(`the copy fails its check: ${problems.join("; ")}`));
            timer = late();
            passed();
          },
          "replica.state": () => state,
        });
        worker.on("message", (m: ListeningMessage) => {
          if (m?.vc !== "listening" || settled) return;
          address = m.address;
          if (++listening >= n) {
            settled = true;
            clearTimeout(timer);
            resolve(address);
          }
        });
        worker.once("exit", (code, signal) => {
          copy.workers.delete(worker);
          if (!settled) return fail(new RestoreError(`a worker exited before it listened (${signal ?? `exit status ${code}`})`));
          if (closing || copy.retiring) return;
          log.warn({ worker: worker.process.pid, code, signal }, "worker process died; starting another");
          replace(copy, REPLACE_FIRST_MS);
        });
      };
      for (let i = 0; i < n; i++) forkOne(check && i === 0);
    });

  /** Starts one worker in place of one that died, after `delayMs`; tried again, later each time, until one listens. */
  const replace = (copy: Copy, delayMs: number) => {
    setTimeout(() => {
      if (closing || copy.retiring) return;
      start(copy, 1, false).catch((err: Error) => {
        const next = Math.min(delayMs * 2, REPLACE_MAX_MS);
        log.error({ err: err.message, retryInMs: next }, "worker not replaced; trying again");
        replace(copy, next);
      });
    }, delayMs).unref();
  };

  /** Drains a copy's workers and deletes its file. */
  const retire = async (copy: Copy) => {
    copy.retiring = true;
    const t0 = Date.now();
    const count = copy.workers.size;
    await drainWorkers(copy.workers);
    files.remove(copy.file);
    log.info({ copy: copy.file, workers: count, drainMs: Date.now() - t0 }, "old copy retired");
  };

  /**
   * Serves `file` (at `position`, when known): new workers, then the old ones drained.
   * A copy that cannot be served is deleted, unless `keep` (an earlier start's copy).
   */
  const serve = async (file: string, position: BackupPosition | null, keep = false) => {
    const copy: Copy = { file, position, workers: new Set(), retiring: false };
    const t0 = Date.now();
    let address: string;
    try {
      if (closing) throw new RestoreError("the server is stopping");
      address = await start(copy, workers, true);
    } catch (err) {
      copy.retiring = true;
      if (!keep) files.remove(file);
      throw err;
    }
    const old = current;
    current = copy;
    state.position = position && formatPosition(position);
    state.generation = position?.generation ?? null;
    state.positionWrittenAt = position?.createdAt ?? null;
    state.servedSince = new Date().toISOString();
    if (!announced) {
      announced = true;
      o.onListening(address);
    }
    // The old copy's workers drain in the background: the next refresh need not wait for them.
    if (old) {
      const done = retire(old).catch((err: Error) => log.error({ err: err.message }, "old copy not removed"));
      retiring.add(done);
      void done.finally(() => retiring.delete(done));
    }
    return Date.now() - t0;
  };

  /** Restores the backup when it moved past the copy served; true when a new copy is served. */
  const refresh = async (): Promise<boolean> => {
    const position = await backupPosition(config, { signal: abort.signal });
    state.lastCheckAt = new Date().toISOString();
    if (current && !moved(current.position, position)) return false;
    const n = files.next();
    const temp = files.restoring(n);
    const t0 = Date.now();
    try {
      // Litestream's lines are left out: a failure's last error is in the RestoreError.
      await litestreamRestore(config, config.replicaOf, config.databasePath, temp, { say: () => {}, signal: abort.signal });
      renameSync(temp, files.copy(n));
    } finally {
      files.remove(temp);
    }
    const restoreMs = Date.now() - t0;
    const switchMs = await serve(files.copy(n), position);
    state.refreshes++;
    state.lastRefreshAt = new Date().toISOString();
    log.info({ from: config.replicaOf, position: formatPosition(position), restoreMs, switchMs }, "replica refreshed");
    return true;
  };

  const failed = (err: unknown) => {
    state.lastError = err instanceof Error ? err.message : String(err);
    state.lastErrorAt = new Date().toISOString();
  };

  let timer: NodeJS.Timeout | null = null;
  /** The refresh under way (the first one included): a stop waits for it to end. */
  let busy: Promise<unknown> = Promise.resolve();

  /**
   * SIGTERM or SIGINT, at any moment (a first restore of many seconds included): stops
   * what Litestream runs, drains every worker (a new copy's too), lets the refresh under
   * way remove its files, then exits 0.
   */
  const stop = async (signal: string) => {
    if (closing) return;
    closing = true;
    if (timer) clearTimeout(timer);
    abort.abort();
    log.info({ signal, workers: Object.keys(cluster.workers ?? {}).length }, "shutting down");
    const t0 = Date.now();
    await drainWorkers(Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined));
    await busy.catch(() => {});
    await Promise.all(retiring);
    log.info({ signal, totalMs: Date.now() - t0 }, "shut down");
    await o.beforeExit?.();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));

  // At start: what an earlier run left goes, but its last copy stays for a backup that cannot be reached.
  const previous = files.tidy();
  const first = async () => {
    try {
      await refresh();
      if (previous !== null) files.remove(previous);
      return;
    } catch (err) {
      if (closing) return;
      failed(err);
      if (previous === null) throw new RestoreError(`${state.lastError}; no earlier copy to serve`);
    }
    log.warn({ from: config.replicaOf, err: state.lastError, copy: previous }, "no new copy at start: serving the copy an earlier start restored");
    try {
      await serve(previous, null, true);
    } catch (err) {
      if (closing) return;
      throw new RestoreError(
        `${state.lastError}; the copy an earlier start restored cannot be served either: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  };
  busy = first();
  await busy;
  if (closing) return;

  const loop = () => {
    timer = setTimeout(() => {
      busy = refresh()
        .catch((err: unknown) => {
          if (closing) return;
          failed(err);
          log.error({ from: config.replicaOf, err: state.lastError }, "replica refresh failed; serving the copy it has");
        })
        .finally(() => {
          if (!closing) loop();
        });
    }, config.replicaRefreshSeconds * 1000);
  };
  loop();
}
