/**
 * Text folding shared by the index and the query side. unicode61 makes a whole
 * run of kana/kanji one token, so Japanese runs are rewritten as overlapping
 * bigrams (as Lucene's CJK analyzer does): any substring of two or more
 * characters is then a phrase of bigrams. A kanji is also indexed alone, once per
 * text, so a one-kanji word (夜, 恋, 妻) is one term; a lone kana, a sound rather
 * than a word, is searched as a bigram prefix.
 * The scanner works on char codes: it runs for every record written.
 */
const WORD = /[\p{L}\p{N}]+/gu;
const ASCII = /^[\x00-\x7f]*$/;

/** Kana, kanji (with extension A and compatibility ideographs), 々〆〇 and the long-vowel mark. */
function isCjk(c: number): boolean {
  return (
    (c >= 0x3040 && c <= 0x30ff) ||
    (c >= 0x4e00 && c <= 0x9fff) ||
    (c >= 0x3400 && c <= 0x4dbf) ||
    (c >= 0xf900 && c <= 0xfaff) ||
    (c >= 0x31f0 && c <= 0x31ff) ||
    (c >= 0x3005 && c <= 0x3007)
  );
}

/** A kanji (unified, extension A, compatibility): the characters that are words alone. */
function isKanjiCode(c: number): boolean {
  return (c >= 0x4e00 && c <= 0x9fff) || (c >= 0x3400 && c <= 0x4dbf) || (c >= 0xf900 && c <= 0xfaff);
}

/** Whether a folded character (a surrogate pair counts as one) is a kanji, indexed alone. */
export function isKanji(ch: string): boolean {
  return ch.length === 2 ? isCjkPair(ch, 0) : isKanjiCode(ch.charCodeAt(0));
}

/** A supplementary-plane ideograph (extension B and later) as a surrogate pair starting at i. */
function isCjkPair(text: string, i: number): boolean {
  const hi = text.charCodeAt(i);
  if (hi < 0xd840 || hi > 0xd87f) return false; // U+20000..U+2FFFF
  const lo = text.charCodeAt(i + 1);
  return lo >= 0xdc00 && lo <= 0xdfff;
}

export function fold(text: string): string {
  return (ASCII.test(text) ? text : text.normalize("NFKC")).toLowerCase();
}

export interface Segment {
  cjk: boolean;
  /** CJK segments: their characters (a pair counts as one). Others: the text. */
  chars: string[] | null;
  text: string;
}

/** Splits folded text into CJK runs and everything else, in order. */
export function segments(folded: string): Segment[] {
  const out: Segment[] = [];
  let i = 0;
  let start = 0;
  while (i < folded.length) {
    const pair = isCjkPair(folded, i);
    if (!pair && !isCjk(folded.charCodeAt(i))) {
      i++;
      continue;
    }
    if (start < i) out.push({ cjk: false, chars: null, text: folded.slice(start, i) });
    const chars: string[] = [];
    const runStart = i;
    for (;;) {
      if (isCjkPair(folded, i)) {
        chars.push(folded.slice(i, i + 2));
        i += 2;
      } else if (i < folded.length && isCjk(folded.charCodeAt(i))) {
        chars.push(folded[i]);
        i++;
      } else break;
    }
    out.push({ cjk: true, chars, text: folded.slice(runStart, i) });
    start = i;
  }
  if (start < folded.length) out.push({ cjk: false, chars: null, text: folded.slice(start) });
  return out;
}

/** Bigrams of one CJK run; a one-character run stays as it is. */
export function bigrams(run: string | string[]): string[] {
  const chars = typeof run === "string" ? Array.from(run) : run;
  if (chars.length < 2) return chars.slice();
  const out: string[] = new Array(chars.length - 1);
  for (let i = 0; i + 1 < chars.length; i++) out[i] = chars[i] + chars[i + 1];
  return out;
}

/** 0 when the character at i is not CJK, else its length in UTF-16 units (a pair counts 2). */
function cjkWidth(text: string, i: number): number {
  if (isCjkPair(text, i)) return 2;
  return isCjk(text.charCodeAt(i)) ? 1 : 0;
}

/**
 * Index-side text: folded, CJK runs as space-separated bigrams, then, after all the
 * rest, each distinct kanji of the text once and the last character of each run (so
 * a one-kana query, a bigram prefix, finds a kana that ends a run). A one-kanji
 * query is then one term, its posting list read in order as any word's, where a
 * bigram prefix merged the lists of every bigram starting with it (on every search, a
 * cost that grew with the catalog). Apart at the end, they leave the bigrams and the words of
 * the text next to each other for phrases. One pass over the folded text, slicing
 * bigrams out of it: this runs for every title written.
 */
export function indexText(text: string): string {
  if (!text) return "";
  const s = fold(text);
  const n = s.length;
  let out = "";
  let plain = 0;
  let i = 0;
  let alone: Set<string> | null = null;
  while (i < n) {
    let w = cjkWidth(s, i);
    if (w === 0) {
      i++;
      continue;
    }
    if (plain < i) out += s.slice(plain, i);
    out += " ";
    alone ??= new Set();
    let prev = i;
    for (;;) {
      if (w === 2 || isKanjiCode(s.charCodeAt(i))) alone.add(s.slice(i, i + w));
      i += w;
      if (i >= n || (w = cjkWidth(s, i)) === 0) break;
      out += s.slice(prev, i + w) + " ";
      prev = i;
    }
    alone.add(s.slice(prev, i));
    plain = i;
  }
  if (alone === null) return s;
  if (plain < n) out += s.slice(plain);
  for (const ch of alone) out += " " + ch;
  return out;
}

export type QueryTerm = { kind: "word"; text: string } | { kind: "cjk"; chars: number; grams: string[] };

/** Splits a user query into words and CJK runs, in order. Nothing else survives. */
export function queryTerms(query: string): QueryTerm[] {
  const terms: QueryTerm[] = [];
  for (const seg of segments(fold(query))) {
    if (seg.cjk) terms.push({ kind: "cjk", chars: seg.chars!.length, grams: bigrams(seg.chars!) });
    else for (const m of seg.text.matchAll(WORD)) terms.push({ kind: "word", text: m[0] });
  }
  return terms;
}
