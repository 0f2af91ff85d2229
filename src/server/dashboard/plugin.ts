import { randomBytes } from "node:crypto";
import cookie from "@fastify/cookie";
import csrf from "@fastify/csrf-protection";
import formbody from "@fastify/formbody";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ensureMeta } from "../../catalog/index.js";
import { replicaSecretFromEnv } from "../../config/load.js";
import { redactPlexKeys } from "../../lib/key-redact.js";
import { AdminPassword } from "../../services/access/admin-password.js";
import type { ApiKeys } from "../../services/access/api-keys.js";
import type { ServiceDeps } from "../../services/deps.js";
import { CLIENT_JS } from "./assets/client.js";
import { STYLE_CSS } from "./assets/style.js";
import type { DashboardContext } from "./context.js";
import { registerAuthRoutes } from "./routes/auth.js";
import { registerCatalogRoutes } from "./routes/catalog.js";
import { registerKeyRoutes } from "./routes/keys.js";
import { registerLibraryRoutes } from "./routes/library.js";
import { registerPeopleRoutes } from "./routes/people.js";
import { registerPlaygroundRoutes } from "./routes/playground.js";
import { registerWatchRoutes } from "./routes/watch.js";
import { COOKIE_OPTIONS, CSRF_COOKIE, DASHBOARD_PATH, Sessions } from "./session.js";
import { replicaCookieSecret, replicaSessionSecret, SignedSessions } from "./signed-sessions.js";
import { DEFAULT_THROTTLE, LoginThrottle, type SignInThrottle, type ThrottleOptions } from "../../services/access/sign-in-throttle.js";
import { errorPage } from "./views/login.js";

export interface DashboardOptions {
  throttle?: ThrottleOptions;
  /** Sign-in limits kept elsewhere (the primary process of several workers); else this process keeps its own. */
  signIn?: SignInThrottle;
  /** The clock of sessions and pages (tests move it). */
  now?: () => number;
  /** A read-only replica (ServerOptions.readOnly): pages read-only, sessions in the cookie alone, writes refused naming the writer. */
  readOnly?: { writer: string; sessionSecret?: string };
}

/**
 * Scripts, styles and fetches from this server only; covers from anywhere (they are the
 * providers' images); no framing, no plugins, forms post only here.
 */
const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' https: http: data:",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join("; ");

const ERROR_TITLES: Record<number, string> = { 400: "Bad request", 403: "Refused", 404: "Not found", 413: "Too large", 429: "Slow down" };

/**
 * The dashboard at /dashboard: a room of its own, with its own cookies, form bodies,
 * CSRF tokens and HTML errors, none of which reach the API's routes. It is off the
 * API's key check and rate limits; only its session opens it.
 */
export async function registerDashboard(
  app: FastifyInstance,
  deps: ServiceDeps,
  keys: ApiKeys,
  knownProviders: () => string[],
  options: DashboardOptions = {},
) {
  const { ctx, secret } = dashboardContext(deps, keys, knownProviders, options);
  await app.register(
    async (scope) => {
      await scope.register(cookie, { secret });
      await scope.register(formbody);
      await scope.register(csrf, { sessionPlugin: "@fastify/cookie", cookieKey: CSRF_COOKIE, cookieOpts: COOKIE_OPTIONS });
      addGuards(scope, ctx);
      registerPages(scope, ctx);
    },
    { prefix: DASHBOARD_PATH },
  );
}

/** What every page of the dashboard is given, and the secret its cookies are signed with. */
function dashboardContext(deps: ServiceDeps, keys: ApiKeys, knownProviders: () => string[], options: DashboardOptions) {
  const now = options.now ?? Date.now;
  const ttlMs = deps.config.dashboardSessionHours * 3_600_000;
  const admin = new AdminPassword(deps.db, deps.config);
  const replica = options.readOnly ? replicaSessionSecret(options.readOnly.sessionSecret, replicaSecretFromEnv()) : null;
  // Kept in the catalog, so sessions outlive a restart and every server on the catalog signs alike;
  // a replica, which writes nothing there, draws it from the secret its processes share.
  const secret = replica !== null ? replicaCookieSecret(replica) : ensureMeta(deps.db, "dashboard_cookie_secret", () => randomBytes(32).toString("base64url"));
  const ctx: DashboardContext = {
    deps,
    keys,
    admin,
    sessions: replica !== null ? new SignedSessions(replica, () => admin.fingerprint(), ttlMs, now) : new Sessions(deps.db, ttlMs, now),
    throttle: options.signIn ?? new LoginThrottle(options.throttle ?? DEFAULT_THROTTLE, now),
    knownProviders,
    now,
    writer: options.readOnly?.writer ?? null,
  };
  return { ctx, secret };
}

