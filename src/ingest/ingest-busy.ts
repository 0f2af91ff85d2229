/** The error of a run that finds the ingest lock taken; run-ingest.ts throws it and exports it. */
import type { LockHolder } from "../catalog/index.js";
import { stableCode, VideoCatalogError } from "../lib/video-catalog-error.js";

/** Another run holds the ingest lock: `holder` says whose (and crosses the cluster's IPC with the error). */
export class IngestBusyError extends VideoCatalogError {
  static {
    stableCode(IngestBusyError, "VC_ERR_INGEST_BUSY");
  }

  constructor(readonly holder: LockHolder) {
    super(`another ingest is running (pid ${holder.pid} on ${holder.host}); runs never overlap`);
  }
}
