import type { FastifyInstance, FastifyReply } from "fastify";
import { foldName, getPersonEdit, ownKeys, listPersonEdits, PersonEditRefused, searchPeople, undoOfPersonEdit } from "../../../catalog/index.js";
import { mergeNamed, personNamedBy, splitNamed, undoEdit } from "../../../services/people/edits.js";
import { type Person, personById } from "../../../services/people/person.js";
import { type DashboardContext, field, HIDDEN } from "../context.js";
import { peoplePage, type PeopleView, personPage } from "../views/people.js";

const FOUND_SHOWN = 50;
const EDITS_SHOWN = 50;
const ID = /^\d{1,15}$/;

/** The notice a redirect after an edit asks for, said only when the journal agrees. */
function editNotice(ctx: DashboardContext, query: unknown): string | null {
  const q = query as Record<string, unknown>;
  const [key, raw] = ["merged", "split", "undone"].map((k) => [k, q[k]] as const).find(([, v]) => typeof v === "string") ?? [null, ""];
  const edit = typeof raw === "string" && ID.test(raw) ? getPersonEdit(ctx.deps.db, Number(raw)) : null;
  if (edit === null || key === null) return null;
  if (key === "undone") {
    const by = edit.undoneAt === null ? null : undoOfPersonEdit(ctx.deps.db, edit.id);
    return by === null ? null : `Edit ${edit.id} is undone by edit ${by}: ${edit.summary}.`;
  }
  return edit.kind === (key === "merged" ? "merge" : "split") ? `Edit ${edit.id}: ${edit.summary}.` : null;
}

export function registerPeopleRoutes(app: FastifyInstance, ctx: DashboardContext): void {
  const { db } = ctx.deps;
  const lang = ctx.deps.config.mediaLanguage;
  const canEdit = ctx.writer === null;
  const personOf = async (id: number): Promise<Person | null> => personById(ctx.deps, id, lang);

  const render = async (reply: FastifyReply, view: Pick<PeopleView, "query" | "message" | "error" | "form">, status = 200) => {
    const folded = foldName(view.query);
    let found: PeopleView["found"] = null;
    if (folded !== "") {
      const { total, ids } = searchPeople(db, folded, FOUND_SHOWN, 0);
      const people = (await Promise.all(ids.map(personOf))).filter((p): p is Person => p !== null);
      found = { people, total };
    }
    const edits = listPersonEdits(db, EDITS_SHOWN);
    return reply
      .code(status)
      .type("text/html")
      .send(peoplePage({ csrf: reply.generateCsrf(), found, edits, canEdit, writer: ctx.writer, ...view }).text);
  };

  const renderPerson = async (reply: FastifyReply, id: number, view: { message?: string | null; error?: string | null }, status = 200) => {
    const person = await personOf(id);
    if (person === null) return render(reply, { query: "", error: `There is no person ${id}.` }, 404);
    const merged = ownKeys(db, person.record.merged);
    return reply
      .code(status)
      .type("text/html")
      .send(personPage({ csrf: reply.generateCsrf(), person, merged, canEdit, writer: ctx.writer, ...view }).text);
  };

  app.get("/people", { schema: HIDDEN }, async (request, reply) => {
    const q = (request.query as Record<string, unknown>).q;
    return render(reply, { query: typeof q === "string" ? q.slice(0, 200) : "", message: editNotice(ctx, request.query) });
  });

  app.get<{ Params: { key: string } }>("/people/:key", { schema: HIDDEN }, async (request, reply) => {
    try {
      return await renderPerson(reply, personNamedBy(ctx.deps, request.params.key), { message: editNotice(ctx, request.query) });
    } catch (err) {
      if (err instanceof PersonEditRefused) return render(reply, { query: "", error: `There is no person ${request.params.key.slice(0, 40)}.` }, 404);
      throw err;
    }
  });

  app.post("/people/merge", { schema: HIDDEN, config: { dashboardWrite: "merge people" } }, async (request, reply) => {
    const form = { into: field(request.body, "into"), from: field(request.body, "from") };
    try {
      const m = mergeNamed(ctx.deps, form.into, [form.from]);
      request.log.info({ edit: m.edit, into: m.into, from: m.from }, "dashboard: people merged");
      return reply.redirect(`/dashboard/people/${encodeURIComponent(m.into)}?merged=${m.edit}`, 303);
    } catch (err) {
      if (err instanceof PersonEditRefused) return render(reply, { query: "", form, error: `Not merged: ${err.message}.` }, 409);
      throw err;
    }
  });

  app.post<{ Params: { key: string } }>("/people/:key/split", { schema: HIDDEN, config: { dashboardWrite: "split people" } }, async (request, reply) => {
    const name = field(request.body, "name");
    try {
      const s = splitNamed(ctx.deps, request.params.key, name);
      request.log.info({ edit: s.edit, from: s.from, to: s.to }, "dashboard: a name split off");
      return reply.redirect(`/dashboard/people/${encodeURIComponent(s.to)}?split=${s.edit}`, 303);
    } catch (err) {
      if (!(err instanceof PersonEditRefused)) throw err;
      const id = safeId(ctx, request.params.key);
      if (id === null) return render(reply, { query: "", error: `Not split: ${err.message}.` }, 409);
      return renderPerson(reply, id, { error: `Not split: ${err.message}.` }, 409);
    }
  });

  app.post<{ Params: { id: string } }>("/people/edits/:id/undo", { schema: HIDDEN, config: { dashboardWrite: "undo edits of people" } }, async (request, reply) => {
    const id = ID.test(request.params.id) ? Number(request.params.id) : null;
    if (id === null) return render(reply, { query: "", error: `There is no edit ${request.params.id.slice(0, 20)}.` }, 404);
    try {
      const undo = undoEdit(ctx.deps, id);
      request.log.info({ edit: id, undo }, "dashboard: an edit of people undone");
      return reply.redirect(`/dashboard/people?undone=${id}`, 303);
    } catch (err) {
      if (err instanceof PersonEditRefused) return render(reply, { query: "", error: `Not undone: ${err.message}.` }, 409);
      throw err;
    }
  });
}

function safeId(ctx: DashboardContext, key: string): number | null {
  try {
    return personNamedBy(ctx.deps, key);
  } catch {
    return null;
  }
}
