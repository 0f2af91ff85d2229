/**
 * A replica's workers, by the copy of the catalog they serve (replica.ts serves the
 * copies): started on a copy, the first checking it while the others wait; each one
 * that dies replaced, tried again later each time until one listens; drained when their
 * copy is retired, and the copy's file deleted.
 */
import cluster, { type Worker } from "node:cluster";
import type { Log } from "../../lib/log.js";
import { drainWorkers } from "../drain.js";
import { answerCalls, type Handlers, type ListeningMessage } from "../ipc.js";
import { RestoreError } from "../litestream/restore.js";
import type { ReplicaFiles } from "./files.js";
import type { BackupPosition } from "./position.js";

/** How long new workers may take to listen once their copy passed its check (which takes as long as reading the whole file, longer the bigger the catalog). */
const START_MS = 120_000;

/** The wait before a worker that died is replaced, doubled after each replacement that fails, up to the second. */
const REPLACE_FIRST_MS = 1000;
const REPLACE_MAX_MS = 30_000;

/** The copy served and the workers serving it. */
export interface Copy {
  file: string;
  position: BackupPosition | null;
  workers: Set<Worker>;
  retiring: boolean;
}

export interface CopyWorkersOptions {
  /** Calls every worker may make of the primary: the shared limits, the replica's state. */
  handlers: Handlers;
  /** The dashboard's sessions, signed alike by every worker of every copy. */
  sessionSecret: string;
  files: ReplicaFiles;
  log: Pick<Log, "info" | "warn" | "error">;
  /** Whether the replica is stopping: no worker is replaced then. */
  closing: () => boolean;
}

export class CopyWorkers {
  constructor(private readonly o: CopyWorkersOptions) {}

  /**
   * Starts `n` workers on `copy` at once; when `check`, the first checks the copy and the
   * others wait for it before they serve it. Resolves once all listen; when one fails
   * first, kills the ones this call started (never the copy's others, which serve).
   */
  start(copy: Copy, n: number, check: boolean): Promise<string> {
    return new Promise((resolve, reject) => {
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
        const worker = cluster.fork({ DATABASE_PATH: copy.file, VC_REPLICA_SECRET: this.o.sessionSecret });
        copy.workers.add(worker);
        mine.add(worker);
        answerCalls(worker, {
          ...this.o.handlers,
          "replica.open": async () => {
            if (!checks) await checked;
            return { check: checks };
          },
          "replica.checked": (problems: string[]) => {
            if (problems.length > 0) return fail(new RestoreError(`the copy fails its check: ${problems.join("; ")}`));
            timer = late();
            passed();
          },
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
          if (this.o.closing() || copy.retiring) return;
          this.o.log.warn({ worker: worker.process.pid, code, signal }, "worker process died; starting another");
          this.replace(copy, REPLACE_FIRST_MS);
        });
      };
      for (let i = 0; i < n; i++) forkOne(check && i === 0);
    });
  }

  /** Drains a copy's workers and deletes its file. */
  async retire(copy: Copy): Promise<void> {
    copy.retiring = true;
    const t0 = Date.now();
    const count = copy.workers.size;
    await drainWorkers(copy.workers);
    this.o.files.remove(copy.file);
    this.o.log.info({ copy: copy.file, workers: count, drainMs: Date.now() - t0 }, "old copy retired");
  }

  /** Starts one worker in place of one that died, after `delayMs`; tried again, later each time, until one listens. */
  private replace(copy: Copy, delayMs: number): void {
    setTimeout(() => {
      if (this.o.closing() || copy.retiring) return;
      this.start(copy, 1, false).catch((err: Error) => {
        const next = Math.min(delayMs * 2, REPLACE_MAX_MS);
        this.o.log.error({ err: err.message, retryInMs: next }, "worker not replaced; trying again");
        this.replace(copy, next);
      });
    }, delayMs).unref();
  }
}
