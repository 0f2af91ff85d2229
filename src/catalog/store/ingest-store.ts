import { and, desc, eq, sql } from "drizzle-orm";
import { endTurnSnapshot } from "./statements.js";
import type { Db } from "./db.js";
import { upsertRecordsInTx, type UpsertResult } from "./movies-write.js";
import { orm } from "./orm.js";
import type { IngestRecord } from "../../model/record.js";
import { ingestFailures, ingestLock, ingestRuns, providerState } from "./schema.js";

export type RunRow = typeof ingestRuns.$inferSelect;
export type ProviderStateRow = typeof providerState.$inferSelect;

export interface LockHolder {
  owner: string;
  pid: number;
  host: string;
}

const LOCK = "ingest";

/**
 * Takes the ingest lock unless a live holder has it. A holder is dead when its
 * heartbeat is older than `staleMs`, or when it ran on this host and its pid is
 * gone (a run killed with SIGKILL frees the lock at once). Returns the holder
 * that blocks us, or null when the lock is ours.
 */
export function acquireIngestLock(db: Db, me: LockHolder, options: { now: number; staleMs: number; isAlive: (pid: number) => boolean }): LockHolder | null {
  endTurnSnapshot(db);
  return db
    .transaction(() => {
      const held = orm(db).select().from(ingestLock).where(eq(ingestLock.name, LOCK)).get();
      if (held && held.owner !== me.owner) {
        const stale = options.now - held.heartbeatAt > options.staleMs || (held.host === me.host && !options.isAlive(held.pid));
        if (!stale) return { owner: held.owner, pid: held.pid, host: held.host };
      }
      orm(db)
        .insert(ingestLock)
        .values({ name: LOCK, ...me, acquiredAt: options.now, heartbeatAt: options.now })
        .onConflictDoUpdate({ target: ingestLock.name, set: { ...me, acquiredAt: options.now, heartbeatAt: options.now } })
        .run();
      return null;
    })
    .immediate();
}

export function releaseIngestLock(db: Db, owner: string): void {
  endTurnSnapshot(db);
  orm(db)
    .delete(ingestLock)
    .where(and(eq(ingestLock.name, LOCK), eq(ingestLock.owner, owner)))
    .run();
}

/** Marks runs left `running` by a dead process as interrupted, then opens a new run. */
export function startRun(db: Db, provider: string, trigger: string, owner: string, now: number): number {
  endTurnSnapshot(db);
  return db
    .transaction(() => {
      orm(db)
        .update(ingestRuns)
        .set({ status: "interrupted", finishedAt: now, lastError: "the process running it stopped before it finished" })
        .where(and(eq(ingestRuns.status, "running"), sql`${ingestRuns.owner} <> ${owner}`))
        .run();
      return orm(db)
        .insert(ingestRuns)
        .values({ provider, trigger, owner, status: "running", startedAt: now, heartbeatAt: now })
        .returning({ id: ingestRuns.id })
        .get().id;
    })
    .immediate();
}

export function getProviderState(db: Db, provider: string): ProviderStateRow | null {
  return orm(db).select().from(providerState).where(eq(providerState.provider, provider)).get() ?? null;
}

/** A crawl entry that failed after its retries, and why. */
export interface FailedEntry {
  entry: string;
  kind: string;
  reason: string;
}

/** A run's failure figures so far (absolute, not increments). */
export interface RunTally {
  retries: number;
  failures: number;
  failureKinds: Record<string, number>;
}

export interface PageCommit {
  runId: number;
  provider: string;
  owner: string;
  records: IngestRecord[];
  skipped: number;
  requests: number;
  /** The checkpoint after this page; undefined keeps the one there is (a pass over earlier failures). */
  nextCursor: string | null | undefined;
  scope: string;
  /** The scope its failed and cleared entries belong to, when not `scope` (a site's listing: one list whatever the run's `since`). */
  failureScope?: string;
  now: number;
  /** Entries of this page that failed: kept for the next run. */
  failed?: FailedEntry[];
  /** Earlier failures this page settled (fetched, or the source has no such title). */
  cleared?: string[];
  tally?: RunTally;
}

