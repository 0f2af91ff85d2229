import { createHash, randomUUID } from "node:crypto";
import { hostname } from "node:os";
import {
  acquireIngestLock,
  commitPage,
  finishRun,
  getProviderState,
  releaseIngestLock,
  startRun,
  writeWithoutWaiting,
  type Db,
  type LockHolder,
} from "../catalog/index.js";
import type { ProviderRuntime } from "../providers/runtime.js";
import type { CrawlOptions } from "../providers/types.js";

export class IngestBusyError extends Error {
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
  trigger: "cli" | "cron";
  signal?: AbortSignal;
  onPage?: (p: IngestProgress) => void;
  onError?: (provider: string, error: Error) => void;
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
  requests: number;
}

export interface RunSummary extends IngestProgress {
  status: "succeeded" | "failed" | "stopped";
  error: string | null;
}

const LOCK_STALE_MS = 10 * 60_000;
/** How often a scheduled run looks again for the write lock while another process holds it. */
const BUSY_RETRY_MS = 250;

/**
 * A write of the run. The CLI waits for the write lock as SQLite does (busy timeout);
 * a scheduled run is the server's, on its event loop, and an import may hold the lock
 * for minutes: it tries without waiting and looks again a little later, so requests
 * keep being answered meanwhile.
 */
async function write<T>(db: Db, options: IngestOptions, fn: () => T): Promise<T> {
  if (options.trigger !== "cron") return fn();
  for (;;) {
    let out: { value: T } | null = null;
    if (writeWithoutWaiting(db, () => (out = { value: fn() }))) return out!.value;
    options.signal?.throwIfAborted();
    await new Promise((resolve) => setTimeout(resolve, BUSY_RETRY_MS));
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

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
    : runtime.setups.filter((s) => s.provider.name !== "r18dev" || (options.codes?.length ?? 0) > 0);
  const me: LockHolder = { owner: randomUUID(), pid: process.pid, host: hostname() };
  const holder = await write(db, options, () => acquireIngestLock(db, me, { now: now(), staleMs: LOCK_STALE_MS, isAlive }));
  if (holder) throw new IngestBusyError(holder);
  const summaries: RunSummary[] = [];
  try {
    for (const setup of targets) {
      summaries.push(await crawlProvider(db, runtime, setup.provider.name, me.owner, options, now));
      if (options.signal?.aborted) break;
    }
  } finally {
    await write(db, { ...options, signal: undefined }, () => releaseIngestLock(db, me.owner));
  }
  return summaries;
}

async function crawlProvider(db: Db, runtime: ProviderRuntime, name: string, owner: string, options: IngestOptions, now: () => number): Promise<RunSummary> {
  const setup = runtime.get(name)!;
  const crawlOptions: CrawlOptions = { since: options.since, codes: options.codes };
  const scope = scopeOf(crawlOptions);
  const state = getProviderState(db, name);
  let cursor = state && state.scope === scope ? state.cursor : null;
  const runId = await write(db, options, () => startRun(db, name, options.trigger, owner, now()));
  const p: IngestProgress = { provider: name, runId, pages: 0, records: 0, added: 0, updated: 0, skipped: 0, errors: 0, requests: 0 };
  const ctx = runtime.contextFor(setup, options.signal);
  try {
    do {
      if (options.signal?.aborted) return await finish("stopped", null);
      if (options.limit !== undefined && p.records >= options.limit) return await finish("stopped", null);
      const before = runtime.http.stats().requests;
      const page = await setup.provider.crawl(cursor, crawlOptions, ctx);
      const requests = runtime.http.stats().requests - before;
      const result = await write(db, options, () =>
        commitPage(db, {
          runId,
          provider: name,
          owner,
          records: page.records,
          skipped: page.skipped.length,
          requests,
          nextCursor: page.nextCursor,
          scope,
          now: now(),
        }),
      );
      p.pages++;
      p.records += page.records.length;
      p.added += result.added;
      p.updated += result.updated;
      p.skipped += result.unchanged + page.skipped.length;
      p.requests += requests;
      options.onPage?.({ ...p });
      cursor = page.nextCursor;
    } while (cursor !== null);
    return await finish("succeeded", null);
  } catch (err) {
    p.errors++;
    options.onError?.(name, err as Error);
    return await finish(options.signal?.aborted ? "stopped" : "failed", (err as Error).message);
  }

  async function finish(status: RunSummary["status"], error: string | null): Promise<RunSummary> {
    await write(db, { ...options, signal: undefined }, () => finishRun(db, runId, name, status, error, now()));
    return { ...p, status, error };
  }
}
