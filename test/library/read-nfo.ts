/**
 * The NFO as Kodi and Jellyfin read it, for the NFO tests: validated and parsed by a real
 * XML parser (fast-xml-parser), and each field compared with what the record says,
 * worked out from the record on its own.
 */
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { expect } from "vitest";
import { buildNfo, type NfoMark, type NfoTitle } from "../../src/library/nfo.js";

export const MARK: NfoMark = { tool: "video-catalog", version: "0.1.0", digest: "3f2a9c0d41b7e865" };
const LISTS = new Set(["genre", "tag", "director", "actor", "uniqueid", "thumb"]);

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
    studio: r.makers[0],
    set: r.series ? { name: r.series } : undefined,
    genres: [...new Set(r.categories)],
    tags: [...new Set([r.label, r.series, ...r.makers].filter((v): v is string => !!v))],
    directors: r.directors,
    actors: r.actresses.map((name, order) => {
      const image = r.extra.actressesRich.find((a) => a.name === name)?.image;
      return { name, order: String(order), ...(image ? { thumb: image } : {}) };
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
  expect(nfo.studio).toBe(want.studio);
  expect(nfo.set).toEqual(want.set);
  expect(list(nfo.genre)).toEqual(want.genres);
  expect(list(nfo.tag)).toEqual(want.tags);
  expect(list(nfo.director)).toEqual(want.directors);
  expect(list(nfo.actor)).toEqual(want.actors);
  expect(list(nfo.uniqueid)).toEqual(want.uniqueids);
  expect(list(nfo.thumb)).toEqual(want.posters.map((url) => ({ "#text": url, "@aspect": "poster" })));
  expect(nfo.fanart).toEqual(want.fanart);
  expect(nfo.mpaa).toBe("XXX");
}
