import { cachesOf } from "../store/caches.js";
import type { Db } from "../store/db.js";
import { combineMatch, filterParts, type CatalogFilter } from "./filter-sql.js";
import { idOfKey } from "../fts/fts-key.js";
import { stmt } from "../store/statements.js";
import { catalogVersion } from "../store/version.js";

/** What a search asks of SQLite: an FTS expression (text and filter tags) and conditions on the row. */
export interface Plan {
  fts: string | null;
  where: string[];
  params: unknown[];
  none: boolean;
}

export function planOf(match: string | null, filter: CatalogFilter): Plan {
  const f = filterParts(filter);
  return { fts: combineMatch(match, f.tags), where: f.where, params: f.params, none: f.none };
}

export const and = (conds: string[]) => (conds.length ? `WHERE ${conds.join(" AND ")}` : "");

/**
 * Matches joined to their rows: one primary-key lookup a match (the plan for few
 * matches, and whenever there are conditions on the row).
 */
export const MATCH_ROWS = `movies_fts CROSS JOIN movies m ON m.id = ${idOfKey("movies_fts.rowid")}`;

/**
 * Matches of an FTS expression that also meet the row conditions, counted up to
 * `cap`: reads at most `cap` matches (newest first), so it is cheap for a small cap,
 * unless the matches are few: then it reads every posting of the expression's words
 * (a relevance tier of `in` that nothing is in reads all of `in`'s). So the
 * answers are kept until the catalog changes: a count below its cap is exact, one at
 * its cap answers any smaller cap.
 */
export function probe(db: Db, fts: string, cap: number, where: string[] = [], params: unknown[] = []): number {
  const key = `${fts}\u0000${where.join(" AND ")}\u0000${JSON.stringify(params)}`;
  const cache = probeCache(db);
  const hit = cache.entries.get(key);
  if (hit && (hit.n < hit.cap || cap <= hit.cap)) return Math.min(hit.n, cap);
  const sql =
    where.length === 0
      ? "SELECT count(*) FROM (SELECT rowid FROM movies_fts WHERE movies_fts MATCH ? LIMIT ?)"
      : `SELECT count(*) FROM (SELECT 1 FROM ${MATCH_ROWS} ${and(["movies_fts MATCH ?", ...where])} LIMIT ?)`;
  const n = stmt(db, sql)
    .pluck()
    .get(fts, ...params, cap) as number;
  cache.entries.delete(key);
  cache.entries.set(key, { n, cap });
  if (cache.entries.size > PROBE_CACHE_SIZE) cache.entries.delete(cache.entries.keys().next().value as string);
  return n;
}

const PROBE_CACHE_SIZE = 4000;

function probeCache(db: Db) {
  const version = catalogVersion(db);
  const caches = cachesOf(db);
  let c = caches.probes;
  if (!c || c.version !== version) caches.probes = c = { version, entries: new Map() };
  return c;
}

/**
 * One page of matches newest first (release date, then id): the index's own order,
 * since its rowid is the release key, so this reads about offset + limit postings.
 */
export function newestIds(db: Db, fts: string, where: string[], params: unknown[], limit: number, offset: number): number[] {
  const sql =
    where.length === 0
      ? `SELECT ${idOfKey("rowid")} FROM movies_fts WHERE movies_fts MATCH ? ORDER BY rowid DESC LIMIT ? OFFSET ?`
      : `SELECT m.id FROM ${MATCH_ROWS} ${and(["movies_fts MATCH ?", ...where])} ORDER BY movies_fts.rowid DESC LIMIT ? OFFSET ?`;
  return stmt(db, sql)
    .pluck()
    .all(fts, ...params, limit, offset) as number[];
}
