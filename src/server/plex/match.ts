/**
 * POST {provider}/library/metadata/matches: the Match feature ("API Endpoints.md", "Match
 * Feature"). A movie's code is read as every face reads it (services/titles/find-title.ts: the same
 * reader, the catalog first, then the live providers of the code's sellers, as MetaTube's
 * search): from `filename` first (the relative path Plex sends, its folders as the reader
 * takes a path), then from `title`. A `guid` of this provider's scheme names its title outright.
 *
 * - Without `manual`: the best match alone, the code's copy this language prefers (r18.dev's
 *   for English, the FANZA API's for Japanese, as the MetaTube face picks). A name with two
 *   codes, or a code two sellers hold, is no match, as `scan` says: never a guess. A live
 *   provider that fails to answer is no match either (an empty container; Plex matches the
 *   file again on a later scan or refresh), never an error for the whole request.
 * - With `manual=1` (a person's "Fix Match", where `title` is what they typed): every
 *   candidate, best first: the copies of the code in `title`, then of the code in `filename`
 *   (each code's copies in SERVICE_CODE_ORDER, digital before DVD and rental, then the other
 *   providers'; both codes' copies when the name holds two), then, for a title that holds no
 *   code, the titles a text search finds, those of the asked `year` first.
 * - Nothing found, or a type other than a movie (1): an empty container, a 200.
 * - `includeAdult` is read and does not filter: every title here is adult (metadata-object.ts).
 *
 * Answered whole, each match a full Metadata object, whatever X-Plex-Container-Start and -Size
 * say. The docs page only `/children` and `/grandchildren` ("Response Paging"), and count the
 * start from 1 ("the default start ... will always be the 1 (the first item)") where the
 * MediaContainer's `offset` and Plex's own API count from 0: a match paged by either reading
 * lost its one title to the other (start 1 answered `size: 0`). No community provider pages a
 * match (creeper2020/ and feewg/metatube-plex-custom-provider, pekempy/EncoraPlexProvider), and
 * a manual match is at most the code's copies and TEXT_LIMIT titles.
 */
import type { FastifyInstance } from "fastify";
import { AppError } from "../../lib/errors.js";
import type { ServiceDeps } from "../../services/deps.js";
import { type Finding, findTitles, type Title } from "../../services/titles/find-title.js";
import type { Language } from "../../services/titles/title-names.js";
import { preferredFirst, sameContentId } from "../../services/titles/copies.js";
import { badRequest, container, sendJson } from "./envelope.js";
import type { Pictures } from "./image-urls.js";
import { type MatchBody, readMatchBody } from "./match-body.js";
import { IDENTIFIER, MATCH_PATH, MOVIE_TYPE } from "./provider.js";
import { viewOf } from "./request.js";
import { plexMetadata, titleByKey } from "./titles.js";

/** Most titles a manual match's text search adds. */
const TEXT_LIMIT = 20;
const OUR_GUID = `${IDENTIFIER}://movie/`;

const byCode = (deps: ServiceDeps, q: string): Finding | Promise<Finding> => findTitles(deps, q, { providers: null, live: true, text: "none" });

/** Copies of one content id in the order the language prefers them (as every face prefers them); content ids kept in the order they came. */
const preferred = (titles: Title[], lang: Language): Title[] => preferredFirst(titles, lang, sameContentId);

/** The title a guid of this provider's scheme names; null for another scheme's, a key of none, or a provider that failed to answer. */
async function guidTitle(deps: ServiceDeps, guid: string | undefined): Promise<Title | null> {
  if (guid === undefined || !guid.startsWith(OUR_GUID)) return null;
  try {
    const t = await titleByKey(deps, guid.slice(OUR_GUID.length));
    return t === "malformed" ? null : t;
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
}

async function bestMatch(deps: ServiceDeps, body: MatchBody, lang: Language): Promise<Title[]> {
  const named = await guidTitle(deps, body.guid);
  if (named !== null) return [named];
  for (const q of [body.filename, body.title]) {
    if (q === undefined) continue;
    const found = await byCode(deps, q);
    if (found.status === "found") return preferred(found.titles, lang).slice(0, 1);
    // Two codes, two sellers, or a seller's live provider that failed: no match rather than a guess.
    if (found.status !== "none") return [];
  }
  return [];
}

/** The titles a code reading found; for a name with two codes, each code's. */
async function codeTitles(deps: ServiceDeps, found: Finding, lang: Language): Promise<Title[]> {
  if (found.status === "found") return preferred(found.titles, lang);
  if (found.status !== "ambiguous" || found.read !== null) return [];
  const each = await Promise.all(found.candidates.map(async (code) => codeTitles(deps, await byCode(deps, code), lang)));
  return each.flat();
}

async function rankedMatches(deps: ServiceDeps, body: MatchBody, lang: Language): Promise<Title[]> {
  const out: Title[] = [];
  const named = await guidTitle(deps, body.guid);
  if (named !== null) out.push(named);
  let titleHasCode = false;
  for (const [q, isTitle] of [
    [body.title, true],
    [body.filename, false],
  ] as const) {
    if (q === undefined) continue;
    const found = await byCode(deps, q);
    if (isTitle) titleHasCode = found.status !== "none" || found.read !== null;
    out.push(...(await codeTitles(deps, found, lang)));
  }
  if (body.title !== undefined && !titleHasCode) {
    const text = await findTitles(deps, body.title, { providers: null, live: true, text: "search", limit: TEXT_LIMIT });
    if (text.status === "found") {
      const year = (t: Title) => (body.year !== undefined && t.record.releaseDate.startsWith(`${body.year}-`) ? 0 : 1);
      out.push(
        ...text.titles
          .map((t, i) => ({ t, i }))
          .sort((a, b) => year(a.t) - year(b.t) || a.i - b.i)
          .map((x) => x.t),
      );
    }
  }
  const seen = new Set<string>();
  return out.filter((t) => {
    const id = `${t.provider}\u0000${t.record.contentId.toLowerCase()}`;
    return !seen.has(id) && seen.add(id) !== undefined;
  });
}

export function registerMatchRoute(app: FastifyInstance, deps: ServiceDeps, pictures: Pictures): void {
  app.post(MATCH_PATH, async (request, reply) => {
    const body = readMatchBody(request.body);
    if (body.type !== MOVIE_TYPE) return sendJson(reply, container("Metadata", []));
    if (body.title === undefined && body.filename === undefined && body.guid === undefined)
      throw badRequest("a movie match needs a title, a filename or a guid");
    const view = viewOf(request, deps.config, pictures);
    const titles = body.manual ? await rankedMatches(deps, body, view.lang) : await bestMatch(deps, body, view.lang);
    const found = await Promise.all(titles.map((t) => plexMetadata(deps, t, view)));
    return sendJson(reply, container("Metadata", found));
  });
}
