import type { FastifyInstance } from "fastify";
import { assertSafeIntegers, RandomParamsSchema, type RandomParams } from "../schemas/params.js";
import { RandomResponseSchema } from "../schemas/record.js";
import { KEYED_ERRORS } from "../schemas/responses.js";
import { randomAnswer, randomBody } from "../../services/search/random-records.js";
import { getAndPost } from "./both-forms.js";
import { scopeFilter, type RouteContext } from "./context.js";
import { jsonBody } from "./json-body.js";

export function registerRandomRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const doc = { summary: "Distinct, uniformly sampled records", response: { 200: RandomResponseSchema, ...KEYED_ERRORS } };
  getAndPost<RandomParams>(app, "/random", RandomParamsSchema, doc, async (p, reply, where) => {
    assertSafeIntegers(p, where);
    return jsonBody(reply, randomBody(await randomAnswer(ctx.deps, p.num ?? 20, scopeFilter(ctx, p))));
  });
}
