/**
 * The NFO as its readers read it, for the NFO tests: validated and parsed by a real XML
 * parser (fast-xml-parser); each field compared with what the record says, worked out from
 * the record on its own; and what Kodi, Jellyfin and Plex's NFO importer each make of the
 * elements written, by their own rules (ported from their source, cited per rule: Kodi
 * xbmc/xbmc; Jellyfin jellyfin/jellyfin at c3ed1407; the importer
 * gboudreau/XBMCnfoMoviesImporter.bundle at d81d1f87, Contents/Code/__init__.py).
 */
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { expect } from "vitest";
import { buildNfo, type NfoMark, type NfoTitle } from "../../../src/library/sidecars/nfo.js";

export const MARK: NfoMark = { tool: "video-catalog", version: "0.1.0", digest: "3f2a9c0d41b7e865" };
const LISTS = new Set(["studio", "genre", "tag", "director", "credits", "actor", "uniqueid", "thumb", "id"]);

export type Node = Record<string, unknown>;

/** The NFO as a reader sees it: well-formed (or the test fails), entities decoded, values as strings. */
export function parseNfo(xml: string): Node {
  expect(XMLValidator.validate(xml)).toBe(true);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "@",
    parseTagValue: false,
    isArray: (name, jpath) => LISTS.has(name) && jpath === `movie.${name}`,
  });
  return (parser.parse(xml) as { movie: Node }).movie;
}

export const build = (t: NfoTitle, language: "ja" | "en" = "ja") => buildNfo(t, { language, mark: MARK });
export const list = (v: unknown) => (v ?? []) as Node[] | string[];
const text = (v: unknown): string => (typeof v === "string" ? v : v === undefined || v === null ? "" : String((v as Node)["#text"] ?? ""));

/** What the NFO should say, worked out from the record on its own. */
function expected(t: NfoTitle, language: "ja" | "en") {
  const r = t.record;
  const first = (...values: (string | null)[]) => values.map((v) => (v ?? "").trim()).find((v) => v !== "");
  const inLanguage = (ja: string | null, en: string | null) => (language === "ja" ? first(ja, en) : first(en, ja));
  const day = r.releaseDate.slice(0, 10) || undefined;
  return {
    title: inLanguage(r.titleJa, r.titleEn) ?? r.dvdId,
    originaltitle: first(r.titleJa),
    sorttitle: r.dvdId,
    plot: inLanguage(r.commentJa, r.commentEn),
    runtime: r.runtimeMins > 0 ? String(r.runtimeMins) : undefined,
    premiered: day,
    year: day?.slice(0, 4),
    studios: [...new Set(r.makers)],
    set: r.series ? { name: r.series } : undefined,
    genres: [...new Set(r.categories)],
    tags: [...new Set([r.label, r.series, ...r.makers].filter((v): v is string => !!v))],
    directors: r.directors,
    credits: [...new Set(r.authors)],
    actors: r.actresses.map((name, order) => {
      const image = r.extra.actressesRich.find((a) => a.name === name)?.image;
      return { name, role: language === "ja" ? "女優" : "Actress", order: String(order), ...(image ? { thumb: image } : {}) };
    }),
    uniqueids: [
      { "#text": r.dvdId, "@type": "dvdid", "@default": "true" },
      { "#text": r.contentId, "@type": "contentid" },
    ],
    posters: [...new Set([r.jacketThumbUrl, r.jacketFullUrl].filter((u) => u !== ""))],
    fanart: r.jacketFullUrl ? { thumb: r.jacketFullUrl } : undefined,
  };
}

export function expectFields(nfo: Node, t: NfoTitle, language: "ja" | "en") {
  const want = expected(t, language);
  expect(nfo.title).toBe(want.title);
  expect(nfo.originaltitle).toBe(want.originaltitle);
  expect(nfo.sorttitle).toBe(want.sorttitle);
  expect(nfo.plot).toBe(want.plot);
  expect(nfo.outline).toBe(want.plot);
  expect(nfo.runtime).toBe(want.runtime);
  expect(nfo.premiered).toBe(want.premiered);
  expect(nfo.year).toBe(want.year);
  expect(list(nfo.studio)).toEqual(want.studios);
  expect(nfo.set).toEqual(want.set);
  expect(list(nfo.genre)).toEqual(want.genres);
  expect(list(nfo.tag)).toEqual(want.tags);
  expect(list(nfo.director)).toEqual(want.directors);
  expect(list(nfo.credits)).toEqual(want.credits);
  expect(list(nfo.actor)).toEqual(want.actors);
  expect(list(nfo.uniqueid)).toEqual(want.uniqueids);
  expect(list(nfo.id)).toEqual([t.record.dvdId]);
  expect(list(nfo.thumb)).toEqual(want.posters.map((url) => ({ "#text": url, "@aspect": "poster" })));
  expect(nfo.fanart).toEqual(want.fanart);
  expect(nfo.mpaa).toBe("XXX");
}

