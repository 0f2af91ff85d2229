/**
 * A title's names in one language, from the records the real parsers make of the sources'
 * real samples: r18.dev's English names with the Japanese beside them, FANZA's Japanese ones
 * with their kana readings (no English), 1pondo's Japanese ones with the English beside them,
 * MGStage's Japanese alone; and the sample catalog's records, English-named as r18.dev's under
 * a provider name of their own. Which side is which is read from the record, not its provider.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { IngestRecord } from "../../../src/model/record.js";
import { ONE_PONDO } from "../../../src/providers/1pondo/index.js";
import { NO_PICTURES } from "../../../src/providers/d2pass/gallery.js";
import { parseD2PassDetails } from "../../../src/providers/d2pass/parse.js";
import { parseFanzaItem } from "../../../src/providers/fanza/parse.js";
import { parseProductPage } from "../../../src/providers/mgstage/parse.js";
import { parseR18Combined } from "../../../src/providers/r18dev/parse.js";
import { generateSampleRecords } from "../../../src/samples/titles/generate.js";
import { type Language, namesIn, type TitleNames } from "../../../src/services/titles/title-names.js";

const text = (path: string) => readFileSync(new URL(`../../fixtures/${path}`, import.meta.url), "utf8");
const json = (path: string) => JSON.parse(text(path)) as Record<string, unknown>;
const names = (t: IngestRecord, lang: Language): TitleNames => namesIn(t.record, t.altNames, lang);
/** The sample catalog's record `i` (the demo catalog of a first start). */
const sampleRecord = (i: number) => [...generateSampleRecords({ count: 1, start: i })][0];

describe("namesIn", () => {
  const royd = parseR18Combined(json("provider-samples/r18dev/combined-ROYD-191.trimmed-fixture.json"));

  it("r18.dev: English as the record has them; in Japanese, each name's Japanese field", () => {
    expect(names(royd, "en")).toMatchObject({
      actresses: ["Momo Shiraishi"],
      directors: ["Kawajiri"],
      label: "HHH Group",
      categories: ["Young Wife", "Married Woman"],
    });
    expect(names(royd, "ja")).toEqual({
      actresses: ["白石もも"],
      actors: [],
      directors: ["川尻"],
      authors: [],
      // No English maker: the record's is the Japanese one already.
      makers: ["ROYAL"],
      label: "HHHグループ",
      series: "兄嫁とキスだけの関係…のはずが",
      categories: ["若妻・幼妻", "人妻・主婦"],
    });
  });

  it("r18.dev: a list whose Japanese side lacks a name does not pair up, and keeps the record's names", () => {
    const sample = json("provider-samples/r18dev/combined-SNIS-217.json");
    const actresses = [...(sample.actresses as object[]), { id: 1, image_url: null, name_kana: null, name_kanji: null, name_romaji: "Nanase" }];
    const two = parseR18Combined({ ...sample, actresses });
    expect(two.record.actresses).toEqual(["Tia", "Nanase"]);
    expect(names(two, "ja").actresses).toEqual(["Tia", "Nanase"]);
    // The rest of the title still pairs up.
    expect(names(two, "ja").directors).toEqual(["ポチョムキン"]);
  });

  it("FANZA: Japanese in both languages; its kana readings are no English names", () => {
    const fanza = parseFanzaItem(json("provider-samples/fanza-api/item-mono-dvd-tkmird261.json"));
    expect(fanza.record.actresses.length).toBeGreaterThan(1);
    expect(fanza.altNames.actress).toHaveLength(fanza.record.actresses.length);
    for (const lang of ["ja", "en"] as const) {
      expect(names(fanza, lang).actresses, lang).toEqual(fanza.record.actresses);
      expect(names(fanza, lang).categories, lang).toEqual(fanza.record.categories);
      // A name in Latin letters keeps its spelling: its reading (ざんぱ) is no Japanese name of it.
      expect([fanza.record.directors, fanza.altNames.director, names(fanza, lang).directors], lang).toEqual([["ZAMPA"], ["ざんぱ"], ["ZAMPA"]]);
    }
  });

  it("the sample catalog's titles, English-named as r18.dev's: each name in Japanese in Japanese, in English in English", () => {
    const mifd = sampleRecord(17);
    expect([mifd.provider, mifd.record.dvdId, mifd.record.actresses]).toEqual(["sample", "MIFD-612", ["Erika Hashimoto", "Sae Fujimori"]]);
    const ja = names(mifd, "ja");
    expect(ja.actresses).toEqual(["橋本恵里香", "藤森紗英"]);
    expect([ja.makers, [ja.label], ja.categories, ja.actors, ja.directors]).toEqual([
      mifd.altNames.maker,
      mifd.altNames.label,
      mifd.altNames.genre,
      mifd.altNames.actor ?? [],
      mifd.altNames.director ?? [],
    ]);
    expect(names(mifd, "en")).toMatchObject({ actresses: ["Erika Hashimoto", "Sae Fujimori"], makers: mifd.record.makers, categories: mifd.record.categories });
    // A Japanese name in Latin letters is still the Japanese one: "OL" in Japanese, "Office Lady" in English.
    const ssni = sampleRecord(4);
    expect([ssni.record.dvdId, ssni.record.categories[0], ssni.altNames.genre?.[0]]).toEqual(["SSNI-147", "Office Lady", "OL"]);
    expect(names(ssni, "en").categories).toEqual(ssni.record.categories);
    expect(names(ssni, "ja").categories).toEqual(ssni.altNames.genre);
  });

  it("a seller's title with Japanese names alone (MGStage's SIRO-4718): its own names in both languages", () => {
    const siro = parseProductPage(text("mgstage/product-SIRO-4718.html"), "https://www.mgstage.com", "SIRO-4718");
    expect(siro.altNames).toEqual({});
    for (const lang of ["ja", "en"] as const) {
      expect(names(siro, lang), lang).toMatchObject({ actresses: siro.record.actresses, makers: ["シロウトTV"], categories: siro.record.categories });
    }
  });

  it("1pondo: Japanese as the record has them; in English, the site's English names", () => {
    const pondo = parseD2PassDetails(json("d2pass/1pondo-movie_details-032417_504.json"), ONE_PONDO, "https://www.1pondo.tv", NO_PICTURES);
    expect(names(pondo, "ja")).toMatchObject({ actresses: ["碧木凛"], series: "モデルコレクション" });
    const en = names(pondo, "en");
    expect(en).toMatchObject({ actresses: ["Rin Aoki"], series: "Model Collection" });
    expect(en.categories).toContain("Creampie");
    expect(en.categories.length).toBe(pondo.record.categories.length);
  });
});
