/**
 * A record worker thread of import-dump (record-workers.ts). Its own entry point, so
 * that the compiled build can start it as dist/import-dump-worker.js beside the bundle.
 */
import { workerData } from "node:worker_threads";
import { serveRequests } from "../../lib/worker-pool.js";
import type { RecordRequest } from "./record-workers.js";
import { RecordBuilder, type RecordJob } from "./records.js";

const builder = new RecordBuilder(workerData as RecordJob);

serveRequests((r: RecordRequest) => ("done" in r ? builder.dangling() : builder.batch(r.batch)));
