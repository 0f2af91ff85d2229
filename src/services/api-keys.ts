import { catalogVersion, endTurnSnapshot, tryTouchKeys, turnSnapshot, verifyKey, type ApiKeyInfo, type Db } from "../catalog/index.js";

export type { ApiKeyInfo };

/**
 * The API keys as the server checks them: read through a cache that is dropped
 * whenever the catalog changes (another process revoking a key included), so a
 * revocation counts on the next request; last-used times gathered in memory and
 * written in the background.
 */
export class ApiKeys {
  private cacheVersion = "";
  private readonly cache = new Map<string, ApiKeyInfo | null>();
  private readonly lastUsed = new Map<number, number>();

  constructor(private readonly db: Db) {}

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

  noteUse(keyId: number, at = Date.now()): void {
    this.lastUsed.set(keyId, at);
  }

  /** Keys used since the last flush that are still to be written. */
  get pending(): number {
    return this.lastUsed.size;
  }

  /**
   * Writes the last-used times without waiting for the write lock: false while another
   * process holds it (they stay for the next flush), true when none are left. Throws
   * on any other failure, and keeps nothing then.
   */
  flush(): boolean {
    if (this.lastUsed.size === 0) return true;
    try {
      if (!tryTouchKeys(this.db, this.lastUsed)) return false;
    } catch (err) {
      this.lastUsed.clear();
      throw err;
    }
    this.lastUsed.clear();
    return true;
  }
}
