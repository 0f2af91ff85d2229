/**
 * A worker thread of import-dump (record-workers.ts): a stager of the videos or of the
 * links while the dump is read, then a record builder. Its own entry point, so that the
 * compiled build can start it as dist/import-dump-worker.js beside the bundle.
 */
import { LinkStaging, VideoStaging } from "../../catalog/index.js";
import { serveRequests } from "../../lib/worker-pool.js";
import type { WorkerRequest } from "./record-workers.js";
import { RecordBuilder } from "./records.js";

let videos: VideoStaging | null = null;
let links: LinkStaging | null = null;
let builder: RecordBuilder | null = null;

serveRequests((r: WorkerRequest) => {
  switch (r.type) {
    case "stage-open":
      if (r.side === "videos") videos = new VideoStaging(r.path);
      else links = new LinkStaging(r.path);
      return null;
    case "stage-add":
      if (r.side === "videos") videos!.add(r.rows);
      else links!.add(r.rows);
      return null;
    case "stage-finish": {
      if (r.side === "links") {
        links!.finish();
        links = null;
        return null;
      }
      const plan = videos!.finish(r.size);
      videos = null;
      return plan;
    }
    case "job":
      builder = new RecordBuilder(r.job);
      return null;
    case "batch":
      return builder!.batch(r.batch);
    case "done":
      return builder!.dangling();
  }
});
