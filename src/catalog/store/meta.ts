import { eq } from "drizzle-orm";
import { endTurnSnapshot, stmt } from "./statements.js";
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

/**
 * Runs `work` once in a write transaction when a migration left the meta row `flag` (a
 * rebuild it asked for), then removes the row; 0 without it. A process killed half-way
 * leaves the row, and the next open starts again; a process that waited for the lock while
 * another did the work finds the row gone and does nothing.
 */
export function onceFlagged(db: Db, flag: string, work: () => number): number {
  endTurnSnapshot(db);
  const flagged = () => stmt(db, "SELECT 1 FROM meta WHERE key = ?").pluck().get(flag) !== undefined;
  if (!flagged()) return 0;
  return db
    .transaction(() => {
      if (!flagged()) return 0;
      const done = work();
      stmt(db, "DELETE FROM meta WHERE key = ?").run(flag);
      return done;
    })
    .immediate();
}

/** The rows of `sql` (`… WHERE m.id > ? ORDER BY m.id LIMIT ?`), a page at a time, in id order. */
export function* pagesById<R extends { id: number }>(db: Db, sql: string, size: number): Generator<R[]> {
  const page = stmt<[number, number], R>(db, sql);
  for (let after = 0; ; ) {
    const rows = page.all(after, size);
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1].id;
  }
}
