/**
 * The Plex face's answers: every success a `MediaContainer` (docs/Metadata.md, "MediaContainer"),
 * and errors by their status alone, since the docs give no error body ("API Endpoints.md",
 * "Common return codes": 200, 404 for an unknown ratingKey, 400 for a malformed request, 500):
 * a small JSON body beside the status, `{"error": {"code": N, "message": "..."}}`, the shape
 * the MetaTube face answers in, for a person reading Plex's log.
 */
import type { FastifyError, FastifyReply } from "fastify";
import { AppError } from "../../lib/errors.js";
import { redactPlexKeys } from "../../lib/key-redact.js";
import { IDENTIFIER } from "./provider.js";
import { stableCode, VideoCatalogError } from "../../lib/video-catalog-error.js";

export const JSON_TYPE = "application/json; charset=utf-8";

/** An error answer of the Plex face: its HTTP status is also the body's `error.code` (its own `code` is the class's, as every error's). */
export class PlexError extends VideoCatalogError {
  static {
    stableCode(PlexError, "VC_ERR_PLEX_ANSWER");
  }

  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new PlexError(400, message);

/** What Fastify refuses a body for, said as the rest of this face says it. */
const BODY_REFUSED: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "the body is not valid JSON",
  FST_ERR_CTP_EMPTY_JSON_BODY: "the body is empty",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "the body must be JSON (content-type: application/json)",
  FST_ERR_CTP_BODY_TOO_LARGE: "the body is larger than 16 KiB",
};

/** Anything thrown on the Plex face as its error: ours and the framework's 4xx keep their status; a bug is a 500 that says nothing of itself. */
export function toPlexError(err: FastifyError | Error): PlexError {
  if (err instanceof PlexError) return err;
  if (err instanceof AppError) return new PlexError(err.statusCode, err.message, err.headers);
  const e = err as FastifyError;
  if (typeof e.statusCode === "number" && e.statusCode >= 400 && e.statusCode < 500)
    return new PlexError(e.statusCode, BODY_REFUSED[e.code] ?? redactPlexKeys(e.message));
  return new PlexError(500, "internal error");
}

export function sendError(reply: FastifyReply, err: PlexError): FastifyReply {
  return reply
    .code(err.status)
    .headers(err.headers)
    .type(JSON_TYPE)
    .send(JSON.stringify({ error: { code: err.status, message: err.message } }));
}

export function sendJson(reply: FastifyReply, body: unknown): FastifyReply {
  return reply.type(JSON_TYPE).send(JSON.stringify(body));
}

/** A MediaContainer of one page: `offset` where the page starts in the whole, `totalSize` the whole, `size` the page. */
export function container<T>(kind: "Metadata" | "Image", page: readonly T[], offset = 0, totalSize = page.length) {
  return { MediaContainer: { offset, totalSize, identifier: IDENTIFIER, size: page.length, [kind]: page } };
}
