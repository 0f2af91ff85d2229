import type { Db } from "../catalog/index.js";
import type { Config } from "../config/load.js";
import type { Images, PictureTree } from "../images/index.js";
import type { BackupStatus } from "./operations/backup-state.js";
import type { IngestStarter } from "./operations/ingest-control.js";
import type { LiveFallback } from "./live/live-fallback.js";
import type { ReplicaStatus } from "./operations/replica-state.js";
import type { SearchPool } from "./search-pool/search-pool.js";

/** What the use-cases need; built once by main (or a test) and shared by HTTP and CLI. */
export interface ServiceDeps {
  db: Db;
  config: Config;
  /** Live providers asked on a catalog miss; null when none is usable. */
  live: LiveFallback | null;
  /** Search worker threads; null runs searches on the calling thread (tests, :memory: catalogs). */
  pool: SearchPool | null;
  /** The server's ingest runs (its schedule, the dashboard's "ingest now"); null where none can be started here. */
  ingest: IngestStarter | null;
  /** Images fetched, cut and cached for the MetaTube routes and scan's artwork; absent or null where there are none. */
  images?: Images | null;
  /** The actress pictures' tree the user points at (PEOPLE_PICTURES), asked after the sources'; absent or null without one. */
  pictureTree?: PictureTree | null;
  /** The catalog's backup (BACKUP_TO), for /health and the dashboard; absent or null without one. */
  backup?: BackupStatus | null;
  /** The state of a read-only replica (REPLICA_OF), for /health; absent or null on a writer. */
  replica?: ReplicaStatus | null;
}
