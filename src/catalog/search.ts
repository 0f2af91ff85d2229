import type { Db } from "./db.js";
import { combineMatch, filterParts, type CatalogFilter } from "./filter-sql.js";
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

function whereOf(plan: Plan): { where: string; params: unknown[] } {
  const where = [...plan.where];
  const params = [...plan.params];
  if (plan.fts !== null) {
    where.unshift("m.id IN (SELECT rowid FROM movies_fts WHERE movies_fts MATCH ?)");
    params.unshift(plan.fts);
  }
  return { where: where.length ? `WHERE ${where.join(" AND ")}` : "", params };
}

/** Ids of one page of matches, in the requested order. */
export function searchIds(db: Db, spec: SearchSpec, limit: number, offset: number): number[] {
  const plan = planOf(spec);
  if (plan.none) return [];
  if (spec.sort === "relevance" && spec.match !== null) {
    const where = ["movies_fts MATCH ?", ...plan.where].join(" AND ");
    const exact = spec.exactDvdId !== null ? "(m.dvd_id = ?) DESC, " : "";
    const sql = `SELECT m.id FROM movies_fts f JOIN movies m ON m.id = f.rowid WHERE ${where}
      ORDER BY ${exact}f.rank, m.id LIMIT ? OFFSET ?`;
    const params = [plan.fts, ...plan.params, ...(spec.exactDvdId !== null ? [spec.exactDvdId] : []), limit, offset];
    return stmt(db, sql).pluck().all(...params) as number[];
  }
  const order = ORDER[spec.sort === "relevance" ? "release" : spec.sort];
  const { where, params } = whereOf(plan);
  const sql = `SELECT m.id FROM movies m ${where} ORDER BY ${order} LIMIT ? OFFSET ?`;
  return stmt(db, sql).pluck().all(...params, limit, offset) as number[];
}

const COUNT_CACHE_SIZE = 2000;
const countCache = new WeakMap<Db, Map<string, number>>();

/** How many records match (text and filter); cached until the catalog changes. */
export function countMatches(db: Db, spec: Pick<SearchSpec, "match" | "filter">): number {
  const plan = planOf(spec);
  if (plan.none) return 0;
  const { where, params } = whereOf(plan);
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
  const plan = planOf({ match: null, filter });
  if (plan.none) return [];
  const { where, params } = whereOf(plan);
  return stmt(db, `SELECT m.id FROM movies m ${where}`).pluck().all(...params) as number[];
}

/** Whether the record with this id passes the filter. */
export function idMatches(db: Db, id: number, filter: CatalogFilter): boolean {
  const plan = planOf({ match: null, filter });
  if (plan.none) return false;
  const where = ["m.id = ?", ...plan.where];
  const params: unknown[] = [id, ...plan.params];
  if (plan.fts !== null) {
    where.push("EXISTS (SELECT 1 FROM movies_fts WHERE movies_fts MATCH ? AND rowid = m.id)");
    params.push(plan.fts);
  }
  return stmt(db, `SELECT 1 FROM movies m WHERE ${where.join(" AND ")}`).pluck().get(...params) !== undefined;
}
