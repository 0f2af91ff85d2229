/**
 * The Plex face's answers: every success a `MediaContainer` (docs/Metadata.md, "MediaContainer"),
 * and errors by their status alone, since the docs give no error body ("API Endpoints.md",
 * "Common return codes": 200, 404 for an unknown ratingKey, 400 for a malformed request, 500):
 * a small JSON body beside the status, `{"error": {"code": N, "message": "..."}}`, the shape
 * the MetaTube face answers in (plugins/envelope-errors.ts), for a person reading Plex's log.
 */
import type { FastifyError, FastifyReply } from "fastify";
import { EnvelopeError } from "../../lib/errors.js";
import { redactPlexKeys } from "../../lib/key-redact.js";
import { envelopeErrorOf, JSON_TYPE } from "../plugins/envelope-errors.js";
import { IDENTIFIER } from "./provider.js";

export const badRequest = (message: string) => new EnvelopeError(400, message);

/** What Fastify refuses a body for, said as the rest of this face says it. */
const BODY_REFUSED: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "the body is not valid JSON",
  FST_ERR_CTP_EMPTY_JSON_BODY: "the body is empty",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "the body must be JSON (content-type: application/json)",
  FST_ERR_CTP_BODY_TOO_LARGE: "the body is larger than 16 KiB",
};

/** Anything thrown on the Plex face as its error: the framework's refusals in this face's words (no key in them); a bug a 500 that says nothing of itself. */
export const toPlexError = (err: FastifyError | Error): EnvelopeError =>
  envelopeErrorOf(err, (e) => BODY_REFUSED[e.code] ?? redactPlexKeys(e.message), "internal error");

export function sendJson(reply: FastifyReply, body: unknown): FastifyReply {
  return reply.type(JSON_TYPE).send(JSON.stringify(body));
}

/** A MediaContainer of one page: `offset` where the page starts in the whole, `totalSize` the whole, `size` the page. */
export function container<T>(kind: "Metadata" | "Image", page: readonly T[], offset = 0, totalSize = page.length) {
  return { MediaContainer: { offset, totalSize, identifier: IDENTIFIER, size: page.length, [kind]: page } };
}
