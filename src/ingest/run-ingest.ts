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
import type { ProviderSetup } from "../providers/registry.js";
import type { ProviderRuntime } from "../providers/runtime.js";
import type { CrawlOptions, CrawlPage, Provider, ProviderContext } from "../providers/types.js";
import { failureKind, isSourceFailure } from "../providers/errors.js";
import { processAlive } from "../lib/process-alive.js";
import { stableCode, VideoCatalogError } from "../lib/video-catalog-error.js";
import { BREAKER_FAILURES, Breaker, RETRY_CHUNK, RETRY_PAUSE_MS, retryFirst, tallyFailure, tallyOf } from "./run-faults.js";

/** Another run holds the ingest lock: `holder` says whose (and crosses the cluster's IPC with the error). */
export class IngestBusyError extends VideoCatalogError {
  static {
    stableCode(IngestBusyError, "VC_ERR_INGEST_BUSY");
  }

  constructor(readonly holder: LockHolder) {
    super(`another ingest is running (pid ${holder.pid} on ${holder.host}); runs never overlap`);
  }
}

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
  const plan = planOf(setup.provider, state, options);
  const runId = await write(db, options, () => startRun(db, name, options.trigger, owner, now()));
  const crawlStartedAt = plan.cursor === null ? now() : (state?.crawlStartedAt ?? null);
  if (plan.incremental && plan.cursor === null) await write(db, options, () => markCrawlStart(db, name, crawlStartedAt!));
  options.onStarted?.(runId, name);
  return new ProviderRun({ db, runtime, setup, owner, options, now, plan, runId, crawlStartedAt }).crawl();
}

/** Where a provider's run starts: what it crawls, the checkpoint it resumes, where its failed titles are kept. */
interface CrawlPlan {
  incremental: boolean;
  crawlOptions: CrawlOptions;
  scope: string;
  failureScope: string;
  cursor: string | null;
}

function planOf(provider: Provider, state: ReturnType<typeof getProviderState>, options: IngestOptions): CrawlPlan {
  // A site crawled newest first, asked for no `since`: after a whole crawl, only what came out since it began.
  const incremental = provider.incremental === true && options.since === undefined;
  const since = incremental && !options.full && state?.completeAt != null ? dayBefore(state.completeAt, INCREMENTAL_OVERLAP_DAYS) : options.since;
  const crawlOptions: CrawlOptions = { since, codes: provider.codesFileSetting === undefined ? undefined : options.codes };
  const scope = scopeOf(crawlOptions);
  // A site's titles that failed are asked again by its next run whatever that run's `since` (an
  // incremental run's moves each time): they are kept as one list, not under the run's scope.
  const failureScope = provider.incremental === true ? LISTING_FAILURES : scope;
  return { incremental, crawlOptions, scope, failureScope, cursor: state && state.scope === scope ? state.cursor : null };
}

/** What a provider's run is given once it is open (its run row written, its lock held). */
interface RunStart {
  db: Db;
  runtime: ProviderRuntime;
  setup: ProviderSetup;
  owner: string;
  options: IngestOptions;
  now: () => number;
  plan: CrawlPlan;
  runId: number;
  crawlStartedAt: number | null;
}

/** One provider's run: earlier failures asked again, then its pages, each committed with its checkpoint. */
class ProviderRun {
  private readonly p: IngestProgress;
  private readonly ctx: ProviderContext;
  private readonly breaker: Breaker;
  /** The checkpoint: null at the start of the listing, undefined past its end. */
  private cursor: string | null | undefined;

