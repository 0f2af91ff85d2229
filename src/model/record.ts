import { Type, type Static, type TSchema } from "typebox";

/**
 * The detailed record of the spec (section 2.1), declared once. Everything else
 * derives from this schema: the record's type, the API's response schemas
 * (server/schemas), the validator every writer uses (validate.ts), the stored
 * document's field order and the JSON writer's layout (fields.ts).
 *
 * Constraints a serialiser ignores but the validator checks: `\S` patterns for strings
 * that must say something, `http-url` for absolute http(s) URLs, `utc-day` for
 * `YYYY-MM-DDT00:00:00.000Z` on a real calendar day (formats.ts registers them).
 *
 * Sources leave fields out: a title is never refused for a field its source does not
 * know. Such a string is "" (docs/api.md's rule for strings the spec does not allow to
 * be null): a release date ("" sorts last by release), the jacket images. What a
 * title cannot be without is its content id and code.
 */
const Str = Type.String();
const Said = Type.String({ pattern: "\\S" });
const NullableStr = Type.Union([Type.String(), Type.Null()]);
const Url = Type.String({ format: "http-url" });
/** An image the source may not have. */
const UrlOrEmpty = Type.String({ format: "http-url-or-empty" });
const NullableUrl = Type.Union([Url, Type.Null()]);
const Names = Type.Array(Said);
const Urls = Type.Array(Url);
const closed = { additionalProperties: false } as const;

export const ActressSchema = Type.Object({ name: Said, image: NullableUrl }, closed);

const extraFields = {
  actressesRich: Type.Array(ActressSchema),
  sampleUrl: NullableUrl,
  galleryFull: Urls,
  galleryThumb: Urls,
};

/** The record's fields in wire order, around an `extra` object (the /movie answer widens it). */
export const recordFields = <E extends TSchema>(extra: E) => ({
  contentId: Said,
  dvdId: Said,
  titleEn: Str,
  titleJa: Str,
  commentEn: NullableStr,
  commentJa: NullableStr,
  runtimeMins: Type.Integer({ minimum: 0 }),
  releaseDate: Type.String({ format: "utc-day-or-empty", description: 'YYYY-MM-DDT00:00:00.000Z, or "" when the source gives no date' }),
  makers: Names,
  label: Str,
  series: NullableStr,
  categories: Names,
  actresses: Names,
  actors: Names,
  directors: Names,
  authors: Names,
  jacketFullUrl: UrlOrEmpty,
  jacketThumbUrl: UrlOrEmpty,
  site: Said,
  serviceCode: Str,
  extra,
});

export const ExtraSchema = Type.Object(extraFields, closed);

/** Detailed video record (spec 2.1, 2.2). Also the shape `import` accepts. */
export const DetailedRecordSchema = Type.Object(recordFields(ExtraSchema), { title: "Detailed video record", ...closed });

/** The /movie record's extra: the detailed one, and what was read from a q that was a file name. */
export const MovieExtraSchema = Type.Object({
  ...extraFields,
  code: Type.Optional(Type.String({ description: "The code read from q, when q was a file name, a path or a code amid other words" })),
  part: Type.Optional(Type.Union([Type.Integer(), Type.Null()], { description: "The part or disc that q marks (cd2, -B, abp123-5), else null; with code" })),
  marks: Type.Optional(
    Type.Object(
      {
        subtitles: Type.Boolean({ description: "The name marks Chinese subtitles (-C, ch, 中文字幕)" }),
        uncensored: Type.Boolean({ description: "The name marks an uncensored copy (-U, -UC, 破解)" }),
        leak: Type.Boolean({ description: "The name marks a leak (leak, 流出)" }),
      },
      { description: "What the name says of the file (not of the title); with code", additionalProperties: false },
    ),
  ),
});

export type DetailedRecord = Static<typeof DetailedRecordSchema>;

/** Kinds of names a record carries; also the filter keys that match names. */
export const NAME_KINDS = ["actress", "actor", "director", "author", "maker", "label", "series", "genre"] as const;
export type NameKind = (typeof NAME_KINDS)[number];

const NullableNumber = Type.Union([Type.Number(), Type.Null()]);

/**
 * One actress as a source credits her on a title, beside the record's `actresses` (same
 * order): the source's own id of her where it has one (DMM's, which r18.dev and FANZA
 * share), every spelling it gives of her name (romaji, kanji, kana; DMM's `名（旧名）` as
 * written) and her picture. Only sources with ids give credits; the others' credits are
 * read from the record's names (src/people/credits.ts).
 */
export const CreditSchema = Type.Object({ id: Type.Union([Type.String({ pattern: "^\\d{1,12}$" }), Type.Null()]), names: Names, image: NullableUrl }, closed);
export type Credit = Static<typeof CreditSchema>;

/**
 * What a provider (or an import) hands to the catalog: the record plus what the
 * catalog needs beyond the wire shape (sort keys, the provider's page, names in
 * the other language so filters and search match English and Japanese).
 */
export const IngestRecordSchema = Type.Object(
  {
    provider: Said,
    record: DetailedRecordSchema,
    /** URL of the record's page at the provider (search result `extra.url`). */
    pageUrl: Url,
    ratingAvg: NullableNumber,
    ratingCount: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
    /** Popularity: higher is more popular (views, sales rank inverted, ...). */
    popularity: NullableNumber,
    /** Names in the other language (e.g. kanji of a romaji actress name), by kind. */
    altNames: Type.Object(
      Object.fromEntries(NAME_KINDS.map((k) => [k, Type.Optional(Names)])) as Record<NameKind, ReturnType<typeof Type.Optional<typeof Names>>>,
      closed,
    ),
    /** false for uncensored titles (FC2, HEYZO, Caribbeancom, 1pondo, ...). */
    censored: Type.Boolean(),
    /** The actresses as the source credits them, with its ids (r18.dev, FANZA); absent where a source has no ids. */
    credits: Type.Optional(Type.Array(CreditSchema)),
  },
  closed,
);

export type IngestRecord = Static<typeof IngestRecordSchema>;
