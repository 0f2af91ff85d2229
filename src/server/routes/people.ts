import type { FastifyInstance, FastifyReply } from "fastify";
import { findPeople, type Paged, personAnswer, personPicture } from "../../services/people/people-answers.js";
import { assertSafeIntegers } from "../schemas/params.js";
import {
  type PeopleParams,
  PeopleParamsSchema,
  PeopleResponseSchema,
  PersonPathSchema,
  type PersonQuery,
  PersonQuerySchema,
  PersonResponseSchema,
} from "../schemas/people.js";
import { ErrorSchema } from "../schemas/record.js";
import { KEY_SECURITY, KEYED_ERRORS } from "../schemas/responses.js";
import { getAndPost } from "./both-forms.js";
import { pageHeaders } from "./page-links.js";
import type { RouteContext } from "./context.js";

/** A page of people's answer: its headers (as /query's), then its body. */
function paged<T extends { count: number }>(reply: FastifyReply, path: string, params: Record<string, string>, answer: Paged<T>): T {
  const lastPage = Math.max(1, Math.ceil(answer.total / answer.pageSize));
  pageHeaders(reply, path, params, { ...answer, count: answer.body.count, lastPage });
  return answer.body;
}

export function registerPeopleRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const doc = {
    summary: "Search people (actresses) by any of their names: current, former or alias",
    response: { 200: PeopleResponseSchema, ...KEYED_ERRORS },
  };
  getAndPost<PeopleParams>(app, "/people", PeopleParamsSchema, doc, async (p, reply, where) => {
    assertSafeIntegers(p, where);
    return paged(reply, "/people", { q: p.q }, await findPeople(ctx.deps, p.q, p.page ?? 1, p.num ?? 10));
  });
  const response = {
    200: PersonResponseSchema,
    ...KEYED_ERRORS,
    400: { ...ErrorSchema, description: "INVALID_PARAMETER: a key that is neither DMM's id nor `n` and ours, or a bad page or num" },
    404: { ...ErrorSchema, description: "NOT_FOUND: no person has this key" },
  };
  const schema = {
    tags: ["catalog"],
    security: KEY_SECURITY,
    summary: "One person: every name she is known by, her picture, and her titles newest first",
    params: PersonPathSchema,
    querystring: PersonQuerySchema,
    response,
  };
  app.get<{ Params: { id: string }; Querystring: PersonQuery }>("/people/:id", { schema, config: { auth: true } }, async (req, reply) => {
    assertSafeIntegers(req.query, "querystring");
    return paged(reply, `/people/${req.params.id}`, {}, await personAnswer(ctx.deps, req.params.id, req.query.page ?? 1, req.query.num ?? 10));
  });
  const pictureSchema = {
    tags: ["catalog"],
    security: KEY_SECURITY,
    summary: "Her picture (the one /people gives), as image bytes: the way to a picture of a tree on the server's own disk",
    params: PersonPathSchema,
    response: {
      200: { description: "The picture, as its source has it (JPEG, PNG, WebP...)", content: { "image/*": { schema: {} } } },
      ...KEYED_ERRORS,
      400: { ...ErrorSchema, description: "INVALID_PARAMETER: a key that is neither DMM's id nor `n` and ours" },
      404: { ...ErrorSchema, description: "NOT_FOUND: no person has this key, or she has no picture" },
      502: { ...ErrorSchema, description: "UPSTREAM_FAILED: her picture's source failed" },
    },
  };
  app.get<{ Params: { id: string } }>("/people/:id/picture", { schema: pictureSchema, config: { auth: true } }, async (req, reply) => {
    const picture = await personPicture(ctx.deps, req.params.id);
    return reply.header("content-type", picture.type).header("cache-control", "private, max-age=86400").send(picture.bytes);
  });
}
