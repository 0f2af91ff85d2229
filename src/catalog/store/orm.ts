import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import type { Db } from "./db.js";
import * as schema from "./schema.js";

const orms = new WeakMap<Db, BetterSQLite3Database<typeof schema>>();

/** The drizzle handle over a connection (one per connection). */
export function orm(db: Db): BetterSQLite3Database<typeof schema> {
  let o = orms.get(db);
  if (!o) orms.set(db, (o = drizzle(db, { schema })));
  return o;
}
