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
