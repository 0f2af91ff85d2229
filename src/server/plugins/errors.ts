/**
 * The error plugin: one error body (status, code, message) for anything thrown on the
 * API, Fastify's own refusals and schema failures included; 5xx never leak internals.
 */
import type { FastifyError, FastifyInstance } from "fastify";
import { AppError, statusText, type ErrorCode } from "../../lib/errors.js";
import { redactPlexKeys } from "../../lib/key-redact.js";

interface ErrorBody {
  statusCode: number;
  error: string;
  code: ErrorCode;
  message: string;
}

function body(code: ErrorCode, statusCode: number, message: string): ErrorBody {
  return { statusCode, error: statusText(statusCode), code, message };
}

/** Maps anything thrown (ours, Fastify's, a bug) to one error body; 5xx never leak internals. */
export function toErrorBody(err: FastifyError | AppError | Error): { body: ErrorBody; headers: Record<string, string> } {
  if (err instanceof AppError) return { body: body(err.code, err.statusCode, err.message), headers: err.headers };
  const e = err as FastifyError;
  if (e.validation) return { body: body("INVALID_PARAMETER", 400, e.message), headers: {} };
  switch (e.code) {
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return { body: body("UNSUPPORTED_MEDIA_TYPE", 415, "POST bodies must be JSON (content-type: application/json)"), headers: {} };
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return { body: body("BODY_TOO_LARGE", 413, "request body is larger than 16 KiB"), headers: {} };
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return { body: body("INVALID_JSON", 400, "body is empty but content-type is application/json"), headers: {} };
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return { body: body("INVALID_JSON", 400, "body is not valid JSON"), headers: {} };
  }
  if (e instanceof SyntaxError && e.statusCode === 400) {
    return { body: body("INVALID_JSON", 400, "body is not valid JSON"), headers: {} };
  }
  if (typeof e.statusCode === "number" && e.statusCode >= 400 && e.statusCode < 500) {
    return { body: body("INVALID_PARAMETER", 400, e.message), headers: {} };
  }
  return { body: body("INTERNAL", 500, "internal error"), headers: {} };
}

/** The content type the error handler's bodies go out with. */
export const ERROR_CONTENT_TYPE = "application/json; charset=utf-8";

/**
 * An error answer built once, for a refusal sent many times a second (an unknown key):
 * the error handler's status and bytes, sent without making an Error and taking it
 * through Fastify's error path (a large part of a 401's CPU otherwise).
 */
export function fixedError(code: ErrorCode, message: string): { statusCode: number; payload: string } {
  const { body: b } = toErrorBody(new AppError(code, message));
  return { statusCode: b.statusCode, payload: JSON.stringify(b) };
}

/**
 * Fastify's message for a request that fails its schema (`querystring/num must be >= 1`,
 * as its default formatter writes it), as an error without a stack trace: capturing
 * one was a large part of what a 400 cost; it is the client's mistake, never logged.
 */
export function schemaErrorFormatter(errors: readonly { instancePath?: string; message?: string }[], dataVar: string): Error {
  const text = errors.map((e) => `${dataVar}${e.instancePath ?? ""} ${e.message}`).join(", ");
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return new Error(text);
  } finally {
    Error.stackTraceLimit = limit;
  }
}

export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const { body, headers } = toErrorBody(err);
    if (body.statusCode >= 500) request.log.error({ err, reqId: request.id }, "request failed");
    return reply.code(body.statusCode).headers(headers).send(body);
  });
  // The path asked, with any Plex provider key in it cut short (`/x/plex/KEY` pasted under a wrong prefix).
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send(body("ROUTE_NOT_FOUND", 404, `no route ${request.method} ${redactPlexKeys(request.url.split("?")[0])}`)),
  );
}
