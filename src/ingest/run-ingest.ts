import { createHash, randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { Db } from "../catalog/db.js";
import {
  acquireIngestLock,
  commitPage,
  finishRun,
  getProviderState,
  releaseIngestLock,
  startRun,
  type LockHolder,
} from "../catalog/ingest-store.js";
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
  const holder = acquireIngestLock(db, me, { now: now(), staleMs: LOCK_STALE_MS, isAlive });
  if (holder) throw new IngestBusyError(holder);
  const summaries: RunSummary[] = [];
  try {
    for (const setup of targets) {
      summaries.push(await crawlProvider(db, runtime, setup.provider.name, me.owner, options, now));
      if (options.signal?.aborted) break;
    }
  } finally {
    releaseIngestLock(db, me.owner);
  }
  return summaries;
}

async function crawlProvider(
  db: Db,
  runtime: ProviderRuntime,
  name: string,
  owner: string,
  options: IngestOptions,
  now: () => number,
): Promise<RunSummary> {
  const setup = runtime.get(name)!;
  const crawlOptions: CrawlOptions = { since: options.since, codes: options.codes };
  const scope = scopeOf(crawlOptions);
  const state = getProviderState(db, name);
  let cursor = state && state.scope === scope ? state.cursor : null;
  const runId = startRun(db, name, options.trigger, owner, now());
  const p: IngestProgress = { provider: name, runId, pages: 0, records: 0, added: 0, updated: 0, skipped: 0, errors: 0, requests: 0 };
  const ctx = runtime.contextFor(setup, options.signal);
  try {
    do {
      if (options.signal?.aborted) return finish("stopped", null);
      if (options.limit !== undefined && p.records >= options.limit) return finish("stopped", null);
      const before = runtime.http.stats().requests;
      const page = await setup.provider.crawl(cursor, crawlOptions, ctx);
      const requests = runtime.http.stats().requests - before;
      const result = commitPage(db, {
        runId,
        provider: name,
        owner,
        records: page.records,
        skipped: page.skipped.length,
        requests,
        nextCursor: page.nextCursor,
        scope,
        now: now(),
      });
      p.pages++;
      p.records += page.records.length;
      p.added += result.added;
      p.updated += result.updated;
      p.skipped += result.unchanged + page.skipped.length;
      p.requests += requests;
      options.onPage?.({ ...p });
      cursor = page.nextCursor;
    } while (cursor !== null);
    return finish("succeeded", null);
  } catch (err) {
    p.errors++;
    options.onError?.(name, err as Error);
    return finish(options.signal?.aborted ? "stopped" : "failed", (err as Error).message);
  }

  function finish(status: RunSummary["status"], error: string | null): RunSummary {
    finishRun(db, runId, name, status, error, now());
    return { ...p, status, error };
  }
}
