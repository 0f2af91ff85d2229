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

/** The two pages, rendered with what a route found or was refused. */
class PeoplePages {
  private readonly lang;
  readonly canEdit: boolean;

  constructor(private readonly ctx: DashboardContext) {
    this.lang = ctx.deps.config.mediaLanguage;
    this.canEdit = ctx.writer === null;
  }

  person(id: number): Promise<Person | null> {
    return personById(this.ctx.deps, id, this.lang);
  }

  async list(reply: FastifyReply, view: Pick<PeopleView, "query" | "message" | "error" | "form">, status = 200) {
    const { db } = this.ctx.deps;
    const folded = foldName(view.query);
    let found: PeopleView["found"] = null;
    if (folded !== "") {
      const { total, ids } = searchPeople(db, folded, FOUND_SHOWN, 0);
      const people = (await Promise.all(ids.map((id) => this.person(id)))).filter((p): p is Person => p !== null);
      found = { people, total };
    }
    const page = peoplePage({
      csrf: reply.generateCsrf(),
      found,
      edits: listPersonEdits(db, EDITS_SHOWN),
      canEdit: this.canEdit,
      writer: this.ctx.writer,
      ...view,
    });
    return reply.code(status).type("text/html").send(page.text);
  }

  async one(reply: FastifyReply, id: number, view: { message?: string | null; error?: string | null }, status = 200) {
    const person = await this.person(id);
    if (person === null) return this.list(reply, { query: "", error: `There is no person ${id}.` }, 404);
    const merged = ownKeys(this.ctx.deps.db, person.record.merged);
    const page = personPage({ csrf: reply.generateCsrf(), person, merged, canEdit: this.canEdit, writer: this.ctx.writer, ...view });
    return reply.code(status).type("text/html").send(page.text);
  }
}

function registerReads(app: FastifyInstance, ctx: DashboardContext, pages: PeoplePages): void {
  app.get("/people", { schema: HIDDEN }, async (request, reply) => {
    const q = (request.query as Record<string, unknown>).q;
    return pages.list(reply, { query: typeof q === "string" ? q.slice(0, 200) : "", message: editNotice(ctx, request.query) });
  });

  app.get<{ Params: { key: string } }>("/people/:key", { schema: HIDDEN }, async (request, reply) => {
    const id = safeId(ctx, request.params.key);
    if (id === null) return pages.list(reply, { query: "", error: `There is no person ${request.params.key.slice(0, 40)}.` }, 404);
    return pages.one(reply, id, { message: editNotice(ctx, request.query) });
  });
}

function registerEdits(app: FastifyInstance, ctx: DashboardContext, pages: PeoplePages): void {
  app.post("/people/merge", { schema: HIDDEN, config: { dashboardWrite: "merge people" } }, async (request, reply) => {
    const form = { into: field(request.body, "into"), from: field(request.body, "from") };
    try {
      const m = mergeNamed(ctx.deps, form.into, [form.from]);
      request.log.info({ edit: m.edit, into: m.into, from: m.from }, "dashboard: people merged");
      return reply.redirect(`/dashboard/people/${encodeURIComponent(m.into)}?merged=${m.edit}`, 303);
    } catch (err) {
      if (err instanceof PersonEditRefused) return pages.list(reply, { query: "", form, error: `Not merged: ${err.message}.` }, 409);
      throw err;
    }
  });

  app.post<{ Params: { key: string } }>("/people/:key/split", { schema: HIDDEN, config: { dashboardWrite: "split people" } }, async (request, reply) => {
    try {
      const s = splitNamed(ctx.deps, request.params.key, field(request.body, "name"));
      request.log.info({ edit: s.edit, from: s.from, to: s.to }, "dashboard: a name split off");
      return reply.redirect(`/dashboard/people/${encodeURIComponent(s.to)}?split=${s.edit}`, 303);
    } catch (err) {
      if (!(err instanceof PersonEditRefused)) throw err;
      const id = safeId(ctx, request.params.key);
      if (id === null) return pages.list(reply, { query: "", error: `Not split: ${err.message}.` }, 409);
      return pages.one(reply, id, { error: `Not split: ${err.message}.` }, 409);
    }
  });

  app.post<{ Params: { id: string } }>(
    "/people/edits/:id/undo",
    { schema: HIDDEN, config: { dashboardWrite: "undo edits of people" } },
    async (request, reply) => {
      const id = ID.test(request.params.id) ? Number(request.params.id) : null;
      if (id === null) return pages.list(reply, { query: "", error: `There is no edit ${request.params.id.slice(0, 20)}.` }, 404);
      try {
        const undo = undoEdit(ctx.deps, id);
        request.log.info({ edit: id, undo }, "dashboard: an edit of people undone");
        return reply.redirect(`/dashboard/people?undone=${id}`, 303);
      } catch (err) {
        if (err instanceof PersonEditRefused) return pages.list(reply, { query: "", error: `Not undone: ${err.message}.` }, 409);
        throw err;
      }
    },
  );
}

/** /dashboard/people: find, a person, merge, split, the journal and its undo. */
export function registerPeopleRoutes(app: FastifyInstance, ctx: DashboardContext): void {
  const pages = new PeoplePages(ctx);
  registerReads(app, ctx, pages);
  registerEdits(app, ctx, pages);
}

/** The shown person a key or a name only she holds names; null for none. */
function safeId(ctx: DashboardContext, key: string): number | null {
  try {
    return personNamedBy(ctx.deps, key);
  } catch {
    return null;
  }
}
