import type { FastifyInstance, FastifyReply } from "fastify";
import { assertSafeIntegers, QueryParamsSchema, type QueryParams } from "../schemas/params.js";
import { QueryResponseSchema } from "../schemas/record.js";
import { KEYED_ERRORS, KEY_SECURITY } from "../schemas/responses.js";
import { parseFilter } from "../../services/filter-parse.js";
import { parseProviders } from "../../services/providers-param.js";
import { searchWithFallback, type SearchAnswer } from "../../services/search-catalog.js";
import type { RouteContext } from "./context.js";

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
  const handle = async (p: QueryParams, reply: FastifyReply, where: "querystring" | "body") => {
    assertSafeIntegers(p, where);
    const known = ctx.knownProviders();
    const filter = parseFilter(p.filter, parseProviders(p.providers, known), known);
    const answer = await searchWithFallback(ctx.deps, { q: p.q ?? "", filter, sort: p.sort, page: p.page ?? 1, num: p.num ?? 10 });
    reply.header("x-total-count", String(answer.total));
    const links = pageLinks("/query", p, answer);
    if (links) reply.header("link", links);
    return answer.body;
  };
  const doc = {
    tags: ["catalog"],
    summary: "Search the catalog (English and Japanese), with filters, sorting and paging",
    security: KEY_SECURITY,
    response: { 200: QueryResponseSchema, ...KEYED_ERRORS },
  };
  app.get<{ Querystring: QueryParams }>(
    "/query",
    { schema: { ...doc, querystring: QueryParamsSchema }, config: { auth: true } },
    async (req, reply) => handle(req.query, reply, "querystring"),
  );
  app.post<{ Body: QueryParams }>(
    "/query",
    {
      schema: { ...doc, body: QueryParamsSchema },
      config: { auth: true },
      preValidation: async (req) => {
        if (req.body === undefined || req.body === null) req.body = {};
      },
    },
    async (req, reply) => handle(req.body, reply, "body"),
  );
}
