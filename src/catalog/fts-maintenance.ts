import type { Db } from "./db.js";
import { stmt } from "./statements.js";

/**
 * FTS5 keeps its index as segments and merges them only as writes go on; a bulk
 * load leaves ~20. Every lookup of a posting by rowid seeks each segment: testing one
 * title against a word costs ~200 us with 23 segments at 1M titles, ~23 us with one.
 */

/** How many segments the index has now (a few ms: one row per index page). */
export function indexSegments(db: Db): number {
  return stmt(db, "SELECT count(DISTINCT segid) FROM movies_fts_idx").pluck().get() as number;
}

/** Merges the index into one segment (~25 s at 1M titles, in one write transaction; readers keep their snapshot). */
export function optimizeIndex(db: Db): void {
  stmt(db, "INSERT INTO movies_fts(movies_fts) VALUES ('optimize')").run();
}

/**
 * After a bulk write: merges the index when the write was large next to the catalog
 * (at least 10,000 titles and a fifth of it), where the merge costs little next to
 * the write itself. Returns whether it merged.
 */
export function settleIndexAfterBulkWrite(db: Db, written: number): boolean {
  if (written < 10_000) return false;
  const titles = stmt(db, "SELECT count(*) FROM movies").pluck().get() as number;
  if (written * 5 < titles) return false;
  optimizeIndex(db);
  return true;
}
