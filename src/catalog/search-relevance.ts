import type { Db } from "./db.js";
import { filterParts, type CatalogFilter } from "./filter-sql.js";
import { and, newestIds, probe } from "./search-plan.js";
import { stmt } from "./statements.js";

/**
 * Relevance as tiers of where the text matched, each newest first:
 *   0. the exact code asked for (q = "ABP-123" puts ABP-123 first),
 *   1. every word in the code, titles or people,
 *   2. ... or else in maker, label, series or categories,
 *   3. ... or else anywhere, comments included.
 * Each tier is an FTS5 column filter minus the tier before it, read in the index's
 * own (release) order, so a page reads about offset + limit postings a tier. FTS5's
 * bm25 is not used: it needs each term's document frequency, a read of the term's
 * whole posting list (60 ms for a word in 2/3 of 1M titles, and a filter's tag is
 * such a term), before it can rank anything.
 */
const COLUMN_SETS = ["{code title people}", "{code title people org cat}", "- {tags}"];

function tierExpr(text: string, tier: number, tags: string | null): string {
  let expr = `(${COLUMN_SETS[tier]} : (${text}))`;
  if (tier > 0) expr = `${expr} NOT (${COLUMN_SETS[tier - 1]} : (${text}))`;
  return tags ? `(${expr}) AND (${tags})` : expr;
}

export function relevanceIds(
  db: Db,
  text: string,
  exactDvdId: string | null,
  filter: CatalogFilter,
  limit: number,
  offset: number,
): number[] {
  const f = filterParts(filter);
  if (f.none) return [];
  const out: number[] = [];
  let skip = offset;
  let need = limit;
  let where = f.where;
  let params = f.params;
  if (exactDvdId !== null) {
    const all = `(- {tags} : (${text}))${f.tags ? ` AND (${f.tags})` : ""}`;
    const exact = stmt(
      db,
      `SELECT m.id FROM movies m ${and(["m.dvd_id = ?", ...f.where, "EXISTS (SELECT 1 FROM movies_fts WHERE movies_fts MATCH ? AND rowid = m.fts_key)"])}
       ORDER BY m.fts_key DESC`,
    )
      .pluck()
      .all(exactDvdId, ...f.params, all) as number[];
    const taken = exact.slice(skip, skip + need);
    out.push(...taken);
    need -= taken.length;
    skip = Math.max(0, skip - exact.length);
    where = [...f.where, "m.dvd_id <> ?"];
    params = [...f.params, exactDvdId];
  }
  for (let tier = 0; tier < COLUMN_SETS.length && need > 0; tier++) {
    const expr = tierExpr(text, tier, f.tags);
    const n = probe(db, expr, skip + need, where, params);
    if (n <= skip) {
      skip -= n;
      continue;
    }
    const ids = newestIds(db, expr, where, params, need, skip);
    out.push(...ids);
    need -= ids.length;
    skip = 0;
  }
  return out;
}
