import type { FastifyInstance, FastifyReply } from "fastify";
import { getOrganizeRun, listOrganizeRuns, organizeRunSteps, undoOfRun } from "../../../catalog/index.js";
import { NoSuchRun, OrganizeBusy, thisProcess, undoRun } from "../../../library/organize/organize.js";
import { type DashboardContext, HIDDEN } from "../context.js";
import { libraryPage, type LibraryView, runPage } from "../views/library.js";

const RUNS_SHOWN = 50;

export function registerLibraryRoutes(app: FastifyInstance, ctx: DashboardContext): void {
  const { db } = ctx.deps;
  const render = (reply: FastifyReply, view: Pick<LibraryView, "message" | "error">, status = 200) =>
    reply
      .code(status)
      .type("text/html")
      .send(libraryPage({ csrf: reply.generateCsrf(), runs: listOrganizeRuns(db, RUNS_SHOWN), writer: ctx.writer, ...view }).text);
  const runOf = (idText: string) => (/^\d{1,15}$/.test(idText) ? getOrganizeRun(db, Number(idText)) : null);
  const missing = (reply: FastifyReply, idText: string) => render(reply, { error: `There is no organize run ${idText.slice(0, 20)}.` }, 404);

  app.get("/library", { schema: HIDDEN }, async (request, reply) => {
    const undone = (request.query as Record<string, unknown>).undone;
    return render(reply, {
      message: typeof undone === "string" && /^\d+$/.test(undone) ? `Run ${undone} is undone: its files are back where they were.` : null,
    });
  });

  app.get<{ Params: { id: string } }>("/library/runs/:id", { schema: HIDDEN }, async (request, reply) => {
    const run = runOf(request.params.id);
    if (run === null) return missing(reply, request.params.id);
    const canUndo = ctx.writer === null && run.kind === "organize" && run.state === "done";
    const undoneBy = run.state === "undone" ? (undoOfRun(db, run.id)?.id ?? null) : null;
    return reply.type("text/html").send(runPage({ csrf: reply.generateCsrf(), run, steps: organizeRunSteps(db, run.id), canUndo, undoneBy }).text);
  });

  app.post<{ Params: { id: string } }>(
    "/library/runs/:id/undo",
    { schema: HIDDEN, config: { dashboardWrite: "undo organize runs" } },
    async (request, reply) => {
      const run = runOf(request.params.id);
      if (run === null) return missing(reply, request.params.id);
      try {
        const { undoId } = await undoRun({ db }, run.id, thisProcess("dashboard"));
        request.log.info({ runId: run.id, undoId }, "dashboard: organize run undone");
        return reply.redirect(`/dashboard/library?undone=${run.id}`, 303);
      } catch (err) {
        if (err instanceof OrganizeBusy || err instanceof NoSuchRun) return render(reply, { error: `Not undone: ${err.message}.` }, 409);
        throw err;
      }
    },
  );
}
