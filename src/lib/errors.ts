/**
 * The errors a face answers with: the API's codes and statuses, and AppError, the error a
 * route throws to answer with one; EnvelopeError, the error of the faces that answer in a
 * media server's envelope. Each status is said by Node's own text for it.
 */
import { STATUS_CODES } from "node:http";
import { stableCode, VideoCatalogError } from "./video-catalog-error.js";

/** Every error the API can answer with (docs/api.md, "Errors"). */
export const ERROR_CODES = {
  INVALID_PARAMETER: 400,
  INVALID_JSON: 400,
  MISSING_API_KEY: 401,
  INVALID_API_KEY: 401,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  BODY_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNSUPPORTED_PROVIDER: 422,
  UNSUPPORTED_FILTER: 422,
  RATE_LIMITED: 429,
  UPSTREAM_FAILED: 502,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** An HTTP status's text, as Node's server writes it on the status line ("Not Found"). */
export function statusText(status: number): string {
  return STATUS_CODES[status] ?? "Error";
}

/**
 * An error meant for the client: its code decides the status; its message is safe to show.
 * Its code is the API's (ERROR_CODES), the one the answer says, in place of a VC_ERR_ one.
 */
export class AppError extends VideoCatalogError {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, headers: Record<string, string> = {}) {
    // A client's mistake or a miss is an answer, not a bug: no stack trace to capture
    // (nobody reads it, and every /movie miss would pay for it). 5xx keep theirs, for the log.
    const limit = Error.stackTraceLimit;
    if (ERROR_CODES[code] < 500) Error.stackTraceLimit = 0;
    try {
      super(message);
    } finally {
      Error.stackTraceLimit = limit;
    }
    this.name = "AppError";
    this.code = code;
    this.statusCode = ERROR_CODES[code];
    this.headers = headers;
  }
}

export const invalidParameter = (message: string) => new AppError("INVALID_PARAMETER", message);

/**
 * An error answer of a face whose envelope is a media server's (MetaTube's API, the Plex
 * provider): `{"error": {"code": N, "message": "..."}}` with status N. Its HTTP status is
 * also the answer's `error.code` (its own `code` is the class's, as every error's); the
 * message is the status's text unless one is given, as MetaTube's own errors say it.
 */
export class EnvelopeError extends VideoCatalogError {
  static {
    stableCode(EnvelopeError, "VC_ERR_ENVELOPE_ANSWER");
  }

  constructor(
    readonly status: number,
    message = statusText(status),
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}
