/**
 * A media server or the webhook not told: whether to try again later (the server down, a 5xx, a
 * timeout) or not before the settings change (a token refused, an address that is no such
 * endpoint, a folder in no Plex section). Its message names the server by its address, never by
 * its token: the token only ever travels in a request header.
 */
import { stableCode, VideoCatalogError } from "../lib/video-catalog-error.js";
import type { UpstreamError } from "../net/index.js";
import type { MediaServerKind } from "./types.js";

export type MediaServerErrorKind =
  /** No answer: connection refused or reset, a name that does not resolve, a timeout. */
  | "unreachable"
  /** A 5xx or a 429. */
  | "server_error"
  /** 401 or 403: the token (or its rights). */
  | "refused"
  /** 404 or 410: no such endpoint or section at that address. */
  | "not_found"
  /** Another 4xx: the request as sent is refused. */
  | "rejected"
  /** Plex: no library section's folder holds the folder told. */
  | "no_section"
  /** An answer that cannot be read (Plex's sections not XML, a body over the cap). */
  | "bad_answer"
  /** The caller's signal: nothing was decided. */
  | "aborted";

export interface MediaServerErrorInit {
  kind: MediaServerErrorKind;
  retryable: boolean;
  target: MediaServerKind | "webhook";
  httpStatus?: number;
  /** The wait the server asked for (retry-after), in ms. */
  retryAfterMs?: number;
  cause?: unknown;
}

export class MediaServerError extends VideoCatalogError {
  static {
    stableCode(MediaServerError, "VC_ERR_MEDIA_SERVER");
  }

  readonly kind: MediaServerErrorKind;
  /** True: try again later (the outbox keeps it); false: not until the settings change. */
  readonly retryable: boolean;
  readonly target: MediaServerKind | "webhook";
  readonly httpStatus?: number;
  readonly retryAfterMs?: number;

  constructor(message: string, init: MediaServerErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.retryable = init.retryable;
    this.target = init.target;
    if (init.httpStatus !== undefined) this.httpStatus = init.httpStatus;
    if (init.retryAfterMs !== undefined) this.retryAfterMs = init.retryAfterMs;
  }
}

/** An address as a message may show it: no user or password, no query. */
export function shownAddress(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname === "/" ? "" : u.pathname}`;
  } catch {
    return "(an address that is no URL)";
  }
}

const WHAT: Record<UpstreamError["kind"], { kind: MediaServerErrorKind; says: string }> = {
  network: { kind: "unreachable", says: "not reached" },
  timeout: { kind: "unreachable", says: "did not answer in time" },
  http_status: { kind: "server_error", says: "answered" },
  rate_limited: { kind: "server_error", says: "asked to wait" },
  forbidden: { kind: "refused", says: "refused the token" },
  challenge: { kind: "bad_answer", says: "answered with a challenge page" },
  not_json: { kind: "bad_answer", says: "answered with something else than asked" },
  not_page: { kind: "bad_answer", says: "answered with something else than asked" },
  bad_json: { kind: "bad_answer", says: "answered with a body that does not read" },
  too_large: { kind: "bad_answer", says: "answered with a body over the cap" },
  aborted: { kind: "aborted", says: "was not asked to the end (aborted)" },
};

/** The one client's failure, as a verdict on telling `target` at `base`. */
export function fromUpstream(err: UpstreamError, target: MediaServerKind | "webhook", base: string): MediaServerError {
  const what = WHAT[err.kind];
  let kind = what.kind;
  // A refused token stays refused (a 403 too: a key without the rights); an abort leaves the job as it was.
  const retryable = kind === "refused" ? false : kind === "aborted" ? true : err.retryable;
  if (kind === "server_error" && !retryable) kind = "rejected";
  const status = err.httpStatus === undefined ? "" : ` (HTTP ${err.httpStatus})`;
  const system = err.systemCode === undefined ? "" : ` (${err.systemCode})`;
  const verdict = retryable ? "tried again later" : "not tried again until the settings change";
  return new MediaServerError(`${target} at ${shownAddress(base)} ${what.says}${status}${system}: ${verdict}`, {
    kind,
    retryable,
    target,
    ...(err.httpStatus === undefined ? {} : { httpStatus: err.httpStatus }),
    ...(err.retryAfterMs === undefined ? {} : { retryAfterMs: err.retryAfterMs }),
    cause: err,
  });
}

/** A 404 or 410: the address names no such endpoint (or Plex no such section). */
export function notFound(target: MediaServerKind | "webhook", base: string, httpStatus: number, what: string): MediaServerError {
  return new MediaServerError(`${target} at ${shownAddress(base)} has no ${what} (HTTP ${httpStatus}): not tried again until the settings change`, {
    kind: "not_found",
    retryable: false,
    target,
    httpStatus,
  });
}
