import type { Db } from "../store/db.js";
import { queryTerms } from "../fts/fts-text.js";
import { walkPrefix } from "./match-bits.js";
import { getResultDocs } from "../store/movies-read.js";
import { fieldsOfDoc } from "../wire/result-json.js";
import type { ResultFields } from "../../model/search-result.js";
import { newestIds } from "./search-plan.js";
import type { Phrase } from "./fts-match.js";

/**
 * How close a title is to a text found in it as a phrase: the fewest words that one
 * of its fields (English or Japanese title, an actress, the maker, the series) holds
 * beside the phrase. 0 is an exact title or name: "The Lighthouse Keeper's Daughter"
 * is 2 words from "Lighthouse Keeper's", its sequel "... Daughter 3" 3.
 */

/** Words of a text as the index holds them (CJK runs as their bigrams). */
export function textTokens(text: string): string[] {
  return queryTerms(text).flatMap((t) => (t.kind === "word" ? [t.text] : t.grams));
}

/** A title where no one field holds the phrase (it spans two names of one column): after the others. */
const APART = 1_000_000;

function extraWords(value: string | null, phrase: readonly string[]): number {
  if (!value) return APART;
  const tokens = textTokens(value);
  for (let i = 0; i + phrase.length <= tokens.length; i++) {
    let k = 0;
    while (k < phrase.length && tokens[i + k] === phrase[k]) k++;
    if (k === phrase.length) return tokens.length - phrase.length;
  }
  return APART;
}

/** Words beside the phrase in the closest field of a title (APART when no one field holds it); a name may hold it swapped. */
export function closeness(f: ResultFields, phrase: Phrase): number {
  const words = phrase.tokens;
  let best = Math.min(extraWords(f.titleEn, words), extraWords(f.titleJa, words), extraWords(f.maker, words), extraWords(f.series, words));
  for (const a of f.actresses) {
    best = Math.min(best, extraWords(a.name, words), phrase.swapped ? extraWords(a.name, phrase.swapped.tokens) : APART);
  }
  return best;
}

/** How many of a phrase tier's newest matches are put in order of closeness; the rest follow newest first. */
export const CLOSE_CAP = 64;

/**
 * The first CLOSE_CAP matches of a phrase expression (the newest), closest first and
 * newest first among equals; kept until the catalog changes.
 */
export function closestFirst(db: Db, fts: string, where: string[], params: unknown[], phrase: Phrase): number[] {
  const kept = walkPrefix(db, `close\u0000${fts}\u0000${where.join(" AND ")}\u0000${JSON.stringify(params)}`);
  if (!kept.done) {
    const docs = getResultDocs(db, newestIds(db, fts, where, params, CLOSE_CAP, 0));
    kept.ids = docs
      .map((d, i) => ({ id: d.id, i, c: closeness(fieldsOfDoc(d.doc), phrase) }))
      .sort((a, b) => a.c - b.c || a.i - b.i)
      .map((x) => x.id);
    kept.done = true;
  }
  return kept.ids;
}
