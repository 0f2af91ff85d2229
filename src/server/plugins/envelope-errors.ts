/**
 * The error answers of the faces that answer in a media server's envelope (MetaTube's API,
 * the Plex provider): `{"error": {"code": N, "message": "..."}}` with status N, the shape
 * metatube-sdk-go's route/route.go answers in and the plugins read. Each face says only what
 * is its own: how it words the framework's refusals, and what a bug's answer says.
 */
import type { FastifyError, FastifyReply } from "fastify";
import { AppError, EnvelopeError } from "../../lib/errors.js";

export const JSON_TYPE = "application/json; charset=utf-8";

/**
 * Anything thrown on such a face as its error: ours keep their status and message; the
 * framework's 4xx (a schema, a body refused) their status, in the words `refused` gives; a
 * bug is a 500 that says nothing of itself (`internal`, else the status's text).
 */
export function envelopeErrorOf(err: FastifyError | Error, refused: (e: FastifyError) => string, internal?: string): EnvelopeError {
  if (err instanceof EnvelopeError) return err;
  if (err instanceof AppError) return new EnvelopeError(err.statusCode, err.message, err.headers);
  const e = err as FastifyError;
  if (e.validation || (typeof e.statusCode === "number" && e.statusCode >= 400 && e.statusCode < 500))
    return new EnvelopeError(e.statusCode ?? 400, refused(e));
  return new EnvelopeError(500, internal);
}

export function sendEnvelopeError(reply: FastifyReply, err: EnvelopeError): FastifyReply {
  return reply
    .code(err.status)
    .headers(err.headers)
    .type(JSON_TYPE)
    .send(JSON.stringify({ error: { code: err.status, message: err.message } }));
}
