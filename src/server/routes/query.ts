import type { FastifyInstance } from "fastify";
import { assertSafeIntegers, QueryParamsSchema, type QueryParams } from "../schemas/params.js";
import { QueryResponseSchema } from "../schemas/record.js";
import { KEYED_ERRORS } from "../schemas/responses.js";
import { queryBody, searchWithFallback } from "../../services/search/search-with-fallback.js";
import { getAndPost } from "./both-forms.js";
import { scopeFilter, type RouteContext } from "./context.js";
import { jsonBody } from "./json-body.js";
import { pageHeaders } from "./page-links.js";

/** /query's own parameters as its page links repeat them, in their order. */
function linkParams(p: QueryParams): Record<string, string> {
  const params: Record<string, string> = {};
  if (p.q) params.q = p.q;
  if (p.providers !== undefined) params.providers = ([] as string[]).concat(p.providers).join(",");
  if (p.filter !== undefined) params.filter = typeof p.filter === "string" ? p.filter : JSON.stringify(p.filter);
  if (p.sort) params.sort = p.sort;
  return params;
}

export function registerQueryRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const doc = {
    summary: "Search the catalog (English and Japanese), with filters, sorting and paging",
    response: { 200: QueryResponseSchema, ...KEYED_ERRORS },
  };
  getAndPost<QueryParams>(app, "/query", QueryParamsSchema, doc, async (p, reply, where) => {
    assertSafeIntegers(p, where);
    const filter = scopeFilter(ctx, p);
    const answer = await searchWithFallback(ctx.deps, { q: p.q ?? "", filter, sort: p.sort, page: p.page ?? 1, num: p.num ?? 10 });
    pageHeaders(reply, "/query", linkParams(p), { ...answer, count: answer.body.count });
    return jsonBody(reply, queryBody(answer.body));
  });
}
