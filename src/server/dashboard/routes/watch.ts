import type { FastifyInstance, FastifyReply } from "fastify";
import {
  type Db,
  getWatchJob,
  listNotices,
  listWatchJobs,
  outboxCounts,
  readWatchBeat,
  requeueJobs,
  watchCounts,
  type WatchJob,
} from "../../../catalog/index.js";
import { type DashboardContext, HIDDEN } from "../context.js";
import { type WatchView, watchPage } from "../views/watch.js";

const SHOWN = 100;
const NOTICES_SHOWN = 30;
const ID = /^\d{1,15}$/;
/** What Retry takes back: files the watcher left where they lie for a reason the user may have fixed. */
const RETRYABLE = new Set(["conflict", "failed"]);

/** The notice a redirect after a retry asks for (the job's file named only when the job exists). */
function retryNotice(db: Db, query: unknown): string | null {
  const q = query as Record<string, unknown>;
  const all = String(q.retriedFailed ?? "");
  if (ID.test(all)) return `${all} failed ${all === "1" ? "file is" : "files are"} back in the queue: the watcher takes them on its next turn.`;
  const id = String(q.retried ?? "");
  const job = ID.test(id) ? getWatchJob(db, Number(id)) : null;
  if (job === null) return null;
  return `${job.path.slice(job.path.lastIndexOf("/") + 1)} is back in the queue: the watcher takes it on its next turn.`;
}

export function registerWatchRoutes(app: FastifyInstance, ctx: DashboardContext): void {
  const { db } = ctx.deps;
  const render = (reply: FastifyReply, view: Pick<WatchView, "message" | "error">, status = 200) => {
    const list = (...states: WatchJob["state"][]) => listWatchJobs(db, states, SHOWN);
    return reply
      .code(status)
      .type("text/html")
      .send(
        watchPage({
          csrf: reply.generateCsrf(),
          beat: readWatchBeat(db, ctx.now()),
          counts: watchCounts(db),
          queue: list("ready", "placing"),
          trouble: list("conflict", "failed"),
          pending: list("pending"),
          placed: list("placed"),
          stays: list("stays"),
          outbox: outboxCounts(db),
          notices: listNotices(db, NOTICES_SHOWN),
          canRetry: ctx.writer === null,
          writer: ctx.writer,
          ...view,
        }).text,
      );
  };

  app.get("/watch", { schema: HIDDEN }, async (request, reply) => render(reply, { message: retryNotice(db, request.query) }));

  app.post<{ Params: { id: string } }>(
    "/watch/jobs/:id/retry",
    { schema: HIDDEN, config: { dashboardWrite: "retry watched files" } },
    async (request, reply) => {
      const idText = request.params.id;
      const job = ID.test(idText) ? getWatchJob(db, Number(idText)) : null;
      if (job === null) return render(reply, { error: `There is no watched file ${idText.slice(0, 20)}.` }, 404);
      if (!RETRYABLE.has(job.state)) return render(reply, { error: `Not retried: ${job.path} is ${job.state}, not a conflict or a failure.` }, 409);
      requeueJobs(db, [job.id], ctx.now());
      request.log.info({ jobId: job.id, was: job.state }, "dashboard: watched file retried");
      return reply.redirect(`/dashboard/watch?retried=${job.id}`, 303);
    },
  );

  app.post("/watch/retry-failed", { schema: HIDDEN, config: { dashboardWrite: "retry watched files" } }, async (request, reply) => {
    const ids = listWatchJobs(db, ["failed"], Number.MAX_SAFE_INTEGER).map((j) => j.id);
    requeueJobs(db, ids, ctx.now());
    request.log.info({ jobs: ids.length }, "dashboard: failed watched files retried");
    return reply.redirect(`/dashboard/watch?retriedFailed=${ids.length}`, 303);
  });
}
