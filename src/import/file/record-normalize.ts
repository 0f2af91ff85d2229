import type { DetailedRecord, IngestRecord } from "../../model/record.js";
import { recordProblems } from "../../model/validate.js";
import { dmmPageUrl, parseCode } from "../../codes/index.js";

const DAY = /^(\d{4}-\d{2}-\d{2})(?:[T ][0-9:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;

function obj(v: unknown): Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

/**
 * Accepts a detailed record in the spec's shape (or a /movie envelope holding one,
 * as the hosted API returns them) and fills what such files commonly leave loose:
 * null English titles or labels become "", a date-only releaseDate becomes
 * midnight UTC, absent arrays become empty, absent nullable fields null.
 * Returns the record, or the reason it cannot be used.
 */
export function normalizeImported(input: unknown): { record: DetailedRecord } | { error: string } {
  let raw = obj(input);
  if ("result" in raw && typeof raw.result === "object") raw = obj(raw.result);
  if (Object.keys(raw).length === 0) return { error: "not a record object" };
  const extra = obj(raw.extra);
  const str = (v: unknown) => (v === null || v === undefined ? "" : v);
  const nul = (v: unknown) => (v === undefined || v === "" ? null : v);
  const arr = (v: unknown) => (v === null || v === undefined ? [] : v);
  const day = typeof raw.releaseDate === "string" ? DAY.exec(raw.releaseDate.trim()) : null;
  const runtime = typeof raw.runtimeMins === "string" && /^\d+$/.test(raw.runtimeMins) ? Number(raw.runtimeMins) : raw.runtimeMins;
  const candidate = {
    contentId: raw.contentId,
    dvdId: raw.dvdId,
    titleEn: str(raw.titleEn),
    titleJa: str(raw.titleJa),
    commentEn: nul(raw.commentEn),
    commentJa: nul(raw.commentJa),
    runtimeMins: runtime === null || runtime === undefined ? 0 : runtime,
    releaseDate: day ? `${day[1]}T00:00:00.000Z` : raw.releaseDate,
    makers: arr(raw.makers),
    label: str(raw.label),
    series: nul(raw.series),
    categories: arr(raw.categories),
    actresses: arr(raw.actresses),
    actors: arr(raw.actors),
    directors: arr(raw.directors),
    authors: arr(raw.authors),
    jacketFullUrl: str(raw.jacketFullUrl),
    jacketThumbUrl: str(raw.jacketThumbUrl),
    site: str(raw.site),
    serviceCode: str(raw.serviceCode),
    extra: {
      actressesRich: arr(extra.actressesRich),
      sampleUrl: nul(extra.sampleUrl),
      galleryFull: arr(extra.galleryFull),
      galleryThumb: arr(extra.galleryThumb),
    },
  };
  if (!day && typeof raw.releaseDate === "string") return { error: "releaseDate must be YYYY-MM-DD or an ISO 8601 timestamp" };
  const problems = recordProblems(candidate);
  if (problems.length > 0) return { error: problems.join("; ") };
  const record = candidate as DetailedRecord;
  const code = parseCode(record.dvdId);
  record.dvdId = code ? code.dvdId : record.dvdId.trim().toUpperCase();
  record.contentId = record.contentId.trim();
  return { record };
}

/**
 * What the catalog stores for an imported record: its page DMM's for its content id and service
 * code, as the FANZA provider and the MetaTube face name it (none for another service code).
 */
export function importedIngestRecord(record: DetailedRecord, provider: string): IngestRecord {
  const code = parseCode(record.dvdId);
  return {
    provider,
    record,
    pageUrl: dmmPageUrl(record.contentId, record.serviceCode) ?? "",
    ratingAvg: null,
    ratingCount: null,
    popularity: null,
    altNames: {},
    censored: code ? code.censored : true,
  };
}
