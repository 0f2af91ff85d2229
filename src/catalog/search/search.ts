import type { Db } from "../store/db.js";
import { cachesOf } from "../store/caches.js";
import { stmt } from "../store/statements.js";
import { countFts, countMatches } from "./counts.js";
import { bitsParts, type CatalogFilter, EMPTY_FILTER, rowConditions } from "./filter-sql.js";
import { indexSegments } from "./fts-maintenance.js";
import { hasPrefixTerm, type Phrase } from "./fts-match.js";
import { buildBits, cachedBits, catalogSettled, WALK_PREFIX_MAX, walkPrefix } from "./match-bits.js";
import { and, MATCH_ROWS, newestIds, type Plan, planOf, probe } from "./search-plan.js";
import { relevanceIds } from "./search-relevance.js";
import { walkBits } from "./walk.js";

export const SORT_KEYS = ["relevance", "release", "update", "rating", "views"] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export interface SearchSpec {
  /** FTS5 MATCH expression built by buildMatch (never raw user text), or null for no text condition. */
  match: string | null;
  /** A canonical code that, when it matches exactly, ranks first under relevance. */
  exactDvdId: string | null;
  /** The words as one phrase: under relevance, titles holding it in one field come next, closest first. */
  phrase?: Phrase | null;
  filter: CatalogFilter;
  sort: SortKey;
}

/**
 * Above this many matches, a sort other than release walks its index and keeps the
 * rows found in the list of matches; below it, the matches are fetched and sorted.
 */
export const WALK_FROM = 2_000;

/** Each sort walks an index (movies_release, movies_updated, movies_rating, movies_popularity). */
const ORDER: Record<Exclude<SortKey, "relevance">, { index: string; by: string }> = {
  release: { index: "movies_release", by: "m.release_date DESC, m.id DESC" },
  update: { index: "movies_updated", by: "m.updated_at DESC, m.id DESC" },
  rating: { index: "movies_rating", by: "m.rating_avg DESC, m.rating_count DESC, m.id DESC" },
  views: { index: "movies_popularity", by: "m.popularity DESC, m.id DESC" },
};

/** A word found in this many titles is searched as itself, not as a prefix. */
export const COMMON_WORD_MIN = 2_000;

/**
 * Whether the last word of a query is a common word in its own right (and has a
 * letter: a number stays a prefix). Someone who typed `the` or `drama`
 * means the word; as a prefix it would merge the postings of every word it starts.
 * Costs a capped read of the word's postings.
 */
export function isCommonWord(db: Db, word: string): boolean {
  if (!/\p{L}/u.test(word)) return false;
  return probe(db, `"${word.replaceAll('"', '""')}"`, COMMON_WORD_MIN) >= COMMON_WORD_MIN;
}

/** Ids of one page of matches, in the requested order. */
export function searchIds(db: Db, spec: SearchSpec, limit: number, offset: number): number[] {
  const plan = planOf(spec.match, spec.filter);
  if (plan.none) return [];
  if (plan.fts === null) {
    const order = ORDER[spec.sort === "relevance" ? "release" : spec.sort];
    const sql = `SELECT m.id FROM movies m INDEXED BY ${order.index} ${and(plan.where)} ORDER BY ${order.by} LIMIT ? OFFSET ?`;
    return stmt(db, sql)
      .pluck()
      .all(...plan.params, limit, offset) as number[];
  }
  if (spec.sort === "relevance" && spec.match !== null) return relevanceIds(db, spec.match, spec.exactDvdId, spec.filter, limit, offset, spec.phrase ?? null);
  if (spec.sort === "release" || spec.sort === "relevance") return newestIds(db, plan.fts, plan.where, plan.params, limit, offset);
  return sortedIds(db, spec, { ...plan, fts: plan.fts }, limit, offset);
}

/**
 * Costs measured at 1M titles, in microseconds per match or per row walked (tests
 * change them); the figures are the constants below, each named here:
 * - fetch: read a match's row and sort it with the others (fetchUs);
 * - list: put a match in the list a walk keeps rows by (in key order, with a Bloom
 *   filter; listUs); the walk then reads the sort index alone (walkIndexUs: the index
 *   holds fts_key), or the row too when there are ranges (walkRowUs);
 * - test: check one walked row against the FTS expression, a fixed cost plus one for
 *   each segment of the index (testUs: many segments after a bulk load, one after
 *   optimizeIndex); or against its own columns (rowConditions, walkRowUs).
 * - bits: walk the sort index and test each row's bit in the bitsets of the text and
 *   of each name (match-bits.ts; walkBitsUs, or walkRowUs when the row is read for its
 *   columns); a bitset not cached yet costs buildBitsUs a match to read, counted in full
 *   while the catalog changes (an ingest drops it at its next commit), at buildShare
 *   once it has settled: it then serves the searches after this one.
 */
