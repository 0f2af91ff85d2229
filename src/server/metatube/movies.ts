/**
 * GET /v1/movies/search and /v1/movies/{provider}/{id}: what the plugins ask to
 * identify a video (from the name the media server derives from its file) and to
 * read its metadata. Answered from the catalog; a miss asks the live providers when
 * `fallback` is on (searches) or the title is not in the catalog (info), as /movie.
 * A title's `actors` are its credited persons, each once, by her current name in the
 * language (services/people); a credit no person holds as the title's names give it.
 */
import type { FastifyInstance } from "fastify";
import { AppError } from "../../lib/errors.js";
import { preferredCopies, sameSourceAndId } from "../../services/titles/copies.js";
import { findTitles, refreshTitle, titleById } from "../../services/titles/find-title.js";
import { creditedPeople } from "../../services/people/person.js";
import type { Title } from "../../services/titles/title.js";
import { type TitleNames, titleNames } from "../../services/titles/title-names.js";
import { type MtContext, searchProviders, titleProvidersNamed } from "./context.js";
import { INFO_NOT_FOUND, notFound, sendData } from "./envelope.js";
import { movieInfo, movieSearchResult } from "./models.js";
import { bool, type Query, searchText, text } from "./params.js";

/** Most titles a text search answers (a code answers all of its own, a handful). */
const SEARCH_LIMIT = 20;

/** A title's names in the language, its actresses as the persons credited on it. */
async function namesOf(ctx: MtContext, t: Title): Promise<TitleNames> {
  const names = titleNames(ctx.deps, t, ctx.lang);
  const credited = await creditedPeople(ctx.deps, t, names.actresses, ctx.lang);
  return { ...names, actresses: credited.map((c) => c.name) };
}

export function registerMovieRoutes(app: FastifyInstance, ctx: MtContext): void {
  app.get("/movies/search", { config: { mtAuth: true } }, async (request, reply) => {
    const q = request.query as Query;
    const query = searchText(q);
    const providers = searchProviders(ctx, text(q, "provider"), titleProvidersNamed);
    const found = await findTitles(ctx.deps, query, { providers, live: bool(q, "fallback", true), text: "search", limit: SEARCH_LIMIT });
    if (found.status === "failed") throw new AppError("UPSTREAM_FAILED", found.reason);
    // Two codes in the name, or a code two sellers hold: the plugin would take the first result, a guess.
    if (found.status !== "found") throw notFound();
    // One title per MetaTube name and id, as MetaTube's search answers (metatube-sdk-go
    // engine/movie.go, SearchMovieAll: "remove duplicate results"): the copy the language
    // prefers, the one the info and image routes answer for that id.
    const titles = preferredCopies(found.titles, ctx.lang, sameSourceAndId);
    const results = await Promise.all(titles.map(async (t) => movieSearchResult(t, ctx.lang, await namesOf(ctx, t))));
    return sendData(reply, results);
  });

  app.get("/movies/:provider/:id", { config: { mtAuth: true } }, async (request, reply) => {
    const { provider, id } = request.params as { provider: string; id: string };
    const q = request.query as Query;
    const lazy = bool(q, "lazy", true);
    const title = await titleById(ctx.deps, id, titleProvidersNamed(ctx, provider), true);
    if (title === null) throw notFound(INFO_NOT_FOUND);
    // lazy=False is the plugins' "refresh": a fresh copy from the live provider, else the catalog's.
    const answered = lazy ? title : await refreshTitle(ctx.deps, title);
    return sendData(reply, movieInfo(answered, ctx.lang, await namesOf(ctx, answered)));
  });
}
