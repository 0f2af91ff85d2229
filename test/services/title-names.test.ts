/**
 * A title's names in one language, from the records the real parsers make of the sources'
 * real samples: r18.dev's English names with the Japanese beside them, FANZA's Japanese ones
 * with their kana readings (no English), 1pondo's Japanese ones with the English beside them.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { IngestRecord } from "../../src/model/record.js";
import { ONE_PONDO } from "../../src/providers/1pondo/index.js";
import { NO_PICTURES } from "../../src/providers/d2pass/gallery.js";
import { parseD2PassDetails } from "../../src/providers/d2pass/parse.js";
import { parseFanzaItem } from "../../src/providers/fanza/parse.js";
import { parseR18Combined } from "../../src/providers/r18dev/parse.js";
import { type Language, namesIn, type TitleNames } from "../../src/services/title-names.js";

const json = (path: string) => JSON.parse(readFileSync(new URL(`../fixtures/${path}`, import.meta.url), "utf8")) as Record<string, unknown>;
const names = (t: IngestRecord, lang: Language): TitleNames => namesIn(t.provider, t.record, t.altNames, lang);

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
