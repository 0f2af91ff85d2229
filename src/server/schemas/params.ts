import { Type, type Static } from "typebox";
import { invalidParameter } from "../../lib/errors.js";
import { PROVIDERS } from "../../providers/registry.js";
import { SORT_KEYS, type SortKey } from "../../catalog/index.js";

export const MAX_SAFE = 9007199254740991;
const MAX_Q = 512;

const Providers = Type.Union([Type.String({ maxLength: 1000 }), Type.Array(Type.String({ maxLength: 100 }), { maxItems: 50 })], {
  description:
    "Provider names: comma-separated, repeated, or (POST) an array. Restricts the records considered and orders the live fallback. " +
    `The sources: ${PROVIDERS.map((p) => `\`${p.name}\` (${p.source})`).join(", ")}; ` +
    "any name records were imported under; and javinfo.dev's `fanza`, `dmm` and `r18` for DMM's data.",
});

const Filter = Type.Union([Type.String({ maxLength: 4000 }), Type.Object({}, { additionalProperties: true })], {
  description:
    'Object (POST), JSON text or `key:value` terms (e.g. `maker:"S1 NO.1 STYLE" releaseAfter:2021-01-01`). Keys: genre, actress, actor, director, author, maker, label, series, censored, runtimeMin, runtimeMax, releaseAfter, releaseBefore, site, provider.',
});

/** /movie: GET querystring and POST body. */
export const MovieParamsSchema = Type.Object(
  {
    q: Type.String({ minLength: 1, maxLength: MAX_Q, description: "A catalog code in any spelling, or text" }),
    providers: Type.Optional(Providers),
  },
  { additionalProperties: false },
);
export type MovieParams = Static<typeof MovieParamsSchema>;

/** /query: GET querystring and POST body. */
export const QueryParamsSchema = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: MAX_Q, default: "", description: "Search text; empty = no text condition" })),
    providers: Type.Optional(Providers),
    filter: Type.Optional(Filter),
    sort: Type.Optional(Type.Unsafe<SortKey>({ type: "string", enum: [...SORT_KEYS], description: "Default: relevance with q, release without" })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_SAFE, default: 1 })),
    num: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_SAFE, default: 10, description: "Page size; the server caps it at MAX_PAGE_SIZE" })),
  },
  { additionalProperties: false },
);
export type QueryParams = Static<typeof QueryParamsSchema>;

/** /random: GET querystring and POST body. */
export const RandomParamsSchema = Type.Object(
  {
    num: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20 })),
    providers: Type.Optional(Providers),
    filter: Type.Optional(Filter),
  },
  { additionalProperties: false },
);
export type RandomParams = Static<typeof RandomParamsSchema>;

/**
 * Ajv coerces the query strings "Infinity" and "1e400" to Infinity, which passes
 * `integer` and the bounds; only safe integers are page or num.
 */
export function assertSafeIntegers(params: { page?: number; num?: number }, where: "querystring" | "body"): void {
  for (const key of ["page", "num"] as const) {
    const v = params[key];
    if (v !== undefined && !Number.isSafeInteger(v)) throw invalidParameter(`${where}/${key} must be an integer <= ${MAX_SAFE}`);
  }
}
