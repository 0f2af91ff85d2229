import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../../catalog/db.js";
import { touchKeys, verifyKey, type ApiKeyInfo } from "../../catalog/keys.js";
import { catalogVersion } from "../../catalog/version.js";
import { AppError } from "../../lib/errors.js";
import { KeyRateLimiter } from "./rate-limit.js";

export const KEY_HEADER = "x-service-key";
/** Clients of the hosted javinfo.dev API send this one. */
export const KEY_HEADER_ALIAS = "x-javinfo-key";

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
    const key = lookup(token);
    if (!key) throw new AppError("INVALID_API_KEY", "invalid or revoked API key");
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

  const flush = () => {
    if (lastUsed.size === 0) return;
    const batch = new Map(lastUsed);
    lastUsed.clear();
    try {
      touchKeys(db, batch);
    } catch (err) {
      app.log.warn({ err }, "could not record key use");
    }
  };
  const timer = setInterval(flush, 30_000);
  timer.unref();
  app.addHook("onClose", async () => {
    clearInterval(timer);
    flush();
  });
}
