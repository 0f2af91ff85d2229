/**
 * Text folding shared by the index and the query side. unicode61 makes a whole
 * run of kana/kanji one token, so Japanese runs are rewritten as overlapping
 * bigrams (as Lucene's CJK analyzer does): any substring of two or more
 * characters is then a phrase of bigrams, and one character a bigram prefix.
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

/**
 * Index-side text: folded, CJK runs as space-separated bigrams. The last character
 * of a longer run is indexed alone too, so a one-character query (a bigram prefix)
 * also finds the character that ends a run.
 */
export function indexText(text: string): string {
  if (!text) return "";
  const folded = fold(text);
  let out = "";
  for (const seg of segments(folded)) {
    if (!seg.cjk) {
      out += seg.text;
      continue;
    }
    const chars = seg.chars!;
    out += " " + bigrams(chars).join(" ");
    if (chars.length > 1) out += " " + chars[chars.length - 1];
    out += " ";
  }
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
