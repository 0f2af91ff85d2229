/**
 * Pure helpers for turning r18.dev dump rows into catalog values: image paths to
 * URLs, gallery first/last to the full list, and the columns the import reads.
 */

export const DMM_IMAGE_BASE = "https://pics.dmm.co.jp/";

/** Galleries are short (10-20 images); a wider range means bad data, not a real gallery. */
export const GALLERY_MAX = 100;

export { isR18Table, type R18Table, TABLE_COLUMNS } from "../../catalog/index.js";

export interface ColumnIndex {
  /** Position in the row of each wanted column that the header has. */
  index: Record<string, number>;
  /** Wanted columns the header lacks. */
  missing: string[];
  /** Header columns nobody asked for (new upstream columns, worth a log line). */
  unknown: string[];
}

/** Maps wanted column names to their positions in a COPY header. */
export function columnIndex(header: readonly string[], wanted: readonly string[]): ColumnIndex {
  const index: Record<string, number> = {};
  const wantedSet = new Set(wanted);
  const unknown: string[] = [];
  header.forEach((name, i) => {
    if (!wantedSet.has(name)) unknown.push(name);
    else if (!Object.hasOwn(index, name)) index[name] = i;
  });
  const missing = wanted.filter((name) => !Object.hasOwn(index, name));
  return { index, missing, unknown };
}

const IMAGE_EXT = /\.(jpe?g|png|gif|webp)$/i;

/**
 * `digital/video/100tv00031/100tv00031pl` -> `https://pics.dmm.co.jp/digital/video/100tv00031/100tv00031pl.jpg`.
 * Absolute URLs are kept (protocol-relative ones get https:); empty or null -> null.
 */
export function dumpImageUrl(path: string | null): string | null {
  const p = path?.trim();
  if (!p) return null;
  if (/^https?:\/\//i.test(p)) return p;
  if (p.startsWith("//")) return `https:${p}`;
  const rel = p.replace(/^\/+/, "");
  return DMM_IMAGE_BASE + (IMAGE_EXT.test(rel) ? rel : `${rel}.jpg`);
}

interface Numbered {
  stem: string;
  digits: string;
  n: number;
}

function splitNumber(url: string): Numbered | null {
  const m = /^(.*-)(\d{1,6})$/.exec(url.replace(IMAGE_EXT, ""));
  return m ? { stem: m[1], digits: m[2], n: Number(m[2]) } : null;
}

/**
 * Expands the dump's gallery first/last pair (`.../118abw00013jp-1`, `.../118abw00013jp-12`)
 * into every image URL between them, numbered by the trailing `-N`. When the pair
 * can't be a range (one missing, different stems, no number, last before first), the
 * result is just the URLs there are, deduplicated. At most GALLERY_MAX URLs.
 */
export function galleryRange(first: string | null, last: string | null): string[] {
  const a = dumpImageUrl(first);
  const b = dumpImageUrl(last);
  const plain = [...new Set([a, b].filter((u): u is string => u !== null))];
  if (a === null || b === null || a === b) return plain;
  const from = splitNumber(a);
  const to = splitNumber(b);
  const ext = (u: string) => IMAGE_EXT.exec(u)?.[0] ?? "";
  if (!from || !to || from.stem !== to.stem || ext(a) !== ext(b) || to.n < from.n) return plain;
  // Keep zero padding (`-01` .. `-12`) when the first number has it.
  const width = from.digits.length > 1 && from.digits.startsWith("0") ? from.digits.length : 0;
  const count = Math.min(to.n - from.n + 1, GALLERY_MAX);
  const urls: string[] = [];
  for (let i = 0; i < count; i++) {
    urls.push(`${from.stem}${String(from.n + i).padStart(width, "0")}${ext(a)}`);
  }
  return urls;
}
