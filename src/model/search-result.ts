import type { DetailedRecord } from "./record.js";

/** A search result (spec 2.3), with the extras javinfo.dev clients print. */
export interface SearchResult {
  id: string;
  dvdId: string;
  title: string;
  cover: string;
  releaseDate: string;
  /** The spec's studio and url, and what javinfo.dev clients print of a result. */
  extra: {
    studio: string;
    url: string;
    maker: string | null;
    actresses: { name: string; image: string | null }[];
    categories: string[];
    runtimeMins: number;
    series: string | null;
  };
}

/**
 * A result as an object, or as its JSON exactly as the response schema writes it
 * (a catalog title read from its stored document: see catalog/wire/result-json.ts).
 */
export type SearchResultOut = SearchResult | Uint8Array;

/** The fields of a record a search result shows, without the rest of it. */
export interface ResultFields {
  contentId: string;
  dvdId: string;
  titleEn: string;
  titleJa: string;
  releaseDate: string;
  /** The first of `makers`, or null when there is none. */
  maker: string | null;
  jacketThumbUrl: string;
  runtimeMins: number;
  series: string | null;
  categories: string[];
  /** extra.actressesRich: names with their images. */
  actresses: { name: string; image: string | null }[];
}

/** The part of a record a search result is made of. */
export type ResultSource = Pick<
  DetailedRecord,
  "contentId" | "dvdId" | "titleEn" | "titleJa" | "runtimeMins" | "releaseDate" | "makers" | "series" | "categories" | "jacketThumbUrl"
> & { extra: Pick<DetailedRecord["extra"], "actressesRich"> };

export function resultFieldsOf(r: ResultSource): ResultFields {
  return {
    contentId: r.contentId,
    dvdId: r.dvdId,
    titleEn: r.titleEn,
    titleJa: r.titleJa,
    releaseDate: r.releaseDate,
    maker: r.makers[0] ?? null,
    jacketThumbUrl: r.jacketThumbUrl,
    runtimeMins: r.runtimeMins,
    series: r.series,
    categories: r.categories,
    actresses: r.extra.actressesRich,
  };
}

/** A search result from the fields read for it. */
export function resultOf(f: ResultFields, pageUrl: string): SearchResult {
  return {
    id: f.contentId,
    dvdId: f.dvdId,
    title: f.titleEn || f.titleJa,
    cover: f.jacketThumbUrl,
    releaseDate: f.releaseDate.slice(0, 10),
    extra: {
      studio: f.maker ?? "",
      url: pageUrl,
      maker: f.maker,
      actresses: f.actresses,
      categories: f.categories,
      runtimeMins: f.runtimeMins,
      series: f.series,
    },
  };
}

/** A search result of a record in full (a live provider's answer). */
export function toSearchResult(record: DetailedRecord, pageUrl: string): SearchResult {
  return resultOf(resultFieldsOf(record), pageUrl);
}
