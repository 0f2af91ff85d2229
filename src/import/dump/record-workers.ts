import type { LinkRows, LinkStager, VideoPlan, VideoRows, VideoStager } from "../../catalog/index.js";
import { WorkerPool } from "../../lib/worker-pool.js";
import type { RecordBatch, RecordJob } from "./records.js";

/** What import-dump's worker threads (import-dump-worker.ts) are asked. */
export type WorkerRequest =
  | { type: "stage-open"; side: "videos" | "links"; path: string }
  | { type: "stage-add"; side: "videos"; rows: VideoRows }
  | { type: "stage-add"; side: "links"; rows: LinkRows }
  | { type: "stage-finish"; side: "videos" | "links"; size: number }
  | { type: "job"; job: RecordJob }
  | { type: "batch"; batch: number }
  | { type: "done" };

/** Batches a worker may be ahead of the writer: enough to keep the threads busy, few enough to bound memory. */
const WORKER_AHEAD = 2;
/** Handovers of rows (about 0.5 MB of videos, or 4,096 runs of links) the reader may be ahead of the thread that stages them. */
const STAGING_AHEAD = 4;

/**
 * Left alone, V8 lets a worker's heap grow to gigabytes of garbage before it collects;
 * the live set is far smaller. Records are short-lived garbage: a young generation
 * of 64 MB collects them at less cost than V8's default.
 */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 64 };

/**
 * The worker threads of one import, started with it: while the dump is read, worker 0
 * stages its videos (digests and inserts) and worker 1 its links (inserts), beside the
 * thread that reads, and they index their files while it commits its own; then all of
 * them build records. On the reading thread, the videos' digests and inserts and the
 * links' inserts and indexes made the reading wait; beside it, they overlap with it.
 */
export class DumpWorkers {
  private readonly pool: WorkerPool<WorkerRequest, unknown>;

  constructor(readonly count: number) {
    this.pool = new WorkerPool<WorkerRequest, unknown>({
      source: new URL("./import-dump-worker.ts", import.meta.url),
      data: null,
      size: count,
      resourceLimits: WORKER_LIMITS,
    });
  }

  /** Stages the videos into the file at `path` on worker 0 (StagingOptions.videos). */
  videoStager(path: string): VideoStager {
    return this.stager<VideoRows, VideoPlan>("videos", path, 0, (rows) => ({ type: "stage-add", side: "videos", rows }));
  }

  /** Stages the links into the file at `path` on worker 1 (StagingOptions.links). */
  linkStager(path: string): LinkStager {
    return this.stager<LinkRows, void>("links", path, Math.min(1, this.count - 1), (rows) => ({ type: "stage-add", side: "links", rows }));
  }

  private stager<Rows, Result>(side: "videos" | "links", path: string, to: number, add: (rows: Rows) => WorkerRequest) {
    let pending: Promise<unknown>[] = [];
    const send = (request: WorkerRequest) => {
      const p = this.pool.call(request, { to });
      p.catch(() => {}); // awaited by drain or finish; a failure surfaces there
      pending.push(p);
    };
    send({ type: "stage-open", side, path });
    return {
      add: (rows: Rows) => send(add(rows)),
      drain: async () => {
        while (pending.length > STAGING_AHEAD) await pending.shift();
      },
      // Sent at once, behind the rows (a worker answers in order), so that the worker indexes
      // its file while this thread commits the staging database.
      finish: (size: number) => {
        const done = this.pool.call({ type: "stage-finish", side, size }, { to }) as Promise<Result>;
        done.catch(() => {}); // awaited below, after the rows; a failure surfaces there
        const rows = pending;
        pending = [];
        return Promise.all(rows).then(() => done);
      },
    };
  }

  /**
   * The batches of the plan built on the workers, handed out in plan order (so catalog
   * ids follow content_id order whatever the timing): preparing the next batches
   * overlaps writing this one. Returns the dangling links, summed over the workers.
   */
  async *batches(job: RecordJob): AsyncGenerator<RecordBatch, Record<string, number>> {
    const count = this.count;
    await Promise.all(Array.from({ length: count }, (_, w) => this.pool.call({ type: "job", job }, { to: w })));
    const asked: Promise<RecordBatch>[] = [];
    const ask = (upTo: number) => {
      for (let i = asked.length; i < Math.min(upTo, job.batches.length); i++) {
        const p = this.pool.call({ type: "batch", batch: i }, { to: i % count }) as Promise<RecordBatch>;
        p.catch(() => {}); // awaited in order below; a failure surfaces there
        asked.push(p);
      }
    };
    for (let next = 0; next < job.batches.length; next++) {
      ask(next + count * WORKER_AHEAD);
      yield await asked[next];
      delete asked[next];
    }
    const dangling: Record<string, number> = {};
    for (let w = 0; w < count; w++) {
      const d = (await this.pool.call({ type: "done" }, { to: w })) as Record<string, number>;
      for (const [k, n] of Object.entries(d)) dangling[k] = (dangling[k] ?? 0) + n;
    }
    return dangling;
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
