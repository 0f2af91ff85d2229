/**
 * buildNfo on the providers' real samples, in both languages: every NFO is well-formed,
 * each field is what the record says, and Kodi, Jellyfin and Plex's NFO importer each read
 * from it what they show (read-nfo.ts ports their rules).
 */
import { describe, expect, it } from "vitest";
import type { NfoTitle } from "../../../src/library/sidecars/nfo.js";
import { generateSampleRecords } from "../../../src/samples/titles/generate.js";
import { makeIngest } from "../../helpers/build-app.js";
import { sampleTitles } from "../../helpers/sample-titles.js";
import { build, expectFields, jellyfinReads, kodiReads, list, type Node, parseNfo, plexImporterReads } from "./read-nfo.js";

const SAMPLE_TITLES: NfoTitle[] = sampleTitles();

describe("buildNfo on the providers' samples", () => {
  it("parses the five samples into titles with actresses, series and pictures", () => {
    expect(SAMPLE_TITLES.map((t) => t.record.dvdId)).toEqual(["SNIS-217", "ROYD-191", "MIDE-799", "SONE-708", "TKMIRD-261"]);
  });

  for (const language of ["ja", "en"] as const) {
    it.each(SAMPLE_TITLES.map((t) => [t.record.dvdId, t] as const))(`%s (${language}): every field as the record says`, (_, t) => {
      expectFields(parseNfo(build(t, language)), t, language);
    });
  }

  it("writes the source's rating on 0-10 (max 10) with its votes, which Kodi scales by max and Jellyfin and the importer take as they are", () => {
    const rated = SAMPLE_TITLES.filter((t) => t.ratingAvg !== null);
    expect(rated.length).toBeGreaterThan(0);
    for (const t of rated) {
      const nfo = parseNfo(build(t));
      const rating = (nfo.ratings as Node).rating as Node;
      expect(rating["@name"]).toBe(t.provider);
      expect(rating["@max"]).toBe("10");
      expect(rating["@default"]).toBe("true");
      expect(Number(rating.value)).toBeCloseTo((t.ratingAvg as number) * 2, 2);
      expect(kodiReads(nfo).rating).toEqual({ name: t.provider, value: expect.closeTo((t.ratingAvg as number) * 2, 2), votes: t.ratingCount });
      expect(jellyfinReads(nfo).communityRating).toBeCloseTo((t.ratingAvg as number) * 2, 2);
      expect(plexImporterReads(nfo).rating).toBe(Math.round((t.ratingAvg as number) * 20) / 10);
    }
    const unrated = SAMPLE_TITLES.find((t) => t.ratingAvg === null) as NfoTitle;
    const nfo = parseNfo(build(unrated));
    expect(nfo.ratings).toBeUndefined();
    expect([kodiReads(nfo).rating, jellyfinReads(nfo).communityRating, plexImporterReads(nfo).rating]).toEqual([null, null, null]);
  });

  it("gives a source average of 0 (no reviews) no rating at all, where Jellyfin would show a 0", () => {
    for (const t of [makeIngest({}, { ratingAvg: 0, ratingCount: 0 }), makeIngest({}, { ratingAvg: 0, ratingCount: null })]) {
      const nfo = parseNfo(build(t));
      expect(nfo.ratings).toBeUndefined();
      expect(jellyfinReads(nfo).communityRating).toBeNull();
    }
    // An average without a count has no votes element.
    expect(((parseNfo(build(makeIngest({}, { ratingAvg: 3.5, ratingCount: null }))).ratings as Node).rating as Node).votes).toBeUndefined();
  });

  it("each reader shows every actress with her role; the importer numbers a repeated one instead of 'Unknown Role N'", () => {
    const four = SAMPLE_TITLES.find((t) => t.record.actresses.length === 4) as NfoTitle;
    for (const [language, role] of [
      ["ja", "女優"],
      ["en", "Actress"],
    ] as const) {
      const nfo = parseNfo(build(four, language));
      const names = four.record.actresses;
      expect(kodiReads(nfo).cast).toEqual(names.map((name, order) => ({ name, role, order })));
      expect(jellyfinReads(nfo).people.filter((p) => p.type === "Actor")).toEqual(names.map((name, sortOrder) => ({ name, role, type: "Actor", sortOrder })));
      expect(plexImporterReads(nfo).roles.map((r) => [r.name, r.role])).toEqual(names.map((name, n) => [name, n === 0 ? role : `${role} ${n}`]));
      expect(plexImporterReads(nfo).roles.some((r) => r.role.startsWith("Unknown Role"))).toBe(false);
    }
  });

  it("gives the importer the code as Plex's id, which Kodi (it has uniqueids) and Jellyfin (no IMDb id) leave alone", () => {
    for (const t of SAMPLE_TITLES) {
      const nfo = parseNfo(build(t));
      expect(plexImporterReads(nfo).id).toBe(t.record.dvdId);
      expect(kodiReads(nfo).ids).toEqual({ dvdid: t.record.dvdId, contentid: t.record.contentId });
      expect(kodiReads(nfo).defaultId).toBe("dvdid");
      expect(jellyfinReads(nfo).imdb).toBeNull();
    }
  });

  it("writes the record's authors as credits, which every reader takes as writers", () => {
    const t = makeIngest({ authors: ["夢野 ゆめ", "Author / Two"], directors: ["監督"] });
    const nfo = parseNfo(build(t));
    expect(kodiReads(nfo).writers).toEqual(["夢野 ゆめ", "Author", "Two"]);
    expect(
      jellyfinReads(nfo)
        .people.filter((p) => p.type === "Writer")
        .map((p) => p.name),
    ).toEqual(["夢野 ゆめ", "Author", "Two"]);
    expect(plexImporterReads(nfo).writers).toEqual(["夢野 ゆめ", "Author", "Two"]);
    expect(plexImporterReads(nfo).directors).toEqual(["監督"]);
    expect(parseNfo(build(makeIngest({ authors: [] }))).credits).toBeUndefined();
  });

  it("writes every maker as a studio: the sample catalog's SDNM-409 is Silver Moon's and Peach Garden's, and Kodi and Jellyfin show both", () => {
    const sdnm = [...generateSampleRecords({ count: 1, start: 25 })][0];
    expect([sdnm.record.dvdId, sdnm.record.makers]).toEqual(["SDNM-409", ["Silver Moon", "Peach Garden"]]);
    const nfo = parseNfo(build(sdnm, "en"));
    expect(list(nfo.studio)).toEqual(["Silver Moon", "Peach Garden"]);
    expect(kodiReads(nfo).studios).toEqual(["Silver Moon", "Peach Garden"]);
    expect(jellyfinReads(nfo).studios).toEqual(["Silver Moon", "Peach Garden"]);
    // The importer takes the first, the maker the record names first.
    expect(plexImporterReads(nfo).studio).toBe("Silver Moon");
    expect(list(parseNfo(build(makeIngest({ makers: [] }))).studio)).toEqual([]);
  });

  it("makes the importer's collections of the series and, with collectionsfromtags (its default), of each tag", () => {
    const t = makeIngest({ series: "Idol Collection", label: "Label", makers: ["Maker"] });
    const nfo = parseNfo(build(t));
    expect(plexImporterReads(nfo).collections).toEqual(["Idol", "Label", "Maker"]);
    expect(plexImporterReads(nfo, { collectionsfromtags: false }).collections).toEqual(["Idol"]);
  });

  it("keeps the portrait thumbnail the first poster URL, the one Jellyfin takes when no poster file is beside the video", () => {
    for (const t of SAMPLE_TITLES) {
      const nfo = parseNfo(build(t));
      expect(jellyfinReads(nfo).primary).toBe(t.record.jacketThumbUrl);
      expect(kodiReads(nfo).posters).toEqual([t.record.jacketThumbUrl, t.record.jacketFullUrl]);
    }
  });

  it("is UTF-8 XML with the declaration, the mark next, two-space indentation and a trailing newline", () => {
    const xml = build(SAMPLE_TITLES[0]);
    const lines = xml.split("\n");
    expect(lines[0]).toBe('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>');
    expect(lines[1]).toMatch(/^<!-- written by video-catalog 0\.1\.0 \(nfo \d+, record 3f2a9c0d41b7e865\): .* -->$/);
    expect(lines[2]).toBe("<movie>");
    expect(lines[3]).toMatch(/^ {2}<title>/);
    expect(lines.at(-2)).toBe("</movie>");
    expect(xml.endsWith("</movie>\n")).toBe(true);
    expect(xml).not.toMatch(/\t|\r/);
    expect(Buffer.from(xml, "utf8").toString("utf8")).toBe(xml);
    // The importer keeps the part before the last </movie> and finds <movie> in it; the mark holds neither.
    expect(lines[1]).not.toMatch(/<\/?movie/);
  });
});
