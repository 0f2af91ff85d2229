import type { Db } from "./db.js";

/**
 * The server's connection leaves checkpoints to another thread (checkpointPassive on
 * a search worker's connection). SQLite's automatic checkpoint runs in the commit that
 * finds the WAL over 1,000 pages, whoever wrote them: a key-use flush committed after
 * an `import` in another process had written 4,121 pages took 145 ms, all of it with
 * the event loop waiting (the soak's stalls of 110-190 ms).
 */
export function leaveCheckpointsToOthers(db: Db): void {
  db.pragma("wal_autocheckpoint = 0");
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
