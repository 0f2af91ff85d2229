import type { Db } from "./db.js";
import { combineMatch, filterParts, type CatalogFilter } from "./filter-sql.js";
import { idOfKey } from "./fts-key.js";
import { stmt } from "./statements.js";
import { catalogVersion } from "./version.js";

export const SORT_KEYS = ["relevance", "release", "update", "rating", "views"] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export interface SearchSpec {
  /** FTS5 MATCH expression built by buildMatch (never raw user text), or null for no text condition. */
  match: string | null;
  /** A canonical code that, when it matches exactly, ranks first under relevance. */
  exactDvdId: string | null;
  filter: CatalogFilter;
  sort: SortKey;
  /** Overrides BROAD_LIMIT (tests compare both plans on a small catalog). */
  broadLimit?: number;
}

/**
 * Matches beyond this make a query "broad": relevance then ranks the newest
 * BROAD_LIMIT matches only (bm25 costs ~0.5 us a match, and FTS5 ranks every match
 * before LIMIT).
 */
export const BROAD_LIMIT = 20_000;

/**
 * Above this many matches, a sort other than release walks its index and keeps the
 * rows found in the list of matches; below it, the matches are fetched and sorted.
 */
export const WALK_FROM = 2_000;

/** The movies.id of each match, for `m.id IN (...)`. */
const MATCH_IDS = `SELECT ${idOfKey("rowid")} FROM movies_fts WHERE movies_fts MATCH ?`;

/** Each sort walks an index (movies_release, movies_updated, movies_rating, movies_popularity). */
const ORDER: Record<Exclude<SortKey, "relevance">, { index: string; by: string }> = {
  release: { index: "movies_release", by: "m.release_date DESC, m.id DESC" },
  update: { index: "movies_updated", by: "m.updated_at DESC, m.id DESC" },
  rating: { index: "movies_rating", by: "m.rating_avg DESC, m.rating_count DESC, m.id DESC" },
  views: { index: "movies_popularity", by: "m.popularity DESC, m.id DESC" },
};

interface Plan {
  fts: string | null;
  where: string[];
  params: unknown[];
  none: boolean;
}

function planOf(spec: Pick<SearchSpec, "match" | "filter">): Plan {
  const f = filterParts(spec.filter);
  return { fts: combineMatch(spec.match, f.tags), where: f.where, params: f.params, none: f.none };
}

const and = (conds: string[]) => (conds.length ? `WHERE ${conds.join(" AND ")}` : "");

/** Matches of an FTS expression, counted up to `cap` (cheap: stops early). */
function probe(db: Db, fts: string, cap: number): number {
  return stmt(db, "SELECT count(*) FROM (SELECT rowid FROM movies_fts WHERE movies_fts MATCH ? LIMIT ?)").pluck().get(fts, cap) as number;
}

/** Ids of one page of matches, in the requested order. */
export function searchIds(db: Db, spec: SearchSpec, limit: number, offset: number): number[] {
  const plan = planOf(spec);
  if (plan.none) return [];
  if (plan.fts === null) {
    const order = ORDER[spec.sort === "relevance" ? "release" : spec.sort];
    const sql = `SELECT m.id FROM movies m INDEXED BY ${order.index} ${and(plan.where)} ORDER BY ${order.by} LIMIT ? OFFSET ?`;
    return stmt(db, sql).pluck().all(...plan.params, limit, offset) as number[];
  }
  if (spec.sort === "relevance" && spec.match !== null) {
    // The index yields matches newest first (its rowid is the release key), so a
    // broad query ranks the newest BROAD_LIMIT matches without reading the rest.
    const cap = spec.broadLimit ?? BROAD_LIMIT;
    const broad = probe(db, plan.fts, cap + 1) > cap;
    const source = broad
      ? `(SELECT rowid, rank FROM movies_fts WHERE movies_fts MATCH ? ORDER BY rowid DESC LIMIT ${cap})`
      : `(SELECT rowid, rank FROM movies_fts WHERE movies_fts MATCH ?)`;
    const exact = spec.exactDvdId !== null ? "(m.dvd_id = ?) DESC, " : "";
    const sql = `SELECT m.id FROM ${source} f JOIN movies m ON m.id = ${idOfKey("f.rowid")} ${and(plan.where)}
      ORDER BY ${exact}f.rank, m.id LIMIT ? OFFSET ?`;
    const params = [plan.fts, ...plan.params, ...(spec.exactDvdId !== null ? [spec.exactDvdId] : []), limit, offset];
    return stmt(db, sql).pluck().all(...params) as number[];
  }
  if (spec.sort === "release" || spec.sort === "relevance") {
    // Release order is the index's own order: read one page of postings, newest first.
    const sql =
      plan.where.length === 0
        ? `SELECT ${idOfKey("rowid")} FROM movies_fts WHERE movies_fts MATCH ? ORDER BY rowid DESC LIMIT ? OFFSET ?`
        : `SELECT m.id FROM movies_fts CROSS JOIN movies m ON m.id = ${idOfKey("movies_fts.rowid")}
           WHERE movies_fts MATCH ? AND ${plan.where.join(" AND ")} ORDER BY movies_fts.rowid DESC LIMIT ? OFFSET ?`;
    return stmt(db, sql).pluck().all(plan.fts, ...plan.params, limit, offset) as number[];
  }
  // Other sorts: few matches are fetched and sorted; many, and the sort's index is
  // walked keeping the rows in the list of matches (SQLite builds it once, with a
  // Bloom filter). Testing each row with MATCH ... AND rowid = ? instead reads the
  // term's postings for every row (~50 us a row at 1M titles).
  const order = ORDER[spec.sort];
  const walk = probe(db, plan.fts, WALK_FROM + 1) > WALK_FROM;
  const conds = [`m.id IN (${MATCH_IDS})`, ...plan.where];
  const sql = `SELECT m.id FROM movies m ${walk ? `INDEXED BY ${order.index}` : ""} ${and(conds)} ORDER BY ${order.by} LIMIT ? OFFSET ?`;
  return stmt(db, sql).pluck().all(plan.fts, ...plan.params, limit, offset) as number[];
}

