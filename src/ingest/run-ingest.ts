import { createHash, randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import {
  acquireIngestLock,
  catalogFullMessageOf,
  isCatalogFull,
  commitPage,
  finishRun,
  getProviderState,
  listFailures,
  markCrawlStart,
  noteFailedAttempt,
  releaseIngestLock,
  startRun,
  upsertRecords,
  writeWithoutWaiting,
  type Db,
  type LockHolder,
} from "../catalog/index.js";
import type { ProviderRuntime } from "../providers/runtime.js";
import type { CrawlOptions, CrawlPage } from "../providers/types.js";
import { failureKind, isSourceFailure } from "../providers/errors.js";
import { processAlive } from "../lib/process-alive.js";
import { BREAKER_FAILURES, Breaker, RETRY_CHUNK, RETRY_PAUSE_MS, retryFirst, tallyFailure, tallyOf } from "./run-faults.js";
import { IngestBusyError } from "./ingest-busy.js";

export { IngestBusyError };

export interface IngestOptions {
  /** One provider, or every usable one that can crawl with these options. */
  provider?: string;
  since?: string;
  /** Stop after this many records (the checkpoint keeps the rest for the next run). */
  limit?: number;
  codes?: string[];
  /** A site crawled newest first goes through its whole listing again, not only what came out since the last crawl. */
  full?: boolean;
  /** Who started the run: the CLI, or the server (its schedule, the dashboard's button). */
  trigger: "cli" | "cron" | "dashboard";
  signal?: AbortSignal;
  /** Called once each provider's run is open (the lock is held), with its id. */
  onStarted?: (runId: number, provider: string) => void;
  onPage?: (p: IngestProgress) => void;
  onError?: (provider: string, error: Error) => void;
  /** Ends the run after the page it is on (its requests are not cancelled, unlike `signal`). */
  stopAfterPage?: AbortSignal;
  /** Failures in a row that end a run (default BREAKER_FAILURES). */
  breakerFailures?: number;
  /** Pause before asking again for a page that failed (default RETRY_PAUSE_MS). */
  retryPauseMs?: number;
}

export interface IngestProgress {
  provider: string;
  runId: number;
  pages: number;
  records: number;
  added: number;
  updated: number;
  skipped: number;
  errors: number;
  /** HTTP attempts sent, retries included. */
  requests: number;
  /** Attempts the HTTP client repeated. */
  retries: number;
  /** Titles (or pages) that failed after their retries, and by kind. */
  failures: number;
  failureKinds: Record<string, number>;
}

export interface RunSummary extends IngestProgress {
  status: "succeeded" | "failed" | "stopped";
  error: string | null;
}

const LOCK_STALE_MS = 10 * 60_000;
/** Records per transaction of the server's runs (each a few ms on the event loop). */
const SERVER_WRITE_CHUNK = 20;
/** How often a server's run looks again for the write lock while another process holds it. */
const BUSY_RETRY_MS = 250;

/**
 * A write of the run. The CLI waits for the write lock as SQLite does (busy timeout);
 * any other run is the server's, on its event loop, and an import may hold the lock
 * for minutes: it tries without waiting and looks again a little later, so requests
 * keep being answered meanwhile.
 */
async function write<T>(db: Db, options: IngestOptions, fn: () => T): Promise<T> {
  if (options.trigger === "cli") return fn();
  for (;;) {
    let out: { value: T } | null = null;
    if (writeWithoutWaiting(db, () => (out = { value: fn() }))) return out!.value;
    // A run cancelled while it waits gives up rather than write when the lock comes free.
    await sleep(BUSY_RETRY_MS, undefined, { signal: options.signal });
  }
}

/** How far back a run after a finished crawl of a site reaches before it (titles a site adds or changes a little late). */
export const INCREMENTAL_OVERLAP_DAYS = 30;

/** The day (YYYY-MM-DD, JST as the sources' days are) that many days before `ms`. */
function dayBefore(ms: number, days: number): string {
  return new Date(ms - days * 86_400_000 + 9 * 3_600_000).toISOString().slice(0, 10);
}

/** The scope of a listing-crawled site's failed titles (see crawlProvider). */
const LISTING_FAILURES = "listing";

/** What a checkpoint belongs to: the same codes list and `since` resume; others start afresh. */
function scopeOf(opts: CrawlOptions): string {
  return createHash("sha1")
    .update(JSON.stringify({ since: opts.since ?? null, codes: opts.codes ?? null }))
    .digest("base64url");
}

/**
 * Crawls providers page by page. Each page's records commit with the checkpoint
 * that follows them, so a run killed at any point resumes where the last commit
 * left it, with no record lost or written twice. Runs never overlap: a lock row
 * in the database is shared by the server's schedule and the CLI.
 */
export async function runIngest(db: Db, runtime: ProviderRuntime, options: IngestOptions, now: () => number = Date.now): Promise<RunSummary[]> {
  const targets = options.provider
    ? runtime.setups.filter((s) => s.provider.name === options.provider)
    : runtime.setups.filter((s) => s.provider.codesFileSetting === undefined || (options.codes?.length ?? 0) > 0);
  const me: LockHolder = { owner: randomUUID(), pid: process.pid, host: hostname() };
  const holder = await write(db, options, () => acquireIngestLock(db, me, { now: now(), staleMs: LOCK_STALE_MS, isAlive: processAlive }));
  if (holder) throw new IngestBusyError(holder);
  const summaries: RunSummary[] = [];
  try {
    for (const setup of targets) {
      summaries.push(await crawlProvider(db, runtime, setup.provider.name, me.owner, options, now));
      if (options.signal?.aborted || options.stopAfterPage?.aborted) break;
    }
  } finally {
    await write(db, { ...options, signal: undefined }, () => releaseIngestLock(db, me.owner));
  }
  return summaries;
}

async function crawlProvider(db: Db, runtime: ProviderRuntime, name: string, owner: string, options: IngestOptions, now: () => number): Promise<RunSummary> {
  const setup = runtime.get(name)!;
  const state = getProviderState(db, name);
  // A site crawled newest first, asked for no `since`: after a whole crawl, only what came out since it began.
  const incremental = setup.provider.incremental === true && options.since === undefined;
  const since = incremental && !options.full && state?.completeAt != null ? dayBefore(state.completeAt, INCREMENTAL_OVERLAP_DAYS) : options.since;
  const crawlOptions: CrawlOptions = { since, codes: setup.provider.codesFileSetting === undefined ? undefined : options.codes };
  const scope = scopeOf(crawlOptions);
  // A site's titles that failed are asked again by its next run whatever that run's `since` (an
  // incremental run's moves each time): they are kept as one list, not under the run's scope.
  const failureScope = setup.provider.incremental === true ? LISTING_FAILURES : scope;
  let cursor: string | null | undefined = state && state.scope === scope ? state.cursor : null;
  const runId = await write(db, options, () => startRun(db, name, options.trigger, owner, now()));
  const crawlStartedAt = cursor === null ? now() : (state?.crawlStartedAt ?? null);
  if (incremental && cursor === null) await write(db, options, () => markCrawlStart(db, name, crawlStartedAt!));
  options.onStarted?.(runId, name);
  const p: IngestProgress = {
    provider: name,
    runId,
    pages: 0,
    records: 0,
    added: 0,
    updated: 0,
    skipped: 0,
    errors: 0,
    requests: 0,
    retries: 0,
    failures: 0,
    failureKinds: {},
  };
  const ctx = runtime.contextFor(setup, options.signal);
  const breaker = new Breaker(options.breakerFailures ?? BREAKER_FAILURES);
  const pauseMs = options.retryPauseMs ?? RETRY_PAUSE_MS;

  /** One crawl call, its requests and retries counted whether it succeeds or throws. */
  const attempt = async (call: () => Promise<CrawlPage>): Promise<CrawlPage> => {
    const before = runtime.http.stats();
    try {
      return await call();
    } finally {
      const after = runtime.http.stats();
      p.requests += after.requests - before.requests;
      p.retries += after.retries - before.retries;
    }
  };
  const commit = async (page: CrawlPage, requests: number, nextCursor: string | null | undefined, cleared: string[], retried = false) => {
    const failed = (page.failed ?? []).map((f) => ({ entry: f.id, kind: f.kind, reason: f.reason }));
    for (const f of failed) tallyFailure(p, f.kind);
    // The server's own runs write on its event loop: a page goes in a few short
    // transactions, requests served in between; the checkpoint comes with the last.
    // A crash in between costs nothing: the page is asked again, and records already
    // written are unchanged (skipped by their hash).
    let records = page.records;
    const early = { added: 0, updated: 0, unchanged: 0 };
    if (options.trigger !== "cli") {
      while (records.length > SERVER_WRITE_CHUNK) {
        const part = records.slice(0, SERVER_WRITE_CHUNK);
        records = records.slice(SERVER_WRITE_CHUNK);
        const r = await write(db, options, () => upsertRecords(db, part, now()));
        early.added += r.added;
        early.updated += r.updated;
        early.unchanged += r.unchanged;
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    const last = await write(db, options, () =>
      commitPage(db, {
        runId,
        provider: name,
        owner,
        records,
        skipped: page.skipped.length,
        requests,
        nextCursor,
        scope,
        failureScope,
        now: now(),
        failed,
        cleared,
        tally: tallyOf(p),
      }),
    );
    const result = { added: early.added + last.added, updated: early.updated + last.updated, unchanged: early.unchanged + last.unchanged };
    p.pages++;
    p.records += page.records.length;
    p.added += result.added;
    p.updated += result.updated;
    p.skipped += result.unchanged + page.skipped.length;
    options.onPage?.({ ...p, failureKinds: { ...p.failureKinds } });
    breaker.page(page.records.length + page.skipped.length, failed, retried);
  };

  try {
    // Titles that failed in earlier runs of this scope go first.
    const earlier = setup.provider.crawlEntries ? retryFirst(listFailures(db, name, failureScope)) : [];
    for (let i = 0; i < earlier.length && !breaker.open; i += RETRY_CHUNK) {
      if (options.signal?.aborted || options.stopAfterPage?.aborted) return await finish("stopped", null);
      const entries = earlier.slice(i, i + RETRY_CHUNK);
      const requestsBefore = p.requests;
      const page = await attempt(() => setup.provider.crawlEntries!(entries, ctx));
      const stillFailing = new Set((page.failed ?? []).map((f) => f.id));
      await commit(
        page,
        p.requests - requestsBefore,
        undefined,
        entries.filter((e) => !stillFailing.has(e.trim())),
        true,
      );
    }
    while (cursor !== undefined && !breaker.open) {
      if (options.signal?.aborted || options.stopAfterPage?.aborted) return await finish("stopped", null);
      if (options.limit !== undefined && p.records >= options.limit) return await finish("stopped", null);
      const requestsBefore = p.requests;
      let page: CrawlPage;
      try {
        const from = cursor as string | null;
        page = await attempt(() => setup.provider.crawl(from, crawlOptions, ctx));
      } catch (err) {
        // A page the source failed to give (after the client's retries) is asked again
        // from the same checkpoint, until the breaker says the source is down.
        if (options.signal?.aborted || !isSourceFailure(err)) throw err;
        tallyFailure(p, failureKind(err));
        breaker.failed(failureKind(err), (err as Error).message);
        options.onError?.(name, err as Error);
        await write(db, options, () => noteFailedAttempt(db, runId, owner, p.requests - requestsBefore, tallyOf(p), now()));
        // Cut short when the run is cancelled (the loop then ends it as stopped).
        if (!breaker.open) await sleep(pauseMs, undefined, { signal: options.signal }).catch(() => {});
        continue;
      }
      await commit(page, p.requests - requestsBefore, page.nextCursor, []);
      cursor = page.nextCursor ?? undefined;
    }
    if (breaker.open) return await finish("failed", breaker.reason());
    return await finish("succeeded", null);
  } catch (err) {
    p.errors++;
    const message = isCatalogFull(err) ? catalogFullMessageOf(db) : (err as Error).message;
    options.onError?.(name, isCatalogFull(err) ? new Error(message) : (err as Error));
    return await finish(options.signal?.aborted ? "stopped" : "failed", message);
  }

  async function finish(status: RunSummary["status"], error: string | null): Promise<RunSummary> {
    if (error !== null && status === "failed" && p.errors === 0) p.errors++;
    try {
      // A crawl that reached its end (not a run stopped or cut by --limit) marks where the next begins.
      const complete = incremental && status === "succeeded" && cursor === undefined && crawlStartedAt !== null ? crawlStartedAt : undefined;
      await write(db, { ...options, signal: undefined }, () => finishRun(db, runId, name, status, error, now(), tallyOf(p), complete));
    } catch (err) {
      // With the disk full even the run's end cannot be written: the next run finds it
      // `running` by a process that is gone, and marks it interrupted.
      if (!isCatalogFull(err)) throw err;
    }
    return { ...p, status, error };
  }
}
