import type { Db } from "./db.js";
import { filterSql, type CatalogFilter } from "./filter-sql.js";
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
}

/** Each sort walks an index (movies_release, movies_updated, movies_rating, movies_popularity). */
const ORDER: Record<Exclude<SortKey, "relevance">, string> = {
  release: "m.release_date DESC, m.id DESC",
  update: "m.updated_at DESC, m.id DESC",
  rating: "m.rating_avg DESC, m.rating_count DESC, m.id DESC",
  views: "m.popularity DESC, m.id DESC",
};

function whereOf(spec: SearchSpec): { where: string; params: unknown[] } {
  const part = filterSql(spec.filter);
  const where = [...part.where];
  const params = [...part.params];
  if (spec.match !== null) {
    where.unshift("m.id IN (SELECT rowid FROM movies_fts WHERE movies_fts MATCH ?)");
    params.unshift(spec.match);
  }
  return { where: where.length ? `WHERE ${where.join(" AND ")}` : "", params };
}

/** Ids of one page of matches, in the requested order. */
export function searchIds(db: Db, spec: SearchSpec, limit: number, offset: number): number[] {
  if (spec.sort === "relevance" && spec.match !== null) {
    const part = filterSql(spec.filter);
    const where = ["movies_fts MATCH ?", ...part.where].join(" AND ");
    const exact = spec.exactDvdId !== null ? "(m.dvd_id = ?) DESC, " : "";
    const sql = `SELECT m.id FROM movies_fts f JOIN movies m ON m.id = f.rowid WHERE ${where}
      ORDER BY ${exact}f.rank, m.id LIMIT ? OFFSET ?`;
    const params = [spec.match, ...part.params, ...(spec.exactDvdId !== null ? [spec.exactDvdId] : []), limit, offset];
    return stmt(db, sql).pluck().all(...params) as number[];
  }
  const order = ORDER[spec.sort === "relevance" ? "release" : spec.sort];
  const { where, params } = whereOf(spec);
  const sql = `SELECT m.id FROM movies m ${where} ORDER BY ${order} LIMIT ? OFFSET ?`;
  return stmt(db, sql).pluck().all(...params, limit, offset) as number[];
}

const COUNT_CACHE_SIZE = 2000;
const countCache = new WeakMap<Db, Map<string, number>>();

/** How many records match (text and filter); cached until the catalog changes. */
export function countMatches(db: Db, spec: Pick<SearchSpec, "match" | "filter">): number {
  const { where, params } = whereOf({ ...spec, exactDvdId: null, sort: "release" });
  const sql = `SELECT count(*) FROM movies m ${where}`;
  const key = `${catalogVersion(db)}\u0000${sql}\u0000${JSON.stringify(params)}`;
  let byDb = countCache.get(db);
  if (!byDb) countCache.set(db, (byDb = new Map()));
  const hit = byDb.get(key);
  if (hit !== undefined) {
    byDb.delete(key);
    byDb.set(key, hit);
    return hit;
  }
  const n = stmt(db, sql).pluck().get(...params) as number;
  byDb.set(key, n);
  if (byDb.size > COUNT_CACHE_SIZE) byDb.delete(byDb.keys().next().value as string);
  return n;
}

/** All ids matching a filter (used to sample from small filtered sets). */
export function filteredIds(db: Db, filter: CatalogFilter): number[] {
  const { where, params } = whereOf({ match: null, exactDvdId: null, filter, sort: "release" });
  return stmt(db, `SELECT m.id FROM movies m ${where}`).pluck().all(...params) as number[];
}

/** Whether the record with this id passes the filter. */
export function idMatches(db: Db, id: number, filter: CatalogFilter): boolean {
  const part = filterSql(filter);
  const where = ["m.id = ?", ...part.where].join(" AND ");
  return stmt(db, `SELECT 1 FROM movies m WHERE ${where}`).pluck().get(id, ...part.params) !== undefined;
}
