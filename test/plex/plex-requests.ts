/**
 * The requests Plex Media Server sends a Custom Metadata Provider, built for `app.inject`
 * from the provider's URL path (`/plex/{key}`, what the user pastes into Plex), and the
 * requests it makes of one new movie in a library scan. Sources, cited where used:
 *
 * - [D] Plex's documentation, as copied in pekempy/EncoraPlexProvider @
 *   857d9cb707e60ea808cfabf81d2841976ccad077: docs/API Endpoints.md (the common headers,
 *   paging, the Match feature's body and its curl example, the Metadata feature, /images),
 *   docs/MediaProvider.md (the features' keys), docs/Metadata.md.
 * - [F] Providers built against a running PMS: feewg/metatube-plex-custom-provider
 *   provider-go/plex_test.go (feature keys relative to the URL Plex was given);
 *   creeper2020/metatube-plex-custom-provider provider/metatube_provider/server.py and
 *   service.py (language from the header, else the query; `manual`, `filename`, `guid`);
 *   c-kick/vpro-cinema-plex vpro_metadata_provider.py (the match body's fields, images in
 *   the Metadata answer used without an images feature, KNOWN_ISSUES.md).
 *
 * Not on record anywhere found (code, issues and pages searched for PMS's logs of calls to
 * custom providers): PMS's own X-Plex-* identity headers on these calls, whether it asks
 * /images during a scan, and how many titles it matches at once. Each guess is marked.
 */
import type { InjectOptions } from "fastify";

/**
 * PMS's own HTTP client's User-Agent, as devices PMS calls record it (an HDHomeRun
 * emulator's docs in the code corpus: `PlexMediaServer/1.43.0.10492-121068a07`, Accept
 * `*\/*`); that PMS sends the same to a provider is assumed.
 */
export const PMS_USER_AGENT = "PlexMediaServer/1.43.0.10492-121068a07";

/** The feature keys of [D]'s examples; a provider names its own in its root (plexFeatures). */
export const DOC_FEATURES = { metadata: "/library/metadata", match: "/library/metadata/matches" };

export interface PlexHeaders {
  /** X-Plex-Language: "IETF language tag including the region subtag (e.g. 'en-US', 'de-DE')" [D]. */
  language?: string;
  /** X-Plex-Country: "ISO 3166 two-letter country code" [D]. */
  country?: string;
  /** X-Plex-Container-Start and -Size, for paged requests [D]. */
  start?: number;
  size?: number;
  /** "These can be passed as either headers or query parameters" [D]; the docs' curl passes them as query parameters, the default here. */
  as?: "query" | "headers";
}

/** The common headers (or query parameters) of every Match and Metadata request [D], and Accept: application/json (the docs' curl). */
function common(path: string, o: PlexHeaders): { url: string; headers: Record<string, string> } {
  const named: [string, string | undefined][] = [
    ["X-Plex-Country", o.country],
    ["X-Plex-Language", o.language],
    ["X-Plex-Container-Start", o.start?.toString()],
    ["X-Plex-Container-Size", o.size?.toString()],
  ];
  const given = named.filter((n): n is [string, string] => n[1] !== undefined);
  const headers: Record<string, string> = { accept: "application/json", "user-agent": PMS_USER_AGENT };
  if (o.as === "headers") {
    for (const [k, v] of given) headers[k.toLowerCase()] = v;
    return { url: path, headers };
  }
  const query = new URLSearchParams(given).toString();
  return { url: query === "" ? path : `${path}?${query}`, headers };
}

/** GET of the provider's root, the URL the user gave Plex: PMS reads the MediaProvider from it when the provider is added [D: MediaProvider.md]. */
export function plexRoot(base: string, o: PlexHeaders = {}): InjectOptions {
  return { method: "GET", ...common(base, o) };
}

/** The feature keys a root answer names. */
export function plexFeatures(root: { MediaProvider: { Feature: { type: string; key: string }[] } }): { metadata: string; match: string } {
  const key = (type: string) => root.MediaProvider.Feature.find((f) => f.type === type)?.key;
  return { metadata: key("metadata") ?? "", match: key("match") ?? "" };
}

