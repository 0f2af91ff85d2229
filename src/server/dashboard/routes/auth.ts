import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyInstance } from "fastify";
import { type DashboardContext, HIDDEN, rawField } from "../context.js";
import { loginPage } from "../views/login.js";

/** Longest password the sign-in checks (scrypt of a megabyte is work an attacker should not get for free). */
const MAX_PASSWORD = 1024;

export function registerAuthRoutes(app: FastifyInstance, ctx: DashboardContext): void {
  app.get("/", { schema: HIDDEN }, async (request, reply) => reply.redirect(ctx.sessions.current(request) ? "/dashboard/keys" : "/dashboard/login", 303));

  app.get("/login", { schema: HIDDEN, config: { dashboardPublic: true } }, async (request, reply) => {
    if (ctx.sessions.current(request)) return reply.redirect("/dashboard/keys", 303);
    const signedOut = (request.query as Record<string, unknown>)["signed-out"] !== undefined;
    return reply.type("text/html").send(loginPage({ csrf: reply.generateCsrf(), signedOut, writer: ctx.writer }).text);
  });

  app.post("/login", { schema: HIDDEN, config: { dashboardPublic: true } }, async (request, reply) => {
    const client = request.ip;
    const waitS = await ctx.throttle.begin(client);
    if (waitS > 0) {
      const minutes = Math.ceil(waitS / 60);
      const error = `Too many wrong passwords from your address: try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
      return reply
        .code(429)
        .header("retry-after", String(waitS))
        .type("text/html")
        .send(loginPage({ csrf: reply.generateCsrf(), error, writer: ctx.writer }).text);
    }
    const password = rawField(request.body, "password");
    const right = password.length > 0 && password.length <= MAX_PASSWORD && (await ctx.admin.verify(password));
    if (!right) {
      await sleep(await ctx.throttle.failed(client));
      request.log.warn({ client }, "dashboard sign-in with a wrong password");
      return reply
        .code(401)
        .type("text/html")
        .send(loginPage({ csrf: reply.generateCsrf(), error: "Wrong password.", writer: ctx.writer }).text);
    }
    await ctx.throttle.succeeded(client);
    ctx.sessions.start(reply);
    return reply.redirect("/dashboard/keys", 303);
  });

  app.post("/logout", { schema: HIDDEN, config: { dashboardPublic: true } }, async (request, reply) => {
    ctx.sessions.end(request, reply);
    return reply.redirect("/dashboard/login?signed-out", 303);
  });
}
