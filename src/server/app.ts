import { randomUUID } from "node:crypto";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from "fastify";
import { VERSION } from "../lib/version.js";
import { SERIALIZER_OPTS } from "../model/formats.js";
import { ApiKeys } from "../services/access/api-keys.js";
import type { ServiceDeps } from "../services/deps.js";
import { type DashboardOptions, registerDashboard } from "./dashboard/plugin.js";
import type { SignInThrottle } from "../services/access/sign-in-throttle.js";
import { registerMetaTube } from "./metatube/plugin.js";
import { knownProviders } from "./params/providers-param.js";
import { registerPlex } from "./plex/plugin.js";
import { KeyGate, registerAuth } from "./plugins/auth.js";
import { registerDocs } from "./plugins/docs.js";
import { frameworkError, MAX_PATH_SEGMENT } from "./framework-error.js";
import { registerErrorHandlers, schemaErrorFormatter } from "./plugins/errors.js";
import { KeyRateLimiter, type RateBudget } from "../services/access/rate-budget.js";
import { validatorsByPart } from "./plugins/validators.js";
import type { RouteContext } from "./routes/context.js";
import { registerHealthRoute } from "./routes/health.js";
import { registerMovieRoutes } from "./routes/movie.js";
import { registerPeopleRoutes } from "./routes/people.js";
import { registerQueryRoutes } from "./routes/query.js";
import { registerRandomRoutes } from "./routes/random.js";
import { type ServerLog, serverLog } from "./server-log.js";

export const BODY_LIMIT = 16 * 1024;
export { VERSION } from "../lib/version.js";

/**
 * What must hold as one across the processes that answer on one catalog (src/cluster):
 * a key's (and a client address's) rate budget, the dashboard's sign-in limits. Absent:
 * this process keeps its own, as the only one answering.
 */
export interface SharedState {
  rates: RateBudget;
  signIn: SignInThrottle;
}

export interface ServerOptions {
  /** false: no log lines (tests, the benchmark). */
  logger?: boolean;
  /** The process's one logger (serve's: server-log.ts), which Fastify then logs through. */
  log?: ServerLog;
  /** Without `log`: where the lines of the logger made here go instead of pino's stdout writer (tests). */
  logStream?: { write(line: string): unknown };
  shared?: SharedState;
  /** More routes, registered after the API's (the benchmark's baselines: bench/baseline-routes.ts). */
  routes?: (app: FastifyInstance, ctx: RouteContext) => void;
  /** The dashboard's sign-in throttle and clock (tests), or false for no dashboard. */
  dashboard?: DashboardOptions | false;
  /**
   * A read-only replica (REPLICA_OF): nothing the app does writes the catalog (its
   * connection may be read-only); `writer` is the address named where a write is refused.
   */
  readOnly?: ReadOnly;
}

/**
 * What a read-only replica's app needs: the writer's address, and the secret its dashboard
 * signs sessions with (the same in every process of this server: see dashboard/signed-sessions.ts).
 */
export interface ReadOnly {
  writer: string;
  /** Absent: VC_REPLICA_SECRET from the environment, else one made by this process. */
  sessionSecret?: string;
}

/** The HTTP app: plugins and routes registered explicitly, in a fixed order. */
export async function buildServer(deps: ServiceDeps, options: ServerOptions = {}): Promise<FastifyInstance> {
  const app = createApp(deps, options);
  registerErrorHandlers(app);
  // A replica answers as the writer does but stores nothing: no key use counted, no live answer kept.
  if (options.readOnly) deps.live?.neverStore();
  const keys = new ApiKeys(deps.db, !options.readOnly);
  const rates = options.shared?.rates ?? new KeyRateLimiter();
  const gate = new KeyGate(keys, rates);
  registerAuth(app, gate);
  await registerDocs(app, VERSION);

  const liveNames = deps.live?.names() ?? [];
  const ctx: RouteContext = { deps, knownProviders: () => knownProviders(deps.db, liveNames) };
  registerHealthRoute(app, ctx);
  registerMovieRoutes(app, ctx);
  registerQueryRoutes(app, ctx);
  registerRandomRoutes(app, ctx);
  registerPeopleRoutes(app, ctx);
  await registerMetaTube(app, { deps, lang: deps.config.mediaLanguage, knownProviders: ctx.knownProviders, images: deps.images ?? null }, gate, VERSION, rates);
  await registerPlex(app, deps, gate, VERSION);
  if (options.dashboard !== false)
    await registerDashboard(app, deps, keys, ctx.knownProviders, { ...options.dashboard, signIn: options.shared?.signIn, readOnly: options.readOnly });
  options.routes?.(app, ctx);
  await app.ready();
  return app;
}

/** Fastify as the app runs it: its logger, limits, validators and router, JSON bodies only, a request id on every answer. */
function createApp(deps: ServiceDeps, options: ServerOptions) {
  const level = deps.config.logLevel;
  // Made as serve makes it (server-log.ts): the API keys in URLs never written in full.
  const log = options.logger === false || level === "silent" ? undefined : (options.log ?? serverLog(level, options.logStream));
  const app = Fastify({
    // Fastify adds its serializers (res, err) to a child of it, as it would to a logger of its own.
    loggerInstance: log as FastifyBaseLogger | undefined,
    // Per-request log lines stay off the hot path; errors are logged by the error handler.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    trustProxy: deps.config.trustProxy,
    // A client that trickles its request (headers or body) is cut off, not waited for;
    // Node looks for such requests every connectionsCheckingInterval (30 s by default).
    requestTimeout: deps.config.requestTimeoutMs,
    http: { headersTimeout: deps.config.requestTimeoutMs, connectionsCheckingInterval: Math.min(1000, deps.config.requestTimeoutMs) },
    genReqId: () => randomUUID(),
    schemaController: validatorsByPart(),
    schemaErrorFormatter,
    frameworkErrors: frameworkError,
    routerOptions: {
      // Plex joins its feature keys to the provider URL as pasted: `…/plex/KEY/` makes `//library/…`.
      ignoreDuplicateSlashes: true,
      // A Plex ratingKey reaches its route whole (framework-error.ts); Fastify's default is 100.
      maxParamLength: MAX_PATH_SEGMENT,
    },
    // The record schema's own formats (model/formats.ts) mean nothing to the serialiser.
    serializerOpts: SERIALIZER_OPTS,
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Only JSON bodies: without the text/plain parser a non-JSON POST is a 415.
  app.removeContentTypeParser("text/plain");
  // An empty body with a JSON content type is "no body" (POST /random with `{}` implied), not bad JSON.
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (body === "" || (typeof body === "string" && body.trim() === "")) return done(null, undefined);
    return parseJson(request, body as string, done);
  });
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  return app;
}
