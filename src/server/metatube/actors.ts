/**
 * GET /v1/actors/search and /v1/actors/{provider}/{id}: the actresses of the catalog's
 * titles, by name (English or Japanese, exactly) or by the id an answer gave her (her name
 * in the language asked, made fit for a URL path: people.ts actorId). There is no live
 * source of people: `fallback` changes nothing. `Gfriends`, the provider MetaTube's Plex
 * plugin asks actress pictures of, answers from every provider's actresses.
 */
import type { FastifyInstance } from "fastify";
import { titlesOfPerson } from "../../services/titles/person-titles.js";
import { titleAltNames } from "../../services/titles/title-names.js";
import { GFRIENDS, isGfriends, type MtContext, providersNamed, searchProviders } from "./context.js";
import { INFO_NOT_FOUND, notFound, sendData } from "./envelope.js";
import { type ActorInfo, actorSearchResult } from "./models.js";
import { bool, type Query, searchText, text } from "./params.js";
import { actorFromTitles } from "./people.js";

/** Titles read to gather one person: her newest ones, enough for her pictures and other names. */
const TITLES_READ = 100;

/**
 * The actress of this name or id among these providers' titles, or null; answered under
 * `asked` when that is Gfriends (whose actresses are every provider's), else her titles' name.
 */
export async function findActor(ctx: MtContext, id: string, providers: string[] | null, asked?: string): Promise<ActorInfo | null> {
  const titles = await titlesOfPerson(ctx.deps, id.trim(), providers, TITLES_READ);
  const as = asked !== undefined && isGfriends(asked) ? GFRIENDS : undefined;
  return actorFromTitles(id, titles, (t) => titleAltNames(ctx.deps, t), ctx.lang, as);
}

export function registerActorRoutes(app: FastifyInstance, ctx: MtContext): void {
  app.get("/actors/search", { config: { mtAuth: true } }, async (request, reply) => {
    const q = request.query as Query;
    const name = searchText(q);
    const provider = text(q, "provider");
    const providers = searchProviders(ctx, provider);
    bool(q, "fallback", true);
    const actor = await findActor(ctx, name, providers, provider);
    if (actor === null) throw notFound();
    return sendData(reply, [actorSearchResult(actor)]);
  });

  app.get("/actors/:provider/:id", { config: { mtAuth: true } }, async (request, reply) => {
    const { provider, id } = request.params as { provider: string; id: string };
    bool(request.query as Query, "lazy", true);
    const actor = await findActor(ctx, id, providersNamed(ctx, provider), provider);
    if (actor === null) throw notFound(INFO_NOT_FOUND);
    return sendData(reply, actor);
  });
}
