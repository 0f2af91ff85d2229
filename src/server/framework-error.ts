/**
 * Fastify's own refusals (before any route or hook) answered in the shape of the face
 * the request was meant for. Beside app.ts, above both faces it picks between: the
 * error plugin's body (plugins/errors.ts) and MetaTube's envelope (metatube/envelope.ts).
 */
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../lib/errors.js";
import { MtError, sendError } from "./metatube/envelope.js";
import { ERROR_CONTENT_TYPE, toErrorBody } from "./plugins/errors.js";

/**
 * What Fastify refuses before any route or hook (a path whose % escape does not decode:
 * `/movie%zz`), in the shape of the face it was meant for: MetaTube's envelope under /v1,
 * the API's error body elsewhere, with the request id as every answer carries it.
 */
export function frameworkError(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const message = err.code === "FST_ERR_BAD_URL" ? "the URL's path is not valid: a % escape in it does not decode" : err.message;
  reply.header("x-request-id", request.id);
  if (/^\/v1(\/|$|\?)/.test(request.raw.url ?? "")) {
    sendError(reply, new MtError(400, message));
    return;
  }
  const { body: b } = toErrorBody(new AppError("INVALID_PARAMETER", message));
  reply.code(400).type(ERROR_CONTENT_TYPE).send(b);
}