/**
 * The path PMS calls for a feature `key` of a provider added as `base`: the key appended to
 * the URL's path. Plex's example provider serves its root at /tv and its features under /tv
 * with keys `/library/metadata...` (plexinc/tmdb-example-provider src/app.ts, as clustarr's
 * research note and pekempy/EncoraPlexProvider src/app.ts show it), so do
 * c-kick/vpro-cinema-plex (root /movies) and feewg/metatube-plex-custom-provider, whose
 * plex_test.go keeps the keys relative though its URL holds a token. One provider reads it
 * the other way (creeper2020/metatube-plex-custom-provider puts its `/_metatube/{token}`
 * prefix in every key, provider-go/plex.go); feewg's fork of it moved away from that.
 */
export function featurePath(base: string, key: string): string {
  return `${base}${key}`;
}

/** What PMS tells the match feature about a file [D: Match Feature's table]; integers 1/0 where the docs say "integer (1/0)". */
export interface MatchHints {
  /** Numeric metadata type; 1, a movie, unless a test sends another. */
  type?: number;
  title?: string;
  year?: number;
  /** "The relative path for the underlying media file" (plexFilename). */
  filename?: string;
  /** "An external id which can help matching precisely (e.g. `tvdb://12345`)"; on a re-match, the item's own guid. */
  guid?: string;
  manual?: boolean;
  includeAdult?: boolean;
  includeChildren?: boolean;
  /** Response customization, which the docs' match example sends and a provider "can safely ignore". */
  includeFields?: string;
  includeElements?: string;
}

/**
 * POST of the match feature with a JSON body, Accept and Content-Type application/json and
 * the language and country as the docs' curl sends them [D: Match Example]. An absent hint
 * is left out of the body, as the docs' example leaves out what it does not know.
 */
export function plexMatch(base: string, hints: MatchHints, o: PlexHeaders = {}, features = DOC_FEATURES): InjectOptions {
  const flag = (v: boolean | undefined) => (v === undefined ? undefined : v ? 1 : 0);
  const body = {
    type: hints.type ?? 1,
    title: hints.title,
    year: hints.year,
    filename: hints.filename,
    guid: hints.guid,
    manual: flag(hints.manual),
    includeAdult: flag(hints.includeAdult),
    includeChildren: flag(hints.includeChildren),
    includeFields: hints.includeFields,
    includeElements: hints.includeElements,
  };
  const { url, headers } = common(featurePath(base, features.match), o);
  return { method: "POST", url, headers: { ...headers, "content-type": "application/json" }, payload: JSON.stringify(body) };
}

/** GET of one item by its ratingKey, "e.g. `GET http://localhost/library/metadata/tmdb-movie-123`" [D: Metadata Feature]. */
export function plexMetadata(base: string, ratingKey: string, o: PlexHeaders = {}, features = DOC_FEATURES): InjectOptions {
  return { method: "GET", ...common(`${featurePath(base, features.metadata)}/${encodeURIComponent(ratingKey)}`, o) };
}

/** GET of one item's images, "e.g. `/library/metadata/tmdb-movie-123/images`" [D: Image endpoint]. */
export function plexImages(base: string, ratingKey: string, o: PlexHeaders = {}, features = DOC_FEATURES): InjectOptions {
  return { method: "GET", ...common(`${featurePath(base, features.metadata)}/${encodeURIComponent(ratingKey)}/images`, o) };
}

/** PMS downloading a picture an answer named: a plain GET of its absolute URL, no key, PMS's own client (assumed, as PMS_USER_AGENT). */
export function plexDownload(absoluteUrl: string): InjectOptions {
  const u = new URL(absoluteUrl);
  return { method: "GET", url: `${u.pathname}${u.search}`, headers: { "user-agent": PMS_USER_AGENT, host: u.host } };
}

