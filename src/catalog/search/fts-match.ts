import { isKanji, queryTerms, type QueryTerm } from "../fts/fts-text.js";

/** All the words of a text as one phrase: the FTS string, and its words as the index holds them. */
export interface Phrase {
  expr: string;
  tokens: string[];
  /** Two words may name a person in either order (Jun Nanase, Nanase Jun): the other order. */
  swapped: { expr: string; tokens: string[] } | null;
}

/**
 * Builds an FTS5 MATCH expression from user text. Every term is emitted as a
 * quoted string built only from letters, digits and CJK bigrams, so user input
 * never reaches FTS5 syntax: `"`, `AND`, `*`, `(`, `NEAR(`, `col:x` are all
 * searched as plain words. Terms combine with AND; the last word matches as a
 * prefix (search as you type), unless `wholeWord` says it is a word in its own
 * right (see isCommonWord in search.ts: expanding `the*` reads every term from
 * `the` to `thez`). Returns null when nothing searchable is left.
 */
export function buildMatch(query: string, options: { prefixLast?: boolean; wholeWord?: (word: string) => boolean } = {}): string | null {
  const terms = queryTerms(query);
  if (terms.length === 0) return null;
  const last = terms[terms.length - 1];
  const prefixLast = (options.prefixLast ?? true) && !(last.kind === "word" && options.wholeWord !== undefined && options.wholeWord(last.text));
  return terms.map((t, i) => termExpr(t, prefixLast && i === terms.length - 1)).join(" AND ");
}

function quote(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

function termExpr(term: QueryTerm, prefix: boolean): string {
  if (term.kind === "word") return prefix ? `${quote(term.text)}*` : quote(term.text);
  // One kanji: the kanji as the index holds it alone. One kana: any bigram starting
  // with it (or the kana ending a run). Longer: the phrase of its bigrams.
  if (term.chars === 1) return isKanji(term.grams[0]) ? quote(term.grams[0]) : `${quote(term.grams[0])}*`;
  return quote(term.grams.join(" "));
}

/**
 * Whether an expression holds a prefix term (`"x"*`; user text is always quoted, so
 * only buildMatch writes one). FTS5 merges the postings of every word a prefix starts
 * before it yields any match, on every query that holds it: even for one row, or for
 * the next chunk after a given rowid (a one-kana word merges every bigram starting with
 * it, a cost that grows with the catalog).
 */
export function hasPrefixTerm(fts: string): boolean {
  return fts.includes('"*');
}

/** The code column phrase of a canonical dvdId (`ABP-123` -> `code : "abp 123"`). */
export function codePhrase(dvdId: string): string | null {
  const words = queryTerms(dvdId).flatMap((t) => (t.kind === "word" ? [t.text] : t.grams));
  if (words.length === 0) return null;
  return `code : ${quote(words.join(" "))}`;
}

/**
 * All the words of a query as one phrase (CJK runs as their bigrams), for the tier of
 * titles that hold them together in one field; null when there is nothing to search
 * or a lone CJK character (indexed apart from the text, after it: no phrase holds it).
 */
export function buildPhrase(query: string): Phrase | null {
  const terms = queryTerms(query);
  if (terms.length === 0 || terms.some((t) => t.kind === "cjk" && t.chars === 1)) return null;
  const tokens = terms.flatMap((t) => (t.kind === "word" ? [t.text] : t.grams));
  const twoWords = terms.length === 2 && terms.every((t) => t.kind === "word");
  const swapped = twoWords ? [tokens[1], tokens[0]] : null;
  return { expr: quote(tokens.join(" ")), tokens, swapped: swapped && { expr: quote(swapped.join(" ")), tokens: swapped } };
}
