import type { FastifyInstance } from "fastify";
import { assertSafeIntegers, RandomParamsSchema, type RandomParams } from "../schemas/params.js";
import { RandomResponseSchema } from "../schemas/record.js";
import { KEYED_ERRORS, KEY_SECURITY } from "../schemas/responses.js";
import { parseFilter } from "../../services/filter-parse.js";
import { parseProviders } from "../../services/providers-param.js";
import { randomRecords } from "../../services/random-records.js";
import type { RouteContext } from "./context.js";

export function registerRandomRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const handle = (p: RandomParams, where: "querystring" | "body") => {
    assertSafeIntegers(p, where);
    const known = ctx.knownProviders();
    const filter = parseFilter(p.filter, parseProviders(p.providers, known), known);
    return randomRecords(ctx.deps, p.num ?? 20, filter);
  };
  const doc = {
    tags: ["catalog"],
    summary: "Distinct, uniformly sampled records",
    security: KEY_SECURITY,
    response: { 200: RandomResponseSchema, ...KEYED_ERRORS },
  };
  app.get<{ Querystring: RandomParams }>(
    "/random",
    { schema: { ...doc, querystring: RandomParamsSchema }, config: { auth: true } },
    async (req) => handle(req.query, "querystring"),
  );
  app.post<{ Body: RandomParams }>(
    "/random",
    {
      schema: { ...doc, body: RandomParamsSchema },
      config: { auth: true },
      // A POST without any body is the same as `{}`.
      preValidation: async (req) => {
        if (req.body === undefined || req.body === null) req.body = {};
      },
    },
    async (req) => handle(req.body, "body"),
  );
}
