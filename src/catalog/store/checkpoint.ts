import type { Db } from "./db.js";

/**
 * The server's connection leaves checkpoints to another thread (checkpointPassive on
 * a search worker's connection). SQLite's automatic checkpoint runs in the commit that
 * finds the WAL over 1,000 pages, whoever wrote them: a key-use flush committed after
 * an `import` in another process had written thousands of pages checkpointed them all,
 * with the event loop waiting (the soak's stalls).
 *
 * With a backup (BACKUP_TO) every connection leaves them to Litestream, which copies
 * the WAL before it checkpoints it: a checkpoint of ours could let the WAL restart
 * over frames it has not copied yet, and it would then upload the whole catalog again
 * as a new generation.
 */
export function leaveCheckpointsToOthers(db: Db): void {
  db.pragma("wal_autocheckpoint = 0");
}

/** Whether this connection was told to leave checkpoints to others: then it runs none of its own (a bulk load's included). */
export function checkpointsLeftToOthers(db: Db): boolean {
  return db.pragma("wal_autocheckpoint", { simple: true }) === 0;
}

/** `log`: frames in the WAL; `checkpointed`: frames copied so far; `busy`: 1 when another connection held the checkpoint. */
export interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

/** Copies into the database what it can of the WAL, without waiting for readers or writers (a later call copies the rest). */
export function checkpointPassive(db: Db): CheckpointResult {
  const [row] = db.pragma("wal_checkpoint(PASSIVE)") as CheckpointResult[];
  return row;
}
