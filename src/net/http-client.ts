import { Agent, interceptors, request, type Dispatcher } from "undici";
import { abortedError, fromTransportError, UpstreamError } from "./errors.js";
import { HostLimiter } from "./host-limiter.js";
import { OutOfReach } from "./out-of-reach.js";
import { ACCEPT_ENCODING } from "./read-body.js";
import { SignalLinks } from "./signal-links.js";
import { interpretBytes, interpretResponse, interpretText, type RawResponse } from "./response.js";
import { defaultSleep, retriesFor, retryDelay, sleepUnlessAborted } from "./retry.js";
import type {
  GetBytesInit,
  GetJsonInit,
  GetTextInit,
  HttpBytesResult,
  HttpClient,
  HttpClientOptions,
  HttpEvent,
  HttpJsonResult,
  HttpStats,
  HttpTextResult,
  PostInit,
} from "./types.js";

export { UpstreamError, type UpstreamErrorKind } from "./errors.js";

/** Reads one response as a kind of answer (JSON, bytes); throws UpstreamError for what is not one. */
type Interpret<T> = (res: RawResponse, url: string) => Promise<T>;

/** What a request sends besides its URL and headers: a GET's nothing, a POST's body. */
type Sent = { method: "GET" } | { method: "POST"; body: string | Buffer };

const GET: Sent = { method: "GET" };

const DEFAULTS = {
  maxRetries: 4,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
  maxBodyBytes: 8 * 1024 * 1024,
  hostConcurrency: 4,
};

const MAX_REDIRECTIONS = 3;

/** The process's one outbound HTTP client: create it once and share it. */
export function createHttpClient(opts: HttpClientOptions): HttpClient {
  if (!opts.userAgent) throw new TypeError("userAgent is required");
  if (!(opts.timeoutMs > 0)) throw new RangeError("timeoutMs must be > 0");
  const t = new Transport(opts);
  const maxBodyBytes = opts.maxBodyBytes ?? DEFAULTS.maxBodyBytes;
  // An object of plain functions, not the class: callers wrap it by spreading (a source's own user-agent).
  return {
    getJson(url: string, init: GetJsonInit = {}): Promise<HttpJsonResult> {
      const headers = buildHeaders(opts.userAgent, init, "application/json");
      if (init.etag !== undefined) headers["if-none-match"] = init.etag;
      if (init.lastModified !== undefined) headers["if-modified-since"] = init.lastModified;
      return t.call(url, GET, headers, init.signal, (res, u) => interpretResponse(res, u, maxBodyBytes));
    },
    getBytes(url: string, init: GetBytesInit = {}): Promise<HttpBytesResult> {
      const limit = init.maxBytes ?? maxBodyBytes;
      return t.call(url, GET, buildHeaders(opts.userAgent, init, init.accept ?? "*/*"), init.signal, (res, u) => interpretBytes(res, u, limit));
    },
    getText(url: string, init: GetTextInit = {}): Promise<HttpTextResult> {
      const accept = init.accept ?? "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8";
      return t.call(url, GET, buildHeaders(opts.userAgent, init, accept), init.signal, (res, u) => interpretText(res, u, maxBodyBytes, init.isPage));
    },
    post(url: string, init: PostInit): Promise<HttpBytesResult> {
      const limit = init.maxBytes ?? maxBodyBytes;
      const headers = buildHeaders(opts.userAgent, init, init.accept ?? "*/*");
      headers["content-type"] = init.contentType ?? "application/json";
      return t.call(url, { method: "POST", body: init.body }, headers, init.signal, (res, u) => interpretBytes(res, u, limit));
    },
    setHostRate: (host, rps) => t.limiter.setRate(host, rps),
    stats: () => ({ ...t.counters }),
    close: () => t.close(),
  };
}

/**
 * What every call goes through, whatever its kind of answer: the connections, the host's
 * limits, hosts out of reach, the retry policy and the counters.
 */
class Transport {
  readonly limiter: HostLimiter;
  readonly counters: HttpStats = { requests: 0, retries: 0, failures: 0 };
  private readonly agent: Agent;
  private readonly dispatcher: Dispatcher;
  private readonly links = new SignalLinks();
  private readonly outOfReach: OutOfReach;
  private readonly maxRetries: number;
  private readonly backoff: { baseDelayMs: number; maxDelayMs: number; random: () => number };
  private readonly sleep: (ms: number) => Promise<void>;
  private closed = false;

  constructor(private readonly opts: HttpClientOptions) {
    const hostConcurrency = opts.hostConcurrency ?? DEFAULTS.hostConcurrency;
    this.maxRetries = opts.maxRetries ?? DEFAULTS.maxRetries;
    this.backoff = {
      baseDelayMs: opts.baseDelayMs ?? DEFAULTS.baseDelayMs,
      maxDelayMs: opts.maxDelayMs ?? DEFAULTS.maxDelayMs,
      random: opts.random ?? Math.random,
    };
    this.sleep = opts.sleep ?? defaultSleep;
    this.agent = new Agent({
      keepAliveTimeout: 10_000,
      connections: hostConcurrency,
      // Backstops; the per-attempt deadline below bounds headers and body together.
      headersTimeout: opts.timeoutMs,
      bodyTimeout: opts.timeoutMs,
      ...(opts.lookup === undefined ? {} : { connect: { lookup: opts.lookup } }),
    });
    this.dispatcher = this.agent.compose(interceptors.redirect({ maxRedirections: MAX_REDIRECTIONS }));
    this.limiter = new HostLimiter({ concurrency: hostConcurrency, rates: opts.hostRate });
    this.outOfReach = new OutOfReach(opts.now ?? Date.now);
  }