/** The headers of every answer, then the checks before a page: the form's token, the session, a replica's refusal of writes. */
function addGuards(scope: FastifyInstance, ctx: DashboardContext): void {
  scope.addHook("onRequest", async (_request, reply) => {
    reply.header("content-security-policy", CSP);
    reply.header("x-frame-options", "DENY");
    reply.header("x-content-type-options", "nosniff");
    reply.header("referrer-policy", "no-referrer");
    reply.header("cache-control", "no-store");
  });
  // Every form post carries the token of the page it came from; then the session is checked.
  scope.addHook("preHandler", (request, reply, done) => {
    if (request.method !== "POST") return done();
    scope.csrfProtection(request, reply, done);
  });
  scope.addHook("preHandler", async (request, reply) => {
    if (request.routeOptions.config.dashboardPublic || ctx.sessions.current(request)) return;
    return reply.redirect("/dashboard/login", 303);
  });
  // A replica's catalog is the writer's copy: what would change it is refused, naming the writer.
  scope.addHook("preHandler", async (request, reply) => {
    const action = request.routeOptions.config.dashboardWrite;
    if (ctx.writer === null || action === undefined) return;
    request.log.info({ url: request.url, writer: ctx.writer }, "dashboard: write refused on a read-only replica");
    return sendError(ctx, request, reply, 403, `This server is a read-only replica of ${ctx.writer}: ${action} there.`);
  });
}

/** Its errors as HTML pages, its assets, and each page's routes. */
function registerPages(scope: FastifyInstance, ctx: DashboardContext): void {
  scope.setErrorHandler((err: FastifyError, request, reply) => htmlError(ctx, err, request, reply));
  scope.setNotFoundHandler((request, reply) =>
    sendError(ctx, request, reply, 404, `There is no dashboard page ${redactPlexKeys(request.url.split("?")[0]).slice(0, 200)}.`),
  );

  const asset = (type: string, body: string) => async (_request: FastifyRequest, reply: FastifyReply) =>
    reply.header("cache-control", "public, max-age=86400").type(type).send(body);
  scope.get("/assets/style.css", { schema: { hide: true }, config: { dashboardPublic: true } }, asset("text/css; charset=utf-8", STYLE_CSS));
  scope.get("/assets/client.js", { schema: { hide: true }, config: { dashboardPublic: true } }, asset("text/javascript; charset=utf-8", CLIENT_JS));
  registerAuthRoutes(scope, ctx);
  registerKeyRoutes(scope, ctx);
  registerCatalogRoutes(scope, ctx);
  registerLibraryRoutes(scope, ctx);
  registerPeopleRoutes(scope, ctx);
  registerWatchRoutes(scope, ctx);
  registerPlaygroundRoutes(scope, ctx);
}

function htmlError(ctx: DashboardContext, err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (err.code === "FST_CSRF_INVALID_TOKEN" || err.code === "FST_CSRF_MISSING_SECRET") {
    request.log.warn({ url: request.url }, "dashboard: form without a valid CSRF token refused");
    return sendError(ctx, request, reply, 403, "This form came from another site or has expired. Go back, reload the page and try again.");
  }
  const status = typeof err.statusCode === "number" && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
  if (status >= 500) {
    request.log.error({ err, reqId: request.id }, "dashboard request failed");
    return sendError(ctx, request, reply, 500, `Something went wrong on the server (request ${request.id}); the log has the details.`);
  }
  return sendError(ctx, request, reply, status, err.message);
}

function sendError(ctx: DashboardContext, request: FastifyRequest, reply: FastifyReply, status: number, message: string) {
  const signedIn = ctx.sessions.current(request) !== null;
  const title = ERROR_TITLES[status] ?? "Error";
  return reply
    .code(status)
    .type("text/html")
    .send(errorPage({ status, title, message, csrf: reply.generateCsrf(), signedIn, writer: ctx.writer }).text);
}
