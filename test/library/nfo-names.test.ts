/**
 * An NFO names people as the MetaTube face does (services/title-names.ts): with
 * MEDIA_LANGUAGE=ja, r18.dev's SNIS-217 names its actress, maker, label and genres in
 * Japanese (its `altNames`, from the sample's `*_ja` and `name_kanji` fields), so Jellyfin
 * and Kodi make one person of her whichever source a file's title came from; her picture
 * still comes with her, paired by position with the record's own spelling.
 */
import { describe, expect, it } from "vitest";
import { namesIn } from "../../src/services/title-names.js";
import { sampleTitles } from "../helpers/sample-titles.js";
import { build, list, type Node, parseNfo } from "./read-nfo.js";

const snis = sampleTitles()[0];

describe("NFO names in the NFO's language", () => {
  it("r18.dev's title in Japanese: the actress's Japanese name, with her picture", () => {
    const r = snis.record;
    const alt = snis.altNames ?? {};
    expect(r.actresses).toEqual(["Tia"]);
    const ja = namesIn("r18dev", r, alt, "ja");
    expect(ja.actresses).toEqual(alt.actress);
    const nfo = parseNfo(build({ ...snis, names: ja }, "ja"));
    const actors = list(nfo.actor) as Node[];
    expect(actors.map((a) => a.name)).toEqual(alt.actress);
    expect(actors[0].thumb).toBe(r.extra.actressesRich[0].image);
    expect(list(nfo.studio)).toEqual(ja.makers);
    expect(list(nfo.genre)).toEqual(ja.categories);
    expect(ja.makers[0]).not.toBe(r.makers[0]);
  });

  it("in English, the record's own (English) names; without names given, the record's as before", () => {
    const en = namesIn("r18dev", snis.record, snis.altNames ?? {}, "en");
    expect(en.actresses).toEqual(["Tia"]);
    const actors = list(parseNfo(build(snis, "ja")).actor) as Node[];
    expect(actors.map((a) => a.name)).toEqual(["Tia"]);
  });
});