  /** One call: its attempts share the host's limits, the retry policy and the counters. */
  async call<T>(url: string, sent: Sent, headers: Record<string, string>, signal: AbortSignal | undefined, interpret: Interpret<T>): Promise<T> {
    const parsed = new URL(url);
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
      throw new TypeError(`unsupported URL scheme: ${parsed.protocol}`);
    }
    if (this.closed) {
      throw new UpstreamError(`client closed: ${url}`, { kind: "network", url, retryable: false });
    }
    if (signal?.aborted) throw abortedError(url, signal.reason);
    // Our listeners go on a private per-call signal, never on one the caller may share widely.
    const own = new AbortController();
    const unlink = signal ? this.links.follow(signal, own) : undefined;
    try {
      return await this.run(url, parsed.host, sent, headers, interpret, unlink ? own.signal : undefined);
    } finally {
      unlink?.();
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.limiter.close(new UpstreamError("client closed", { kind: "network", url: "", retryable: false }));
    await this.agent.close();
  }

  /** The attempts of a call, until one answers or the retry policy gives up. */
  private async run<T>(url: string, host: string, sent: Sent, headers: Record<string, string>, interpret: Interpret<T>, signal?: AbortSignal): Promise<T> {
    const held = this.outOfReach.failureFor(host, url);
    if (held !== null) {
      this.counters.failures += 1;
      this.emit({ type: "fail", url, attempt: 0, kind: held.kind });
      throw held;
    }
    for (let tries = 1; ; tries += 1) {
      let failure: UpstreamError;
      try {
        return await this.attempt(url, host, sent, headers, interpret, signal);
      } catch (err) {
        failure = err instanceof UpstreamError ? err : fromTransportError(err, url, false);
      }
      if (failure.kind === "aborted") throw failure;
      this.outOfReach.note(host, failure);
      const next = this.retryOf(failure, tries, url);
      if (next.delayMs === undefined) {
        this.counters.failures += 1;
        this.emit({ type: "fail", url, attempt: tries, kind: next.failure.kind });
        throw next.failure;
      }
      this.counters.retries += 1;
      this.emit({ type: "retry", url, attempt: tries, delayMs: next.delayMs, kind: failure.kind });
      await sleepUnlessAborted(this.sleep, next.delayMs, signal, () => abortedError(url, signal?.reason));
    }
  }

  /** How long to wait before the next attempt after this failure (none: give up, with the failure to throw). */
  private retryOf(failure: UpstreamError, tries: number, url: string): { delayMs?: number; failure: UpstreamError } {
    if (tries > retriesFor(failure, this.maxRetries)) return { failure };
    if (failure.retryAfterMs === undefined) return { delayMs: retryDelay(failure, tries - 1, this.backoff), failure };
    if (failure.retryAfterMs <= this.backoff.maxDelayMs) return { delayMs: failure.retryAfterMs, failure };
    return {
      failure: new UpstreamError(`server asked to wait ${failure.retryAfterMs} ms (over ${this.backoff.maxDelayMs}): ${url}`, {
        kind: "rate_limited",
        url,
        retryable: true,
        httpStatus: failure.httpStatus,
        retryAfterMs: failure.retryAfterMs,
      }),
    };
  }

  /** One request on the wire, within the host's limits and the attempt's deadline. */
  private async attempt<T>(url: string, host: string, sent: Sent, headers: Record<string, string>, interpret: Interpret<T>, signal?: AbortSignal): Promise<T> {
    const release = await this.limiter.acquire(host, signal, () => abortedError(url, signal?.reason));
    this.counters.requests += 1;
    const deadline = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      deadline.abort(new Error(`attempt exceeded ${this.opts.timeoutMs} ms`));
    }, this.opts.timeoutMs);
    const forward = (): void => deadline.abort(signal?.reason);
    signal?.addEventListener("abort", forward, { once: true });
    if (signal?.aborted) forward();
    try {
      const res = await request(url, { ...sent, headers, signal: deadline.signal, dispatcher: this.dispatcher });
      return await interpret(res, url);
    } catch (err) {
      if (signal?.aborted) throw abortedError(url, signal.reason);
      if (err instanceof UpstreamError) throw err;
      throw fromTransportError(err, url, timedOut);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", forward);
      release();
    }
  }

  private emit(event: HttpEvent): void {
    try {
      this.opts.onEvent?.(event);
    } catch {
      // A broken listener must not change the outcome of a request.
    }
  }
}

/** A request's headers: the caller's, then ours; its own user-agent (a source's) else the client's. */
function buildHeaders(userAgent: string, init: { headers?: Record<string, string>; userAgent?: string }, accept: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(init.headers ?? {})) headers[name.toLowerCase()] = value;
  headers["accept-encoding"] = ACCEPT_ENCODING;
  headers["user-agent"] = init.userAgent || userAgent;
  headers.accept = accept;
  return headers;
}
