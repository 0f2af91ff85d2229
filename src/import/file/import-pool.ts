import { availableParallelism } from "node:os";
import { WorkerPool } from "../../lib/worker-pool.js";
import { type ImportChunk, type PreparedChunk, prepareChunk } from "./import-parse.js";

/**
 * Threads beside the writer: on 2 cores one preparing thread keeps the writer busy
 * (preparing a record costs about half of writing it), and a second would only take
 * CPU from the writer.
 */
export function defaultImportWorkers(): number {
  return Math.max(1, Math.min(3, availableParallelism() - 1));
}

/**
 * Preparing records makes short-lived garbage fast: a young generation of 3 x 64 MB
 * (V8's default semi-space is 16 MB) spends less time a record, the saving mostly in
 * the scavenger. The old generation is capped: left alone, V8 grows it far past the live set.
 */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 192 };

/**
 * Chunks prepared on worker threads (import-worker.ts); each promise resolves to its
 * chunk prepared. With no workers, chunks are prepared on the calling thread.
 */
export class ImportPool {
  private readonly pool: WorkerPool<ImportChunk, PreparedChunk> | null;

  constructor(
    size: number,
    private readonly provider: string,
    private readonly now: number,
  ) {
    this.pool =
      size > 0
        ? new WorkerPool({ source: new URL("./import-worker.ts", import.meta.url), data: { provider, now }, size, resourceLimits: WORKER_LIMITS })
        : null;
  }

  submit(chunk: ImportChunk): Promise<PreparedChunk> {
    if (this.pool === null) return Promise.resolve().then(() => prepareChunk(chunk, this.provider, this.now));
    // NDJSON bytes move to the worker without a copy.
    const transfer = chunk.kind === "lines" && chunk.text.byteOffset === 0 ? [chunk.text.buffer as ArrayBuffer] : [];
    return this.pool.call(chunk, { transfer });
  }

  async close(): Promise<void> {
    await this.pool?.close();
  }
}
