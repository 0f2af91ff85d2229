/**
 * The one way a source's reading becomes a record: the fields it read, every other field
 * empty as the model allows ("", [], null), validated before anything is written. A record
 * that fails is a ProviderParseError naming the title and each problem, never a "no match".
 */
import type { DetailedRecord, IngestRecord } from "../model/record.js";
import { validateIngestRecord } from "../model/validate.js";
import { ProviderParseError } from "./errors.js";

/** What a source read of a title: its ids and site, and any other field it has. */
export type RecordFields = Pick<DetailedRecord, "contentId" | "dvdId" | "site"> &
  Partial<Omit<DetailedRecord, "contentId" | "dvdId" | "site" | "extra">> & { extra?: Partial<DetailedRecord["extra"]> };

export interface TitleParts {
  provider: string;
  /** The title as failures name it ("article 4509988", "movie_details 010120_001"). */
  what: string;
  record: RecordFields;
  pageUrl: string;
  ratingAvg?: number | null;
  ratingCount?: number | null;
  popularity?: number | null;
  altNames?: IngestRecord["altNames"];
  /** Default false: the sellers' own sites sell uncensored titles. */
  censored?: boolean;
  /** The actresses with the source's ids of them, in the record's order (sources with ids only). */
  credits?: IngestRecord["credits"];
}

/** The record of a title, in the model's field order, validated; a ProviderParseError when it cannot be one. */
export function titleRecord(parts: TitleParts): IngestRecord {
  const r = parts.record;
  const actresses = r.actresses ?? [];
  const record: DetailedRecord = {
    contentId: r.contentId,
    dvdId: r.dvdId,
    titleEn: r.titleEn ?? "",
    titleJa: r.titleJa ?? "",
    commentEn: r.commentEn ?? null,
    commentJa: r.commentJa ?? null,
    runtimeMins: r.runtimeMins ?? 0,
    releaseDate: r.releaseDate ?? "",
    makers: r.makers ?? [],
    label: r.label ?? "",
    series: r.series ?? null,
    categories: r.categories ?? [],
    actresses,
    actors: r.actors ?? [],
    directors: r.directors ?? [],
    authors: r.authors ?? [],
    jacketFullUrl: r.jacketFullUrl ?? "",
    jacketThumbUrl: r.jacketThumbUrl ?? "",
    site: r.site,
    serviceCode: r.serviceCode ?? "",
    extra: {
      // A site that shows no performer's picture: the names alone.
      actressesRich: r.extra?.actressesRich ?? actresses.map((name) => ({ name, image: null })),
      sampleUrl: r.extra?.sampleUrl ?? null,
      galleryFull: r.extra?.galleryFull ?? [],
      galleryThumb: r.extra?.galleryThumb ?? [],
    },
  };
  const ingest: IngestRecord = {
    provider: parts.provider,
    record,
    pageUrl: parts.pageUrl,
    ratingAvg: parts.ratingAvg ?? null,
    ratingCount: parts.ratingCount ?? null,
    popularity: parts.popularity ?? null,
    altNames: parts.altNames ?? {},
    censored: parts.censored ?? false,
  };
  // A credit with no id says nothing the record's names do not: only credits with some id are kept.
  if (parts.credits?.some((c) => c.id !== null)) ingest.credits = parts.credits;
  const problems = validateIngestRecord(ingest);
  if (problems.length > 0) throw new ProviderParseError(parts.provider, `${parts.what}: ${problems.join("; ")}`, problems);
  return ingest;
}