  constructor(private readonly r: RunStart) {
    const name = r.setup.provider.name;
    this.p = {
      provider: name,
      runId: r.runId,
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
    this.ctx = r.runtime.contextFor(r.setup, r.options.signal);
    this.breaker = new Breaker(r.options.breakerFailures ?? BREAKER_FAILURES);
    this.cursor = r.plan.cursor;
  }

  async crawl(): Promise<RunSummary> {
    const { db, options } = this.r;
    try {
      // Titles that failed in earlier runs of this scope go first. With none, the first page is
      // asked at once: a stop that comes after the run opened ends it after that page.
      const earlier = this.earlierFailures();
      if (earlier.length > 0 && (await this.retryEarlier(earlier)) === "stopped") return await this.finish("stopped", null);
      if ((await this.walkListing()) === "stopped") return await this.finish("stopped", null);
      if (this.breaker.open) return await this.finish("failed", this.breaker.reason());
      return await this.finish("succeeded", null);
    } catch (err) {
      this.p.errors++;
      const message = isCatalogFull(err) ? catalogFullMessageOf(db) : (err as Error).message;
      options.onError?.(this.p.provider, isCatalogFull(err) ? new Error(message) : (err as Error));
      return await this.finish(options.signal?.aborted ? "stopped" : "failed", message);
    }
  }

  private get stopAsked(): boolean {
    return this.r.options.signal?.aborted === true || this.r.options.stopAfterPage?.aborted === true;
  }

  private earlierFailures(): string[] {
    const { db, setup, plan } = this.r;
    return setup.provider.crawlEntries ? retryFirst(listFailures(db, setup.provider.name, plan.failureScope)) : [];
  }

  /** Earlier failures asked again, a chunk a page. */
  private async retryEarlier(earlier: string[]): Promise<"stopped" | "done"> {
    const { setup } = this.r;
    for (let i = 0; i < earlier.length && !this.breaker.open; i += RETRY_CHUNK) {
      if (this.stopAsked) return "stopped";
      const entries = earlier.slice(i, i + RETRY_CHUNK);
      const requestsBefore = this.p.requests;
      const page = await this.attempt(() => setup.provider.crawlEntries!(entries, this.ctx));
      const stillFailing = new Set((page.failed ?? []).map((f) => f.id));
      await this.commit(
        page,
        this.p.requests - requestsBefore,
        undefined,
        entries.filter((e) => !stillFailing.has(e.trim())),
        true,
      );
    }
    return "done";
  }

  /** The listing from the checkpoint on, a page at a time, until its end, a stop, the limit or the breaker. */
  private async walkListing(): Promise<"stopped" | "done"> {
    const { options } = this.r;
    while (this.cursor !== undefined && !this.breaker.open) {
      if (this.stopAsked) return "stopped";
      if (options.limit !== undefined && this.p.records >= options.limit) return "stopped";
      const requestsBefore = this.p.requests;
      const page = await this.nextPage(this.cursor, requestsBefore);
      if (page === null) continue;
      await this.commit(page, this.p.requests - requestsBefore, page.nextCursor, []);
      this.cursor = page.nextCursor ?? undefined;
    }
    return "done";
  }

  /** The listing's page at `from`, or null when the source failed to give it (asked again from the same checkpoint). */
  private async nextPage(from: string | null, requestsBefore: number): Promise<CrawlPage | null> {
    const { db, setup, owner, options, now, plan, runId } = this.r;
    try {
      return await this.attempt(() => setup.provider.crawl(from, plan.crawlOptions, this.ctx));
    } catch (err) {
      // A page the source failed to give (after the client's retries) is asked again
      // from the same checkpoint, until the breaker says the source is down.
      if (options.signal?.aborted || !isSourceFailure(err)) throw err;
      tallyFailure(this.p, failureKind(err));
      this.breaker.failed(failureKind(err), (err as Error).message);
      options.onError?.(this.p.provider, err as Error);
      await write(db, options, () => noteFailedAttempt(db, runId, owner, this.p.requests - requestsBefore, tallyOf(this.p), now()));
      // Cut short when the run is cancelled (the loop then ends it as stopped).
      if (!this.breaker.open) await sleep(options.retryPauseMs ?? RETRY_PAUSE_MS, undefined, { signal: options.signal }).catch(() => {});
      return null;
    }
  }

  /** One crawl call, its requests and retries counted whether it succeeds or throws. */
  private async attempt(call: () => Promise<CrawlPage>): Promise<CrawlPage> {
    const before = this.r.runtime.http.stats();
    try {
      return await call();
    } finally {
      const after = this.r.runtime.http.stats();
      this.p.requests += after.requests - before.requests;
      this.p.retries += after.retries - before.retries;
    }
  }

  /** A page's records and failures, written with the checkpoint that follows them. */
  private async commit(page: CrawlPage, requests: number, nextCursor: string | null | undefined, cleared: string[], retried = false): Promise<void> {
    const { db, owner, options, now, plan, runId } = this.r;
    const failed = (page.failed ?? []).map((f) => ({ entry: f.id, kind: f.kind, reason: f.reason }));
    for (const f of failed) tallyFailure(this.p, f.kind);
    const { records, early } = await this.writeAhead(page.records);
    const last = await write(db, options, () =>
      commitPage(db, {
        runId,
        provider: this.p.provider,
        owner,
        records,
        skipped: page.skipped.length,
        requests,
        nextCursor,
        scope: plan.scope,
        failureScope: plan.failureScope,
        now: now(),
        failed,
        cleared,
        tally: tallyOf(this.p),
      }),
    );
    const p = this.p;
    p.pages++;
    p.records += page.records.length;
    p.added += early.added + last.added;
    p.updated += early.updated + last.updated;
    p.skipped += early.unchanged + last.unchanged + page.skipped.length;
    options.onPage?.({ ...p, failureKinds: { ...p.failureKinds } });
    this.breaker.page(page.records.length + page.skipped.length, failed, retried);
  }

  /**
   * The server's own runs write on its event loop: a page goes in a few short
   * transactions, requests served in between; the checkpoint comes with the last
   * (the records left). A crash in between costs nothing: the page is asked again, and
   * records already written are unchanged (skipped by their hash).
   */
  private async writeAhead(
    all: CrawlPage["records"],
  ): Promise<{ records: CrawlPage["records"]; early: { added: number; updated: number; unchanged: number } }> {
    const { db, options, now } = this.r;
    let records = all;
    const early = { added: 0, updated: 0, unchanged: 0 };
    if (options.trigger === "cli") return { records, early };
    while (records.length > SERVER_WRITE_CHUNK) {
      const part = records.slice(0, SERVER_WRITE_CHUNK);
      records = records.slice(SERVER_WRITE_CHUNK);
      const r = await write(db, options, () => upsertRecords(db, part, now()));
      early.added += r.added;
      early.updated += r.updated;
      early.unchanged += r.unchanged;
      await new Promise((resolve) => setImmediate(resolve));
    }
    return { records, early };
  }

  private async finish(status: RunSummary["status"], error: string | null): Promise<RunSummary> {
    const { db, options, now, plan, runId, crawlStartedAt } = this.r;
    if (error !== null && status === "failed" && this.p.errors === 0) this.p.errors++;
    try {
      // A crawl that reached its end (not a run stopped or cut by --limit) marks where the next begins.
      const complete = plan.incremental && status === "succeeded" && this.cursor === undefined && crawlStartedAt !== null ? crawlStartedAt : undefined;
      await write(db, { ...options, signal: undefined }, () => finishRun(db, runId, this.p.provider, status, error, now(), tallyOf(this.p), complete));
    } catch (err) {
      // With the disk full even the run's end cannot be written: the next run finds it
      // `running` by a process that is gone, and marks it interrupted.
      if (!isCatalogFull(err)) throw err;
    }
    return { ...this.p, status, error };
  }
}
