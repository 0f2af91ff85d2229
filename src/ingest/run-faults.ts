/**
 * How an ingest run lives through a source that misbehaves: what a failure is, the
 * run's failure figures, and the circuit breaker that ends a run when the source is
 * down rather than flaky.
 */
import type { RunTally } from "../catalog/index.js";

/** Consecutive failures (titles or pages) of one provider that end a run. */
export const BREAKER_FAILURES = 20;
/** Pause before asking again for a page the source failed to give (the client has backed off already). */
export const RETRY_PAUSE_MS = 1000;
/** Earlier failures asked again per page. */
export const RETRY_CHUNK = 20;

/**
 * Failures of one title, not of the source: it answered, and what it gave is no record
 * (`parse`) or too large. They do not count toward the breaker when asked again, and a
 * title that failed so in this many runs is no longer asked first (it stays listed).
 */
const TITLE_FAILURES = new Set(["parse", "too_large"]);
export const TITLE_FAILURE_RUNS = 3;

export function isTitleFailure(kind: string): boolean {
  return TITLE_FAILURES.has(kind);
}

/** The earlier failures a run asks again before its crawl, oldest first: all but titles that failed as such in TITLE_FAILURE_RUNS runs. */
export function retryFirst(failures: { entry: string; kind: string; attempts: number }[]): string[] {
  return failures.filter((f) => !(isTitleFailure(f.kind) && f.attempts >= TITLE_FAILURE_RUNS)).map((f) => f.entry);
}

export interface FailureFigures {
  retries: number;
  failures: number;
  failureKinds: Record<string, number>;
}

export function tallyFailure(f: FailureFigures, kind: string): void {
  f.failures++;
  f.failureKinds[kind] = (f.failureKinds[kind] ?? 0) + 1;
}

export function tallyOf(f: FailureFigures): RunTally {
  return { retries: f.retries, failures: f.failures, failureKinds: { ...f.failureKinds } };
}

/**
 * Opens after `limit` failures in a row (each already retried by the HTTP client with
 * backoff): a source that fails that often is down, or blocks us, and asking on only
 * makes it worse. Any success closes the count again.
 */
export class Breaker {
  private streak = 0;
  private last: { kind: string; message: string } | null = null;

  constructor(private readonly limit: number) {}

  get open(): boolean {
    return this.streak >= this.limit;
  }

  /** A page's outcome: `ok` titles fetched (or known missing), then its failures; `retried`: a page of earlier failures, whose title failures say nothing of the source. */
  page(ok: number, failed: { kind: string; reason: string }[], retried = false): void {
    if (ok > 0) this.streak = 0;
    for (const f of failed) if (!(retried && isTitleFailure(f.kind))) this.failed(f.kind, f.reason);
  }

  failed(kind: string, message: string): void {
    this.streak++;
    this.last = { kind, message };
  }

  reason(): string {
    return `circuit breaker: ${this.streak} failures in a row (limit ${this.limit}), the last ${this.last?.kind}: ${this.last?.message}; the next run resumes from the checkpoint`;
  }
}
