/**
 * The marks a file's name carries about the file itself (facts of the copy, not of the
 * title): Chinese subtitles burnt in, an uncensored (decensored) copy of a censored
 * release, a leaked copy. Read as the organizers people ran before read them:
 * - Movie Data Capture (core.py): `[-_]C` before the extension or a `-` (subtitles),
 *   `\d+ch` glued, `中文`/`字幕`; `[-_]UC` (both), `[-_]U` (hack, i.e. uncensored);
 *   `hack`/`破解`; `流出` (leak); its number parser drops `-leak`, `-uncensored`, `-hack`.
 * - mdcx (mdcx/core/file.py, config models): subtitles `-C.`, `-C-`, `-C `, `ch.`, `字幕`
 *   (not in `無字幕`), and `-uc.`; cracked (its UMR) `-uncensored.`, `umr.`, `-u.`, `-uc.`,
 *   `破解`, `克破`; leak `流出`, `leaked`.
 * Only words that belong to the code's own name count: joined to the code, or after it by
 * `-`/`_` (a word after a space may be a title's first word), closing the name after a
 * title by `-`/`_`, or alone in brackets in the same segment (`[中文字幕]`). `無修正`/`無碼`/`无码` are left out: both peers read them as the
 * kind of product (an uncensored studio's), which neither writes into a file name.
 */

export interface NameMarks {
  /** Chinese subtitles burnt into the video (-C, ch, 中文字幕). */
  subtitles: boolean;
  /** An uncensored copy of a censored release (-U, the U of -UC, 破解). */
  uncensored: boolean;
  /** A leaked copy (leak, 流出). */
  leak: boolean;
}

export const NO_MARKS: NameMarks = Object.freeze({ subtitles: false, uncensored: false, leak: false });

type Mark = keyof NameMarks;

/** Latin mark words, lower-case (MDC, mdcx and the brief's list of what people write). */
const MARK_WORDS: ReadonlyMap<string, readonly Mark[]> = new Map<string, readonly Mark[]>([
  ["c", ["subtitles"]],
  ["ch", ["subtitles"]],
  ["chs", ["subtitles"]],
  ["cht", ["subtitles"]],
  ["sub", ["subtitles"]],
  ["subbed", ["subtitles"]],
  ["uc", ["uncensored", "subtitles"]],
  ["u", ["uncensored"]],
  ["uncensored", ["uncensored"]],
  ["uncen", ["uncensored"]],
  ["decensored", ["uncensored"]],
  ["umr", ["uncensored"]],
  ["hack", ["uncensored"]],
  ["leak", ["leak"]],
  ["leaked", ["leak"]],
]);

/**
 * Chinese and Japanese marks, longest first (无码流出 before 流出), in NFKC form as the reader
 * sees text; 無字幕 ("no subtitles", which mdcx sets aside) is read as no mark.
 */
const MARK_PHRASES: ReadonlyArray<[string, readonly Mark[]]> = [
  ["無字幕", []],
  ["无字幕", []],
  ["中文字幕", ["subtitles"]],
  ["字幕", ["subtitles"]],
  ["无码破解", ["uncensored"]],
  ["無碼破解", ["uncensored"]],
  ["破解", ["uncensored"]],
  ["克破", ["uncensored"]],
  ["无码流出", ["leak"]],
  ["無碼流出", ["leak"]],
  ["流出", ["leak"]],
];

const OPEN_CLOSE: Record<string, string> = { "[": "]", "(": ")", "【": "】", "「": "」", "『": "』", "〔": "〕", "{": "}" };
const SEPARATORS = /[-_ .]+/y;
const WORD = /[A-Za-z0-9]+/y;

function add(into: NameMarks, marks: readonly Mark[] | undefined): void {
  for (const m of marks ?? []) into[m] = true;
}

function phraseAt(text: string, at: number): [string, readonly Mark[]] | null {
  for (const entry of MARK_PHRASES) if (text.startsWith(entry[0], at)) return entry;
  return null;
}

/** The marks of letters glued to a code's number (ABP-123C, SSIS-001ch, ABP-123UC, abc-123ch-cd2). */
export function gluedMarks(glued: string, into: NameMarks): void {
  for (const word of glued.split(/[-_ .]+/)) add(into, MARK_WORDS.get(word.toLowerCase()));
}

