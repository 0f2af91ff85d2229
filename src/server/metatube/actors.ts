/**
 * GET /v1/actors/search and /v1/actors/{provider}/{id}: the actresses of the catalog's
 * titles, by name (English or Japanese, exactly); her id is her name as the records
 * spell it. There is no live source of people: `fallback` changes nothing.
 */
import type { FastifyInstance } from "fastify";
import { altNamesOf } from "../../catalog/index.js";
import { titlesOfPerson } from "../../services/person-titles.js";
import type { Title } from "../../services/title.js";
import { type MtContext, providersNamed, searchProviders } from "./context.js";
import { INFO_NOT_FOUND, notFound, sendData } from "./envelope.js";
import { type ActorInfo, actorSearchResult } from "./models.js";
import { bool, type Query, searchText, text } from "./params.js";
import { actorFromTitles } from "./people.js";

/** Titles read to gather one person: her newest ones, enough for her pictures and other names. */
const TITLES_READ = 100;

/** The actress of this name among these providers' titles, or null. */
export async function findActor(ctx: MtContext, name: string, providers: string[] | null): Promise<ActorInfo | null> {
  const titles = await titlesOfPerson(ctx.deps, name.trim(), providers, TITLES_READ);
  const alt = (t: Title) => (t.id === null ? [] : (altNamesOf(ctx.deps.db, t.id).actress ?? []));
  return actorFromTitles(name, titles, alt);
}

export function registerActorRoutes(app: FastifyInstance, ctx: MtContext): void {
  app.get("/actors/search", { config: { mtAuth: true } }, async (request, reply) => {
    const q = request.query as Query;
    const name = searchText(q);
    const providers = searchProviders(ctx, text(q, "provider"));
    bool(q, "fallback", true);
    const actor = await findActor(ctx, name, providers);
    if (actor === null) throw notFound();
    return sendData(reply, [actorSearchResult(actor)]);
  });

  app.get("/actors/:provider/:id", { config: { mtAuth: true } }, async (request, reply) => {
    const { provider, id } = request.params as { provider: string; id: string };
    bool(request.query as Query, "lazy", true);
    const actor = await findActor(ctx, id, providersNamed(ctx, provider));
    if (actor === null) throw notFound(INFO_NOT_FOUND);
    return sendData(reply, actor);
  });
}
