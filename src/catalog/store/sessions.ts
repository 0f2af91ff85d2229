import { createHash } from "node:crypto";
import { and, eq, gt, lte } from "drizzle-orm";
import type { Db } from "./db.js";
import { orm } from "./orm.js";
import { dashboardSessions } from "./schema.js";
import { endTurnSnapshot } from "./statements.js";

/**
 * The dashboard's signed-in sessions, kept as the SHA-256 of their tokens: the cookie
 * holds the token, the catalog only its hash, so a copy of the catalog opens nothing.
 */
export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Records a session that lasts `ttlMs` from `now`. */
export function createSession(db: Db, tokenHash: string, now: number, ttlMs: number): void {
  endTurnSnapshot(db);
  orm(db)
    .insert(dashboardSessions)
    .values({ tokenHash, createdAt: now, expiresAt: now + ttlMs })
    .run();
}

/** Whether a session exists and has not expired at `now`. */
export function sessionActive(db: Db, tokenHash: string, now: number): boolean {
  const row = orm(db)
    .select({ expiresAt: dashboardSessions.expiresAt })
    .from(dashboardSessions)
    .where(and(eq(dashboardSessions.tokenHash, tokenHash), gt(dashboardSessions.expiresAt, now)))
    .get();
  return row !== undefined;
}

/** Ends one session (signing out); nothing happens for an unknown one. */
export function deleteSession(db: Db, tokenHash: string): void {
  endTurnSnapshot(db);
  orm(db).delete(dashboardSessions).where(eq(dashboardSessions.tokenHash, tokenHash)).run();
}

/** Ends every session (a new admin password); returns how many there were. */
export function deleteAllSessions(db: Db): number {
  endTurnSnapshot(db);
  return orm(db).delete(dashboardSessions).run().changes;
}

/** Deletes the sessions expired at `now`; returns how many. */
export function pruneSessions(db: Db, now: number): number {
  endTurnSnapshot(db);
  return orm(db).delete(dashboardSessions).where(lte(dashboardSessions.expiresAt, now)).run().changes;
}