/**
 * The marks in the words after a code (from `at`, where its last word ends): marks and the
 * tags the reader skips (1080p, cd2, 2K) joined by `-`, `_`, `.` or a space, up to the first
 * other word. A Latin mark counts only after a `-` or `_`; a Chinese one after any of them.
 * `skip` says which words are tags (the reader's edition and part words). Answers where it stopped.
 */
export function marksAfter(text: string, at: number, skip: (word: string) => boolean, into: NameMarks): number {
  let i = at;
  while (i < text.length) {
    SEPARATORS.lastIndex = i;
    const sep = SEPARATORS.exec(text)?.[0] ?? "";
    const before = i;
    i += sep.length;
    const phrase = phraseAt(text, i);
    if (phrase !== null) {
      add(into, phrase[1]);
      i += phrase[0].length;
      continue;
    }
    WORD.lastIndex = i;
    const word = WORD.exec(text)?.[0];
    if (word === undefined) return before;
    const marks = MARK_WORDS.get(word.toLowerCase());
    // A mark word after a space is a title's first word (ABP-123 Leak of ...): the name's own words end there.
    if (marks !== undefined && !/[-_]/.test(sep)) return before;
    if (marks !== undefined) add(into, marks);
    else if (!skip(word)) return before;
    i += word.length;
  }
  return i;
}

const PHRASES = MARK_PHRASES.map(([p]) => p).join("|");
/** The last word or phrase of a text and the `-`/`_` before it. */
const LAST_TOKEN = new RegExp(`[-_]+(${PHRASES}|[A-Za-z0-9]+)$`);

/**
 * The marks closing a name, after a title (ABP-123 Title-C-cd1, as Movie Data Capture and
 * mdcx read `-C` before the extension): from the end back, marks and tags each after a `-`
 * or `_`, up to the first other word; nothing before `from` (the code's end) is read.
 */
export function marksAtEnd(text: string, from: number, skip: (word: string) => boolean, into: NameMarks): void {
  let rest = text.slice(from);
  for (let m = LAST_TOKEN.exec(rest); m !== null; m = LAST_TOKEN.exec(rest)) {
    const token = m[1];
    const marks = MARK_PHRASES.find(([p]) => p === token)?.[1] ?? MARK_WORDS.get(token.toLowerCase());
    if (marks !== undefined) add(into, marks);
    else if (!skip(token)) return;
    rest = rest.slice(0, m.index);
  }
}

/**
 * Marks in brackets anywhere in the segment: [中文字幕], 【破解】, (leak), [1080p-C], and a
 * Chinese mark among other Chinese or Japanese words ([高清中文字幕]). A bracket with a
 * Latin word that is no mark or tag (a code, a title) says nothing.
 */
export function bracketMarks(text: string, skip: (word: string) => boolean, into: NameMarks): void {
  for (let i = 0; i < text.length; i++) {
    const close = OPEN_CLOSE[text[i]];
    if (close === undefined) continue;
    const end = text.indexOf(close, i + 1);
    if (end < 0) continue;
    const found = onlyMarks(text.slice(i + 1, end), skip);
    if (found !== null) add(into, found);
  }
}

/** The marks of a bracket's text when it holds nothing but marks and tags, else null. */
function onlyMarks(inner: string, skip: (word: string) => boolean): Mark[] | null {
  const found: Mark[] = [];
  let i = 0;
  const gap = /[-_ .,、・]+/y;
  while (i < inner.length) {
    gap.lastIndex = i;
    i += gap.exec(inner)?.[0].length ?? 0;
    if (i >= inner.length) break;
    const phrase = phraseAt(inner, i);
    if (phrase !== null) {
      found.push(...phrase[1]);
      i += phrase[0].length;
      continue;
    }
    WORD.lastIndex = i;
    const word = WORD.exec(inner)?.[0];
    if (word === undefined) {
      if (inner.charCodeAt(i) < 0x3000) return null;
      i++;
      continue;
    }
    const marks = MARK_WORDS.get(word.toLowerCase());
    if (marks !== undefined) found.push(...marks);
    else if (!skip(word)) return null;
    i += word.length;
  }
  return found.length > 0 ? found : null;
}

/**
 * The marks a text written for a template's `{marks}` reads as after a code (`-C`, `-UC`,
 * `-流出`): null unless the whole text is marks, starting with `-` or `_` and ending in one.
 */
export function readMarksText(text: string): NameMarks | null {
  if (!/^[-_]/.test(text) || /[-_ .]$/.test(text)) return null;
  const into = { ...NO_MARKS };
  return marksAfter(text, 0, () => false, into) === text.length ? into : null;
}
