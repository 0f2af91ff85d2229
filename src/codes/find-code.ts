import { labelOf, nameCandidates, type Candidate } from "./candidates.js";
import { isEditionWord, isPartPrefix, partLetter, partNumber, partWord } from "./markers.js";
import { bracketMarks, gluedMarks, marksAfter, marksAtEnd, NO_MARKS, type NameMarks } from "./marks.js";
import { blankDomains, MAX_SEGMENT, normalizeText, pathSegments, siteHint, splitWords, stripExtension, type SiteHint } from "./name-text.js";
import { parseStandard } from "./standard.js";
import { parseUncensored } from "./uncensored.js";
import type { ParsedCode } from "./types.js";

/** What the catalog knows, asked only when a name can be read more than one way. */
export interface CodeKnowledge {
  /** Whether the catalog holds the code, in any of the spellings a lookup tries. */
  hasCode(code: ParsedCode): boolean;
  hasLabel(label: string): boolean;
}

export interface FoundCode extends ParsedCode {
  /** The part or disc the name marks (cd2, -B, abp123-5), else null. */
  part: number | null;
  /** The input was the code itself (no path, extension, tags or other words). */
  exact: boolean;
  /** The studio the name names (Carib, 1pondo, Tokyo-Hot ...), which narrows the code's sellers (sellers.ts); else null. */
  site: SiteHint | null;
  /** What the name says of the file: subtitles, an uncensored copy, a leak (-C, -UC, 流出); all false for none. */
  marks: NameMarks;
}

export interface NameReading {
  found: FoundCode | null;
  /** The codes the name could be read as, best first: one when it reads clearly, several when it is ambiguous. */
  candidates: string[];
  reason: "found" | "no-code" | "ambiguous";
}

/** Folders above the file that may name the title (ABP-123/video.mp4). */
const MAX_FOLDERS = 3;

interface Scored extends Candidate {
  inCatalog: number;
  labelInCatalog: number;
}

/** Compares two candidates by the rules, best first; 0 means equally good. */
function compare(a: Scored, b: Scored): number {
  return b.inCatalog - a.inCatalog || b.delimit - a.delimit || b.shape - a.shape || b.labelInCatalog - a.labelInCatalog || b.reading - a.reading;
}

/**
 * Another code elsewhere in the name, as well delimited, ties with a studio's shape read
 * without the studio's name (nyoshin-n1335 ABP-123.mp4): a name that holds two codes is no guess,
 * whichever of the two the catalog holds (it may hold one only because the other's site is not
 * crawled).
 */
function rivals(c: Scored, best: Scored): boolean {
  const apart = c.last < best.first || c.first > best.last;
  // A two-digit number is too little for a code read beside one (n1340_rq_03: rq 03 is the special's own numbering).
  const full = !/-\d\d$/.test(c.code.dvdId) && !/-\d\d$/.test(best.code.dvdId);
  return (best.unnamed || c.unnamed) && apart && full && c.shape >= 0 && best.shape >= 0 && c.delimit === best.delimit;
}

function score(candidates: Candidate[], knowledge: CodeKnowledge | undefined): Scored[] {
  const distinct = new Set(candidates.map((c) => c.code.dvdId)).size;
  const ask = knowledge !== undefined && (distinct > 1 || candidates.some((c) => c.needs !== "nothing"));
  const scored = candidates.map((c): Scored => {
    const inCatalog = ask && knowledge.hasCode(c.code) ? 1 : 0;
    const labelInCatalog = inCatalog || (ask && hasLabel(knowledge, c.code)) ? 1 : 0;
    return { ...c, inCatalog, labelInCatalog };
  });
  return scored.filter((c) => c.needs === "nothing" || (c.needs === "label" ? c.labelInCatalog : c.inCatalog) === 1);
}

function hasLabel(knowledge: CodeKnowledge, code: ParsedCode): boolean {
  return (code.kind === "standard" || code.kind === "amateur") && knowledge.hasLabel(labelOf(code.dvdId));
}

/** The part marked after the code: -2, _cd1, part 2, -B, heyzo_1234_full-1; then a cd2 anywhere after it. */
function partAfter(text: string, c: Candidate): number | null {
  if (c.gluedPart !== null) return c.gluedPart;
  const words = splitWords(text);
  for (let k = c.last + 1; k < words.length; k++) {
    const sep = text.slice(words[k - 1].end, words[k].start);
    if (!/^[-_ .]+$/.test(sep)) break;
    const w = words[k].text;
    const marked = partWord(w);
    if (marked !== null) return marked;
    if (isPartPrefix(w) && k + 1 < words.length && /^\d{1,2}$/.test(words[k + 1].text)) return partNumber(words[k + 1].text);
    // 1.2K, 2.7K: a frame width in thousands (a quality tag), not part 1 or 2.
    if (/^\d{1,2}$/.test(w) && /^\.\d[kK](?![A-Za-z0-9])/.test(text.slice(words[k].end))) break;
    if (/^\d{1,2}$/.test(w)) return /[-_]/.test(sep) || k === words.length - 1 ? partNumber(w) : null;
    if (/^[a-z]$/i.test(w) && /[-_]/.test(sep) && partLetter(w) !== null) return partLetter(w);
    if (!isEditionWord(w)) break;
  }
  for (let k = c.last + 1; k < words.length; k++) {
    if (/^(?:cd|disc|disk)\d{1,2}$/i.test(words[k].text)) return partWord(words[k].text);
  }
  // One digit closing the name after a title, joined by - or _ (…週末モデル 神田るな_1): the file's place in a set.
  const end = words[words.length - 1];
  if (words.length - 1 > c.last && end.end === text.length && /^[1-9]$/.test(end.text) && /\D[-_]$/.test(text.slice(0, end.start))) {
    return partNumber(end.text);
  }
  return null;
}

