import type { FastifyInstance, FastifyReply } from "fastify";
import { revokeKey } from "../../../catalog/index.js";
import { createApiKey, KeyInputError, MAX_KEY_RATE } from "../../../services/access/key-admin.js";
import { type DashboardContext, field, HIDDEN } from "../context.js";
import { keysPage, revokePage, type KeysView } from "../views/keys.js";

export function registerKeyRoutes(app: FastifyInstance, ctx: DashboardContext): void {
  const render = (reply: FastifyReply, view: Omit<KeysView, "csrf" | "keys" | "defaultRate" | "maxRate" | "writer" | "counting">, status = 200) =>
    reply
      .code(status)
      .type("text/html")
      .send(
        keysPage({
          csrf: reply.generateCsrf(),
          keys: ctx.keys.list(ctx.now()),
          defaultRate: ctx.deps.config.keyRatePerMinute,
          maxRate: MAX_KEY_RATE,
          writer: ctx.writer,
          ...view,
        }).text,
      );
  const keyOf = (idText: string) => {
    const id = /^\d{1,15}$/.test(idText) ? Number(idText) : Number.NaN;
    return ctx.keys.list(ctx.now()).find((k) => k.id === id) ?? null;
  };

  app.get("/keys", { schema: HIDDEN }, async (request, reply) => {
    const revoked = (request.query as Record<string, unknown>).revoked;
    return render(reply, { message: typeof revoked === "string" && /^\d+$/.test(revoked) ? `Key ${revoked} is revoked.` : null });
  });

  app.post("/keys", { schema: HIDDEN, config: { dashboardWrite: "create keys" } }, async (request, reply) => {
    const form = { name: field(request.body, "name"), rate: field(request.body, "rate") };
    try {
      const { key, token } = createApiKey(ctx.deps.db, form, ctx.deps.config.keyRatePerMinute);
      request.log.info({ keyId: key.id, name: key.name }, "dashboard: key created");
      return render(reply, { created: { id: key.id, name: key.name, token } }, 201);
    } catch (err) {
      if (!(err instanceof KeyInputError)) throw err;
      return render(reply, { error: `Not created: ${err.message}.`, form }, 400);
    }
  });

  app.get<{ Params: { id: string } }>("/keys/:id/revoke", { schema: HIDDEN, config: { dashboardWrite: "revoke keys" } }, async (request, reply) => {
    const key = keyOf(request.params.id);
    if (!key) return render(reply, { error: `There is no key ${request.params.id.slice(0, 20)}.` }, 404);
    if (key.revokedAt !== null) return reply.redirect("/dashboard/keys", 303);
    return reply.type("text/html").send(revokePage({ csrf: reply.generateCsrf(), key }).text);
  });

  app.post<{ Params: { id: string } }>("/keys/:id/revoke", { schema: HIDDEN, config: { dashboardWrite: "revoke keys" } }, async (request, reply) => {
    const key = keyOf(request.params.id);
    if (!key) return render(reply, { error: `There is no key ${request.params.id.slice(0, 20)}.` }, 404);
    revokeKey(ctx.deps.db, key.id);
    request.log.info({ keyId: key.id, name: key.name }, "dashboard: key revoked");
    return reply.redirect(`/dashboard/keys?revoked=${key.id}`, 303);
  });
}
