import type { IncomingHttpHeaders } from "node:http";
import type { Readable } from "node:stream";
import { UpstreamError } from "./errors.js";
import { decodeText, discard, readBody } from "./read-body.js";
import { parseRetryAfter, RETRYABLE_STATUSES } from "./retry.js";
import { decodePage } from "./charset.js";
import type { HttpBytesResult, HttpJsonResult, HttpNotFound, HttpNotModified, HttpTextResult } from "./types.js";

/** Enough of an error or HTML page to recognise a challenge; the rest is discarded. */
const PEEK_BYTES = 64 * 1024;

const CHALLENGE_MARKERS = ["challenge-platform", "Just a moment...", "<title>Attention Required"];

export interface RawResponse {
  statusCode: number;
  headers: IncomingHttpHeaders;
  body: Readable;
  /** undici's: the URLs the redirects went through, the one answered last. */
  context?: unknown;
}

/** The URL that answered, after redirects (undici's redirect interceptor keeps them in context.history). */
function finalUrlOf(res: RawResponse, url: string): string {
  const history = (res.context as { history?: readonly URL[] } | undefined)?.history;
  const last = history?.[history.length - 1];
  return last === undefined ? url : String(last);
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function looksLikeChallenge(text: string): boolean {
  return CHALLENGE_MARKERS.some((marker) => text.includes(marker));
}

async function peekText(body: Readable, encoding: string | undefined): Promise<string> {
  try {
    return decodeText((await readBody(body, encoding, PEEK_BYTES)).bytes);
  } catch {
    // The status alone decides; a broken error body adds nothing.
    return "";
  }
}

function statusError(statusCode: number, headers: IncomingHttpHeaders, url: string): UpstreamError {
  if (statusCode === 401 || statusCode === 403) {
    // 401 is about our credentials: asking again cannot help. A 403 is as often a block
    // page that a WAF lifts after a while: retried with backoff, a bounded number of times.
    return new UpstreamError(`forbidden (HTTP ${statusCode}): ${url}`, {
      kind: "forbidden",
      url,
      retryable: statusCode === 403,
      httpStatus: statusCode,
    });
  }
  const retryAfterMs = statusCode === 429 || statusCode === 503 ? parseRetryAfter(header(headers, "retry-after")) : undefined;
  return new UpstreamError(`HTTP ${statusCode}: ${url}`, {
    kind: statusCode === 429 ? "rate_limited" : "http_status",
    url,
    retryable: RETRYABLE_STATUSES.has(statusCode),
    httpStatus: statusCode,
    retryAfterMs,
  });
}

/**
 * What the status alone settles, for every kind of answer: 304, 404/410, a challenge, any other
 * status outside 2xx (thrown). Undefined when the body carries the answer.
 */
async function settleStatus(res: RawResponse, url: string): Promise<HttpNotModified | HttpNotFound | undefined> {
  const { statusCode, headers, body } = res;
  if (statusCode === 304) {
    await peekText(body, undefined);
    return { status: "not_modified" };
  }
  if (statusCode === 404 || statusCode === 410) {
    await peekText(body, undefined);
    return { status: "not_found", httpStatus: statusCode };
  }
  if (header(headers, "cf-mitigated")?.toLowerCase() === "challenge") {
    discard(body);
    throw challengeError(url, statusCode);
  }
  if (statusCode < 200 || statusCode >= 300) {
    const text = await peekText(body, header(headers, "content-encoding"));
    if (looksLikeChallenge(text)) throw challengeError(url, statusCode);
    throw statusError(statusCode, headers, url);
  }
  return undefined;
}

/** settleStatus for a request sent without validators (bytes, pages): a 304 is a broken server, not a fresh copy. */
async function settleUnconditional(res: RawResponse, url: string): Promise<HttpNotFound | undefined> {
  const settled = await settleStatus(res, url);
  if (settled?.status === "not_modified") {
    throw new UpstreamError(`HTTP 304 without a conditional request: ${url}`, { kind: "http_status", url, retryable: false, httpStatus: 304 });
  }
  return settled;
}

/** The decoded body, at most `limit` bytes: a declared or actual excess is "too_large" before or as soon as it shows. */
async function readCapped(res: RawResponse, url: string, limit: number): Promise<Buffer> {
  const { statusCode, headers, body } = res;
  const encoding = header(headers, "content-encoding");
  const declared = Number(header(headers, "content-length"));
  if (!encoding && Number.isFinite(declared) && declared > limit) {
    discard(body);
    throw tooLargeError(url, statusCode, limit);
  }
  const read = await readBody(body, encoding, limit);
  if (read.overflow) throw tooLargeError(url, statusCode, limit);
  return read.bytes;
}

/**
 * Turns one response into a result or an UpstreamError. Always consumes or destroys the body.
 * HTML where JSON was expected is a failure (a block page, a challenge), never data or "no match";
 * it is retryable, like a 5xx.
 */
export async function interpretResponse(res: RawResponse, url: string, maxBodyBytes: number): Promise<HttpJsonResult> {
  const settled = await settleStatus(res, url);
  if (settled) return settled;
  const { statusCode, headers, body } = res;
  const contentType = header(headers, "content-type") ?? "";
  if (/text\/html/i.test(contentType)) {
    const text = await peekText(body, header(headers, "content-encoding"));
    throw looksLikeChallenge(text) ? challengeError(url, statusCode) : notJsonError(url, statusCode, contentType);
  }
  const bytes = await readCapped(res, url, maxBodyBytes);
  const text = decodeText(bytes);

  if (text.trimStart().startsWith("<")) {
    throw looksLikeChallenge(text) ? challengeError(url, statusCode) : notJsonError(url, statusCode, contentType);
  }
  if ((statusCode === 204 || statusCode === 205) && text.trim() === "") {
    return { status: "ok", data: null, httpStatus: statusCode };
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    // Usually a body cut short in transit: worth another attempt.
    throw new UpstreamError(`invalid JSON (${bytes.length} bytes): ${url}`, {
      kind: "bad_json",
      url,
      retryable: true,
      httpStatus: statusCode,
      cause: err,
    });
  }
  const result: HttpJsonResult = { status: "ok", data, httpStatus: statusCode };
  const etag = header(headers, "etag");
  const lastModified = header(headers, "last-modified");
  if (etag !== undefined) result.etag = etag;
  if (lastModified !== undefined) result.lastModified = lastModified;
  return result;
}

/**
 * Turns one response into bytes or an UpstreamError, with the same status rules as JSON. Whether
 * the content type suits is the caller's call (it asked with `accept`); only a challenge page is
 * recognised here, since it is a failure whatever was asked for.
 */
export async function interpretBytes(res: RawResponse, url: string, maxBodyBytes: number): Promise<HttpBytesResult> {
  const settled = await settleUnconditional(res, url);
  if (settled) return settled;
  const contentType = header(res.headers, "content-type") ?? "";
  const bytes = await readCapped(res, url, maxBodyBytes);
  if (/text\/html/i.test(contentType) && looksLikeChallenge(decodeText(bytes.subarray(0, PEEK_BYTES)))) {
    throw challengeError(url, res.statusCode);
  }
  return { status: "ok", bytes, contentType, httpStatus: res.statusCode, finalUrl: finalUrlOf(res, url) };
}

/**
 * Turns one response into a page decoded in its own encoding (charset.ts), with the same status
 * rules as JSON: a challenge is a failure, and so is a page that `isPage` does not recognise (a
 * maintenance or error page served with a 2xx), retried as a 5xx is, never read as "no match".
 */
export async function interpretText(res: RawResponse, url: string, maxBodyBytes: number, isPage?: (text: string) => boolean): Promise<HttpTextResult> {
  const settled = await settleUnconditional(res, url);
  if (settled) return settled;
  const contentType = header(res.headers, "content-type") ?? "";
  const bytes = await readCapped(res, url, maxBodyBytes);
  const { text, encoding } = decodePage(bytes, contentType);
  if (looksLikeChallenge(text.slice(0, PEEK_BYTES))) throw challengeError(url, res.statusCode);
  if (isPage !== undefined && !isPage(text)) {
    throw new UpstreamError(`not the page asked for (HTTP ${res.statusCode}, ${bytes.length} bytes): ${url}`, {
      kind: "not_page",
      url,
      retryable: true,
      httpStatus: res.statusCode,
    });
  }
  return { status: "ok", text, encoding, contentType, httpStatus: res.statusCode, finalUrl: finalUrlOf(res, url) };
}

function challengeError(url: string, httpStatus: number): UpstreamError {
  // Retried with backoff: challenges come and go. One that persists ends the run by the
  // ingest's circuit breaker, never as a "no match".
  return new UpstreamError(`bot challenge page (HTTP ${httpStatus}): ${url}`, {
    kind: "challenge",
    url,
    retryable: true,
    httpStatus,
  });
}

function notJsonError(url: string, httpStatus: number, contentType: string): UpstreamError {
  // A maintenance or error page served as 200: transient as often as not.
  return new UpstreamError(`expected JSON, got ${contentType || "markup"} (HTTP ${httpStatus}): ${url}`, {
    kind: "not_json",
    url,
    retryable: true,
    httpStatus,
  });
}

function tooLargeError(url: string, httpStatus: number, limit: number): UpstreamError {
  return new UpstreamError(`response body over ${limit} bytes: ${url}`, {
    kind: "too_large",
    url,
    retryable: false,
    httpStatus,
  });
}
