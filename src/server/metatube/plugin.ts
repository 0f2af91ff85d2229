/**
 * The MetaTube face of the catalog: the HTTP API that MetaTube's Jellyfin, Emby and
 * Plex plugins speak (metatube-sdk-go's route/), under /v1, answered from the catalog
 * by the same services as /movie and /query. Its own envelope and errors; the token
 * is any of our API keys, sent as `Authorization: Bearer KEY`, with its rate and
 * revocation; the image routes and the provider list are public, as in MetaTube.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { KeyGate } from "../plugins/auth.js";
import { type RateBudget, waitTurn } from "../../services/access/rate-budget.js";
import { registerActorRoutes } from "./actors.js";
import type { MtContext } from "./context.js";
import { EnvelopeError } from "../../lib/errors.js";
import { sendEnvelopeError } from "../plugins/envelope-errors.js";
import { toMtError } from "./envelope.js";
import { registerImageRoutes } from "./images.js";
import { registerMetaRoutes } from "./meta.js";
import { registerMovieRoutes } from "./movies.js";
import { registerIndex } from "./redirect.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /** A MetaTube route that needs the Bearer token. */
    mtAuth?: boolean;
    /** A public MetaTube image route: rate-limited per client address. */
    mtImage?: boolean;
    mtPublic?: boolean;
  }
}

const HIDDEN = { hide: true } as const;

/** The token of `Authorization: Bearer TOKEN` (MetaTube cuts the header at its first space, and wants "Bearer" as written). */
function bearer(request: FastifyRequest): string | undefined | null {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const space = header.indexOf(" ");
  if (space === -1 || header.slice(0, space) !== "Bearer") return null;
  const token = header.slice(space + 1).trim();
  return token === "" ? null : token;
}

export async function registerMetaTube(app: FastifyInstance, ctx: MtContext, gate: KeyGate, version: string, imageLimiter: RateBudget): Promise<void> {
  const rate = ctx.deps.config.imageRatePerMinute;

  registerIndex(app, ctx, version, imageLimiter);

  await app.register(
    async (scope) => {
      scope.setErrorHandler((err: Error, request, reply) => {
        const mt = toMtError(err);
        if (mt.status >= 500 && !(err instanceof EnvelopeError)) request.log.error({ err, reqId: request.id }, "request failed");
        return sendEnvelopeError(reply, mt);
      });
      scope.setNotFoundHandler((_request, reply) => sendEnvelopeError(reply, new EnvelopeError(404)));
      scope.addHook("onRoute", (route) => {
        route.schema = { ...route.schema, ...HIDDEN };
      });
      scope.addHook("onRequest", async (request) => {
        const config = request.routeOptions.config;
        // The plugins never retry: a request over its budget waits for its turn (waitTurn), within bounds.
        if (config.mtImage) {
          const wait = await waitTurn(imageLimiter, `image:${request.ip}`, rate);
          if (wait > 0) throw new EnvelopeError(429, `rate limit of ${rate} image requests per minute exceeded`, { "retry-after": String(wait) });
        }
        if (!config.mtAuth) return;
        const token = bearer(request);
        const checked = await gate.check(token ?? undefined, { pace: true });
        if (checked.ok) {
          request.apiKey = checked.key;
          return;
        }
        if (checked.refusal === "limited") {
          throw new EnvelopeError(429, `rate limit of ${checked.key.ratePerMinute} requests per minute exceeded`, {
            "retry-after": String(checked.retryAfterSeconds),
          });
        }
        throw new EnvelopeError(401);
      });
      registerMovieRoutes(scope, ctx);
      registerActorRoutes(scope, ctx);
      registerImageRoutes(scope, ctx);
      registerMetaRoutes(scope, ctx);
    },
    { prefix: "/v1" },
  );
}
