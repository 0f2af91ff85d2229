import { cachesOf } from "../store/caches.js";
import type { Db } from "../store/db.js";
import { stmt } from "../store/statements.js";
import { catalogVersion } from "../store/version.js";
import type { CatalogFilter } from "./filter-sql.js";
import { and, MATCH_ROWS, planOf } from "./search-plan.js";

/**
 * Counts stay valid until the catalog changes. A large count (costly to redo) is
 * also reused for COUNT_STALE_MS after a change, so a running ingest does not make
 * every broad query count again: x-total-count may then lag by that much.
 */
const COUNT_STALE_MS = 30_000;
const STALE_COUNT_MIN = 20_000;
const COUNT_CACHE_SIZE = 2000;

function cachedCount(db: Db, key: string, compute: () => number): number {
  const byDb = cachesOf(db).counts;
  const version = catalogVersion(db);
  const now = Date.now();
  const hit = byDb.get(key);
  if (hit && (hit.version === version || (hit.n > STALE_COUNT_MIN && now - hit.at < COUNT_STALE_MS))) return hit.n;
  const n = compute();
  byDb.delete(key);
  byDb.set(key, { n, version, at: now });
  if (byDb.size > COUNT_CACHE_SIZE) byDb.delete(byDb.keys().next().value as string);
  return n;
}

/** How many records match (text and filter), cached (see COUNT_STALE_MS). */
export function countMatches(db: Db, spec: { match: string | null; filter: CatalogFilter }): number {
  const plan = planOf(spec.match, spec.filter);
  if (plan.none) return 0;
  const sql =
    plan.fts === null
      ? `SELECT count(*) FROM movies m ${and(plan.where)}`
      : plan.where.length === 0
        ? "SELECT count(*) FROM movies_fts WHERE movies_fts MATCH ?"
        : `SELECT count(*) FROM ${MATCH_ROWS} ${and(["movies_fts MATCH ?", ...plan.where])}`;
  const params = [...(plan.fts !== null ? [plan.fts] : []), ...plan.params];
  return cachedCount(
    db,
    `${sql}\u0000${JSON.stringify(params)}`,
    () =>
      stmt(db, sql)
        .pluck()
        .get(...params) as number,
  );
}

/** How many titles a raw FTS expression matches (cached as countMatches is). */
export function countFts(db: Db, fts: string): number {
  const sql = "SELECT count(*) FROM movies_fts WHERE movies_fts MATCH ?";
  return cachedCount(db, `${sql}\u0000${JSON.stringify([fts])}`, () => stmt(db, sql).pluck().get(fts) as number);
}
