/**
 * Fastify's own refusals (before any route or hook) answered in the shape of the face
 * the request was meant for: the error plugin's body (plugins/errors.ts), or the media
 * servers' envelope that MetaTube's API and the Plex provider share (plugins/envelope-errors.ts).
 */
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { AppError, EnvelopeError } from "../lib/errors.js";
import { redactPlexKeys } from "../lib/key-redact.js";
import { sendEnvelopeError } from "./plugins/envelope-errors.js";
import { ERROR_CONTENT_TYPE, toErrorBody } from "./plugins/errors.js";

/**
 * The longest path segment a route reads (the router's maxParamLength, app.ts): above the
 * longest a route takes, a Plex ratingKey of up to 512 characters, so that the provider
 * answers such a key itself (its 404, or its 400 for a key it never makes). Past it, the
 * router refuses the path before any route.
 */
export const MAX_PATH_SEGMENT = 1024;

/**
 * What each refusal says. Never the path: Fastify's own messages repeat it whole, and a Plex
 * provider's path holds an API key (`/plex/{key}/...`).
 */
const SAID: Record<string, string> = {
  FST_ERR_BAD_URL: "the URL's path is not valid: a % escape in it does not decode",
  FST_ERR_MAX_PARAM_LENGTH: `a segment of the URL's path is longer than ${MAX_PATH_SEGMENT} characters`,
};

/**
 * What Fastify refuses before any route or hook (a path whose % escape does not decode:
 * `/movie%zz`; a segment longer than MAX_PATH_SEGMENT), in the shape of the face it was
 * meant for: MetaTube's envelope under /v1, the Plex provider's under /plex, the API's error
 * body elsewhere, with the request id as every answer carries it.
 */
export function frameworkError(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const message = SAID[err.code] ?? redactPlexKeys(err.message);
  reply.header("x-request-id", request.id);
  const url = request.raw.url ?? "";
  // Under /plex as the router reads it: duplicate slashes are one (app.ts).
  if (/^\/v1(\/|$|\?)/.test(url) || /^\/+plex(\/|$|\?)/.test(url)) {
    sendEnvelopeError(reply, new EnvelopeError(400, message));
    return;
  }
  const { body: b } = toErrorBody(new AppError("INVALID_PARAMETER", message));
  reply.code(400).type(ERROR_CONTENT_TYPE).send(b);
}
