import { and, desc, eq, sql } from "drizzle-orm";
import { endTurnSnapshot } from "./statements.js";
import type { Db } from "./db.js";
import { upsertRecordsInTx, type UpsertResult } from "./movies-write.js";
import { orm } from "./orm.js";
import type { IngestRecord } from "../../model/record.js";
import { ingestLock, ingestRuns, providerState } from "./schema.js";

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
  return db.transaction(() => {
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
  })();
}

export function getProviderState(db: Db, provider: string): ProviderStateRow | null {
  return orm(db).select().from(providerState).where(eq(providerState.provider, provider)).get() ?? null;
}

export interface PageCommit {
  runId: number;
  provider: string;
  owner: string;
  records: IngestRecord[];
  skipped: number;
  requests: number;
  nextCursor: string | null;
  scope: string;
  now: number;
}

/** One page: its records and its checkpoint commit together, or not at all. */
export function commitPage(db: Db, page: PageCommit): UpsertResult {
  endTurnSnapshot(db);
  return db.transaction(() => {
    const result = upsertRecordsInTx(db, page.records, page.now);
    orm(db)
      .insert(providerState)
      .values({ provider: page.provider, cursor: page.nextCursor, scope: page.scope, updatedAt: page.now })
      .onConflictDoUpdate({ target: providerState.provider, set: { cursor: page.nextCursor, scope: page.scope, updatedAt: page.now } })
      .run();
    orm(db)
      .update(ingestRuns)
      .set({
        pages: sql`${ingestRuns.pages} + 1`,
        added: sql`${ingestRuns.added} + ${result.added}`,
        updated: sql`${ingestRuns.updated} + ${result.updated}`,
        skipped: sql`${ingestRuns.skipped} + ${page.skipped + result.unchanged}`,
        requests: sql`${ingestRuns.requests} + ${page.requests}`,
        heartbeatAt: page.now,
      })
      .where(eq(ingestRuns.id, page.runId))
      .run();
    orm(db).update(ingestLock).set({ heartbeatAt: page.now }).where(eq(ingestLock.owner, page.owner)).run();
    return result;
  })();
}

export function finishRun(db: Db, runId: number, provider: string, status: "succeeded" | "failed" | "stopped", error: string | null, now: number): void {
  endTurnSnapshot(db);
  db.transaction(() => {
    orm(db)
      .update(ingestRuns)
      .set({ status, finishedAt: now, lastError: error, errors: sql`${ingestRuns.errors} + ${error ? 1 : 0}` })
      .where(eq(ingestRuns.id, runId))
      .run();
    const set =
      status === "failed"
        ? { failureCount: sql`${providerState.failureCount} + 1`, lastError: error, updatedAt: now }
        : { failureCount: 0, lastError: null, lastSuccessAt: now, updatedAt: now };
    orm(db)
      .insert(providerState)
      .values({ provider, updatedAt: now, ...(status === "failed" ? { failureCount: 1, lastError: error } : { lastSuccessAt: now }) })
      .onConflictDoUpdate({ target: providerState.provider, set })
      .run();
  })();
}

export function listRuns(db: Db, limit = 20): RunRow[] {
  return orm(db).select().from(ingestRuns).orderBy(desc(ingestRuns.id)).limit(limit).all();
}
