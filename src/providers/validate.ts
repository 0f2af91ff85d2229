import type { IngestRecord, NameKind } from "../catalog/record.js";

const RELEASE_DATE = /^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/;
const NAME_KINDS: readonly NameKind[] = ["actress", "actor", "director", "author", "maker", "label", "series", "genre"];
const RECORD_KEYS = [
  "contentId", "dvdId", "titleEn", "titleJa", "commentEn", "commentJa", "runtimeMins", "releaseDate",
  "makers", "label", "series", "categories", "actresses", "actors", "directors", "authors",
  "jacketFullUrl", "jacketThumbUrl", "site", "serviceCode", "extra",
] as const;
const EXTRA_KEYS = ["actressesRich", "sampleUrl", "galleryFull", "galleryThumb"] as const;
const INGEST_KEYS = ["provider", "record", "pageUrl", "ratingAvg", "ratingCount", "popularity", "altNames", "censored"] as const;

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * A URL that new URL() certainly takes as http(s) with a host: a lower-case domain
 * name whose labels have no leading, trailing or doubled hyphen (no punycode, which
 * may not decode) and whose last label starts with a letter (else it may read as an
 * IPv4 number, `0x1f`), no port, then a path of printable ASCII. Image URLs are
 * nearly all like this; checking them so saves a URL parse each (a record has dozens).
 */
const PLAIN_HTTP_URL = /^https?:\/\/(?:[a-z0-9]+(?:-[a-z0-9]+)*\.)*[a-z][a-z0-9]*(?:-[a-z0-9]+)*\/[\x21-\x7e]*$/;

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

function checkKeys(o: Obj, keys: readonly string[], where: string, problems: string[]): void {
  for (const k of keys) if (!(k in o)) problems.push(`${where}${k}: missing`);
  for (const k of Object.keys(o)) if (!keys.includes(k)) problems.push(`${where}${k}: unknown field`);
}

function checkString(v: unknown, path: string, problems: string[], nonEmpty = false): void {
  if (typeof v !== "string") problems.push(`${path}: not a string`);
  else if (nonEmpty && v.trim() === "") problems.push(`${path}: empty`);
}

function checkNullableString(v: unknown, path: string, problems: string[]): void {
  if (v !== null && typeof v !== "string") problems.push(`${path}: not a string or null`);
}

function checkStringArray(v: unknown, path: string, problems: string[], urls = false): void {
  if (!Array.isArray(v)) {
    problems.push(`${path}: not an array`);
    return;
  }
  v.forEach((item, i) => {
    if (typeof item !== "string" || item.trim() === "") problems.push(`${path}[${i}]: not a non-empty string`);
    else if (urls && !isHttpUrl(item)) problems.push(`${path}[${i}]: not an absolute http(s) URL`);
  });
}

function checkUrl(v: unknown, path: string, problems: string[], nullable = false): void {
  if (nullable && v === null) return;
  if (!isHttpUrl(v)) problems.push(`${path}: not an absolute http(s) URL`);
}

function checkNullableNumber(v: unknown, path: string, problems: string[], integer = false): void {
  if (v === null) return;
  if (typeof v !== "number" || !Number.isFinite(v)) problems.push(`${path}: not a finite number or null`);
  else if (integer && (!Number.isInteger(v) || v < 0)) problems.push(`${path}: not an integer >= 0`);
}

