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
