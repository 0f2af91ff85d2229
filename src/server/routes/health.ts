import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { catalogCounts, turnSnapshot } from "../../catalog/index.js";
import type { RouteContext } from "./context.js";

const HealthSchema = Type.Object({
  status: Type.String(),
  catalog: Type.Object({
    records: Type.Integer(),
    providers: Type.Record(Type.String(), Type.Integer()),
  }),
});

export function registerHealthRoute(app: FastifyInstance, ctx: RouteContext): void {
  app.get("/health", { schema: { tags: ["service"], summary: "Liveness and catalog size (no key needed)", response: { 200: HealthSchema } } }, async () => {
    // The turn's read transaction: the catalog's version is then read without taking and dropping the file locks.
    turnSnapshot(ctx.deps.db);
    const providers = catalogCounts(ctx.deps.db);
    const records = Object.values(providers).reduce((a, b) => a + b, 0);
    return { status: "ok", catalog: { records, providers } };
  });
}
