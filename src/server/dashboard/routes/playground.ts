import type { FastifyInstance } from "fastify";
import { type DashboardContext, HIDDEN } from "../context.js";
import { playgroundPage } from "../views/playground.js";

export function registerPlaygroundRoutes(app: FastifyInstance, ctx: DashboardContext): void {
  app.get("/playground", { schema: HIDDEN }, async (_request, reply) =>
    reply
      .type("text/html")
      .send(playgroundPage({ csrf: reply.generateCsrf(), maxPageSize: ctx.deps.config.maxPageSize, providers: ctx.knownProviders(), writer: ctx.writer }).text),
  );
}
