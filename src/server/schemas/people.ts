import { Type, type Static } from "typebox";
import { MAX_SAFE } from "./params.js";
import { SearchResultSchema } from "./record.js";

const NullableStr = Type.Union([Type.String(), Type.Null()]);
const Day = Type.Union([Type.String({ description: "YYYY-MM-DD" }), Type.Null()]);

const Page = Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_SAFE, default: 1 }));
const Num = Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_SAFE, default: 10, description: "Page size; the server caps it at MAX_PAGE_SIZE" }));

/** /people: GET querystring and POST body. */
export const PeopleParamsSchema = Type.Object(
  {
    q: Type.String({
      minLength: 1,
      maxLength: 200,
      description: "Any of her names (kanji, kana or Latin; folded as filter names are): whole names first, then names it starts, then names holding it",
    }),
    page: Page,
    num: Num,
  },
  { additionalProperties: false },
);
export type PeopleParams = Static<typeof PeopleParamsSchema>;

/** /people/{id}: the path's key. */
export const PersonPathSchema = Type.Object(
  {
    id: Type.String({
      pattern: "^(\\d{1,12}|n\\d{1,15})$",
      description: "Her key: DMM's actress id (`1044099`), or `n` and ours for a person known by name alone",
    }),
  },
  { additionalProperties: false },
);

/** /people/{id}: the page of her titles. */
export const PersonQuerySchema = Type.Object({ page: Page, num: Num }, { additionalProperties: false });
export type PersonQuery = Static<typeof PersonQuerySchema>;

const summary = {
  key: Type.String({ description: "DMM's actress id where she has one, else `n` and ours" }),
  name: Type.String({ description: "Her current name, English first (as a search result's title)" }),
  nameJa: Type.Union([Type.String(), Type.Null()], { description: "Her current name in kanji, else kana; null when she has none" }),
  nameEn: Type.Union([Type.String(), Type.Null()], { description: "Her current name in Latin letters; null when she has none" }),
  picture: Type.Union([Type.String(), Type.Null()], {
    description: "The sources' picture of her, else the Gfriends picture tree's where the server has one; null for none",
  }),
  titles: Type.Integer({ description: "Titles she is credited in" }),
  firstRelease: Day,
  lastRelease: Day,
};

export const PersonSummarySchema = Type.Object(summary, { title: "Person" });

export const PeopleResponseSchema = Type.Object(
  {
    q: Type.String({ description: "Echo of the query" }),
    query: Type.String({ description: "The name as searched (folded)" }),
    count: Type.Integer({ description: "Number of elements in results" }),
    results: Type.Array(PersonSummarySchema),
  },
  { title: "People response" },
);

const NameSchema = Type.Object(
  {
    name: Type.String(),
    script: Type.Unsafe<string>({ type: "string", enum: ["kanji", "kana", "latin"] }),
    kind: Type.Unsafe<string>({
      type: "string",
      enum: ["current", "former", "alias"],
      description: "One current name per script; former: a source says so, or a newer name of the script took its place; alias: only a user's table gives it",
    }),
    sources: Type.Array(Type.String(), { description: "The providers that gave it, or user, javsp, mdcx" }),
    firstRelease: NullableStr,
    lastRelease: NullableStr,
  },
  { title: "Person name" },
);

export const PersonResponseSchema = Type.Object(
  {
    ...summary,
    names: Type.Array(NameSchema, { description: "Every name she is known by: current first, then former, then aliases" }),
    count: Type.Integer({ description: "Number of elements in results" }),
    results: Type.Array(SearchResultSchema, { description: "One page of her titles under any name, newest first" }),
  },
  { title: "Person response" },
);
