import type { FastifyInstance } from "fastify";
import { getMoviesByIds, movieIdRange, type Db, type StoredMovie } from "../src/catalog/index.js";
import type { DetailedRecord } from "../src/model/record.js";
import { toSearchResult } from "../src/model/search-result.js";
import {
  MovieParamsSchema,
  QueryParamsSchema,
  RandomParamsSchema,
  type MovieParams,
  type QueryParams,
  type RandomParams,
} from "../src/server/schemas/params.js";
import { MovieResponseSchema, QueryResponseSchema, RandomResponseSchema } from "../src/server/schemas/record.js";
import { KEYED_ERRORS } from "../src/server/schemas/responses.js";
import type { RouteContext } from "../src/server/routes/context.js";

const MAX_RANDOM = 50;
const QUERY_PAGE = 10;

const EMPTY_RECORD: DetailedRecord = {
  contentId: "",
  dvdId: "",
  titleEn: "",
  titleJa: "",
  commentEn: null,
  commentJa: null,
  runtimeMins: 0,
  releaseDate: "",
  makers: [],
  label: "",
  series: null,
  categories: [],
  actresses: [],
  actors: [],
  directors: [],
  authors: [],
  jacketFullUrl: "",
  jacketThumbUrl: "",
  site: "",
  serviceCode: "",
  extra: { actressesRich: [], sampleUrl: null, galleryFull: [], galleryThumb: [] },
};

/** Up to `n` records of the lowest ids, repeated to fill `n` when the catalog has fewer. */
function lowestRecords(db: Db, n: number): StoredMovie[] {
  const range = movieIdRange(db);
  if (!range) return [];
  const ids = Array.from({ length: Math.min(n * 4, range.max - range.min + 1) }, (_, i) => range.min + i);
  const found = getMoviesByIds(db, ids).slice(0, n);
  return Array.from({ length: found.length ? n : 0 }, (_, i) => found[i % found.length]);
}

/**
 * The constant answers the baseline routes serve, built once from the catalog:
 * the same shape and size as a real answer, without any per-request query.
 */
export function baselineAnswers(db: Db) {
  const movies = lowestRecords(db, MAX_RANDOM);
  const first = movies[0];
  const results = movies.slice(0, QUERY_PAGE).map((m) => toSearchResult(m.record, m.pageUrl));
  return {
    source: first?.provider ?? "",
    record: first?.record ?? EMPTY_RECORD,
    // random[n] is the answer to num=n.
    random: Array.from({ length: MAX_RANDOM + 1 }, (_, n) => movies.slice(0, n).map((m) => m.record)),
    results,
    total: String(movies.length ? Math.max(movies.length, QUERY_PAGE * 100) : 0),
    link: results.length ? '</query?q=bench&num=10&page=2>; rel="next"' : null,
  };
}

/**
 * /bench/movie, /bench/query and /bench/random: what `npm run bench` compares each
 * workload against. Same key check, querystring schema, response schema and plugins
 * as the real routes, but constant answers, so their speed is the floor of the stack.
 * Registered only by the benchmark's server (serve.ts).
 */
export function registerBaselineRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const a = baselineAnswers(ctx.deps.db);
  const doc = { hide: true, response: { ...KEYED_ERRORS } };
  app.get<{ Querystring: MovieParams }>(
    "/bench/movie",
    { schema: { ...doc, querystring: MovieParamsSchema, response: { ...doc.response, 200: MovieResponseSchema } }, config: { auth: true } },
    async (req) => ({ q: req.query.q, source: a.source, result: a.record }),
  );
  app.get<{ Querystring: QueryParams }>(
    "/bench/query",
    { schema: { ...doc, querystring: QueryParamsSchema, response: { ...doc.response, 200: QueryResponseSchema } }, config: { auth: true } },
    async (req, reply) => {
      reply.header("x-total-count", a.total);
      if (a.link) reply.header("link", a.link);
      const q = req.query.q ?? "";
      return { q, source: "catalog", query: q, count: a.results.length, results: a.results };
    },
  );
  app.get<{ Querystring: RandomParams }>(
    "/bench/random",
    { schema: { ...doc, querystring: RandomParamsSchema, response: { ...doc.response, 200: RandomResponseSchema } }, config: { auth: true } },
    async (req) => a.random[req.query.num ?? 20],
  );
}
