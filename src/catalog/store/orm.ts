import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import type { Db } from "./db.js";
import * as schema from "./schema.js";

import { cachesOf } from "./caches.js";

type Orm = BetterSQLite3Database<typeof schema>;

/** The drizzle handle over a connection (one per connection). */
export function orm(db: Db): BetterSQLite3Database<typeof schema> {
  const c = cachesOf(db);
  return (c.orm ??= drizzle(db, { schema })) as Orm;
}
