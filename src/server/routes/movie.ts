import type { FastifyInstance } from "fastify";
import { MovieParamsSchema, type MovieParams } from "../schemas/params.js";
import { MovieResponseSchema } from "../schemas/record.js";
import { KEYED_ERRORS, KEY_SECURITY } from "../schemas/responses.js";
import { ErrorSchema } from "../schemas/record.js";
import { lookupMovie } from "../../services/lookup-movie.js";
import { parseProviders } from "../../services/providers-param.js";
import type { RouteContext } from "./context.js";

const response = {
  200: MovieResponseSchema,
  ...KEYED_ERRORS,
  404: { ...ErrorSchema, description: "NOT_FOUND: nothing matched in the catalog or at any live provider" },
  502: { ...ErrorSchema, description: "UPSTREAM_FAILED: a catalog miss, and a live provider failed (retryable)" },
};

export function registerMovieRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const handle = (p: MovieParams) => lookupMovie(ctx.deps, p.q, parseProviders(p.providers, ctx.knownProviders()));
  const doc = { tags: ["catalog"], summary: "Look up one video by catalog code or text", security: KEY_SECURITY, response };
  app.get<{ Querystring: MovieParams }>("/movie", { schema: { ...doc, querystring: MovieParamsSchema }, config: { auth: true } }, (req) =>
    handle(req.query),
  );
  app.post<{ Body: MovieParams }>("/movie", { schema: { ...doc, body: MovieParamsSchema }, config: { auth: true } }, (req) =>
    handle(req.body),
  );
}
