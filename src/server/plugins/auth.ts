import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../../catalog/store/db.js";
import { tryTouchKeys, verifyKey, type ApiKeyInfo } from "../../catalog/store/keys.js";
import { endTurnSnapshot, turnSnapshot } from "../../catalog/store/statements.js";
import { catalogVersion } from "../../catalog/store/version.js";
import { AppError } from "../../lib/errors.js";
import { KeyRateLimiter } from "./rate-limit.js";

export const KEY_HEADER = "x-service-key";
/** Clients of the hosted javinfo.dev API send this one. */
export const KEY_HEADER_ALIAS = "x-javinfo-key";

const FLUSH_INTERVAL_MS = 30_000;
/** How long shutdown keeps retrying a busy catalog (an import's transaction) for the last-used times. */
const CLOSE_WAIT_MS = 10_000;
const CLOSE_RETRY_MS = 100;

declare module "fastify" {
  interface FastifyContextConfig {
    auth?: boolean;
  }
  interface FastifyRequest {
    apiKey?: ApiKeyInfo;
  }
}

function headerValue(request: FastifyRequest): string | undefined {
  const raw = request.headers[KEY_HEADER] ?? request.headers[KEY_HEADER_ALIAS];
  const v = Array.isArray(raw) ? raw[0] : raw;
  return v === undefined || v.trim() === "" ? undefined : v.trim();
}

/**
 * Checks the key on routes whose config says `auth: true`, then its rate. Keys are
 * read through a cache that is dropped whenever the database changes (another
 * process revoking a key included), so revocation counts on the next request.
 */
export function registerAuth(app: FastifyInstance, db: Db, limiter = new KeyRateLimiter()): void {
  let cacheVersion = "";
  const cache = new Map<string, ApiKeyInfo | null>();
  const lastUsed = new Map<number, number>();

  const lookup = (token: string): ApiKeyInfo | null => {
    const version = catalogVersion(db);
    if (version !== cacheVersion) {
      cache.clear();
      cacheVersion = version;
    }
    let key = cache.get(token);
    if (key === undefined) {
      key = verifyKey(db, token);
      if (cache.size > 10_000) cache.clear();
      cache.set(token, key);
    }
    return key;
  };

  app.addHook("onRequest", async (request, reply) => {
    if (!request.routeOptions.config.auth) return;
    const token = headerValue(request);
    if (token === undefined) throw new AppError("MISSING_API_KEY", `missing API key: send it in the ${KEY_HEADER} header`);
    if (token.length > 200) throw new AppError("INVALID_API_KEY", "invalid or revoked API key");
    // This request's reads (the key, then the route's) share the turn's read transaction
    // with the other requests of the turn.
    turnSnapshot(db);
    let key = lookup(token);
    if (!key) {
      // Unknown as of the turn's snapshot: a key created since (by the CLI) counts at once.
      endTurnSnapshot(db);
      key = lookup(token);
      if (!key) throw new AppError("INVALID_API_KEY", "invalid or revoked API key");
    }
    const wait = limiter.take(key.id, key.ratePerMinute);
    if (wait > 0) {
      throw new AppError("RATE_LIMITED", `rate limit of ${key.ratePerMinute} requests per minute exceeded`, {
        "retry-after": String(wait),
      });
    }
    request.apiKey = key;
    lastUsed.set(key.id, Date.now());
    void reply;
  });

  /**
   * Writes the last-used times without waiting for the write lock; while another
   * process holds it they stay here for the next flush. True when none are left.
   */
  const flush = (): boolean => {
    if (lastUsed.size === 0) return true;
    try {
      if (!tryTouchKeys(db, lastUsed)) {
        app.log.debug({ keys: lastUsed.size }, "catalog busy: key use kept for the next flush");
        return false;
      }
    } catch (err) {
      app.log.warn({ err }, "could not record key use");
    }
    lastUsed.clear();
    return true;
  };
  const timer = setInterval(flush, FLUSH_INTERVAL_MS);
  timer.unref();
  app.addHook("onClose", async () => {
    clearInterval(timer);
    // Retried between event-loop turns, so closing never blocks on the lock either.
    const deadline = Date.now() + CLOSE_WAIT_MS;
    while (!flush()) {
      if (Date.now() >= deadline) {
        app.log.warn({ keys: lastUsed.size }, "catalog busy: key use not recorded at shutdown");
        return;
      }
      await sleep(CLOSE_RETRY_MS);
    }
  });
}
