import { CODE_LETTER_LABELS, LITERAL_LABELS } from "./known-labels.js";
import { isEditionWord, partWord, readSuffix } from "./markers.js";
import { SITE_PREFIX, splitWords, type SiteHint, type Word } from "./name-text.js";
import { isNotLabel } from "./not-labels.js";
import { formatNumber } from "./number.js";
import { parseStandard } from "./standard.js";
import type { ParsedCode } from "./types.js";
import { parseUncensored } from "./uncensored.js";

/** One way of reading a run of words of a name as a code, with what the rules weigh. */
export interface Candidate {
  code: ParsedCode;
  /** First and last word of the run. */
  first: number;
  last: number;
  /** A part read from letters glued to the number (ABP-123B, abc123cd1). */
  gluedPart: number | null;
  /** 2 bracketed ([ABP-123]), 1 delimited, 0 inside a word (unknown letters glued to it). */
  delimit: number;
  /** 1 a studio's own shape (FC2, HEYZO, dated, Tokyo-Hot, amateur, a known label), 0 generic, -1 label and number apart by a space. */
  shape: number;
  /** How glued text reads: 2 as a known label writes it, 1 the usual way, 0 the other way. */
  reading: number;
  /** The whole name is this code (tags and brackets around it aside). */
  whole: boolean;
  /** The name is this code's text and nothing else. */
  bare: boolean;
  /** Read without letters glued to the number (ABP-123C, abp-123ch). */
  suffixed: boolean;
  /** The text glued after the number that is not the code's (C, ch, cd1, hhb): where its marks are read. */
  glued: string;
  /** What the catalog must know for the candidate to count: its label (ABP 123 amid words) or the code (summer2020). */
  needs: "nothing" | "label" | "code";
  /** A studio's own shape read without the studio's name in it (n1335, 062620-001): no better than a generic code elsewhere. */
  unnamed: boolean;
}

const MAX_RUN_WORDS = 4;
/** What joins a label and its number: a hyphen, an underscore, a space, or a dot (SSIS.001.Yua.Mikami, read as a space). */
const JOINS = /^[-_ .]$/;
/**
 * A studio in brackets and its number after it, in brackets or not, (Heyzo)(1723), [FC2PPV](1234567),
 * [HEYZO] 1234: read as a hyphen, for studios' own shapes only.
 */
