/**
 * Null-safe readers for loosely typed provider JSON. Sources send numbers as strings,
 * empty strings for missing values, relative paths and dates without a zone; these turn
 * such values into plain TypeScript values or null, never throwing.
 */

export type JsonObject = Record<string, unknown>;

export function isObject(v: unknown): v is JsonObject {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** A trimmed non-empty string (numbers are accepted as their decimal text), else null. */
export function str(v: unknown): string | null {
  if (typeof v === "string") {
    const t = v.trim();
    return t === "" ? null : t;
  }
  if (typeof v === "number" && Number.isFinite(v)) return String(v);
  return null;
}

/** A finite number from a number or a numeric string ("4.50", " 91 "), else null. */
export function num(v: unknown): number | null {
  if (typeof v === "number") return Number.isFinite(v) ? v : null;
  const s = str(v);
  if (s === null || !/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** A non-negative integer from a number or a numeric string, else null. */
export function nonNegInt(v: unknown): number | null {
  const n = num(v);
  return n !== null && Number.isInteger(n) && n >= 0 ? n : null;
}

/** An array as is, a lone value as a one-element array (XML-derived JSON), nothing as []. */
export function list(v: unknown): unknown[] {
  if (Array.isArray(v)) return v;
  return v === undefined || v === null ? [] : [v];
}

/** Distinct non-empty strings, in first-seen order. */
export function uniq(values: Iterable<string | null | undefined>): string[] {
  const out: string[] = [];
  for (const v of values) if (v && !out.includes(v)) out.push(v);
  return out;
}

/** An absolute http(s) URL; protocol-relative ones get https. Anything else: null. */
export function absoluteUrl(v: unknown): string | null {
  let s = str(v);
  if (s === null) return null;
  if (s.startsWith("//")) s = `https:${s}`;
  return /^https?:\/\/[^\s/]+/i.test(s) ? s : null;
}

const JST_OFFSET_MS = 9 * 60 * 60 * 1000;

/**
 * The calendar day of a provider date as `YYYY-MM-DDT00:00:00.000Z`. Zoneless values
 * ("2025-08-08", "2025-08-08 10:00:00") are already Japanese local time, so their date
 * part is the day; values with a zone are converted to the JST day.
 */
export function calendarDay(v: unknown): string | null {
  const s = str(v);
  if (s === null) return null;
  const local = /^(\d{4})-(\d{2})-(\d{2})(?:[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?$/.exec(s);
  let day: string | null = null;
  if (local) {
    day = `${local[1]}-${local[2]}-${local[3]}`;
  } else if (/^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:?\d{2})$/.test(s)) {
    const ms = Date.parse(s);
    if (!Number.isNaN(ms)) day = new Date(ms + JST_OFFSET_MS).toISOString().slice(0, 10);
  }
  if (day === null) return null;
  // Reject impossible days such as 2024-02-31, which Date would roll over.
  const iso = `${day}T00:00:00.000Z`;
  const ms = Date.parse(iso);
  return !Number.isNaN(ms) && new Date(ms).toISOString() === iso ? iso : null;
}

/**
 * Minutes from a running time: 154, "120", "120分", "約120分", "１２０分" (full-width),
 * "120 min", "01:59:00" (h:mm:ss), "119:30" (m:ss) or "1:59" (h:mm: a title of under
 * ten minutes, written m:ss, is far rarer than one of hours). Missing or unreadable: null.
 */
export function runtimeMinutes(v: unknown): number | null {
  if (typeof v === "number") return Number.isFinite(v) && v >= 0 ? Math.round(v) : null;
  const s = str(v)?.normalize("NFKC");
  if (s === undefined || s === null) return null;
  const plain = /^(?:約|approx\.?\s*|ca\.?\s*)?(\d+(?:\.\d+)?)\s*(?:分|min|mins|minutes)?\.?$/i.exec(s);
  if (plain) return Math.round(Number(plain[1]));
  const hms = /^(\d+):(\d{2}):(\d{2})$/.exec(s);
  if (hms) return Math.round(Number(hms[1]) * 60 + Number(hms[2]) + Number(hms[3]) / 60);
  const two = /^(\d+):(\d{2})$/.exec(s);
  if (two) return Number(two[1]) < 10 ? Number(two[1]) * 60 + Number(two[2]) : Math.round(Number(two[1]) + Number(two[2]) / 60);
  return null;
}

/** "digital" or "mono" from a DMM image or page URL, else null. */
export function serviceCodeFromUrl(url: string | null): string | null {
  if (url === null) return null;
  if (/\/digital\//.test(url)) return "digital";
  if (/\/mono\//.test(url)) return "mono";
  return null;
}

/** The DMM thumbnail (`...ps.jpg`) beside a full jacket (`...pl.jpg`); null when the name differs. */
export function dmmThumbFromJacket(full: string | null): string | null {
  if (full === null) return null;
  const thumb = full.replace(/pl(\.jpg)$/i, "ps$1");
  return thumb === full ? null : thumb;
}
