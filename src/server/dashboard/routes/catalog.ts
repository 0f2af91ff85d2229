import type { FastifyInstance, FastifyReply } from "fastify";
import { listRuns, providerStats } from "../../../catalog/index.js";
import { IngestBusyError } from "../../../ingest/run-ingest.js";
import { IngestRefusedError } from "../../../services/operations/ingest-control.js";
import { providerHealth } from "../../../services/operations/provider-health.js";
import { type DashboardContext, field, HIDDEN } from "../context.js";
import { catalogPage, runsTable, type CatalogView } from "../views/catalog.js";

const RUNS_SHOWN = 30;

export function registerCatalogRoutes(app: FastifyInstance, ctx: DashboardContext): void {
  const { db, config } = ctx.deps;
  const render = async (reply: FastifyReply, view: Pick<CatalogView, "message" | "error">, status = 200) => {
    const backup = (await ctx.deps.backup?.state()) ?? null;
    return reply
      .code(status)
      .type("text/html")
      .send(
        catalogPage({
          csrf: reply.generateCsrf(),
          titles: providerStats(db),
          health: providerHealth(db, config),
          runs: listRuns(db, RUNS_SHOWN),
          canIngest: ctx.deps.ingest !== null && ctx.writer === null,
          writer: ctx.writer,
          backup,
          now: ctx.now(),
          ...view,
        }).text,
      );
  };

  app.get("/catalog", { schema: HIDDEN }, async (request, reply) => {
    const started = (request.query as Record<string, unknown>).started;
    return render(reply, { message: typeof started === "string" && /^\d+$/.test(started) ? `Ingest run ${started} started.` : null });
  });

  /** The runs table alone: what the page's script fetches while a run is running. */
  app.get("/catalog/runs", { schema: HIDDEN }, async (_request, reply) => reply.type("text/html").send(runsTable(listRuns(db, RUNS_SHOWN), ctx.now()).text));

  app.post("/catalog/ingest", { schema: HIDDEN, config: { dashboardWrite: "start ingest runs" } }, async (request, reply) => {
    const provider = field(request.body, "provider").toLowerCase();
    if (ctx.deps.ingest === null) return render(reply, { error: "This process runs no ingest: start the server with `npm start`." }, 409);
    try {
      const { runId } = await ctx.deps.ingest.start(provider);
      request.log.info({ provider, runId }, "dashboard: ingest started");
      return reply.redirect(`/dashboard/catalog?started=${runId}`, 303);
    } catch (err) {
      if (err instanceof IngestBusyError) return render(reply, { error: `Not started: ${err.message}.` }, 409);
      if (err instanceof IngestRefusedError) return render(reply, { error: `Not started: ${err.message}.` }, 400);
      throw err;
    }
  });
}
