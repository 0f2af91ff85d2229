import { Type } from "typebox";
import { DetailedRecordSchema, MovieExtraSchema, recordFields } from "../../model/record.js";

const Str = Type.String();
const NullableStr = Type.Union([Type.String(), Type.Null()]);
const Strings = Type.Array(Type.String());

export { DetailedRecordSchema };

/** The /movie record: the detailed record, and in `extra` what was read from a q that was a file name. */
const MovieRecordSchema = Type.Object(recordFields(MovieExtraSchema), { title: "Movie record" });

/** Search result (spec 2.3). */
export const SearchResultSchema = Type.Object(
  {
    id: Type.String({ description: "The record's contentId" }),
    dvdId: Str,
    title: Str,
    cover: Type.String({ description: "Jacket thumbnail URL" }),
    releaseDate: Type.String({ description: "YYYY-MM-DD" }),
    extra: Type.Object({
      studio: Type.String({ description: "First maker" }),
      url: Type.String({ description: "The record's page at its provider" }),
      maker: Type.Union([Type.String(), Type.Null()], { description: "First maker, null when none (javinfo.dev clients print it)" }),
      actresses: Type.Array(Type.Object({ name: Str, image: NullableStr }), {
        description: "Actresses with their images, as the detailed record's extra.actressesRich",
      }),
      categories: Strings,
      runtimeMins: Type.Integer(),
      series: NullableStr,
    }),
  },
  { title: "Search result" },
);

export const MovieResponseSchema = Type.Object(
  {
    q: Type.String({ description: "Echo of the query" }),
    source: Type.String({ description: "Provider the record was ingested from" }),
    result: MovieRecordSchema,
  },
  { title: "Movie response" },
);

export const QueryResponseSchema = Type.Object(
  {
    q: Type.String(),
    source: Type.String({ description: "`catalog`, or the live provider that answered a catalog miss" }),
    query: Type.String({ description: "The query as used" }),
    count: Type.Integer({ description: "Number of elements in results" }),
    results: Type.Array(SearchResultSchema),
  },
  { title: "Query response" },
);

export const RandomResponseSchema = Type.Array(DetailedRecordSchema, { title: "Random response" });

export const ErrorSchema = Type.Object(
  {
    statusCode: Type.Integer(),
    error: Type.String(),
    code: Type.String(),
    message: Type.String(),
  },
  { title: "Error" },
);
