/**
 * Reduces a file name or query to the bare code candidate: folder, extension, site
 * tags in front ([Thz.la], hhd800.com@, www.site.com-) and edition tags behind
 * (-C, -UC, CD1, -4K, 1080p) are removed. Whatever else remains must be the code,
 * so "ABP-123 Airi" stays as it is and fails to parse.
 *
 * Regexes are anchored or have bounded repeats (trailing separator runs are trimmed
 * with a loop), so the work stays linear in the input length: see the 10 kB tests.
 */

const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/g;
const DASHES = /[\u2010-\u2015\u2212\ufe58\ufe63]/g;
const WHITESPACE = /\s+/g;

const EXTENSION =
  /\.(?:mp4|mkv|avi|wmv|mov|m4v|webm|ts|m2ts|mts|mpg|mpeg|flv|f4v|rm|rmvb|iso|3gp|divx|vob|asf|srt|ass|ssa|vtt|nfo|jpe?g|png|webp|torrent|part|!qb|crdownload)$/i;

const LEADING_BRACKET = /^(?:\[([^[\]]{0,200})\]|【([^【】]{0,200})】|\(([^()]{0,200})\))/;
const TRAILING_BRACKET = /(?:\[[^[\]]{0,200}\]|【[^【】]{0,200}】|\([^()]{0,200}\))$/;
/** A site's domain glued in front: hhd800.com@ABP-123, www.site.com-abp-123. */
const LEADING_DOMAIN =
  /^(?:[a-z0-9][a-z0-9-]{0,62}\.){1,4}(?:com|net|org|info|biz|io|co|cc|tv|me|la|xyz|top|vip|club|site|online|link|fun|app|one|pw|ws|us|cn|jp|tw|hk)[-_@ ]+/i;
const LEADING_SEPARATORS = /^[-_.@ ]+/;

/** Part markers right after the number: ABP-123CD1, ABP-123-cd2, ABP-123 part1. */
const PART_TAG = /(?<=\d)[-_. ]?(?:cd|part|pt|disc|disk)[-_. ]?\d{1,2}$/i;
/** Edition, quality and subtitle tags, always behind a separator. */
const EDITION_TAG =
  /[-_. ](?:[a-z]|uc|ch|chs|cht|chn|sub|subs|subbed|eng|leak|leaked|uncen|uncensored|hack|hacked|4k|8k|hd|fhd|uhd|hq|sd|vr|1080p|1080i|720p|480p|2160p|x264|x265|h264|h265|hevc|avc|60fps|full)$/i;
/** One letter glued to the number: ABP-123C (subtitled), GHT-000A. */
const GLUED_LETTER = /(?<=\d)[a-z]$/i;

const MAX_PASSES = 8;

/** Drops trailing separators; a loop, since /[-_. ]+$/ is quadratic on long separator runs. */
function trimTrailingSeparators(s: string): string {
  let end = s.length;
  while (end > 0 && "-_. ".includes(s[end - 1])) end--;
  return s.slice(0, end);
}

function basename(s: string): string {
  const cut = Math.max(s.lastIndexOf("/"), s.lastIndexOf("\\"));
  return cut < 0 ? s : s.slice(cut + 1);
}

function stripLeading(s: string): string {
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const before = s;
    const bracket = LEADING_BRACKET.exec(s);
    if (bracket) {
      const rest = s.slice(bracket[0].length).trim();
      // "[ABP-123]" alone: the bracket holds the code itself.
      s = rest === "" ? (bracket[1] ?? bracket[2] ?? bracket[3] ?? "").trim() : rest;
    }
    s = s.replace(LEADING_DOMAIN, "").replace(LEADING_SEPARATORS, "");
    if (s === before) break;
  }
  return s;
}

/** Removes one trailing tag per pass, most specific first, so 1080p goes whole, not as a glued "p". */
function stripTrailing(s: string): string {
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const before = s;
    const bracket = TRAILING_BRACKET.exec(s);
    if (bracket && bracket.index > 0) s = s.slice(0, bracket.index);
    else if (PART_TAG.test(s)) s = s.replace(PART_TAG, "");
    else if (EDITION_TAG.test(s)) s = s.replace(EDITION_TAG, "");
    else s = s.replace(GLUED_LETTER, "");
    s = trimTrailingSeparators(s);
    if (s === before) break;
  }
  return s;
}

/** The code candidate inside `input`; "" when nothing is left. */
export function cleanInput(input: string): string {
  let s = input.normalize("NFKC").replace(CONTROL_CHARS, "").replace(DASHES, "-");
  s = basename(s.replace(WHITESPACE, " ").trim()).trim();
  for (let pass = 0; pass < 2; pass++) s = s.replace(EXTENSION, "");
  return stripTrailing(stripLeading(s.trim())).trim();
}