interface SegmentReading {
  best: Scored[];
  text: string;
}

/** The best candidates of one segment: one code, several tied codes, or none. */
function readSegment(segment: string, hint: SiteHint | null, knowledge: CodeKnowledge | undefined): SegmentReading {
  if (segment.length > MAX_SEGMENT) return { best: [], text: segment };
  const text = blankDomains(stripExtension(segment)).trim();
  const scored = score(nameCandidates(text, hint), knowledge).sort(compare);
  const top = scored.filter((c) => compare(c, scored[0]) === 0 || rivals(c, scored[0]));
  const byCode = new Map<string, Scored>();
  for (const c of top) if (!byCode.has(c.code.dvdId)) byCode.set(c.code.dvdId, c);
  return { best: [...byCode.values()], text };
}

function found(c: Candidate, text: string, exact: boolean, site: SiteHint | null): FoundCode {
  return { ...c.code, part: partAfter(text, c), exact, site, marks: marksOf(text, c) };
}

/** Tags the marks may stand among: the words the part reader skips, parts, and a part's number. */
const isTag = (w: string): boolean => isEditionWord(w) || partWord(w) !== null || isPartPrefix(w) || /^\d{1,2}$/.test(w);

/** The marks of the code's own name: glued to its number, in the words after it, closing the name, alone in brackets. */
function marksOf(text: string, c: Candidate): NameMarks {
  const marks = { ...NO_MARKS };
  gluedMarks(c.glued, marks);
  const end = splitWords(text)[c.last].end;
  marksAfter(text, end, isTag, marks);
  marksAtEnd(text, end, isTag, marks);
  bracketMarks(text, isTag, marks);
  return marks;
}

/**
 * The bare codes most lookups send (ABP-123, abp123, SSIS_001): a label of letters and
 * its number, read by the strict parser as the rules below would read them. A number
 * that could be a year goes the long way (TOKYO 2020 is no code).
 */
const PLAIN = /^[A-Za-z]{2,6}[-_]?(?!19\d\d$|20\d\d$)\d{2,5}$/;

function plainCode(text: string): ParsedCode | null {
  return PLAIN.test(text) ? (parseUncensored(text) ?? parseStandard(text)) : null;
}

/**
 * Reads the catalog code in a path, file name or query: the file's name first, then
 * the folders above it when the name holds none. The rules, in order: a code the
 * catalog holds; bracketed, then delimited, then inside a word; a studio's own shape,
 * then a generic one, then a label and number apart; a label the catalog holds.
 * When two codes remain equally good it answers none rather than a guess; a studio's
 * shape read without the studio's name (n1335, 062620-001) is no better than another code.
 */
export function readName(input: string, knowledge?: CodeKnowledge): NameReading {
  if (typeof input !== "string") return { found: null, candidates: [], reason: "no-code" };
  const normal = normalizeText(input);
  const plain = plainCode(normal);
  if (plain !== null) return { found: { ...plain, part: null, exact: true, site: null, marks: { ...NO_MARKS } }, candidates: [plain.dvdId], reason: "found" };
  const segments = pathSegments(normal).slice(0, MAX_FOLDERS + 1);
  // The file's own name says its studio first; a folder's (a studio's folder of a library) only where the file's says none.
  const hint = normal.length > MAX_SEGMENT * 4 ? null : (siteHint(segments[0] ?? "") ?? siteHint(normal));
  let tied: SegmentReading | null = null;
  for (const segment of segments) {
    const reading = readSegment(segment, hint, knowledge);
    const { best, text } = reading;
    if (best.length === 0) continue;
    if (best.length === 1 && tied === null) {
      const c = best[0];
      const exact = segments.length === 1 && c.bare && !c.suffixed && text === normal;
      return { found: found(c, text, exact, hint), candidates: [c.code.dvdId], reason: "found" };
    }
    if (tied === null) {
      tied = reading;
      continue;
    }
    // A folder that names one of the name's tied codes settles it; the part is the name's.
    const settled = best.length === 1 ? tied.best.find((c) => c.code.dvdId === best[0].code.dvdId) : undefined;
    if (settled) return { found: found(settled, tied.text, false, hint), candidates: codes(tied), reason: "found" };
    break;
  }
  if (tied !== null) return { found: null, candidates: codes(tied), reason: "ambiguous" };
  return { found: null, candidates: [], reason: "no-code" };
}

function codes(reading: SegmentReading): string[] {
  return reading.best.map((c) => c.code.dvdId);
}

export function findCode(input: string, knowledge?: CodeKnowledge): FoundCode | null {
  return readName(input, knowledge).found;
}
