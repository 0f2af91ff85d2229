/**
 * MetaTube's envelope: `{"data": ...}` on success, `{"error": {"code": N, "message": "..."}}`
 * with that HTTP status otherwise (metatube-sdk-go route/route.go), never our own
 * error shape: the plugins read `error.code` and `error.message`.
 */
import type { FastifyError, FastifyReply } from "fastify";
import { AppError } from "../../lib/errors.js";
import { stableCode, VideoCatalogError } from "../../lib/video-catalog-error.js";

export const JSON_TYPE = "application/json; charset=utf-8";

const TEXT: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  404: "Not Found",
  405: "Method Not Allowed",
  429: "Too Many Requests",
  500: "Internal Server Error",
  501: "Not Implemented",
  502: "Bad Gateway",
};

/**
 * An error answer of the MetaTube face; the message defaults to the status's text, as MetaTube's do.
 * Its HTTP status is also the answer's `error.code` (its own `code` is the class's, as every error's).
 */
export class MtError extends VideoCatalogError {
  static {
    stableCode(MtError, "VC_ERR_METATUBE_ANSWER");
  }

  constructor(
    readonly status: number,
    message = TEXT[status] ?? "Error",
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const notFound = (message = "Not Found") => new MtError(404, message);
export const badRequest = (message: string) => new MtError(400, message);
export const PROVIDER_NOT_FOUND = "provider not found";
export const INFO_NOT_FOUND = "info not found";

/** Anything thrown on the MetaTube face as its error: ours keep their status; a bug is a 500 that says nothing of itself. */
export function toMtError(err: FastifyError | Error): MtError {
  if (err instanceof MtError) return err;
  if (err instanceof AppError) return new MtError(err.statusCode, err.message, err.headers);
  const e = err as FastifyError;
  if (e.validation || (typeof e.statusCode === "number" && e.statusCode >= 400 && e.statusCode < 500)) return new MtError(e.statusCode ?? 400, e.message);
  return new MtError(500);
}

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

export function sendError(reply: FastifyReply, err: MtError): FastifyReply {
  return reply
    .code(err.status)
    .headers(err.headers)
    .type(JSON_TYPE)
    .send(JSON.stringify({ error: { code: err.status, message: err.message } }));
}
