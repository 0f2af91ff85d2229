/**
 * A thread of `import` that parses and prepares chunks of the input (import-parse.ts).
 * Its own entry point, so that the compiled build starts it as dist/import-worker.js.
 */
import { parentPort, workerData } from "node:worker_threads";
import { prepareChunk, type ImportChunk } from "./import-parse.js";

const { provider, now } = workerData as { provider: string; now: number };

parentPort!.on("message", (chunk: ImportChunk) => {
  try {
    parentPort!.postMessage({ ok: true, chunk: prepareChunk(chunk, provider, now) });
  } catch (err) {
    parentPort!.postMessage({ ok: false, message: (err as Error).stack ?? String(err) });
  }
});
