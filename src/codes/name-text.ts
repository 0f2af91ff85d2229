/**
 * The text of a path, file name or query as the code finder reads it: normalised
 * (NFKC, one kind of dash, no control characters), split into path segments, the
 * extension and site domains removed, and cut into words (runs of ASCII letters and
 * digits; everything else, Japanese text included, separates words).
 */

const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;
const DASHES = /[\u2010-\u2015\u2212\ufe58\ufe63]/g;
const WHITESPACE = /\s+/g;

/** A segment longer than this is not a file name (file systems stop at 255): it is not read. */
export const MAX_SEGMENT = 1024;

const EXTENSION =
  /\.(?:mp4|mkv|avi|wmv|mov|m4v|webm|ts|m2ts|mts|mpg|mpeg|flv|f4v|rm|rmvb|iso|3gp|divx|vob|asf|ogm|srt|ass|ssa|vtt|sub|idx|nfo|jpe?g|png|webp|gif|torrent|part|!qb|!ut|crdownload|tmp|bak)$/i;

/** Extensions of video files, as a library scan selects them. */
const VIDEO_FILE = /\.(?:mp4|mkv|avi|wmv|mov|m4v|webm|ts|m2ts|mts|mpg|mpeg|flv|f4v|rm|rmvb|iso|3gp|divx|vob|asf|ogm)$/i;

export function isVideoFile(name: string): boolean {
  return VIDEO_FILE.test(name);
}

/**
 * A site's domain (hhd800.com, fbfb.me, SITE.VIP, Thz.la): its words are never a code
 * (bbs2048.org is not BBS-2048). Labels have no hyphen, so ABP-123-fbfb.me keeps its code.
 */
const DOMAIN =
  /(?<![a-z0-9])(?:[a-z0-9]{1,63}\.){1,4}(?:com|net|org|info|biz|io|co|cc|tv|me|la|xyz|top|vip|club|site|online|link|fun|app|one|pw|ws|us|cn|jp|tw|hk|in|to|su|ru|live|life|cyou|icu|buzz|sbs|fyi|win|xxx|porn|sex)(?![a-z0-9])/gi;

export function normalizeText(input: string): string {
  return input.normalize("NFKC").replace(CONTROL_CHARS, "").replace(DASHES, "-").replace(WHITESPACE, " ").trim();
}

/** Path segments of normalised text, the file first, then its folders outwards. */
export function pathSegments(text: string): string[] {
  return text
    .split(/[/\\]/)
    .map((s) => s.trim())
    .filter((s) => s !== "")
    .reverse();
}

/** A file name without its extension(s): ABP-123.mp4.part -> ABP-123. */
export function stripExtension(name: string): string {
  let s = name;
  for (let pass = 0; pass < 2; pass++) s = s.replace(EXTENSION, "");
  return s;
}

/** Domains replaced by spaces of the same length, so positions stay where they were. */
export function blankDomains(s: string): string {
  return s.replace(DOMAIN, (m) => " ".repeat(m.length));
}

export interface Word {
  text: string;
  start: number;
  end: number;
}

const isAlnum = (code: number): boolean => (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);

export function splitWords(s: string): Word[] {
  const words: Word[] = [];
  let start = -1;
  for (let i = 0; i <= s.length; i++) {
    const inWord = i < s.length && isAlnum(s.charCodeAt(i));
    if (inWord && start < 0) start = i;
    else if (!inWord && start >= 0) {
      words.push({ text: s.slice(start, i), start, end: i });
      start = -1;
    }
  }
  return words;
}

/** A studio named anywhere in the path, which decides how its dated codes are spelled. */
export type SiteHint = "carib" | "caribpr" | "1pondo" | "10musume" | "paco" | "muramura" | "tokyohot";

/** Each studio as names write it: in Latin letters, in Japanese, and (カリビアンコム's 加勒比, 東京熱) as Chinese forums do. */
const SITES: Array<[SiteHint, RegExp]> = [
  ["caribpr", /carib(?:bean)?(?:com)?[-_ ]?pr|カリビアンコムプレミアム|加勒比[-_ ]?pr/i],
  ["carib", /carib|カリビアンコム|加勒比/i],
  ["1pondo", /(?<![0-9])1pon|一本道/i],
  ["10musume", /10mu(?:sume)?(?![a-z])|天然むすめ/i],
  ["paco", /paco(?:pacomama)?(?![a-z])|パコパコママ/i],
  // Not ムラムラ: a common word of titles ("horny"), not only the studio's name.
  ["muramura", /mura[-_ ]?mura(?![a-z])/i],
  ["tokyohot", /tokyo[-_ ]?hot|東京熱/i],
];

/** The one studio the text names, or null when it names none or several. */
export function siteHint(text: string): SiteHint | null {
  const found = SITES.filter(([, re]) => re.test(text)).map(([site]) => site);
  if (found.includes("caribpr")) found.splice(found.indexOf("carib"), 1);
  return found.length === 1 ? found[0] : null;
}

/** The site name to put before a dated code that has none (parseDated reads it). */
export const SITE_PREFIX: Record<Exclude<SiteHint, "tokyohot">, string> = {
  carib: "carib",
  caribpr: "caribbeancompr",
  "1pondo": "1pondo",
  "10musume": "10musume",
  paco: "pacopacomama",
  muramura: "muramura",
};
