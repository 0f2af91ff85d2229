import type { Db } from "../store/db.js";
import { stmt } from "../store/statements.js";

/**
 * FTS5 keeps its index as segments and merges them only as writes go on; a bulk
 * load writes many (src/catalog/bulk/bulk-load.ts merges them at its end). Every lookup of a posting by rowid seeks each segment: testing one
 * title against a word costs a seek a segment, many after a bulk load, one after optimizeIndex.
 */

/** How many segments the index has now (it reads one row per index page: cheap, but not for every request). */
export function indexSegments(db: Db): number {
  return stmt(db, "SELECT count(DISTINCT segid) FROM movies_fts_idx").pluck().get() as number;
}

/** Merges the index into one segment (a rewrite of the whole index, in one write transaction; readers keep their snapshot). */
export function optimizeIndex(db: Db): void {
  stmt(db, "INSERT INTO movies_fts(movies_fts) VALUES ('optimize')").run();
}
