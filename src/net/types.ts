import type { LookupFunction } from "node:net";

export interface HttpEvent {
  type: "retry" | "fail";
  url: string;
  /** 1-based number of the attempt that just failed; 0 for a call not made, its host out of reach a moment ago. */
  attempt: number;
  /** retry only: how long the client waits before the next attempt. */
  delayMs?: number;
  kind: string;
}

export interface HttpClientOptions {
  /** The user-agent of every request that names none of its own (GetJsonInit.userAgent...): the USER_AGENT setting. */
  userAgent: string;
  /** Per attempt, covering headers and body. */
  timeoutMs: number;
  /** Attempts after the first; default 4. */
  maxRetries?: number;
  /** Backoff base; default 500. */
  baseDelayMs?: number;
  /** Backoff cap, also the longest retry-after honoured; default 30_000. */
  maxDelayMs?: number;
  /** Default 8 MiB (decoded bytes); a bigger body fails with kind "too_large". */
  maxBodyBytes?: number;
  /** Requests per second per host ("r18.dev", "127.0.0.1:1234"); 0 or missing = unlimited. */
  hostRate?: Record<string, number>;
  /** Max in-flight requests per host; default 4. */
  hostConcurrency?: number;
  /** Jitter source in [0, 1); injectable for tests. */
  random?: () => number;
  /** Backoff sleep; injectable for tests. */
  sleep?: (ms: number) => Promise<void>;
  /** Structured retry / failure events; the client never logs by itself. */
  onEvent?: (e: HttpEvent) => void;
  /** The clock of how long a host out of reach is left alone; Date.now by default. Injectable for tests. */
  now?: () => number;
  /** The resolver of host names (dns.lookup's shape); the system's by default. Injectable for tests. */
  lookup?: LookupFunction;
}

/** What every kind of request may say besides its URL. */
interface CallInit {
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** This request's user-agent (a source's own setting); the client's when absent or empty. */
  userAgent?: string;
}

export interface GetJsonInit extends CallInit {
  /** Sent as if-none-match. */
  etag?: string;
  /** Sent as if-modified-since. */
  lastModified?: string;
}

export interface GetBytesInit extends CallInit {
  /** Sent as accept; default any type. The caller judges the content type it gets back. */
  accept?: string;
  /** Largest body taken, in decoded bytes; default the client's maxBodyBytes. Beyond: kind "too_large". */
  maxBytes?: number;
}

export interface GetTextInit extends CallInit {
  /** Sent as accept; default HTML. */
  accept?: string;
  /**
   * Whether the text is the page that was asked for (a title page, a listing), judged by
   * the caller who knows its marks. False: a maintenance, error or block page served in
   * its place with a 2xx, a failure of kind "not_page" that is asked again like a 5xx.
   */
  isPage?: (text: string) => boolean;
}

export interface PostInit extends CallInit {
  /** The request's body, sent as it is (the same bytes on every attempt: a signature over it holds). */
  body: string | Buffer;
  /** Sent as content-type; default application/json. */
  contentType?: string;
  /** Sent as accept; default any type. */
  accept?: string;
  /** Largest answer body taken, in decoded bytes; default the client's maxBodyBytes. */
  maxBytes?: number;
}

/** 304 after a conditional request. */
export type HttpNotModified = { status: "not_modified" };
/** The resource does not exist: a "no match", not an error. */
export type HttpNotFound = { status: "not_found"; httpStatus: 404 | 410 };

export type HttpJsonResult = { status: "ok"; data: unknown; etag?: string; lastModified?: string; httpStatus: number } | HttpNotModified | HttpNotFound;

/** `contentType` as the server sent it ("" when it sent none). */
/** `finalUrl`: the URL that answered, after redirects. */
export type HttpBytesResult = { status: "ok"; bytes: Buffer; contentType: string; httpStatus: number; finalUrl: string } | HttpNotFound;

/** A page decoded in its own encoding (`encoding`: the one it was read with); `finalUrl` as for bytes. */
export type HttpTextResult = { status: "ok"; text: string; encoding: string; contentType: string; httpStatus: number; finalUrl: string } | HttpNotFound;

export interface HttpStats {
  /** Attempts sent (each retry counts). */
  requests: number;
  retries: number;
  /** getJson and getBytes calls that threw, excluding caller aborts. */
  failures: number;
}

export interface HttpClient {
  /** Resolves with a result, or throws UpstreamError. */
  getJson(url: string, init?: GetJsonInit): Promise<HttpJsonResult>;
  /** The body as bytes (covers, artwork), with the same limits, retries and errors as getJson. */
  getBytes(url: string, init?: GetBytesInit): Promise<HttpBytesResult>;
  /** A page (HTML, or any text) decoded in the encoding it declares, with the same limits, retries and errors. */
  getText(url: string, init?: GetTextInit): Promise<HttpTextResult>;
  /**
   * A POST of `init.body`, its answer as bytes (a 204's are empty), with the same limits, retries and
   * errors as getBytes: only for a request that may arrive twice (a retry after a lost answer), as a
   * media server's "look at this folder" and a signed webhook may.
   */
  post(url: string, init: PostInit): Promise<HttpBytesResult>;
  setHostRate(host: string, rps: number): void;
  stats(): HttpStats;
  close(): Promise<void>;
}
