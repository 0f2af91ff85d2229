import type { UpstreamError } from "./errors.js";

export interface BackoffOptions {
  baseDelayMs: number;
  maxDelayMs: number;
  random: () => number;
}

/** Exponential backoff with full jitter; `retry` counts from 0 for the first retry. */
export function backoffDelay(retry: number, opts: BackoffOptions): number {
  const ceiling = Math.min(opts.maxDelayMs, opts.baseDelayMs * 2 ** retry);
  return Math.round(opts.random() * ceiling);
}

/** Parses a retry-after header (delta seconds or an HTTP date) into ms; undefined if absent or malformed. */
export function parseRetryAfter(value: string | undefined, now: number = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (trimmed === "") return undefined;
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // Seconds with a fraction (not in the RFC, sent by some servers) as what they say; any other
  // number (negative, 1e3) is no date either, though Date.parse would read one into it.
  if (/^\d+\.\d+$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  if (/^[-+]?[\d.e]+$/i.test(trimmed)) return undefined;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

/**
 * A host name that does not resolve: the system's resolver has made its own attempts before it
 * said so, and on a machine without a network every attempt is the same miss.
 */
const UNRESOLVED: ReadonlySet<string> = new Set(["ENOTFOUND", "EAI_AGAIN", "EAI_NONAME", "EAI_NODATA", "EAI_FAIL"]);

/** Nothing listens at the address, or there is no route to it: a server restarting is back at once, or not soon. */
const UNREACHABLE: ReadonlySet<string> = new Set(["ECONNREFUSED", "ENETUNREACH", "EHOSTUNREACH"]);

/** The backoff base of an unreachable address's one retry. */
const QUICK_BASE_MS = 100;

/** How long such a host is left alone after it failed so (outOfReachMs). */
const UNRESOLVED_MEMO_MS = 10_000;
const UNREACHABLE_MEMO_MS = 2_000;

const unresolved = (failure: UpstreamError): boolean => failure.systemCode !== undefined && UNRESOLVED.has(failure.systemCode);
const unreachable = (failure: UpstreamError): boolean => failure.systemCode !== undefined && UNREACHABLE.has(failure.systemCode);

/**
 * How many times a call that failed so is tried again, of the `maxRetries` the client allows:
 * none for what cannot succeed (a 401, a body over the cap, our misuse) or a name that does not
 * resolve, one for a refused or unroutable connection, all of them for what passes (a reset, a
 * timeout, a 5xx, a 429).
 */
export function retriesFor(failure: UpstreamError, maxRetries: number): number {
  if (!failure.retryable || unresolved(failure)) return 0;
  if (unreachable(failure)) return Math.min(1, maxRetries);
  return maxRetries;
}

/**
 * How long a host that failed so is taken as out of reach, in ms (0: not at all): a name that
 * did not resolve for a while, a refused or unroutable connection briefly. Calls to it meanwhile
 * fail at once with the same error, without a request or a slot of the host's rate: a machine
 * without a network answers each miss in milliseconds, not a rate interval per host.
 */
export function outOfReachMs(failure: UpstreamError): number {
  if (unresolved(failure)) return UNRESOLVED_MEMO_MS;
  return unreachable(failure) ? UNREACHABLE_MEMO_MS : 0;
}

/** The wait before retry `retry` (from 0) of a failure that named no wait of its own: the backoff, quick for an unreachable address. */
export function retryDelay(failure: UpstreamError, retry: number, opts: BackoffOptions): number {
  return backoffDelay(retry, unreachable(failure) ? { ...opts, baseDelayMs: Math.min(opts.baseDelayMs, QUICK_BASE_MS) } : opts);
}

/** Statuses worth another attempt: the server is overloaded or briefly broken. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 500, 502, 503, 504]);

/** Resolves after the sleep, or rejects with `onAbort()` as soon as the signal aborts. */
export function sleepUnlessAborted(sleep: (ms: number) => Promise<void>, ms: number, signal: AbortSignal | undefined, onAbort: () => Error): Promise<void> {
  if (!signal) return sleep(ms);
  if (signal.aborted) return Promise.reject(onAbort());
  return new Promise<void>((resolve, reject) => {
    const abort = (): void => reject(onAbort());
    signal.addEventListener("abort", abort, { once: true });
    sleep(ms).then(
      () => {
        signal.removeEventListener("abort", abort);
        resolve();
      },
      (err: unknown) => {
        signal.removeEventListener("abort", abort);
        reject(err);
      },
    );
  });
}

export function defaultSleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
