import { hostname } from "node:os";
import type { FastifyInstance, FastifyReply } from "fastify";
import { type Db, getOrganizeRun, listOrganizeRuns, type OrganizeRun, organizeRunSteps, undoOfRun } from "../../../catalog/index.js";
import { processAlive } from "../../../lib/process-alive.js";
import { NoSuchRun, OrganizeBusy, thisProcess, undoRun } from "../../../library/organize/organize.js";
import { type DashboardContext, HIDDEN } from "../context.js";
import { libraryPage, type LibraryView, type OpenState } from "../views/library.js";
import { runPage } from "../views/library-run.js";

const RUNS_SHOWN = 50;
const ID = /^\d{1,15}$/;

/** Whose a run left applying is: a process of this machine that runs, one gone, or another machine's. */
function openState(r: OrganizeRun): OpenState | undefined {
  if (r.state !== "applying") return undefined;
  if (r.host !== hostname()) return "elsewhere";
  return processAlive(r.pid) ? "live" : "gone";
}

/** The notice a redirect after an undo asks for, said only when the journal agrees. */
function undoNotice(db: Db, query: unknown): string | null {
  const q = query as Record<string, unknown>;
  const key = typeof q.undone === "string" ? "undone" : typeof q.already === "string" ? "already" : null;
  const id = key === null ? "" : String(q[key]);
  const run = ID.test(id) ? getOrganizeRun(db, Number(id)) : null;
  const by = run?.state === "undone" ? undoOfRun(db, run.id)?.id : undefined;
  if (by === undefined) return null;
  return key === "undone"
    ? `Run ${id} is undone by run ${by}: its files are back where they were.`
    : `Run ${id} was undone already, by run ${by}: nothing changed.`;
}

export function registerLibraryRoutes(app: FastifyInstance, ctx: DashboardContext): void {
  const { db } = ctx.deps;
  const render = (reply: FastifyReply, view: Pick<LibraryView, "message" | "error">, status = 200, before?: number) => {
    const runs = listOrganizeRuns(db, RUNS_SHOWN + 1, before);
    const shown = runs.slice(0, RUNS_SHOWN);
    const open = new Map(shown.flatMap((r) => (r.state === "applying" ? [[r.id, openState(r) as OpenState] as const] : [])));
    const older = runs.length > RUNS_SHOWN ? shown[shown.length - 1].id : null;
    return reply
      .code(status)
      .type("text/html")
      .send(libraryPage({ csrf: reply.generateCsrf(), runs: shown, open, older, writer: ctx.writer, ...view }).text);
  };
  const runOf = (idText: string) => (ID.test(idText) ? getOrganizeRun(db, Number(idText)) : null);
  const missing = (reply: FastifyReply, idText: string) => render(reply, { error: `There is no organize run ${idText.slice(0, 20)}.` }, 404);

  app.get("/library", { schema: HIDDEN }, async (request, reply) => {
    const before = String((request.query as Record<string, unknown>).before ?? "");
    return render(reply, { message: undoNotice(db, request.query) }, 200, ID.test(before) ? Number(before) : undefined);
  });

  app.get<{ Params: { id: string } }>("/library/runs/:id", { schema: HIDDEN }, async (request, reply) => {
    const run = runOf(request.params.id);
    if (run === null) return missing(reply, request.params.id);
    const open = openState(run);
    const canUndo = ctx.writer === null && run.kind === "organize" && (run.state === "done" || open === "gone");
    const undoneBy = run.state === "undone" ? (undoOfRun(db, run.id)?.id ?? null) : null;
    const view = { csrf: reply.generateCsrf(), run, steps: organizeRunSteps(db, run.id), canUndo, undoneBy, open, writer: ctx.writer };
    return reply.type("text/html").send(runPage(view).text);
  });

  app.post<{ Params: { id: string } }>(
    "/library/runs/:id/undo",
    { schema: HIDDEN, config: { dashboardWrite: "undo organize runs" } },
    async (request, reply) => {
      const run = runOf(request.params.id);
      if (run === null) return missing(reply, request.params.id);
      try {
        const { undoId, already } = await undoRun({ db }, run.id, thisProcess("dashboard"));
        request.log.info({ runId: run.id, undoId, already }, already ? "dashboard: organize run undone already" : "dashboard: organize run undone");
        return reply.redirect(`/dashboard/library?${already ? "already" : "undone"}=${run.id}`, 303);
      } catch (err) {
        if (err instanceof OrganizeBusy || err instanceof NoSuchRun) return render(reply, { error: `Not undone: ${err.message}.` }, 409);
        throw err;
      }
    },
  );
}