/**
 * Counts stay valid until the catalog changes. A large count (costly to redo) is
 * also reused for COUNT_STALE_MS after a change, so a running ingest does not make
 * every broad query count again: x-total-count may then lag by that much.
 */
const COUNT_STALE_MS = 30_000;
const COUNT_CACHE_SIZE = 2000;
const countCache = new WeakMap<Db, Map<string, { n: number; version: string; at: number }>>();

function cachedCount(db: Db, key: string, compute: () => number): number {
  let byDb = countCache.get(db);
  if (!byDb) countCache.set(db, (byDb = new Map()));
  const version = catalogVersion(db);
  const now = Date.now();
  const hit = byDb.get(key);
  if (hit && (hit.version === version || (hit.n > BROAD_LIMIT && now - hit.at < COUNT_STALE_MS))) return hit.n;
  const n = compute();
  byDb.delete(key);
  byDb.set(key, { n, version, at: now });
  if (byDb.size > COUNT_CACHE_SIZE) byDb.delete(byDb.keys().next().value as string);
  return n;
}

/** How many records match (text and filter), cached (see COUNT_STALE_MS). */
export function countMatches(db: Db, spec: Pick<SearchSpec, "match" | "filter">): number {
  const plan = planOf(spec);
  if (plan.none) return 0;
  const sql =
    plan.where.length === 0 && plan.fts !== null
      ? "SELECT count(*) FROM movies_fts WHERE movies_fts MATCH ?"
      : `SELECT count(*) FROM movies m ${and([...(plan.fts !== null ? [`m.id IN (${MATCH_IDS})`] : []), ...plan.where])}`;
  const params = [...(plan.fts !== null ? [plan.fts] : []), ...plan.params];
  return cachedCount(db, `${sql}\u0000${JSON.stringify(params)}`, () => stmt(db, sql).pluck().get(...params) as number);
}

/** All ids matching a filter (used to sample from small filtered sets). */
export function filteredIds(db: Db, filter: CatalogFilter): number[] {
  const plan = planOf({ match: null, filter });
  if (plan.none) return [];
  const conds = [...(plan.fts !== null ? [`m.id IN (${MATCH_IDS})`] : []), ...plan.where];
  const params = [...(plan.fts !== null ? [plan.fts] : []), ...plan.params];
  return stmt(db, `SELECT m.id FROM movies m ${and(conds)}`).pluck().all(...params) as number[];
}

/** Whether the record with this id passes the filter. */
export function idMatches(db: Db, id: number, filter: CatalogFilter): boolean {
  const plan = planOf({ match: null, filter });
  if (plan.none) return false;
  const conds = ["m.id = ?", ...plan.where];
  const params: unknown[] = [id, ...plan.params];
  if (plan.fts !== null) {
    conds.push("EXISTS (SELECT 1 FROM movies_fts WHERE movies_fts MATCH ? AND rowid = m.fts_key)");
    params.push(plan.fts);
  }
  return stmt(db, `SELECT 1 FROM movies m ${and(conds)}`).pluck().get(...params) !== undefined;
}
