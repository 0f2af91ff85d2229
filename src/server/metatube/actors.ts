/**
 * GET /v1/actors/search and /v1/actors/{provider}/{id}: the actresses of the catalog's
 * titles. A person of the catalog (services/people) is found by her key (DMM's id, or `n`
 * and ours: the id her answers give) or by any of her names (current, former, alias, any
 * script), and answers as herself, under the provider of her newest title among those
 * asked. The ids media servers kept before people were records (her name, people.ts
 * actorId) still find her by that name while one person alone holds it. A name no person
 * holds is gathered from the titles naming it, as before; a name several persons hold
 * (two actresses called みなみ) answers each of them in a search, and never one's picture
 * for another. There is no live source of people: `fallback` changes nothing. `Gfriends`,
 * the provider MetaTube's Plex plugin asks actress pictures of, answers from every
 * provider's actresses.
 */
import type { FastifyInstance } from "fastify";
import { foldName, peopleNamed, personProviders } from "../../catalog/index.js";
import { splitFormer } from "../../people/names.js";
import { findPersonId, type Person, personById } from "../../services/people/person.js";
import { metaTubeName } from "../../services/titles/copies.js";
import { titlesOfPerson } from "../../services/titles/person-titles.js";
import { titleAltNames } from "../../services/titles/title-names.js";
import { GFRIENDS, isGfriends, type MtContext, providersNamed, searchProviders } from "./context.js";
import { INFO_NOT_FOUND, notFound, sendData } from "./envelope.js";
import { type ActorInfo, actorSearchResult } from "./models.js";
import { bool, type Query, searchText, text } from "./params.js";
import { actorFromTitles, actorOfPerson } from "./people.js";

/** Titles read to gather one name no person holds: her newest ones, enough for her pictures and other names. */
const TITLES_READ = 100;

/** The persons an id or a name stands for: the one its key or a name of hers alone names, else every holder of the name. */
function holdersOf(ctx: MtContext, idOrName: string): number[] {
  const one = findPersonId(ctx.deps, idOrName);
  if (one !== null) return [one];
  const folded = foldName(idOrName);
  const holders = folded === "" ? [] : peopleNamed(ctx.deps.db, folded);
  // DMM's `名（旧名）`, as an older answer may have given it for her id: the person of its name.
  const { name, former } = splitFormer(idOrName);
  return holders.length > 0 || former.length === 0 ? holders : holdersOf(ctx, name);
}

/** A person as an ActorInfo, under the provider of her newest title among `providers` (null: any); null when she has none there. */
async function personActor(
  ctx: MtContext,
  id: number,
  providers: string[] | null,
  asked: string | undefined,
): Promise<{ person: Person; actor: ActorInfo } | null> {
  const own = personProviders(ctx.deps.db, id).filter((p) => providers === null || providers.includes(p));
  if (own.length === 0) return null;
  const person = await personById(ctx.deps, id, ctx.lang);
  if (person === null) return null;
  const source = metaTubeName(own[0]);
  const as = asked !== undefined && isGfriends(asked) ? GFRIENDS : source;
  return { person, actor: actorOfPerson(person, as, source) };
}

/** A name no person holds, gathered from the titles naming it; answered under Gfriends when asked of it, else her titles' provider. */
async function actorOfName(ctx: MtContext, name: string, providers: string[] | null, asked: string | undefined): Promise<ActorInfo | null> {
  const titles = await titlesOfPerson(ctx.deps, name.trim(), providers, TITLES_READ);
  const as = asked !== undefined && isGfriends(asked) ? GFRIENDS : undefined;
  return actorFromTitles(name, titles, (t) => titleAltNames(ctx.deps, t), ctx.lang, as);
}

/**
 * The actress of this id (a person's key, or a name) among these providers' titles, or null;
 * answered under `asked` when that is Gfriends (whose actresses are every provider's).
 */
export async function findActor(ctx: MtContext, id: string, providers: string[] | null, asked?: string): Promise<ActorInfo | null> {
  const holders = holdersOf(ctx, id.trim());
  const one = holders.length === 1 ? await personActor(ctx, holders[0], providers, asked) : null;
  if (one !== null) return one.actor;
  // Her titles under these providers credit no one (or she has none there): the name as the titles give it.
  const actor = await actorOfName(ctx, id, providers, asked);
  // A name several persons hold: its titles are theirs together, so neither one's picture nor her other names.
  return actor !== null && holders.length > 1 ? { ...actor, images: [], aliases: [] } : actor;
}

/**
 * The actresses a search names: the person of a key, every person holding the name (most
 * titles first), else the name gathered from its titles. Several persons of one name answer
 * without pictures: the plugins take the first result's picture for the name, which would
 * give one of them another's face; each has hers by her own id.
 */
async function searchActors(ctx: MtContext, q: string, providers: string[] | null, asked: string | undefined): Promise<ActorInfo[]> {
  const holders = holdersOf(ctx, q.trim());
  const found = (await Promise.all(holders.map((id) => personActor(ctx, id, providers, asked)))).filter((f) => f !== null);
  if (found.length === 0) {
    const actor = await actorOfName(ctx, q, providers, asked);
    return actor === null ? [] : [holders.length > 1 ? { ...actor, images: [], aliases: [] } : actor];
  }
  found.sort((a, b) => b.person.titles - a.person.titles || a.person.id - b.person.id);
  return found.map(({ actor }) => (found.length > 1 ? { ...actor, images: [] } : actor));
}

export function registerActorRoutes(app: FastifyInstance, ctx: MtContext): void {
  app.get("/actors/search", { config: { mtAuth: true } }, async (request, reply) => {
    const q = request.query as Query;
    const name = searchText(q);
    const provider = text(q, "provider");
    const providers = searchProviders(ctx, provider);
    bool(q, "fallback", true);
    const actors = await searchActors(ctx, name, providers, provider);
    if (actors.length === 0) throw notFound();
    return sendData(reply, actors.map(actorSearchResult));
  });

  app.get("/actors/:provider/:id", { config: { mtAuth: true } }, async (request, reply) => {
    const { provider, id } = request.params as { provider: string; id: string };
    bool(request.query as Query, "lazy", true);
    const actor = await findActor(ctx, id, providersNamed(ctx, provider), provider);
    if (actor === null) throw notFound(INFO_NOT_FOUND);
    return sendData(reply, actor);
  });
}
