import type { Statement } from "better-sqlite3";
import type { Db } from "./db.js";

import { cachesOf } from "./caches.js";

/** A prepared statement, prepared once per connection and reused. */
export function stmt<P extends unknown[] = unknown[], R = unknown>(db: Db, sql: string): Statement<P, R> {
  const byDb = cachesOf(db).statements;
  let s = byDb.get(sql);
  if (!s) {
    s = db.prepare(sql);
    byDb.set(sql, s);
  }
  return s as unknown as Statement<P, R>;
}

/**
 * Runs `read` in one read transaction: every statement in it sees the same state of
 * the catalog, and the file locks a statement takes and drops on its own (in WAL mode
 * costing more than reading a cached row) are taken once. For
 * reads only, and never around anything that waits: writers go on meanwhile, but a
 * checkpoint cannot pass an open read transaction. Nested calls share the outer one.
 */
export function readSnapshot<T>(db: Db, read: () => T): T {
  if (db.inTransaction) return read();
  stmt(db, "BEGIN").run();
  let done = false;
  try {
    const out = read();
    done = true;
    return out;
  } finally {
    if (db.inTransaction) stmt(db, done ? "COMMIT" : "ROLLBACK").run();
  }
}

const turnSnapshots = new Set<Db>();

/**
 * Opens a read transaction that lasts until the end of this event-loop turn, unless
 * one is open: the requests the server takes in one turn (several under load) then
 * share one set of file locks, where each statement alone took and dropped its own
 * (two fcntl and an fstat a statement, a noticeable part of the CPU of a /movie request,
 * which docs/benchmark.md measures). Nothing awaits inside a turn, so a request sees
 * the catalog as it was when its turn began reading, never older. Writes on the
 * connection end it first (endTurnSnapshot), and so does a checkpoint run by this
 * process (endTurnSnapshots): the turn that would end it cannot come while the thread
 * waits in the checkpoint.
 */
export function turnSnapshot(db: Db): void {
  if (db.inTransaction) return;
  stmt(db, "BEGIN").run();
  turnSnapshots.add(db);
  setImmediate(() => endTurnSnapshot(db));
}

/** Ends the turn's read transaction on `db`, if one is open. */
export function endTurnSnapshot(db: Db): void {
  if (!turnSnapshots.delete(db)) return;
  if (db.open && db.inTransaction) stmt(db, "COMMIT").run();
}

/** Ends every turn's read transaction of this process (before a checkpoint that waits for readers). */
export function endTurnSnapshots(): void {
  for (const db of [...turnSnapshots]) endTurnSnapshot(db);
}