const BRACKET_JOIN = /^ ?[)\]】〕}] ?(?:[([【〔{] ?)?$/;
const BRACKET_JOINS = / ?[)\]】〕}] ?(?:[([【〔{] ?)?/g;
/** Letters glued after the number, from the end: ch, C, B, z, cd1, hhb1. */
const GLUED_SUFFIX = /(?<=\d)[a-z]{1,10}\d{0,2}$/i;
/** Any text glued after the first number, from the start: SSIS-001nyap2p, abc123def. */
const GLUED_TAIL = /^.*?[a-z][-_ ]?\d+(?=[a-z])/i;
const DATED_ONLY = /^\d{6}[-_]\d{2,4}$/;
const DATED_KINDS: ReadonlySet<ParsedCode["kind"]> = new Set(["caribbean", "caribbeanpr", "1pondo", "10musume", "pacopacomama", "muramura", "dated"]);
/** A label with digits inside, read from its first letter (S2MBD007, MK3D2DBD-01). */
const LITERAL = /^\d*([a-z][a-z0-9]*[a-z])[-_ ]?(\d{2,6})$/i;
const YEAR = /^(?:19[5-9]\d|20[0-3]\d)$/;
/** Forums' and sites' own tags that read like codes (sis001, hhd800, hjd2048), written without their domain. */
const SITE_TAGS: ReadonlySet<string> = new Set([
  "sis001",
  "hhd800",
  "hjd2048",
  "bbs2048",
  "fun2048",
  "kfa11",
  "aavv38",
  "sehuatang",
  "98tang",
  "3xplanet",
  "jav101",
  "javhd",
  "18p2p",
]);
const CLOSERS: Record<string, string> = { "[": "]", "(": ")", "【": "】", "「": "」", "『": "』", "〔": "〕", "{": "}" };
/** A CRC-32 as releases carry it, eight hex digits in one case, letters and digits both: [ED808618], (33ffa63d). */
const CHECKSUM = /^(?=.*[a-fA-F])(?=.*\d)(?:[0-9A-F]{8}|[0-9a-f]{8})$/;

/** A word that is the file's checksum alone in brackets beside the name, never a code: [One Pace][1071-1072] ... [ED808618]. */
function isChecksum(text: string, w: Word): boolean {
  return CHECKSUM.test(w.text) && (text[w.start - 1] === "[" || text[w.start - 1] === "(") && CLOSERS[text[w.start - 1]] === text[w.end];
}

function parseStrict(core: string, hint: SiteHint | null): ParsedCode | null {
  const site = hint !== null && hint !== "tokyohot" && DATED_ONLY.test(core) ? `${SITE_PREFIX[hint]} ` : "";
  return parseUncensored(site + core) ?? parseStandard(core);
}

/** The label of a standard or amateur dvdId (ABP-123 -> ABP). */
export function labelOf(dvdId: string): string {
  const cut = dvdId.lastIndexOf("-");
  return cut <= 0 ? dvdId : dvdId.slice(0, cut);
}

interface Reading {
  code: ParsedCode;
  gluedPart: number | null;
  inWord: boolean;
  reading: number;
  knownLabel: boolean;
  /** A reading the catalog must confirm (a literal label nobody listed). */
  unsure: boolean;
  suffixed: boolean;
  /** The text the code was read from, glued suffix cut off. */
  core: string;
  /** What was cut off after the number, unless the code took it (IBW-398Z). */
  glued: string;
}

function literalReading(core: string): ParsedCode | null {
  const m = LITERAL.exec(core);
  if (!m || !/\d/.test(m[1])) return null;
  return { dvdId: `${m[1].toUpperCase()}-${formatNumber(m[2])}`, kind: "standard", censored: true };
}

/** The run cut before letters glued to its number, as [core, suffix] pairs. */
function cuts(run: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const glued = GLUED_SUFFIX.exec(run);
  if (glued) out.push([run.slice(0, glued.index), glued[0]]);
  const tail = GLUED_TAIL.exec(run);
  if (tail && tail[0].length !== glued?.index) out.push([tail[0], run.slice(tail[0].length)]);
  return out;
}

/** Every code a run of words can be read as: directly, without a glued suffix, or with a literal label. */
function readings(run: string, hint: SiteHint | null): Reading[] {
  const out: Reading[] = [];
  let core = run;
  const add = (
    code: ParsedCode,
    reading = 1,
    gluedPart: number | null = null,
    inWord = false,
    knownLabel = false,
    unsure = false,
    glued = run.slice(core.length),
  ) => {
    if (!out.some((r) => r.code.dvdId === code.dvdId)) out.push({ code, gluedPart, inWord, reading, knownLabel, unsure, suffixed: core !== run, core, glued });
  };
  const direct = parseStrict(run, hint);
  if (direct) add(direct);
  const pieces = cuts(run);
  for (const [cut, tail] of pieces) {
    core = cut;
    const base = parseStrict(core, hint);
    if (!base) continue;
    const suffix = readSuffix(tail);
    if (suffix.kind === "part") add(base, 1, suffix.part);
    else if (suffix.kind === "edition" || suffix.kind === "dmm") add(base);
    else if (suffix.kind === "unknown") {
      // Text glued on (nyap2p, video) may follow a code; more code (td008dv1569d) means the run is something else.
      if (!/[a-z]\d{2,}/i.test(tail)) add(base, 1, null, true);
    } else {
      const known = CODE_LETTER_LABELS.has(labelOf(base.dvdId));
      add({ ...base, dvdId: base.dvdId + suffix.letter }, known ? 2 : 0, null, false, known, false, "");
      add(base, known ? 0 : 1);
    }
  }
  const read = out[0]?.code ?? null;
  if (read !== null && read.kind !== "standard") return out;
  for (const [cut, tail] of [[run, ""], ...pieces]) {
    core = cut;
    const literal = literalReading(core);
    if (!literal) continue;
    const known = LITERAL_LABELS.has(labelOf(literal.dvdId));
    const suffix = tail === "" ? null : readSuffix(tail);
    add(literal, known ? 2 : 0, suffix?.kind === "part" ? suffix.part : null, suffix?.kind === "unknown", known, !known);
    break;
  }
  return out;
}

/** [ABP-123], (ABP-123), 【ABP-123-C】: an opening bracket before, and only tags up to its closing one. */
function bracketed(text: string, start: number, end: number): boolean {
  let before = start - 1;
  while (before >= 0 && text[before] === " ") before--;
  const close = CLOSERS[text[before]];
  if (close === undefined) return false;
  const at = text.indexOf(close, end);
  if (at < 0 || at - end > 24) return false;
  return splitWords(text.slice(end, at)).every((w) => isEditionWord(w.text) || partWord(w.text) !== null);
}

/** Tokyo-Hot's own numbering, n0001-n1999, k0001-k1999 and kb0001-kb1999, written as one word. */
const TOKYO_HOT_NUMBER = /^(?:kb|[nk])[01]\d{3}$/i;

/**
 * Tokyo-Hot's n1234 / k1234 only where the name says Tokyo-Hot, has their file shape
 * (n1234_name_...), or is a Tokyo-Hot name: one of its first two words stands where the
 * file's own code stands. Then every such code in it counts, so two of them tie.
 */
function tokyoHotPlausible(text: string, words: Word[], first: number, last: number, run: string, hint: SiteHint | null): boolean {
  if (/tokyo/i.test(run) || hint === "tokyohot") return true;
  if (first === 0 && last === words.length - 1) return true;
  if (first === 0 && text[words[last].end] === "_") return true;
  return tokyoHotAsName(text, words, 0) || tokyoHotAsName(text, words, 1);
}

/**
 * Word k is the code as the file's own name: first once site domains are set aside
 * (site.com_n1234-5, n1234-CD1), or after one lower-case series or site word
 * (nyoshin-n1335, nyoshin_n1335_camera1) unless that word is never a label
 * (pentax-k1000 is a camera); then a separator or the end (after a series word,
 * a space too: nyoshin-n1335 ABP-123 holds two codes).
 */
function tokyoHotAsName(text: string, words: Word[], k: number): boolean {
  if (k >= words.length) return false;
  const word = words[k].text;
  const after = text[words[k].end];
  const ends = after === undefined || after === "-" || after === "_" || (k === 1 && after === " ");
  if (!TOKYO_HOT_NUMBER.test(word) || !ends) return false;
  if (k === 0) return true;
  const series = words[0].text;
  return /^[a-z]+$/.test(series) && !isNotLabel(series) && /^[-_]$/.test(text.slice(words[0].end, words[1].start)) && /^(?:kb|[nk])/.test(word);
}

/** The number as typed: the last digits before a DMM suffix (ssis00001hhb1 -> 00001, abp-1 -> 1). */
function digitsTyped(core: string): string {
  return /(\d+)[a-z_]*\d{0,2}$/i.exec(core)?.[1] ?? "";
}

/**
 * Every candidate in a name (one path segment, extension and domains removed):
 * each run of up to four words joined by `-`, `_` or a space that ends in a digit,
 * read by the strict parsers. A studio's name and its number may also sit each in
 * brackets, (Heyzo)(1723): such a run is read only as that studio's own shape, so
 * (Hunter)(2019) or [One Pace][1071-1072] stay apart. A run inside a longer run that
 * reads as a code is dropped (PPV-123456 inside FC2-PPV-123456), unless it is a studio's
 * own shape inside a generic one (n1234 in series-n1234): then the rules choose. A
 * checksum in brackets ([ED808618]) is never read.
 */
export function nameCandidates(text: string, hint: SiteHint | null): Candidate[] {
  const words = splitWords(text);
  const found: Candidate[] = [];
  for (let i = 0; i < words.length; i++) {
    let acrossBrackets = false;
    for (let j = i; j < Math.min(words.length, i + MAX_RUN_WORDS); j++) {
      if (j > i) {
        const sep = text.slice(words[j - 1].end, words[j].start);
        if (BRACKET_JOIN.test(sep)) acrossBrackets = true;
        else if (!JOINS.test(sep)) break;
      }
      if (!/\d/.test(words[j].text)) continue;
      // A checksum or a quality tag with digits (HDTV-1080p, VP9-1080p, HEVC-10bit) ends a run: it is never a code's number.
      if ((words.length > 1 && isChecksum(text, words[j])) || isEditionWord(words[j].text)) break;
      const run = text.slice(words[i].start, words[j].end).replaceAll(".", " ").replace(BRACKET_JOINS, "-");
      if (i === j && SITE_TAGS.has(run.toLowerCase())) continue;
      const whole = i === 0 && j === words.length - 1;
      for (const r of readings(run, hint)) {
        if (acrossBrackets && (r.code.kind === "standard" || r.code.kind === "amateur")) continue;
        const c = candidateOf(text, words, i, j, run, whole, r, hint);
        if (c) found.push(c);
      }
    }
  }
  const inside = (c: Candidate, o: Candidate) => o.first <= c.first && o.last >= c.last && (o.first < c.first || o.last > c.last);
  return found.filter((c) => !found.some((o) => o !== c && inside(c, o) && o.shape >= c.shape));
}

function candidateOf(
  text: string,
  words: Word[],
  first: number,
  last: number,
  run: string,
  whole: boolean,
  r: Reading,
  hint: SiteHint | null,
): Candidate | null {
  const { code } = r;
  if (code.kind === "tokyohot" && !tokyoHotPlausible(text, words, first, last, run, hint)) return null;
  let shape = code.kind === "standard" ? 0 : 1;
  let needs: Candidate["needs"] = "nothing";
  if (code.kind === "standard") {
    const core = r.core;
    const digits = digitsTyped(core);
    if (digits.length < 2 && !whole) return null;
    const label = /[a-z]+/i.exec(core)?.[0] ?? "";
    const spaced = /[a-z] +\d+$/i.test(core);
    const mixedCase = /^[A-Z][a-z]+$/.test(label);
    if (r.knownLabel) shape = 1;
    else if (spaced) shape = -1;
    if (spaced && !whole) needs = "label";
    // A label nobody listed read literally, or a long word (recording_001): a code where the catalog knows the label.
    if (r.unsure || (label.length >= 7 && !r.knownLabel)) needs = "label";
    // A year after a word (TOKYO 2020, party-2017, Summer-2019) is a code only where the catalog holds it;
    // after a label (mxgs1956, ABP-2019) it is a number like any other.
    const wordLike = mixedCase || (label.length >= 5 && /[aeiou]/i.test(label));
    if (YEAR.test(digits) && (spaced || wordLike)) needs = "code";
  }
  // Right before an @ is where a forum signs (sis001@, xxx@ABP-123): weighed as inside a word.
  const signed = text[words[last].end] === "@";
  const delimit = bracketed(text, words[first].start, words[last].end) ? 2 : r.inWord || signed ? 0 : 1;
  const bare = whole && run.length === text.length;
  const unnamed = (code.kind === "tokyohot" && !/tokyo/i.test(run)) || (DATED_KINDS.has(code.kind) && !/[a-z]/i.test(run));
  return { code, first, last, gluedPart: r.gluedPart, delimit, shape, reading: r.reading, whole, bare, suffixed: r.suffixed, glued: r.glued, needs, unnamed };
}
