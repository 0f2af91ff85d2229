import { WorkerPool } from "../../lib/worker-pool.js";
import type { RecordBatch, RecordJob } from "./records.js";

export type RecordRequest = { batch: number } | { done: true };

/** Batches a worker may be ahead of the writer: enough to keep the threads busy, few enough to bound memory. */
const WORKER_AHEAD = 2;

/**
 * Left alone, V8 lets a worker's heap grow to gigabytes of garbage before it collects;
 * the live set is well under 100 MB. Records are short-lived garbage: a young generation
 * of 64 MB collects them at half the cost of V8's default.
 */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 64 };

/**
 * The batches of the plan built on `count` worker threads (import-dump-worker.ts),
 * handed out in plan order (so catalog ids follow content_id order whatever the
 * timing): preparing the next batches overlaps writing this one. Returns the dangling
 * links, summed over the workers.
 */
export async function* recordBatchesOnWorkers(job: RecordJob, count: number): AsyncGenerator<RecordBatch, Record<string, number>> {
  const pool = new WorkerPool<RecordRequest, RecordBatch | Record<string, number>>({
    source: new URL("./import-dump-worker.ts", import.meta.url),
    data: job,
    size: count,
    resourceLimits: WORKER_LIMITS,
  });
  const asked: Promise<RecordBatch>[] = [];
  const ask = (upTo: number) => {
    for (let i = asked.length; i < Math.min(upTo, job.batches.length); i++) {
      const p = pool.call({ batch: i }, { to: i % count }) as Promise<RecordBatch>;
      p.catch(() => {}); // awaited in order below; a failure surfaces there
      asked.push(p);
    }
  };
  try {
    for (let next = 0; next < job.batches.length; next++) {
      ask(next + count * WORKER_AHEAD);
      yield await asked[next];
      delete asked[next];
    }
    const dangling: Record<string, number> = {};
    for (let w = 0; w < count; w++) {
      const d = (await pool.call({ done: true }, { to: w })) as Record<string, number>;
      for (const [k, n] of Object.entries(d)) dangling[k] = (dangling[k] ?? 0) + n;
    }
    return dangling;
  } finally {
    await pool.close();
  }
}
