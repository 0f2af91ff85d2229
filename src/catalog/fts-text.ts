/**
 * Text folding shared by the index and the query side. unicode61 makes a whole
 * run of kana/kanji one token, so Japanese runs are rewritten as overlapping
 * bigrams (as Lucene's CJK analyzer does): any substring of two or more
 * characters is then a phrase of bigrams, and one character a bigram prefix.
 */
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc\u3005\u3006]+/gu;
const WORD = /[\p{L}\p{N}]+/gu;

export function fold(text: string): string {
  return text.normalize("NFKC").toLowerCase();
}

/** Bigrams of one CJK run; a one-character run stays as it is. */
export function bigrams(run: string): string[] {
  const chars = Array.from(run);
  if (chars.length < 2) return chars;
  const out: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i] + chars[i + 1]);
  return out;
}

/**
 * Index-side text: folded, CJK runs as space-separated bigrams. The last character
 * of a longer run is indexed alone too, so a one-character query (a bigram prefix)
 * also finds the character that ends a run.
 */
export function indexText(text: string): string {
  if (!text) return "";
  return fold(text).replace(CJK_RUN, (run) => {
    const chars = Array.from(run);
    const last = chars.length > 1 ? ` ${chars[chars.length - 1]}` : "";
    return ` ${bigrams(run).join(" ")}${last} `;
  });
}

export type QueryTerm = { kind: "word"; text: string } | { kind: "cjk"; chars: number; grams: string[] };

/** Splits a user query into words and CJK runs, in order. Nothing else survives. */
export function queryTerms(query: string): QueryTerm[] {
  const terms: QueryTerm[] = [];
  const folded = fold(query);
  let last = 0;
  const pushWords = (segment: string) => {
    for (const m of segment.matchAll(WORD)) terms.push({ kind: "word", text: m[0] });
  };
  for (const m of folded.matchAll(CJK_RUN)) {
    pushWords(folded.slice(last, m.index));
    terms.push({ kind: "cjk", chars: Array.from(m[0]).length, grams: bigrams(m[0]) });
    last = m.index! + m[0].length;
  }
  pushWords(folded.slice(last));
  return terms;
}
