import type { FastifyInstance } from "fastify";
import { assertSafeIntegers, QueryParamsSchema, type QueryParams } from "../schemas/params.js";
import { QueryResponseSchema } from "../schemas/record.js";
import { KEYED_ERRORS } from "../schemas/responses.js";
import type { SearchAnswer } from "../../services/search-pool/answers.js";
import { queryBody, searchWithFallback } from "../../services/search/search-with-fallback.js";
import { getAndPost } from "./both-forms.js";
import { scopeFilter, type RouteContext } from "./context.js";
import { jsonBody } from "./json-body.js";

/** RFC 8288 links to the neighbouring pages, as GET URLs with the same parameters. */
export function pageLinks(path: string, p: QueryParams, answer: SearchAnswer): string | null {
  const link = (page: number, rel: string) => {
    const qs = new URLSearchParams();
    if (p.q) qs.set("q", p.q);
    if (p.providers !== undefined) qs.set("providers", ([] as string[]).concat(p.providers).join(","));
    if (p.filter !== undefined) qs.set("filter", typeof p.filter === "string" ? p.filter : JSON.stringify(p.filter));
    if (p.sort) qs.set("sort", p.sort);
    qs.set("num", String(answer.pageSize));
    qs.set("page", String(page));
    return `<${path}?${qs.toString()}>; rel="${rel}"`;
  };
  const links: string[] = [];
  const shown = (answer.page - 1) * answer.pageSize + answer.body.count;
  if (answer.body.count > 0 && shown < answer.total) links.push(link(answer.page + 1, "next"));
  if (answer.page > 1) links.push(link(Math.min(answer.page - 1, answer.lastPage), "prev"));
  return links.length ? links.join(", ") : null;
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
    reply.header("x-total-count", String(answer.total));
    const links = pageLinks("/query", p, answer);
    if (links) reply.header("link", links);
    return jsonBody(reply, queryBody(answer.body));
  });
}