export const PLAN_COSTS = {
  fetchUs: 1.5,
  listUs: 0.4,
  walkIndexUs: 0.1,
  walkRowUs: 1.5,
  testUs: (segments: number) => 15 + 8 * segments,
  walkBitsUs: 0.15,
  buildBitsUs: 0.12,
  /** Share of a bitset's reading charged to the search that reads it, once the catalog has settled. */
  buildShare: 0.25,
  /** Reading the bitset of a whole expression (text AND tags), per match, against reading one of its parts. */
  wholeFactor: 2,
  /** Matches up to which a sorted search always fetches and sorts (WALK_FROM; tests lower it). */
  walkFrom: WALK_FROM,
  /** Which way bitsPlan takes (tests set one). */
  bitsForm: "cheaper" as "cheaper" | "apart" | "whole",
};
const SEGMENTS_TTL_MS = 30_000;

function segments(db: Db): number {
  const caches = cachesOf(db);
  const seen = caches.segments;
  if (seen && Date.now() - seen.at < SEGMENTS_TTL_MS) return seen.n;
  const n = indexSegments(db);
  caches.segments = { n, at: Date.now() };
  return n;
}

/**
 * update, rating, views: the cheapest of three plans, by the counts (cached) and the
 * costs above. Few matches (at most WALK_FROM, or sparse ones) are fetched and sorted.
 * Otherwise the sort's index is walked until the page is full (about page end x
 * titles / matches rows), keeping either the rows tested one by one (cheap when
 * matches are dense and the page near the start: page 1 of a word in half the
 * catalog walks ~40 rows) or those in the list of all matches.
 */
function sortedIds(db: Db, spec: SearchSpec, plan: Plan & { fts: string }, limit: number, offset: number): number[] {
  const order = ORDER[spec.sort as Exclude<SortKey, "relevance" | "release">];
  if (probe(db, plan.fts, PLAN_COSTS.walkFrom + 1) <= PLAN_COSTS.walkFrom) return fewMatches(db, order, plan, limit, offset);
  const matches = countMatches(db, spec);
  const titles = countMatches(db, { match: null, filter: EMPTY_FILTER });
  const walked = Math.min(titles, ((offset + limit) * titles) / Math.max(1, matches));
  const rows = spec.match === null ? rowConditions(spec.filter) : null;
  const bits = bitsPlan(db, spec, plan, matches, walked);
  const cost = {
    fetch: matches * PLAN_COSTS.fetchUs,
    list: matches * PLAN_COSTS.listUs + walked * (plan.where.length ? PLAN_COSTS.walkRowUs : PLAN_COSTS.walkIndexUs),
    // A prefix term is merged in full again for each row tested (hasPrefixTerm).
    test: walked * (rows ? PLAN_COSTS.walkRowUs : PLAN_COSTS.testUs(segments(db)) + (hasPrefixTerm(plan.fts) ? matches * PLAN_COSTS.buildBitsUs : 0)),
    bits: bits.cost,
  };
  if (cost.bits <= Math.min(cost.fetch, cost.list, cost.test)) {
    const sets = bits.parts.map((p) => cachedBits(db, p) ?? buildBits(db, p));
    return walkBits(db, order, bits.parts, sets, bits, walked, limit, offset);
  }
  if (cost.fetch <= cost.list && cost.fetch <= cost.test) return fetchAndSort(db, order, plan, limit, offset);
  if (cost.test < cost.list) {
    const ids = testWindow(db, order, plan, rows, walked, limit, offset);
    if (ids.length === limit) return ids;
  }
  const sql = `SELECT m.id FROM movies m INDEXED BY ${order.index}
    ${and(["m.fts_key IN (SELECT rowid FROM movies_fts WHERE movies_fts MATCH ?)", ...plan.where])} ORDER BY ${order.by} LIMIT ? OFFSET ?`;
  return stmt(db, sql)
    .pluck()
    .all(plan.fts, ...plan.params, limit, offset) as number[];
}

type Order = (typeof ORDER)[keyof typeof ORDER];

function fetchAndSort(db: Db, order: Order, plan: Plan & { fts: string }, limit: number, offset: number): number[] {
  const sql = `SELECT m.id FROM ${MATCH_ROWS} ${and(["movies_fts MATCH ?", ...plan.where])} ORDER BY ${order.by} LIMIT ? OFFSET ?`;
  return stmt(db, sql)
    .pluck()
    .all(plan.fts, ...plan.params, limit, offset) as number[];
}

/**
 * Few matches: all of them sorted once (the same read as any page of them), kept as the
 * walks are (walkPrefix) until the catalog changes; a page is then a slice.
 */
