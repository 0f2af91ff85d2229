/**
 * An NFO names people as the MetaTube face does (services/titles/title-names.ts): with
 * MEDIA_LANGUAGE=ja, r18.dev's SNIS-217 names its actress, maker, label and genres in
 * Japanese (its `altNames`, from the sample's `*_ja` and `name_kanji` fields), so Jellyfin
 * and Kodi make one person of her whichever source a file's title came from; her picture
 * still comes with her, paired by position with the record's own spelling. The sample
 * catalog's titles (a first start's demo catalog) are named as r18.dev's, under a provider of
 * their own: one language in each file too, read from what the record holds.
 */
import { describe, expect, it } from "vitest";
import { generateSampleRecords } from "../../../src/samples/titles/generate.js";
import { namesIn } from "../../../src/services/titles/title-names.js";
import { sampleTitles } from "../../helpers/sample-titles.js";
import { build, list, type Node, parseNfo } from "./read-nfo.js";

const snis = sampleTitles()[0];

describe("NFO names in the NFO's language", () => {
  it("r18.dev's title in Japanese: the actress's Japanese name, with her picture", () => {
    const r = snis.record;
    const alt = snis.altNames ?? {};
    expect(r.actresses).toEqual(["Tia"]);
    const ja = namesIn(r, alt, "ja");
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
    const en = namesIn(snis.record, snis.altNames ?? {}, "en");
    expect(en.actresses).toEqual(["Tia"]);
    const actors = list(parseNfo(build(snis, "ja")).actor) as Node[];
    expect(actors.map((a) => a.name)).toEqual(["Tia"]);
  });

  it("the sample catalog's MIFD-612 in Japanese: its Japanese title beside its actresses' Japanese names, every name Japanese", () => {
    const [mifd] = generateSampleRecords({ count: 1, start: 17 });
    const { record: r, altNames: alt } = mifd;
    expect([mifd.provider, r.dvdId]).toEqual(["sample", "MIFD-612"]);
    // As scan gives it: the title's names with the catalog's other spellings, in MEDIA_LANGUAGE.
    const nfo = parseNfo(build({ ...mifd, names: namesIn(r, alt, "ja") }, "ja"));
    expect(nfo.title).toBe(r.titleJa);
    expect((list(nfo.actor) as Node[]).map((a) => a.name)).toEqual(["橋本恵里香", "藤森紗英"]);
    expect((list(nfo.actor) as Node[]).map((a) => a.thumb)).toEqual(r.extra.actressesRich.map((a) => a.image ?? undefined));
    expect(list(nfo.studio)).toEqual(alt.maker);
    expect(list(nfo.genre)).toEqual(alt.genre);
    expect(list(nfo.director)).toEqual(alt.director ?? []);
    expect(list(nfo.tag)).toEqual([...(alt.label ?? []), ...(alt.series ?? []), ...(alt.maker ?? [])]);
  });

  it("the sample catalog's SSNI-147 in English: the English genre (Office Lady), not the Japanese one in Latin letters (OL)", () => {
    const [ssni] = generateSampleRecords({ count: 1, start: 4 });
    const { record: r, altNames: alt } = ssni;
    expect([r.dvdId, r.categories[0], alt.genre?.[0]]).toEqual(["SSNI-147", "Office Lady", "OL"]);
    const nfo = parseNfo(build({ ...ssni, names: namesIn(r, alt, "en") }, "en"));
    expect(nfo.title).toBe(r.titleEn);
    expect(list(nfo.genre)).toEqual(r.categories);
    expect((list(nfo.actor) as Node[]).map((a) => a.name)).toEqual(r.actresses);
    expect(list(nfo.studio)).toEqual(r.makers);
  });
});
