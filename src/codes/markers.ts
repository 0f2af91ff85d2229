/**
 * What the words around a code say about the file rather than the title: a part or
 * disc (cd2, part1, -B), or an edition, quality, codec or subtitle tag (-C, ch, 1080p,
 * x265, leak). A part is reported beside the code, never glued onto its number.
 */

/** Quality, codec, source, subtitle and edition words: never a code, and skipped when looking for a part. */
const EDITION_WORDS: ReadonlySet<string> = new Set([
  "c",
  "ch",
  "chs",
  "cht",
  "chn",
  "cn",
  "cs",
  "sc",
  "tc",
  "sub",
  "subs",
  "subbed",
  "zimu",
  "u",
  "uc",
  "uncen",
  "uncensored",
  "decensored",
  "leak",
  "leaked",
  "hack",
  "hacked",
  "reducing",
  "mosaic",
  "nomosaic",
  "eng",
  "en",
  "jp",
  "jav",
  "hd",
  "fhd",
  "uhd",
  "sd",
  "hq",
  "lq",
  "fullhd",
  "full",
  "hdr",
  "hdr10",
  "sdr",
  "vr",
  "3d",
  "2k",
  "4k",
  "8k",
  "1080p",
  "1080i",
  "720p",
  "480p",
  "540p",
  "360p",
  "1440p",
  "2160p",
  "4320p",
  "30fps",
  "60fps",
  "120fps",
  "10bit",
  "8bit",
  "x264",
  "x265",
  "h264",
  "h265",
  "hevc",
  "avc",
  "av1",
  "vp9",
  "xvid",
  "divx",
  "aac",
  "ac3",
  "dts",
  "flac",
  "mp3",
  "opus",
  "bluray",
  "bdrip",
  "brrip",
  "dvdrip",
  "webrip",
  "webdl",
  "web",
  "dl",
  "hdtv",
  "remux",
  "rip",
]);

/** Suffixes DMM puts on content ids (ssis00001hhb, abp00123dod, 1mist00219re01). */
const DMM_SUFFIX = /^(?:hhb|mhb|dmb|dm|dod|tk|re|sm|hq)\d{0,2}$/i;

/** cd1, part2, pt1, disc2 as one word. */
const PART_WORD = /^(?:cd|part|pt|disc|disk)(\d{1,2})$/i;
/** cd, part, pt, disc as a word of its own, the number in the next word. */
const PART_PREFIX = /^(?:cd|part|pt|disc|disk)$/i;
/** Lettered parts: A, B, D, E, F. C is left out: -C marks Chinese subtitles far more often. */
const PART_LETTERS = "AB DEF";

/** A frame size, 1920x1080 or 704x480: a quality tag like 1080p. */
const FRAME_SIZE = /^\d{3,4}x\d{3,4}$/i;

export function isEditionWord(word: string): boolean {
  return EDITION_WORDS.has(word.toLowerCase()) || FRAME_SIZE.test(word);
}

/** The part a cd2 / part1 word names, or null. */
export function partWord(word: string): number | null {
  const m = PART_WORD.exec(word);
  return m ? partNumber(m[1]) : null;
}

export function isPartPrefix(word: string): boolean {
  return PART_PREFIX.test(word);
}

/** A part number as written (1-99; 0 is no part). */
export function partNumber(digits: string): number | null {
  const n = Number(digits);
  return Number.isInteger(n) && n >= 1 && n <= 99 ? n : null;
}

/** The part a lettered part names (A -> 1, B -> 2), or null. */
export function partLetter(letter: string): number | null {
  if (letter.length !== 1) return null;
  const i = PART_LETTERS.indexOf(letter.toUpperCase());
  return i < 0 || letter === " " ? null : i + 1;
}

/**
 * How letters glued to a code's number read (ABP-123C, abp-123ch, ABP-123B, IBW-398z, abp00123hhb),
 * with the marker words that may follow them (ABC-123CH-CD2: a subtitle mark, then disc 2).
 */
export type GluedSuffix = { kind: "part"; part: number } | { kind: "edition" } | { kind: "dmm" } | { kind: "letter"; letter: string } | { kind: "unknown" };

export function readSuffix(suffix: string): GluedSuffix {
  const words = suffix.split(/[-_ .]+/).filter((w) => w !== "");
  if (words.length > 1) return readMarkers(words);
  const part = partWord(suffix) ?? partLetter(suffix);
  if (part !== null) return { kind: "part", part };
  if (isEditionWord(suffix)) return { kind: "edition" };
  if (DMM_SUFFIX.test(suffix)) return { kind: "dmm" };
  if (/^[a-z]$/i.test(suffix)) return { kind: "letter", letter: suffix.toUpperCase() };
  return { kind: "unknown" };
}

/** Glued letters and the words after them: a part when one of them names it, tags only, or something else. */
function readMarkers(words: string[]): GluedSuffix {
  let part: number | null = null;
  for (const word of words) {
    const read = readSuffix(word);
    if (read.kind === "part") part ??= read.part;
    else if (read.kind !== "edition" && read.kind !== "dmm") return { kind: "unknown" };
  }
  return part === null ? { kind: "edition" } : { kind: "part", part };
}