/** Failures by kind, most first, then by name: `[["challenge", 2], ["timeout", 1]]`. */
export function rankFailureKinds(byKind: Record<string, number>): [string, number][] {
  return Object.entries(byKind).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/** A run's failures by kind as its row keeps them (JSON, see tallySet), ranked; none when unreadable. */
export function runFailureKinds(run: Pick<RunRow, "failureKinds">): [string, number][] {
  try {
    return rankFailureKinds(JSON.parse(run.failureKinds) as Record<string, number>);
  } catch {
    return [];
  }
}

function tallySet(t: RunTally) {
  return { retries: t.retries, failures: t.failures, failureKinds: JSON.stringify(t.failureKinds) };
}

/** The entries of a scope that failed in earlier runs, oldest first, with how many runs they failed in. */
export function listFailures(db: Db, provider: string, scope: string): (FailedEntry & { attempts: number })[] {
  return orm(db)
    .select({ entry: ingestFailures.entry, kind: ingestFailures.kind, reason: ingestFailures.reason, attempts: ingestFailures.attempts })
    .from(ingestFailures)
    .where(and(eq(ingestFailures.provider, provider), eq(ingestFailures.scope, scope)))
    .orderBy(ingestFailures.updatedAt, ingestFailures.entry)
    .all();
}

/** A crawl attempt that failed as a whole (no page to commit): its requests and the run's figures. */
export function noteFailedAttempt(db: Db, runId: number, owner: string, requests: number, tally: RunTally, now: number): void {
  endTurnSnapshot(db);
  db.transaction(() => {
    orm(db)
      .update(ingestRuns)
      .set({ requests: sql`${ingestRuns.requests} + ${requests}`, ...tallySet(tally), heartbeatAt: now })
      .where(eq(ingestRuns.id, runId))
      .run();
    orm(db).update(ingestLock).set({ heartbeatAt: now }).where(eq(ingestLock.owner, owner)).run();
  }).immediate();
}

/** One page: its records and its checkpoint commit together, or not at all. */
export function commitPage(db: Db, page: PageCommit): UpsertResult {
  endTurnSnapshot(db);
  return db
    .transaction(() => {
      const result = upsertRecordsInTx(db, page.records, page.now);
      if (page.nextCursor !== undefined) {
        orm(db)
          .insert(providerState)
          .values({ provider: page.provider, cursor: page.nextCursor, scope: page.scope, updatedAt: page.now })
          .onConflictDoUpdate({ target: providerState.provider, set: { cursor: page.nextCursor, scope: page.scope, updatedAt: page.now } })
          .run();
      }
      for (const entry of page.cleared ?? []) {
        orm(db)
          .delete(ingestFailures)
          .where(and(eq(ingestFailures.provider, page.provider), eq(ingestFailures.scope, page.failureScope ?? page.scope), eq(ingestFailures.entry, entry)))
          .run();
      }
      for (const f of page.failed ?? []) {
        const row = { ...f, reason: f.reason.slice(0, 500), runId: page.runId, updatedAt: page.now };
        orm(db)
          .insert(ingestFailures)
          .values({ provider: page.provider, scope: page.failureScope ?? page.scope, ...row })
          .onConflictDoUpdate({
            target: [ingestFailures.provider, ingestFailures.scope, ingestFailures.entry],
            set: { ...row, attempts: sql`${ingestFailures.attempts} + 1` },
          })
          .run();
      }
      orm(db)
        .update(ingestRuns)
        .set({
          pages: sql`${ingestRuns.pages} + 1`,
          added: sql`${ingestRuns.added} + ${result.added}`,
          updated: sql`${ingestRuns.updated} + ${result.updated}`,
          skipped: sql`${ingestRuns.skipped} + ${page.skipped + result.unchanged}`,
          requests: sql`${ingestRuns.requests} + ${page.requests}`,
          ...(page.tally ? tallySet(page.tally) : {}),
          heartbeatAt: page.now,
        })
        .where(eq(ingestRuns.id, page.runId))
        .run();
      orm(db).update(ingestLock).set({ heartbeatAt: page.now }).where(eq(ingestLock.owner, page.owner)).run();
      return result;
    })
    .immediate();
}

/** A crawl of the provider begins from its newest title now (see providerState.crawlStartedAt). */
export function markCrawlStart(db: Db, provider: string, now: number): void {
  orm(db)
    .insert(providerState)
    .values({ provider, updatedAt: now, crawlStartedAt: now })
    .onConflictDoUpdate({ target: providerState.provider, set: { crawlStartedAt: now, updatedAt: now } })
    .run();
}

/**
 * Ends a run. `completeAt`: the run finished a crawl that went through the site's listing
 * newest first (whole, or down to an automatic `since`), which began then: later runs take
 * only what came out after it (providerState.completeAt).
 */
export function finishRun(
  db: Db,
  runId: number,
  provider: string,
  status: "succeeded" | "failed" | "stopped",
  error: string | null,
  now: number,
  tally?: RunTally,
  completeAt?: number,
): void {
  endTurnSnapshot(db);
  db.transaction(() => {
    orm(db)
      .update(ingestRuns)
      .set({ status, finishedAt: now, lastError: error, errors: sql`${ingestRuns.errors} + ${error ? 1 : 0}`, ...(tally ? tallySet(tally) : {}) })
      .where(eq(ingestRuns.id, runId))
      .run();
    const set =
      status === "failed"
        ? { failureCount: sql`${providerState.failureCount} + 1`, lastError: error, updatedAt: now }
        : { failureCount: 0, lastError: null, lastSuccessAt: now, updatedAt: now, ...(completeAt === undefined ? {} : { completeAt }) };
    orm(db)
      .insert(providerState)
      .values({ provider, updatedAt: now, ...(status === "failed" ? { failureCount: 1, lastError: error } : { lastSuccessAt: now, completeAt }) })
      .onConflictDoUpdate({ target: providerState.provider, set })
      .run();
  }).immediate();
}

export function listRuns(db: Db, limit = 20): RunRow[] {
  return orm(db).select().from(ingestRuns).orderBy(desc(ingestRuns.id)).limit(limit).all();
}

/** How many ingest runs the catalog remembers. */
export function countRuns(db: Db): number {
  return orm(db).select({ n: sql<number>`count(*)` }).from(ingestRuns).get()?.n ?? 0;
}

/** The provider's newest run that ended failed, or null. */
export function lastFailedRun(db: Db, provider: string): RunRow | null {
  return (
    orm(db)
      .select()
      .from(ingestRuns)
      .where(and(eq(ingestRuns.provider, provider), eq(ingestRuns.status, "failed")))
      .orderBy(desc(ingestRuns.startedAt), desc(ingestRuns.id))
      .limit(1)
      .get() ?? null
  );
}

/** The provider's run in progress: `running`, by the owner of the ingest lock (a run left `running` by a dead process is not). */
export function runningRun(db: Db, provider: string): RunRow | null {
  return (
    orm(db)
      .select({ run: ingestRuns })
      .from(ingestRuns)
      .innerJoin(ingestLock, eq(ingestLock.owner, ingestRuns.owner))
      .where(and(eq(ingestRuns.provider, provider), eq(ingestRuns.status, "running")))
      .orderBy(desc(ingestRuns.id))
      .limit(1)
      .get()?.run ?? null
  );
}
