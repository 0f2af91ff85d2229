/** The API's errors: their codes and statuses, and AppError, the error a route throws to answer with one. */
import { VideoCatalogError } from "./video-catalog-error.js";

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

const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  404: "Not Found",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
};

export function statusText(status: number): string {
  return STATUS_TEXT[status] ?? "Error";
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