/**
 * How the match body's `filename` is written. [D] says "The relative path for the
 * underlying media file", its table's example is `/Movies/Back to the Future (1985).mp4`
 * (a leading slash, the library's folder) and its match example
 * `TV Shows/Adventure Time/Adventure Time S08E01.mp4` (none); Sportarr's provider docs
 * (code corpus, "Sportarr Plex Custom Metadata Provider API") show
 * `Sports/UFC/Season 2025/UFC - S2025E05 - ....mkv`. Which one PMS writes for a movie is not
 * on record, so a provider must read the name out of all three (and a bare name).
 */
export const FILENAME_SHAPES = {
  docsTable: (name: string, folder = "Movies") => `/${folder}/${name}`,
  docsExample: (name: string, folder = "Movies") => `${folder}/${name}`,
  nested: (name: string, folder = "Movies") => `${folder}/${name.replace(/\.[^.]*$/, "")}/${name}`,
  bare: (name: string) => name,
} as const;

/**
 * The title and year a movie scanner makes of a file's name: the name without its
 * extension, `.` and `_` read as spaces, a trailing year ("(1985)" or a bare one) taken out
 * as the year. An approximation: PMS's own cleaning is not public, and [D] says only "A
 * title for the item".
 */
export function scannerTitle(path: string): { title: string; year?: number } {
  const base = path.slice(path.lastIndexOf("/") + 1).replace(/\.[^.]*$/, "");
  const spaced = base.replace(/[._]+/g, " ").trim();
  const y = /^(.*?)[\s([]+((?:19|20)\d{2})[)\]]?$/.exec(spaced);
  if (y && y[1].trim() !== "") return { title: y[1].trim(), year: Number(y[2]) };
  return { title: spaced };
}

export type ScanStep = "match" | "metadata" | "images" | "download";
/** Sends one request of a scan; answers its status and JSON body (undefined for a picture). */
export type PlexSend = (step: ScanStep, request: InjectOptions) => Promise<{ status: number; body?: unknown }>;

interface Item {
  ratingKey: string;
  thumb?: string;
  art?: string;
  Image?: { type: string; url: string }[];
}
const firstItem = (body: unknown): Item | undefined => (body as { MediaContainer?: { Metadata?: Item[] } } | undefined)?.MediaContainer?.Metadata?.[0];

/** The Image types PMS keeps for a movie: its poster and art, and what clients draw for a movie [D: Metadata.md, Image Array]; a snapshot is an episode's. */
const KEPT = ["coverPoster", "background", "clearLogo", "backgroundSquare"];

/**
 * What PMS asks of one new movie in a first scan, this provider being its agent's only one:
 * the match of the file (manual 0, as Sportarr's and stash2plex's notes show a scan's body;
 * includeAdult left out: that PMS sends it is not on record), then the best match's
 * Metadata [D: "the request may be something like GET .../library/metadata/tmdb-movie-123"],
 * then its /images (assumed: [D] recommends it and [F] vpro-cinema found PMS took its images
 * from the provider; counted here so the figures are an upper bound), then each picture PMS
 * keeps: thumb, art and the kept types of the Metadata's Image array, each URL once ([F]
 * vpro-cinema KNOWN_ISSUES.md: images "embedded directly in the metadata response (thumb,
 * art, Image array)" are the ones Plex shows). A step that fails ends the title.
 */
export async function plexScanTitle(base: string, path: string, send: PlexSend, o: PlexHeaders = {}, features = DOC_FEATURES): Promise<void> {
  const { title, year } = scannerTitle(path);
  const match = await send("match", plexMatch(base, { title, year, filename: path, manual: false }, o, features));
  const found = firstItem(match.body);
  if (match.status !== 200 || found === undefined) return;
  const metadata = await send("metadata", plexMetadata(base, found.ratingKey, o, features));
  const item = firstItem(metadata.body);
  if (metadata.status !== 200 || item === undefined) return;
  await send("images", plexImages(base, found.ratingKey, o, features));
  const kept = (item.Image ?? []).filter((i) => KEPT.includes(i.type)).map((i) => i.url);
  for (const url of new Set([item.thumb, item.art, ...kept].filter((u): u is string => u !== undefined))) await send("download", plexDownload(url));
}
