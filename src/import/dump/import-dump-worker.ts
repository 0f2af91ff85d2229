/**
 * A record worker thread of import-dump. Its own entry point, so that the compiled
 * build can start it as dist/import-dump-worker.js beside the bundle.
 */
import { parentPort, workerData } from "node:worker_threads";
import { runRecordWorker } from "./import-dump.js";

await runRecordWorker(workerData, parentPort!);
