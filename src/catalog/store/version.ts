import type { Db } from "./db.js";
import { stmt } from "./statements.js";

import { cachesOf } from "./caches.js";

/** Call after this connection commits a change to movies. */
export function noteCatalogWrite(db: Db): void {
  cachesOf(db).localWrites++;
}

/**
 * Changes whenever the catalog may have changed: PRAGMA data_version moves when
 * another connection (the CLI, the ingester) commits; local writes are counted.
 * Caches of counts and totals key on it.
 */
export function catalogVersion(db: Db): string {
  const dv = stmt<[], number>(db, "PRAGMA data_version").pluck().get() as number;
  return `${dv}:${cachesOf(db).localWrites}`;
}
