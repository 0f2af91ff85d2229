import { CLOSE_CAP, closestFirst } from "./closeness.js";
import type { Db } from "../store/db.js";
import { filterParts, type CatalogFilter } from "./filter-sql.js";
import type { Phrase } from "./fts-match.js";
import { and, newestIds, probe } from "./search-plan.js";
import { stmt } from "../store/statements.js";

/**
 * Relevance as tiers of where the text matched:
 *   0. the exact code asked for (q = "ABP-123" puts ABP-123 first),
 *   1. all the words as a phrase in one field (a title, a person, the maker, label or
 *      series): exact titles and names first, then the closest (fewest other words in
 *      the field), over the tier's CLOSE_CAP newest matches; the rest newest first,
 *   2. every word in the code, titles or people,
 *   3. ... or else in maker, label, series or categories,
 *   4. ... or else anywhere, comments included.
 * Tiers 2-4 are newest first. Each tier is an FTS5 expression minus the tiers before it,
 * read in the index's own (release) order, so a page reads about offset + limit
 * postings a tier. FTS5's bm25 is not used: it needs each term's document frequency,
 * a read of the term's whole posting list (long for a common word, and a filter's tag
 * is such a term), before it can rank anything.
 */
const COLUMN_SETS = ["{code title people}", "{code title people org cat}", "- {tags}"];
const PHRASE_COLUMNS = "{title people org}";

export function phraseExpr(phrase: Phrase): string {
  const own = `(${PHRASE_COLUMNS} : ${phrase.expr})`;
  return phrase.swapped ? `(${own} OR ({people} : ${phrase.swapped.expr}))` : own;
}

function tierExpr(text: string, tier: number, tags: string | null, phrase: Phrase | null): string {
  let expr = `(${COLUMN_SETS[tier]} : (${text}))`;
  if (tier > 0) expr = `${expr} NOT (${COLUMN_SETS[tier - 1]} : (${text}))`;
  if (phrase) expr = `(${expr}) NOT ${phraseExpr(phrase)}`;
  return tags ? `(${expr}) AND (${tags})` : expr;
}

/** A page of the phrase tier: its closest matches in order, then the rest newest first. */
function phrasePage(db: Db, fts: string, where: string[], params: unknown[], phrase: Phrase, limit: number, offset: number): number[] {
  const close = closestFirst(db, fts, where, params, phrase);
  const out = close.slice(offset, offset + limit);
  if (out.length < limit && close.length === CLOSE_CAP) {
    out.push(...newestIds(db, fts, where, params, limit - out.length, Math.max(offset, CLOSE_CAP)));
  }
  return out;
}

export function relevanceIds(
  db: Db,
  text: string,
  exactDvdId: string | null,
  filter: CatalogFilter,
  limit: number,
  offset: number,
  phrase: Phrase | null = null,
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
  if (phrase && need > 0) {
    const expr = f.tags ? `${phraseExpr(phrase)} AND (${f.tags})` : phraseExpr(phrase);
    const n = probe(db, expr, skip + need, where, params);
    if (n <= skip) skip -= n;
    else {
      const ids = phrasePage(db, expr, where, params, phrase, need, skip);
      out.push(...ids);
      need -= ids.length;
      skip = 0;
    }
  }
  for (let tier = 0; tier < COLUMN_SETS.length && need > 0; tier++) {
    const expr = tierExpr(text, tier, f.tags, phrase);
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

/**
 * The title closest to a text, for /movie: the phrase tier's first, else the newest
 * title holding every word (whole) in its code, titles, people, maker, label or series.
 * Null when none does: words only in categories or comments are not close.
 */
export function closestTextId(db: Db, words: string, phrase: Phrase, filter: CatalogFilter): number | null {
  const f = filterParts(filter);
  if (f.none) return null;
  const withTags = (expr: string) => (f.tags ? `${expr} AND (${f.tags})` : expr);
  const close = closestFirst(db, withTags(phraseExpr(phrase)), f.where, f.params, phrase);
  if (close.length > 0) return close[0];
  return newestIds(db, withTags(`({code title people org} : (${words}))`), f.where, f.params, 1, 0)[0] ?? null;
}
