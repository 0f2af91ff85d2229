import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../lib/errors.js";
import type { ApiKeyInfo, ApiKeys } from "../../services/access/api-keys.js";
import { ERROR_CONTENT_TYPE, fixedError } from "./errors.js";
import { KeyRateLimiter, type RateBudget, waitTurn } from "../../services/access/rate-budget.js";

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
 * Checks the key on routes whose config says `auth: true` (services/access/api-keys.ts),
 * then its rate, and writes the keys' last-used times now and then and on close.
 */
const MISSING = fixedError("MISSING_API_KEY", `missing API key: send it in the ${KEY_HEADER} header`);
const INVALID = fixedError("INVALID_API_KEY", "invalid or revoked API key");

/** What a request's key comes to: let in (its use noted), missing, unknown or revoked, or over its rate. */
export type KeyCheck =
  | { ok: true; key: ApiKeyInfo }
  | { ok: false; refusal: "missing" | "invalid" }
  | { ok: false; refusal: "limited"; key: ApiKeyInfo; retryAfterSeconds: number };

/**
 * The one check of an API key, whichever header or face of the API it came by
 * (x-service-key here, a Bearer token on the MetaTube routes): one rate budget per key.
 * `pace`: a request over the key's rate waits for its turn rather than being refused
 * (waitTurn), for clients that never retry.
 */
export class KeyGate {
  constructor(
    readonly keys: ApiKeys,
    private readonly limiter: RateBudget = new KeyRateLimiter(),
  ) {}

  async check(token: string | undefined, options: { pace?: boolean } = {}): Promise<KeyCheck> {
    if (token === undefined) return { ok: false, refusal: "missing" };
    if (token.length > 200) return { ok: false, refusal: "invalid" };
    const key = this.keys.check(token);
    if (!key) return { ok: false, refusal: "invalid" };
    const wait = options.pace ? await waitTurn(this.limiter, key.id, key.ratePerMinute) : await this.limiter.take(key.id, key.ratePerMinute);
    if (wait > 0) return { ok: false, refusal: "limited", key, retryAfterSeconds: wait };
    this.keys.noteUse(key.id);
    return { ok: true, key };
  }
}

export function registerAuth(app: FastifyInstance, gate: KeyGate): void {
  const keys = gate.keys;
  const refuse = (reply: FastifyReply, answer: { statusCode: number; payload: string }) =>
    reply.code(answer.statusCode).type(ERROR_CONTENT_TYPE).send(answer.payload);
  app.addHook("onRequest", async (request, reply) => {
    if (!request.routeOptions.config.auth) return;
    const checked = await gate.check(headerValue(request));
    if (checked.ok) {
      request.apiKey = checked.key;
      return;
    }
    if (checked.refusal !== "limited") return refuse(reply, checked.refusal === "missing" ? MISSING : INVALID);
    throw new AppError("RATE_LIMITED", `rate limit of ${checked.key.ratePerMinute} requests per minute exceeded`, {
      "retry-after": String(checked.retryAfterSeconds),
    });
  });

  /** True when no last-used time is left to write. */
  const flush = (): boolean => {
    try {
      if (keys.flush()) return true;
      app.log.debug({ keys: keys.pending }, "catalog busy: key use kept for the next flush");
      return false;
    } catch (err) {
      app.log.warn({ err }, "could not record key use");
      return true;
    }
  };
  const timer = setInterval(flush, FLUSH_INTERVAL_MS);
  timer.unref();
  app.addHook("onClose", async () => {
    clearInterval(timer);
    // Retried between event-loop turns, so closing never blocks on the lock either.
    const deadline = Date.now() + CLOSE_WAIT_MS;
    while (!flush()) {
      if (Date.now() >= deadline) {
        app.log.warn({ keys: keys.pending }, "catalog busy: key use not recorded at shutdown");
        return;
      }
      await sleep(CLOSE_RETRY_MS);
    }
  });
}