function fewMatches(db: Db, order: Order, plan: Plan & { fts: string }, limit: number, offset: number): number[] {
  if (PLAN_COSTS.walkFrom > WALK_PREFIX_MAX) return fetchAndSort(db, order, plan, limit, offset);
  const kept = walkPrefix(db, `fetch\u0000${order.by}\u0000${plan.fts}\u0000${plan.where.join(" AND ")}\u0000${JSON.stringify(plan.params)}`);
  if (!kept.done) {
    const sql = `SELECT m.id FROM ${MATCH_ROWS} ${and(["movies_fts MATCH ?", ...plan.where])} ORDER BY ${order.by} LIMIT ?`;
    kept.ids = stmt(db, sql)
      .pluck()
      .all(plan.fts, ...plan.params, PLAN_COSTS.walkFrom) as number[];
    kept.done = true;
  }
  return kept.ids.slice(offset, offset + limit);
}

/**
 * The rows of the sort's index tested one by one. Matches may be rarer at the top of this
 * order than on average: a bounded window is walked, and the caller falls back to the
 * list when it holds too few.
 */
function testWindow(
  db: Db,
  order: Order,
  plan: Plan & { fts: string },
  rows: ReturnType<typeof rowConditions>,
  walked: number,
  limit: number,
  offset: number,
): number[] {
  const window = Math.ceil(2 * walked + 50);
  const top = `SELECT * FROM movies m INDEXED BY ${order.index} ${and(rows ? rows.where : plan.where)} ORDER BY ${order.by} LIMIT ${window}`;
  return (
    rows
      ? stmt(db, `SELECT m.id FROM (${top}) m ORDER BY ${order.by} LIMIT ? OFFSET ?`)
          .pluck()
          .all(...rows.params, limit, offset)
      : stmt(
          db,
          `SELECT m.id FROM (${top}) m WHERE EXISTS (SELECT 1 FROM movies_fts WHERE movies_fts MATCH ? AND rowid = m.fts_key)
            ORDER BY ${order.by} LIMIT ? OFFSET ?`,
        )
          .pluck()
          .all(...plan.params, plan.fts, limit, offset)
  ) as number[];
}

/**
 * The bitsets a walk would test, the cheaper of two ways: the text, each name and
 * site apart (each reused by every search that has it), with censorship, providers
 * and ranges as conditions on the row; or the whole FTS expression as one bitset
 * (used by this search alone, but read at the size of its matches, and then only
 * ranges are left for the row). Costs as in PLAN_COSTS; reading the whole expression
 * counts double (wholeFactor), as FTS5 evaluates its AND as it reads.
 */
function bitsPlan(db: Db, spec: SearchSpec, plan: Plan & { fts: string }, matches: number, walked: number) {
  const share = catalogSettled(db) ? PLAN_COSTS.buildShare : 1;
  const walkCost = (where: string[]) => walked * (where.length ? PLAN_COSTS.walkRowUs : PLAN_COSTS.walkBitsUs);
  const f = bitsParts(spec.filter);
  const parts = [...(spec.match === null ? [] : [`- {tags} : (${spec.match})`]), ...f.tagExprs];
  let toRead = 0;
  for (const p of parts) if (!cachedBits(db, p)) toRead += countFts(db, p);
  const apart = {
    parts,
    where: f.where,
    params: f.params,
    // Without a text or a name there is no bitset to test: that walk is `test` by the row's columns.
    cost: parts.length === 0 ? Infinity : toRead * PLAN_COSTS.buildBitsUs * share + walkCost(f.where),
  };
  const whole = {
    parts: [plan.fts],
    where: plan.where,
    params: plan.params,
    cost: (cachedBits(db, plan.fts) ? 0 : PLAN_COSTS.wholeFactor * matches * PLAN_COSTS.buildBitsUs * share) + walkCost(plan.where),
  };
  if (PLAN_COSTS.bitsForm !== "cheaper") return PLAN_COSTS.bitsForm === "whole" ? whole : apart;
  return whole.cost < apart.cost ? whole : apart;
}

/** All ids matching a filter (used to sample from small filtered sets). */
export function filteredIds(db: Db, filter: CatalogFilter): number[] {
  const plan = planOf(null, filter);
  if (plan.none) return [];
  const sql =
    plan.fts === null ? `SELECT m.id FROM movies m ${and(plan.where)}` : `SELECT m.id FROM ${MATCH_ROWS} ${and(["movies_fts MATCH ?", ...plan.where])}`;
  const params = [...(plan.fts !== null ? [plan.fts] : []), ...plan.params];
  return stmt(db, sql)
    .pluck()
    .all(...params) as number[];
}

/** Whether the record with this id passes the filter. */
export function idMatches(db: Db, id: number, filter: CatalogFilter): boolean {
  const plan = planOf(null, filter);
  if (plan.none) return false;
  const conds = ["m.id = ?", ...plan.where];
  const params: unknown[] = [id, ...plan.params];
  if (plan.fts !== null) {
    conds.push("EXISTS (SELECT 1 FROM movies_fts WHERE movies_fts MATCH ? AND rowid = m.fts_key)");
    params.push(plan.fts);
  }
  return (
    stmt(db, `SELECT 1 FROM movies m ${and(conds)}`)
      .pluck()
      .get(...params) !== undefined
  );
}
