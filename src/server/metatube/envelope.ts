/**
 * MetaTube's envelope: `{"data": ...}` on success, `{"error": {"code": N, "message": "..."}}`
 * with that HTTP status otherwise (metatube-sdk-go route/route.go: the envelope the Plex
 * provider's errors share, plugins/envelope-errors.ts), never our own error shape: the
 * plugins read `error.code` and `error.message`.
 */
import type { FastifyError, FastifyReply } from "fastify";
import { EnvelopeError } from "../../lib/errors.js";
import { envelopeErrorOf, JSON_TYPE } from "../plugins/envelope-errors.js";

export const notFound = (message = "Not Found") => new EnvelopeError(404, message);
export const badRequest = (message: string) => new EnvelopeError(400, message);
export const PROVIDER_NOT_FOUND = "provider not found";
export const INFO_NOT_FOUND = "info not found";

/** Anything thrown on the MetaTube face as its error: the framework's refusals in its own words; a bug a bare 500. */
export const toMtError = (err: FastifyError | Error): EnvelopeError => envelopeErrorOf(err, (e) => e.message);

/**
 * Strings as .NET's JSON reader takes them: a lone surrogate (half an emoji, cut by a
 * source) is written as U+FFFD, since the plugins' reader refuses the whole answer over
 * an unpaired `\ud83d` escape.
 */
const wellFormed = (_key: string, value: unknown) => (typeof value === "string" ? (value as WellFormable).toWellFormed() : value);
/** String.prototype.toWellFormed (ES2024, in every Node this runs on), beyond the ES2022 types the project compiles with. */
type WellFormable = string & { toWellFormed(): string };

export function sendData(reply: FastifyReply, data: unknown): FastifyReply {
  return reply.type(JSON_TYPE).send(JSON.stringify({ data }, wellFormed));
}
