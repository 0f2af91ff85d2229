/**
 * A thread of `import` that parses and prepares chunks of the input (import-parse.ts).
 * Its own entry point, so that the compiled build starts it as dist/import-worker.js.
 */
import { workerData } from "node:worker_threads";
import { serveRequests } from "../../lib/worker-pool.js";
import { type ImportChunk, prepareChunk } from "./import-parse.js";

const { provider, now } = workerData as { provider: string; now: number };

serveRequests((chunk: ImportChunk) => prepareChunk(chunk, provider, now));