function checkRecord(r: Obj, problems: string[]): void {
  checkKeys(r, RECORD_KEYS, "record.", problems);
  checkString(r.contentId, "record.contentId", problems, true);
  checkString(r.dvdId, "record.dvdId", problems, true);
  checkString(r.titleEn, "record.titleEn", problems);
  checkString(r.titleJa, "record.titleJa", problems);
  if (typeof r.titleEn === "string" && typeof r.titleJa === "string" && r.titleEn.trim() === "" && r.titleJa.trim() === "") {
    problems.push("record.titleEn, record.titleJa: both empty");
  }
  checkNullableString(r.commentEn, "record.commentEn", problems);
  checkNullableString(r.commentJa, "record.commentJa", problems);
  if (typeof r.runtimeMins !== "number" || !Number.isInteger(r.runtimeMins) || r.runtimeMins < 0) {
    problems.push("record.runtimeMins: not an integer >= 0");
  }
  if (typeof r.releaseDate !== "string" || !RELEASE_DATE.test(r.releaseDate)) {
    problems.push("record.releaseDate: not YYYY-MM-DDT00:00:00.000Z");
  } else if (Number.isNaN(Date.parse(r.releaseDate)) || new Date(r.releaseDate).toISOString() !== r.releaseDate) {
    problems.push("record.releaseDate: not a real calendar day");
  }
  checkStringArray(r.makers, "record.makers", problems);
  checkString(r.label, "record.label", problems);
  checkNullableString(r.series, "record.series", problems);
  for (const k of ["categories", "actresses", "actors", "directors", "authors"] as const) {
    checkStringArray(r[k], `record.${k}`, problems);
  }
  checkUrl(r.jacketFullUrl, "record.jacketFullUrl", problems);
  checkUrl(r.jacketThumbUrl, "record.jacketThumbUrl", problems);
  checkString(r.site, "record.site", problems, true);
  checkString(r.serviceCode, "record.serviceCode", problems);

  const extra = r.extra;
  if (!isObj(extra)) {
    problems.push("record.extra: not an object");
    return;
  }
  checkKeys(extra, EXTRA_KEYS, "record.extra.", problems);
  if (!Array.isArray(extra.actressesRich)) {
    problems.push("record.extra.actressesRich: not an array");
  } else {
    extra.actressesRich.forEach((a, i) => {
      const path = `record.extra.actressesRich[${i}]`;
      if (!isObj(a)) {
        problems.push(`${path}: not an object`);
        return;
      }
      checkKeys(a, ["name", "image"], `${path}.`, problems);
      checkString(a.name, `${path}.name`, problems, true);
      checkUrl(a.image, `${path}.image`, problems, true);
    });
  }
  checkUrl(extra.sampleUrl, "record.extra.sampleUrl", problems, true);
  checkStringArray(extra.galleryFull, "record.extra.galleryFull", problems, true);
  checkStringArray(extra.galleryThumb, "record.extra.galleryThumb", problems, true);
}

/**
 * Problems that keep a record out of the catalog; empty when it is valid. Checks the
 * wire shape of spec section 2.1 exactly (no missing or unknown fields, absolute
 * http(s) URLs, calendar release dates) plus the ingest-only fields. Defensive: the
 * input is typed, but imports and future providers may hand over anything.
 */
export function validateIngestRecord(r: IngestRecord): string[] {
  const problems: string[] = [];
  const o: unknown = r;
  if (!isObj(o)) return ["not an object"];
  checkKeys(o, INGEST_KEYS, "", problems);
  checkString(o.provider, "provider", problems, true);
  checkUrl(o.pageUrl, "pageUrl", problems);
  checkNullableNumber(o.ratingAvg, "ratingAvg", problems);
  checkNullableNumber(o.ratingCount, "ratingCount", problems, true);
  checkNullableNumber(o.popularity, "popularity", problems);
  if (typeof o.censored !== "boolean") problems.push("censored: not a boolean");
  if (!isObj(o.altNames)) {
    problems.push("altNames: not an object");
  } else {
    for (const [k, v] of Object.entries(o.altNames)) {
      if (!NAME_KINDS.includes(k as NameKind)) problems.push(`altNames.${k}: unknown name kind`);
      checkStringArray(v, `altNames.${k}`, problems);
    }
  }
  if (!isObj(o.record)) problems.push("record: not an object");
  else checkRecord(o.record, problems);
  return problems;
}
