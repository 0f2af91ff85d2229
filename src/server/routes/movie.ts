import type { FastifyInstance } from "fastify";
import { MovieParamsSchema, type MovieParams } from "../schemas/params.js";
import { ErrorSchema, MovieResponseSchema } from "../schemas/record.js";
import { KEYED_ERRORS } from "../schemas/responses.js";
import { lookupMovie, movieBody } from "../../services/titles/lookup-movie.js";
import { getAndPost } from "./both-forms.js";
import { scopeProviders, type RouteContext } from "./context.js";
import { jsonBody } from "./json-body.js";

const response = {
  200: MovieResponseSchema,
  ...KEYED_ERRORS,
  404: { ...ErrorSchema, description: "NOT_FOUND: nothing matched in the catalog or at any live provider" },
  502: { ...ErrorSchema, description: "UPSTREAM_FAILED: a catalog miss, and a live provider failed (retryable)" },
};

export function registerMovieRoutes(app: FastifyInstance, ctx: RouteContext): void {
  getAndPost<MovieParams>(app, "/movie", MovieParamsSchema, { summary: "Look up one video by catalog code or text", response }, async (p, reply) =>
    jsonBody(reply, movieBody(await lookupMovie(ctx.deps, p.q, scopeProviders(ctx, p.providers)))),
  );
}
