/**
 * What a media server asks of a MetaTube server for each new title of a library scan,
 * request by request, as the plugins' source builds them (at their default settings),
 * and how many titles it refreshes at once. Read from:
 *
 * - jellyfin-plugin-metatube @ f7c1f336fc2bd3b35b82af7c6e69da09a196e3d2 (Jellyfin.Plugin.MetaTube/):
 *   ApiClient.cs, Providers/MovieProvider.cs, Providers/MovieImageProvider.cs,
 *   Configuration/PluginConfiguration.cs, Helpers/ProviderId.cs.
 * - jellyfin/jellyfin @ c3ed1407ca698b0905de99da87b67415e6a62dbd: how a scan refreshes an
 *   item and how many at once (files named where used).
 * - metatube-plex-plugins @ e5aa36940103fc89fc7599611f987a36789de31c
 *   (MetaTube.bundle/Contents/): Code/__init__.py, Code/api_client.py, DefaultPrefs.json.
 *
 * The URLs themselves come from the builders beside this file (plugin-requests.ts for the
 * JSON routes, plugin-urls.ts for the pictures), which write them as the plugins' runtimes do.
 */
import { jellyfinUrl, plexUrl } from "./plugin-requests.js";
import { jellyfinImages, plexImages } from "./plugin-urls.js";

/** One request as the plugin sends it. */
export interface PluginRequest {
  /** What it is in the plugin's refresh, for messages. */
  step: string;
  /** Path and query, as the plugin writes them. */
  url: string;
  /** Sent with `Authorization: Bearer TOKEN` and `Accept: application/json` (the JSON routes); false for a picture, which the media server fetches without either. */
  token: boolean;
  userAgent: string;
}

/** Sends one request, answers its status and its JSON envelope's `data` (undefined for a picture or an error). */
export type Send = (request: PluginRequest) => Promise<{ status: number; data?: unknown }>;

/** The Jellyfin plugin's User-Agent on every request: `{Plugin.ProviderName}/{version}` (ApiClient.cs:124, 220, 250; Plugin.cs:33). */
const JELLYFIN_USER_AGENT = "MetaTube/2025.1102.1642.0";
/** The Plex agent's on its JSON requests (api_client.py:131-135, constants.py:13); its pictures go out with its requests session's own (api_client.py:124-129). */
const PLEX_USER_AGENT = "MetaTube.bundle";
const PLEX_SESSION_USER_AGENT = "python-requests/2.27.1";

/** The builders want a server; the requests go to whichever this is. */
const SERVER = "http://metatube.invalid";

/** A builder's URL without the server: the path and query the plugin sends. */
function pathOf(url: string): string {
  if (!url.startsWith(SERVER)) throw new Error(`${url} is not on ${SERVER}`);
  return url.slice(SERVER.length);
}

interface FoundMovie {
  provider: string;
  id: string;
}

/**
 * How many items a Jellyfin library scan refreshes at once: its LimitedConcurrencyLibraryScheduler
 * (MediaBrowser.Controller/LibraryTaskScheduler/LimitedConcurrencyLibraryScheduler.cs:100-118),
 * through which Folder.RefreshMetadataRecursive runs every child's refresh
 * (MediaBrowser.Controller/Entities/Folder.cs:775-849). LibraryScanFanoutConcurrency
 * (MediaBrowser.Model/Configuration/ServerConfiguration.cs:246) is 0 unless set: then one
 * at a time on 3 processors or fewer, else processors - 3. (LibraryMetadataRefreshConcurrency,
 * line 251, is read by nothing since jellyfin#9863.)
 */
export function jellyfinScanConcurrency(processors: number, fanoutSetting = 0): number {
  if (fanoutSetting === 1 || (fanoutSetting <= 0 && processors <= 3)) return 1;
  return fanoutSetting > 0 ? fanoutSetting : processors - 3;
}

/**
 * Jellyfin's refresh of one new movie with MetaTube's plugin, as a library scan runs it:
 * the metadata providers, then the image providers (MediaBrowser.Providers/Manager/
 * MetadataService.cs:160-202). `name` is the item's name, what Jellyfin makes of the file
 * name (the code, for `SNIS-217.mp4`). A failed step ends the refresh where the plugin's
 * exception does; the failures are the caller's to count.
 */
