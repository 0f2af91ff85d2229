import { availableParallelism } from "node:os";
import { extname } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { prepareChunk, type ImportChunk, type PreparedChunk } from "./import-parse.js";

const here = fileURLToPath(import.meta.url);
// From TypeScript sources the worker starts through a small entry that registers the loader;
// compiled, it is an entry point of the build beside the bundle (dist/import-worker.js).
const WORKER_FILE = new URL(extname(here) === ".ts" ? "./import-worker-entry.mjs" : "./import-worker.js", import.meta.url);

/**
 * Threads beside the writer: on 2 cores one preparing thread keeps the writer busy
 * (preparing a record costs about half of writing it), and a second would only take
 * CPU from the writer.
 */
export function defaultImportWorkers(): number {
  return Math.max(1, Math.min(3, availableParallelism() - 1));
}

type Reply = { ok: true; chunk: PreparedChunk } | { ok: false; message: string };

/**
 * Chunks prepared on worker threads, handed back in the order they were submitted.
 * Each worker takes chunks in turn; with no workers, chunks are prepared on the
 * calling thread when taken.
 */
export class ImportPool {
  private readonly workers: { worker: Worker; waiting: ((r: Reply) => void)[] }[] = [];
  private next = 0;
  private failure: Error | null = null;

  constructor(
    size: number,
    private readonly provider: string,
    private readonly now: number,
  ) {
    for (let i = 0; i < size; i++) {
      // Preparing records makes short-lived garbage fast: a young generation of 3 x 64 MB
      // (V8's default semi-space is 16 MB) spent ~35% less time a record, mostly in the
      // scavenger. The old generation is capped: left alone, V8 grows it far past the live set.
      const resourceLimits = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 192 };
      const worker = new Worker(WORKER_FILE, { workerData: { provider, now }, resourceLimits });
      const slot = { worker, waiting: [] as ((r: Reply) => void)[] };
      worker.on("message", (r: Reply) => slot.waiting.shift()?.(r));
      const fail = (err: Error) => {
        this.failure ??= err;
        for (const w of slot.waiting.splice(0)) w({ ok: false, message: err.message });
      };
      worker.on("error", fail);
      worker.on("exit", (code) => fail(new Error(`an import worker exited (code ${code})`)));
      this.workers.push(slot);
    }
  }

  /** Starts preparing a chunk; the promise resolves to it prepared. Chunks go round the workers. */
  submit(chunk: ImportChunk): Promise<PreparedChunk> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.workers.length === 0) return Promise.resolve().then(() => prepareChunk(chunk, this.provider, this.now));
    const slot = this.workers[this.next++ % this.workers.length];
    return new Promise<PreparedChunk>((resolve, reject) => {
      slot.waiting.push((r) => (r.ok ? resolve(r.chunk) : reject(new Error(r.message))));
      // NDJSON bytes move to the worker without a copy.
      const transfer = chunk.kind === "lines" && chunk.text.byteOffset === 0 ? [chunk.text.buffer as ArrayBuffer] : [];
      slot.worker.postMessage(chunk, transfer);
    });
  }

  async close(): Promise<void> {
    for (const { worker } of this.workers) worker.removeAllListeners("exit");
    await Promise.all(this.workers.map(({ worker }) => worker.terminate()));
  }
}
