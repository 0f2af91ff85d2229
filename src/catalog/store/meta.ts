import { eq } from "drizzle-orm";
import { endTurnSnapshot } from "./statements.js";
import type { Db } from "./db.js";
import { orm } from "./orm.js";
import { meta } from "./schema.js";

export function getMeta(db: Db, key: string): string | null {
  return orm(db).select().from(meta).where(eq(meta.key, key)).get()?.value ?? null;
}

export function setMeta(db: Db, key: string, value: string): void {
  endTurnSnapshot(db);
  orm(db).insert(meta).values({ key, value }).onConflictDoUpdate({ target: meta.key, set: { value } }).run();
}

/**
 * The value of `key`, first storing `make()` when there is none. Two processes starting
 * at once agree on one value: the first insert wins, the other reads it.
 */
export function ensureMeta(db: Db, key: string, make: () => string): string {
  const have = getMeta(db, key);
  if (have !== null) return have;
  endTurnSnapshot(db);
  orm(db).insert(meta).values({ key, value: make() }).onConflictDoNothing().run();
  return getMeta(db, key) as string;
}