export async function jellyfinRefresh(name: string, send: Send): Promise<void> {
  const info = (m: FoundMovie): PluginRequest => ({
    step: "movie info",
    // GetMovieInfoAsync(provider, id): lazy defaults to true (ApiClient.cs:153-164), ComposeInfoApiUrl (51-57).
    url: pathOf(jellyfinUrl(SERVER, ["/v1/movies", m.provider, m.id], { lazy: "True" })),
    token: true,
    userAgent: JELLYFIN_USER_AGENT,
  });
  // MovieProvider.GetMetadata (MovieProvider.cs:48-57): a new item has no MetaTube id, so it
  // searches by the item's name (210) with the pid's provider, "" (Helpers/ProviderId.cs:15-18),
  // fallback true (ApiClient.cs:191-201, 59-67), and takes the first result.
  const search = await send({
    step: "movie search",
    url: pathOf(jellyfinUrl(SERVER, ["/v1/movies/search"], { q: name, provider: "", fallback: "True" })),
    token: true,
    userAgent: JELLYFIN_USER_AGENT,
  });
  const first = (search.data as FoundMovie[] | undefined)?.[0];
  if (search.status !== 200 || first === undefined) return;
  // MovieProvider.cs:61: the title itself.
  const movie = await send(info(first));
  if (movie.status !== 200) return;
  // MovieProvider.cs:87-88, 181-195: each distinct actress is searched by name (SetActorImageUrl,
  // 261-292: SearchActorAsync(name), provider "" and fallback true, ApiClient.cs:166-183); a
  // failure is logged and the next one asked.
  const actors = (movie.data as { actors?: string[] }).actors ?? [];
  for (const actor of [...new Set(actors.filter((a) => a.trim() !== ""))]) {
    await send({
      step: "actor search",
      url: pathOf(jellyfinUrl(SERVER, ["/v1/actors/search"], { q: actor, provider: "", fallback: "True" })),
      token: true,
      userAgent: JELLYFIN_USER_AGENT,
    });
  }
  // MovieImageProvider.GetImages (MovieImageProvider.cs:31-59) asks the title again, then names a
  // primary, a thumb and a backdrop without `url` (and one of each per gallery picture). Jellyfin
  // downloads the first primary and thumb, then one backdrop (MediaBrowser.Providers/Manager/
  // ItemImageProvider.cs:312-333; a movie's default limits, MediaBrowser.Model/Configuration/
  // TypeOptions.cs:17-62), through the plugin's GetImageResponse, which sends no token
  // (ApiClient.cs:117-125).
  const again = await send(info(first));
  if (again.status !== 200) return;
  // The query (ApiClient.cs:37-49): url and badge null, so left out; ratio PrimaryImageRatio (-1,
  // PluginConfiguration.cs:88) for the primary and -1 for the others; pos the pid's position or
  // -1 (MovieImageProvider.cs:45); auto False; quality DefaultImageQuality (90, line 97).
  const pictures = jellyfinImages(SERVER);
  for (const [kind, url] of [
    ["primary", pictures.primary(first.provider, first.id)],
    ["thumb", pictures.thumb(first.provider, first.id)],
    ["backdrop", pictures.backdrop(first.provider, first.id)],
  ]) {
    await send({ step: `${kind} image`, url: pathOf(url), token: false, userAgent: JELLYFIN_USER_AGENT });
  }
  // Not in a scan: each actress becomes a Person whose picture is the search result's URL,
  // kept as a remote path (Emby.Server.Implementations/Library/LibraryManager.cs:3748-3760) and
  // fetched when a client shows it; the scan's people pass refreshes them with ValidationOnly
  // (Library/Validators/PeopleValidator.cs:75-81), which runs no remote provider
  // (MediaBrowser.Providers/Manager/MetadataService.cs:640-643, 685-688), so the plugin's
  // ActorProvider and ActorImageProvider are asked only when a person is opened.
}

/**
 * Plex's match and update of one new movie with MetaTube's agent (Code/__init__.py), at its
 * default settings (DefaultPrefs.json: ratings and reviews on, real actor names, badges and
 * translation off). Its requests pass their parameters as keyword arguments and drop the
 * None ones (api_client.py:116-122; the bundled requests' models.py _encode_params), so an
 * unset parameter is not in the URL; the order of the others is Python 2's dict order,
 * which no route here depends on. How many titles Plex updates at once is not in its public
 * source.
 */
export async function plexUpdate(fileName: string, send: Send): Promise<void> {
  // search() during a scan (__init__.py:158-167): the file name without its extension.
  const search = await send({
    step: "movie search",
    url: pathOf(plexUrl(SERVER, "/v1/movies/search", [], { q: fileName.replace(/\.[^.]*$/, "") })),
    token: true,
    userAgent: PLEX_USER_AGENT,
  });
  const first = (search.data as FoundMovie[] | undefined)?.[0];
  if (search.status !== 200 || first === undefined) return;
  // update() (__init__.py:223-232): the title by the match's provider and id, lazy left out.
  const movie = await send({
    step: "movie info",
    url: pathOf(plexUrl(SERVER, "/v1/movies/{0}/{1}", [first.provider, first.id], {})),
    token: true,
    userAgent: PLEX_USER_AGENT,
  });
  if (movie.status !== 200) return;
  const m = movie.data as { actors?: string[]; score?: number; homepage?: string };
  // __init__.py:325-333: with ratings and reviews on, a title with a score has its reviews asked.
  if (m.score)
    await send({
      step: "reviews",
      url: pathOf(plexUrl(SERVER, "/v1/reviews/{0}/{1}", [first.provider, first.id], { homepage: m.homepage ?? null })),
      token: true,
      userAgent: PLEX_USER_AGENT,
    });
  // __init__.py:375-380, 84-95: each actress's picture is asked of Gfriends alone, no fallback
  // (search_actor's keywords in the order Python 2.7's dict holds them: q, fallback, provider).
  for (const actor of new Set(m.actors ?? [])) {
    await send({
      step: "actor search",
      url: pathOf(plexUrl(SERVER, "/v1/actors/search", [], { q: actor, fallback: "False", provider: "Gfriends" })),
      token: true,
      userAgent: PLEX_USER_AGENT,
    });
  }
  // __init__.py:386-400: the poster and the art are fetched during the update (get_content,
  // no token), with every image parameter None: no query at all.
  await send({ step: "primary image", url: pathOf(plexImages(SERVER).poster(first.provider, first.id)), token: false, userAgent: PLEX_SESSION_USER_AGENT });
  await send({ step: "backdrop image", url: pathOf(plexImages(SERVER).backdrop(first.provider, first.id)), token: false, userAgent: PLEX_SESSION_USER_AGENT });
}
