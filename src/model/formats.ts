import { Format } from "typebox/format";

/**
 * A URL that new URL() certainly takes as http(s) with a host: a lower-case domain
 * name whose labels have no leading, trailing or doubled hyphen (no punycode, which
 * may not decode) and whose last label starts with a letter (else it may read as an
 * IPv4 number, `0x1f`), no port, then a path of printable ASCII. Image URLs are
 * nearly all like this; checking them so saves a URL parse each (a record has dozens).
 */
const PLAIN_HTTP_URL = /^https?:\/\/(?:[a-z0-9]+(?:-[a-z0-9]+)*\.)*[a-z][a-z0-9]*(?:-[a-z0-9]+)*\/[\x21-\x7e]*$/;

/** An absolute http(s) URL with a host (format `http-url`). */
export function isHttpUrl(v: unknown): boolean {
  if (typeof v !== "string" || !/^https?:\/\//i.test(v)) return false;
  if (PLAIN_HTTP_URL.test(v)) return true;
  try {
    const u = new URL(v);
    return (u.protocol === "http:" || u.protocol === "https:") && u.hostname !== "";
  } catch {
    return false;
  }
}

const UTC_DAY = /^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/;

/** `YYYY-MM-DDT00:00:00.000Z` on a day the calendar has (format `utc-day`). */
export function isUtcDay(v: string): boolean {
  if (!UTC_DAY.test(v)) return false;
  const t = Date.parse(v);
  return !Number.isNaN(t) && new Date(t).toISOString() === v;
}

/** Formats the record schema uses beyond JSON Schema's own; `-or-empty`: also "" (the source does not say). */
export const RECORD_FORMATS = ["http-url", "utc-day", "http-url-or-empty", "utc-day-or-empty"] as const;

/** Fastify's `serializerOpts` for the record's schemas: the serialiser knows the formats and ignores them. */
export const SERIALIZER_OPTS = { ajv: { formats: Object.fromEntries(RECORD_FORMATS.map((f) => [f, true])) } };

Format.Set("http-url", isHttpUrl);
Format.Set("utc-day", isUtcDay);
Format.Set("http-url-or-empty", (v) => v === "" || isHttpUrl(v));
Format.Set("utc-day-or-empty", (v) => v === "" || isUtcDay(v));