/** Kodi's CVideoInfoTag::ParseNative (xbmc/video/VideoInfoTag.cpp), for the elements written. */
export function kodiReads(nfo: Node) {
  const ratings = nfo.ratings as Node | undefined;
  const rating = ratings?.rating as Node | undefined;
  // <ratings><rating name max default><value/><votes/></rating>: value / max x 10, votes as digits; SetRating drops a value <= 0 or > 10.
  const value = rating === undefined ? 0 : (Number(rating.value) / Number(rating["@max"] ?? 10)) * 10;
  const uniqueIds = list(nfo.uniqueid) as Node[];
  return {
    rating:
      rating !== undefined && value > 0 && value <= 10 ? { name: rating["@name"], value, votes: Number(String(rating.votes ?? "0").replace(/\D/g, "")) } : null,
    // <id> only when there is no <uniqueid>; else each uniqueid by type, the default="true" one shown.
    ids: uniqueIds.length === 0 ? { unknown: text(list(nfo.id)[0]) } : Object.fromEntries(uniqueIds.map((u) => [u["@type"] ?? "unknown", text(u)])),
    defaultId: uniqueIds.find((u) => u["@default"] === "true")?.["@type"] ?? null,
    cast: (list(nfo.actor) as Node[]).map((a) => ({ name: text(a.name), role: text(a.role).trim(), order: Number(a.order ?? -1) })),
    writers: (list(nfo.credits) as string[]).flatMap((c) => c.split(" / ").map((s) => s.trim())),
    directors: (list(nfo.director) as string[]).flatMap((c) => c.split(" / ").map((s) => s.trim())),
    posters: (list(nfo.thumb) as Node[]).filter((th) => th["@aspect"] === "poster").map(text),
    // GetStringArray: every <studio>, each split again at the item separator.
    studios: (list(nfo.studio) as string[]).flatMap((c) => c.split(" / ").map((s) => s.trim())),
  };
}

/** Jellyfin's MediaBrowser.XbmcMetadata parsers (BaseNfoParser.cs, MovieNfoParser.cs; people: XmlReaderExtensions.GetPersonFromXmlNode). */
export function jellyfinReads(nfo: Node) {
  // "rating" (line 534) and each ratings/rating/value (FetchFromRatingNode) set CommunityRating as it is, whatever max says.
  const rating = (nfo.ratings as Node | undefined)?.rating as Node | undefined;
  const communityRating = nfo.rating !== undefined ? Number(nfo.rating) : rating !== undefined ? Number(rating.value) : null;
  // MovieNfoParser "id": only an IMDb id ("tt...") is taken from the text.
  const id = text(list(nfo.id)[0]);
  const people = [
    ...(list(nfo.actor) as Node[]).map((a) => ({ name: text(a.name).trim(), role: text(a.role).trim(), type: "Actor", sortOrder: Number(a.order) })),
    ...(list(nfo.director) as string[]).map((name) => ({ name, role: "", type: "Director", sortOrder: null })),
    // "credits" (line 452): split at "/", each a Writer.
    ...(list(nfo.credits) as string[]).flatMap((c) => c.split("/").map((name) => ({ name: name.trim(), role: "", type: "Writer", sortOrder: null }))),
  ];
  // FetchThumbNode: an absolute URI, one per image type, the first kept (a thumb without aspect is a poster).
  const firstPoster = (list(nfo.thumb) as Node[]).map((th) => ({ aspect: th["@aspect"] ?? "poster", url: text(th) })).find((th) => th.aspect === "poster");
  // "studio": each one AddStudio'd, as it is.
  const studios = (list(nfo.studio) as string[]).map((s) => s.trim()).filter((s) => s !== "");
  return { communityRating, imdb: id.startsWith("tt") ? id : null, people, primary: firstPoster?.url ?? null, studios };
}

/** XBMCnfoMoviesImporter's search() and update() (Contents/Code/__init__.py), with its default preferences (DefaultPrefs.json). */
export function plexImporterReads(nfo: Node, prefs = { collectionsfromtags: true }) {
  // remove_empty_tags (line 1087) drops an element without text or children first: the NFO has none, so nothing differs.
  const id = text(list(nfo.id)[0]).trim();
  // Lines 224-228: without an <id> longer than 2 characters, Plex's id is a hash of the title and year.
  const plexId = id.length > 2 ? id : `hash of ${String(nfo.title)}${String(nfo.year)}`;
  // Lines 729-747: each actor's role, "Unknown Role N" without one, a repeated one numbered.
  const seen: string[] = [];
  const roles = (list(nfo.actor) as Node[]).map((a, n) => {
    const name = a.name === undefined ? `Unknown Name ${n}` : text(a.name);
    let role = a.role === undefined ? `Unknown Role ${n}` : text(a.role);
    if (a.role !== undefined) {
      if (seen.includes(role)) role = `${role} ${n}`;
      seen.push(role);
    }
    return { name, role, photo: a.thumb === undefined ? "" : text(a.thumb) };
  });
  // Lines 578-596: the old <rating> first, else the first <ratings><rating><value>; none: no rating.
  const ratings = nfo.ratings as Node | undefined;
  const value = nfo.rating !== undefined ? nfo.rating : (ratings?.rating as Node | undefined)?.value;
  const rating = value === undefined ? null : Math.round(Number(String(value).replace(",", ".")) * 10) / 10;
  // Lines 683-711: each set's name (a trailing "series"/"collection" cut) and, with collectionsfromtags (on by default), each tag.
  const setName = (s: string) => s.trim().replace(/[\s]?(series|collection)$/i, "");
  const collections = [
    ...(nfo.set === undefined ? [] : [setName(text((nfo.set as Node).name))]).filter((s) => s !== ""),
    ...(prefs.collectionsfromtags ? (list(nfo.tag) as string[]).flatMap((t) => t.split("/").map(setName)) : []),
  ];
  return {
    id: plexId,
    roles,
    rating,
    collections: [...new Set(collections)],
    writers: (list(nfo.credits) as string[]).flatMap((c) => c.split("/").map((s) => s.trim())),
    directors: (list(nfo.director) as string[]).flatMap((c) => c.split("/").map((s) => s.trim())),
    // "Studio": xpath('studio')[0], the first one alone.
    studio: (list(nfo.studio) as string[])[0]?.trim() ?? null,
    // Lines 554-576: the outline first unless the "plot" preference is on.
    summary: text(nfo.outline) || text(nfo.plot),
  };
}
