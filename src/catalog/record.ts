/** The detailed record of the spec (section 2.1), exactly as it goes on the wire. */
export interface DetailedRecord {
  contentId: string;
  dvdId: string;
  titleEn: string;
  titleJa: string;
  commentEn: string | null;
  commentJa: string | null;
  runtimeMins: number;
  /** `YYYY-MM-DDT00:00:00.000Z` */
  releaseDate: string;
  makers: string[];
  label: string;
  series: string | null;
  categories: string[];
  actresses: string[];
  actors: string[];
  directors: string[];
  authors: string[];
  jacketFullUrl: string;
  jacketThumbUrl: string;
  site: string;
  serviceCode: string;
  extra: {
    actressesRich: { name: string; image: string | null }[];
    sampleUrl: string | null;
    galleryFull: string[];
    galleryThumb: string[];
  };
}

/** Kinds of names a record carries; also the filter keys that match names. */
export type NameKind = "actress" | "actor" | "director" | "author" | "maker" | "label" | "series" | "genre";

/**
 * What a provider (or an import) hands to the catalog: the record plus what the
 * catalog needs beyond the wire shape (sort keys, the provider's page, names in
 * the other language so filters and search match English and Japanese).
 */
export interface IngestRecord {
  provider: string;
  record: DetailedRecord;
  /** URL of the record's page at the provider (search result `extra.url`). */
  pageUrl: string;
  ratingAvg: number | null;
  ratingCount: number | null;
  /** Popularity: higher is more popular (views, sales rank inverted, ...). */
  popularity: number | null;
  /** Names in the other language (e.g. kanji of a romaji actress name), by kind. */
  altNames: Partial<Record<NameKind, string[]>>;
  /** false for uncensored titles (FC2, HEYZO, Caribbeancom, 1pondo, ...). */
  censored: boolean;
}
