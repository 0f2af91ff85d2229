import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { endTurnSnapshot } from "./statements.js";
import { and, asc, eq, gte, lt, lte, sql } from "drizzle-orm";
import type { Db } from "./db.js";
import { writeWithoutWaiting } from "./no-wait.js";
import { orm } from "./orm.js";
import { usageWindow } from "../../lib/utc-day.js";
import { apiKeys, apiKeyUsage } from "./schema.js";
import { noteCatalogWrite } from "./version.js";

export interface ApiKeyInfo {
  id: number;
  name: string;
  keyPrefix: string;
  ratePerMinute: number;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
}

const TOKEN_PREFIX = "vc_";

export function hashKey(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Creates a key; the token (32 random bytes) is returned once and only its hash is kept. */
export function createKey(db: Db, name: string, ratePerMinute: number, now = Date.now()): { key: ApiKeyInfo; token: string } {
  endTurnSnapshot(db);
  const token = TOKEN_PREFIX + randomBytes(32).toString("base64url");
  const row = orm(db)
    .insert(apiKeys)
    .values({ name, keyHash: hashKey(token), keyPrefix: token.slice(0, 10), ratePerMinute, createdAt: now })
    .returning()
    .get();
  return { key: toInfo(row), token };
}

export function listKeys(db: Db): ApiKeyInfo[] {
  return orm(db).select().from(apiKeys).orderBy(asc(apiKeys.id)).all().map(toInfo);
}

export interface KeyWithUsage extends ApiKeyInfo {
  /** Requests on the UTC day of `now`. */
  requestsToday: number;
  /** Requests on the 30 UTC days ending on the day of `now`, that day included. */
  requests30d: number;
}

/** Every key with its requests today and in the last 30 days, in one query. */
export function listKeysWithUsage(db: Db, now = Date.now()): KeyWithUsage[] {
  const { from, today } = usageWindow(now);
  const rows = orm(db)
    .select({
      key: apiKeys,
      requestsToday: sql<number>`coalesce(sum(case when ${apiKeyUsage.day} = ${today} then ${apiKeyUsage.requests} end), 0)`,
      requests30d: sql<number>`coalesce(sum(${apiKeyUsage.requests}), 0)`,
    })
    .from(apiKeys)
    .leftJoin(apiKeyUsage, and(eq(apiKeyUsage.keyId, apiKeys.id), gte(apiKeyUsage.day, from), lte(apiKeyUsage.day, today)))
    .groupBy(apiKeys.id)
    .orderBy(asc(apiKeys.id))
    .all();
  return rows.map((r) => ({ ...toInfo(r.key), requestsToday: r.requestsToday, requests30d: r.requests30d }));
}

/** Revokes a key; false when there is no such key. Already revoked keys stay as they were. */
export function revokeKey(db: Db, id: number, now = Date.now()): boolean {
  endTurnSnapshot(db);
  const existing = orm(db).select().from(apiKeys).where(eq(apiKeys.id, id)).get();
  if (!existing) return false;
  if (existing.revokedAt === null) {
    orm(db).update(apiKeys).set({ revokedAt: now }).where(eq(apiKeys.id, id)).run();
    noteCatalogWrite(db);
  }
  return true;
}

/**
 * The active key a token belongs to, or null. Read from the database on every
 * call, so a revocation by another process counts on the next request.
 */
export function verifyKey(db: Db, token: string): ApiKeyInfo | null {
  const hash = hashKey(token);
  const row = orm(db).select().from(apiKeys).where(eq(apiKeys.keyHash, hash)).get();
  if (!row || row.revokedAt !== null) return null;
  if (!timingSafeEqual(Buffer.from(row.keyHash, "hex"), Buffer.from(hash, "hex"))) return null;
  return toInfo(row);
}

/** Requests per UTC day (YYYY-MM-DD), then per key id. */
export type KeyRequests = Map<string, Map<number, number>>;

/**
 * Records when keys were last used and adds their requests per day (batched by the
 * caller, not one write per request), in one transaction that does not wait for the
 * write lock: the server calls this on its event loop, and an import may hold the lock
 * for minutes. False when another connection holds it; nothing is written then and the
 * caller keeps both for a later try. With `pruneBefore`, the counts of the days
 * before that one are deleted too.
 */
export function tryTouchKeys(db: Db, lastUsed: Map<number, number>, usage: { requests?: KeyRequests; pruneBefore?: string } = {}): boolean {
  const { requests, pruneBefore } = usage;
  if (lastUsed.size === 0 && !requests?.size && pruneBefore === undefined) return true;
  return writeWithoutWaiting(db, () => {
    // Several processes flush their own uses (src/cluster): a time never goes back.
    for (const [id, at] of lastUsed) {
      orm(db)
        .update(apiKeys)
        .set({ lastUsedAt: sql`max(coalesce(${apiKeys.lastUsedAt}, 0), ${at})` })
        .where(eq(apiKeys.id, id))
        .run();
    }
    for (const [day, counts] of requests ?? []) {
      for (const [keyId, n] of counts) {
        orm(db)
          .insert(apiKeyUsage)
          .values({ keyId, day, requests: n })
          .onConflictDoUpdate({ target: [apiKeyUsage.keyId, apiKeyUsage.day], set: { requests: sql`${apiKeyUsage.requests} + excluded.requests` } })
          .run();
      }
    }
    if (pruneBefore !== undefined) orm(db).delete(apiKeyUsage).where(lt(apiKeyUsage.day, pruneBefore)).run();
  });
}

function toInfo(row: typeof apiKeys.$inferSelect): ApiKeyInfo {
  const { keyHash: _hash, ...info } = row;
  return info;
}
