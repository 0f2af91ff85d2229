import type { Statement } from "better-sqlite3";
import type { Db } from "./db.js";

const cache = new WeakMap<Db, Map<string, Statement>>();

/** A prepared statement, prepared once per connection and reused. */
export function stmt<P extends unknown[] = unknown[], R = unknown>(db: Db, sql: string): Statement<P, R> {
  let byDb = cache.get(db);
  if (!byDb) {
    byDb = new Map();
    cache.set(db, byDb);
  }
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
 * about 5 us a statement here, more than a cached row costs) are taken once. For
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
