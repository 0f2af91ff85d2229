/** What went wrong with an upstream call; callers decide retry / give up / throttle from it. */
import { stableCode, VideoCatalogError } from "../lib/video-catalog-error.js";
export type UpstreamErrorKind =
  | "network"
  | "timeout"
  | "http_status"
  | "rate_limited"
  | "forbidden"
  | "challenge"
  | "not_json"
  | "not_page"
  | "bad_json"
  | "too_large"
  | "aborted";

export interface UpstreamErrorInit {
  kind: UpstreamErrorKind;
  url: string;
  retryable: boolean;
  httpStatus?: number;
  /** Wait the server asked for (retry-after), in ms, when it sent one. */
  retryAfterMs?: number;
  /** The system's code of a failed connection (ENOTFOUND, ECONNREFUSED, ECONNRESET...), when it gave one. */
  systemCode?: string;
  cause?: unknown;
}

/**
 * An upstream call that produced no usable answer. `retryable` says whether the failure is
 * transient (worth trying again later), also on the error thrown after the last attempt.
 */
export class UpstreamError extends VideoCatalogError {
  static {
    stableCode(UpstreamError, "VC_ERR_UPSTREAM");
  }

  readonly kind: UpstreamErrorKind;
  readonly retryable: boolean;
  readonly httpStatus?: number;
  readonly url: string;
  readonly retryAfterMs?: number;
  readonly systemCode?: string;

  constructor(message: string, init: UpstreamErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = "UpstreamError";
    this.kind = init.kind;
    this.retryable = init.retryable;
    this.url = init.url;
    if (init.httpStatus !== undefined) this.httpStatus = init.httpStatus;
    if (init.retryAfterMs !== undefined) this.retryAfterMs = init.retryAfterMs;
    if (init.systemCode !== undefined) this.systemCode = init.systemCode;
  }
}

export function abortedError(url: string, cause?: unknown): UpstreamError {
  return new UpstreamError(`request aborted: ${url}`, { kind: "aborted", url, retryable: false, cause });
}

/**
 * The system's code of a failed connection: the error's own, or (several addresses tried one
 * after another, as Node's happy eyeballs does for a name with IPv4 and IPv6) its first attempt's.
 */
function systemCodeOf(err: unknown): string | undefined {
  const { code, errors } = (err ?? {}) as { code?: unknown; errors?: unknown };
  if (typeof code === "string" && /^E[A-Z_]+$/.test(code)) return code;
  return Array.isArray(errors) && errors.length > 0 ? systemCodeOf(errors[0]) : undefined;
}

/** Maps a transport-level failure (undici, zlib, socket) to an UpstreamError. */
export function fromTransportError(err: unknown, url: string, timedOut: boolean): UpstreamError {
  if (err instanceof UpstreamError) return err;
  const code = (err as { code?: unknown } | null)?.code;
  const detail = err instanceof Error ? err.message : String(err);
  if (timedOut || code === "UND_ERR_HEADERS_TIMEOUT" || code === "UND_ERR_BODY_TIMEOUT" || code === "UND_ERR_CONNECT_TIMEOUT") {
    return new UpstreamError(`timed out: ${url}`, { kind: "timeout", url, retryable: true, cause: err });
  }
  if (code === "UND_ERR_RES_EXCEEDED_MAX_SIZE") {
    return new UpstreamError(`response body too large: ${url}`, { kind: "too_large", url, retryable: false, cause: err });
  }
  if (typeof code === "string" && code.startsWith("Z_")) {
    // A compressed body that does not decode is a damaged (often truncated) payload.
    return new UpstreamError(`undecodable body (${detail}): ${url}`, { kind: "bad_json", url, retryable: true, cause: err });
  }
  // Misuse or a closed client: retrying cannot help.
  const permanent = code === "UND_ERR_INVALID_ARG" || code === "UND_ERR_NOT_SUPPORTED" || code === "UND_ERR_CLOSED" || code === "UND_ERR_DESTROYED";
  const systemCode = systemCodeOf(err);
  return new UpstreamError(`network error (${detail}): ${url}`, {
    kind: "network",
    url,
    retryable: !permanent,
    ...(systemCode === undefined ? {} : { systemCode }),
    cause: err,
  });
}
