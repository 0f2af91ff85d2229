import {
  catalogVersion,
  endTurnSnapshot,
  listKeysWithUsage,
  tryTouchKeys,
  turnSnapshot,
  verifyKey,
  type ApiKeyInfo,
  type KeyWithUsage,
  type Db,
  type KeyRequests,
} from "../../catalog/index.js";
import { DAY_MS, usageWindow, utcDay, utcDayStart } from "../../lib/utc-day.js";

export type { ApiKeyInfo, KeyWithUsage };

/** Request counts older than this many days are deleted (at most once a day, by a flush). */
const KEEP_USAGE_DAYS = 400;

/**
 * The API keys as the server checks them: read through a cache that is dropped
 * whenever the catalog changes (another process revoking a key included), so a
 * revocation counts on the next request; last-used times and requests per key and
 * UTC day gathered in memory and written in the background (neither on a read-only
 * replica, whose catalog nothing writes: there the counts are the writer's, as copied).
 */
export class ApiKeys {
  private cacheVersion = "";
  private readonly cache = new Map<string, ApiKeyInfo | null>();
  private readonly lastUsed = new Map<number, number>();
  /** Requests not yet written, per UTC day and key. */
  private readonly requests: KeyRequests = new Map();
  /** The counts of the day [dayStart, dayEnd) that noteUse adds to (empty range: none yet). */
  private dayCounts = new Map<number, number>();
  private dayStart = 0;
  private dayEnd = 0;
  /** The UTC day whose flush last deleted the old counts. */
  private prunedOn = "";

  constructor(
    private readonly db: Db,
    /** False on a read-only replica: uses are not counted (nothing to write), keys are checked all the same. */
    private readonly countUse = true,
  ) {}

  private lookup(token: string): ApiKeyInfo | null {
    const version = catalogVersion(this.db);
    if (version !== this.cacheVersion) {
      this.cache.clear();
      this.cacheVersion = version;
    }
    let key = this.cache.get(token);
    if (key === undefined) {
      key = verifyKey(this.db, token);
      if (this.cache.size > 10_000) this.cache.clear();
      this.cache.set(token, key);
    }
    return key;
  }

  /**
   * The key of a token, or null. The request's reads (the key, then the route's) share
   * the turn's read transaction with the other requests of the turn; a token unknown
   * as of that snapshot is looked up once more outside it, so a key created since (by
   * the CLI) counts at once.
   */
  check(token: string): ApiKeyInfo | null {
    // A token already refused is only looked up in the newest state (one statement,
    // not four): a client repeating a bad key costs little more than any 401.
    if (this.cache.get(token) === null) {
      endTurnSnapshot(this.db);
      return this.lookup(token);
    }
    turnSnapshot(this.db);
    const key = this.lookup(token);
    if (key) return key;
    endTurnSnapshot(this.db);
    return this.lookup(token);
  }

  /** On every request: a couple of Map operations, the day's string made once a day. */
  noteUse(keyId: number, at = Date.now()): void {
    if (!this.countUse) return;
    this.lastUsed.set(keyId, at);
    if (!(at >= this.dayStart && at < this.dayEnd)) this.countDayOf(at);
    const counts = this.dayCounts;
    counts.set(keyId, (counts.get(keyId) ?? 0) + 1);
  }

  private countDayOf(at: number): void {
    const day = utcDay(at);
    let counts = this.requests.get(day);
    if (!counts) this.requests.set(day, (counts = new Map()));
    this.dayCounts = counts;
    this.dayStart = utcDayStart(at);
    this.dayEnd = this.dayStart + DAY_MS;
  }

  /** Keys used since the last flush that are still to be written. */
  get pending(): number {
    return this.lastUsed.size;
  }

  /**
   * Every key with its requests today and in the last 30 days (UTC), the ones not
   * written yet included, and its last use as this process knows it.
   */
  list(now = Date.now()): KeyWithUsage[] {
    const keys = listKeysWithUsage(this.db, now);
    if (this.lastUsed.size === 0) return keys;
    const { from, today } = usageWindow(now);
    for (const key of keys) {
      const at = this.lastUsed.get(key.id);
      if (at !== undefined && (key.lastUsedAt === null || at > key.lastUsedAt)) key.lastUsedAt = at;
      for (const [day, counts] of this.requests) {
        const n = counts.get(key.id);
        if (n === undefined || day < from || day > today) continue;
        key.requests30d += n;
        if (day === today) key.requestsToday += n;
      }
    }
    return keys;
  }

  /**
   * Writes the last-used times and adds the request counts, in one transaction that
   * does not wait for the write lock: false while another process holds it (both stay,
   * and go on counting, for the next flush), true when none are left. Once a day it
   * also deletes the counts older than KEEP_USAGE_DAYS. Throws on any other failure,
   * and keeps nothing then.
   */
  flush(now = Date.now()): boolean {
    if (this.lastUsed.size === 0) return true;
    const today = utcDay(now);
    const pruneBefore = this.prunedOn === today ? undefined : utcDay(now - KEEP_USAGE_DAYS * DAY_MS);
    try {
      if (!tryTouchKeys(this.db, this.lastUsed, { requests: this.requests, pruneBefore })) return false;
    } catch (err) {
      this.clear();
      throw err;
    }
    this.clear();
    this.prunedOn = today;
    return true;
  }

  private clear(): void {
    this.lastUsed.clear();
    this.requests.clear();
    // The next noteUse starts the map of its day afresh.
    this.dayEnd = this.dayStart;
  }
}
