import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { TEN_MUSUME } from "../../src/providers/10musume/index.js";
import { ONE_PONDO } from "../../src/providers/1pondo/index.js";
import { galleryKind, parseGallery, parseLegacyGallery } from "../../src/providers/d2pass/gallery.js";
import { OFFSET_CURSOR, parseListing } from "../../src/providers/d2pass/listing.js";
import { genres, performers } from "../../src/providers/d2pass/names.js";
import { ProviderParseError } from "../../src/providers/errors.js";
import { MURAMURA } from "../../src/providers/muramura/index.js";

const fixture = (name: string): unknown => JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../fixtures/d2pass", name), "utf8"));
const PONDO = "https://www.1pondo.tv";

describe("parseGallery on a real 1pondo movie_gallery (060426_001)", () => {
  const pictures = parseGallery(fixture("1pondo-movie_gallery-060426_001.json"), ONE_PONDO, PONDO, `${PONDO}/dyn/dla/json/movie_gallery/060426_001.json`);

  it("keeps the 5 public pictures of 22, each with its __@120 preview", () => {
    const names = [
      "4f0459189ed24b7f332192971f0ffde4",
      "3e1df72caa5ebea96221e3fe55e73778",
      "ac9812ad47a48fe52c3624677b326cf5",
      "5863a084771854f3f7ddc01a098939a6",
      "d4ee4c2d9d5270779d9ef3b001b03026",
    ];
    const at = `${PONDO}/dyn/dla/images/movie_gallery/sample/060426_001/`;
    expect(pictures.full).toEqual(names.map((n) => `${at}${n}.jpg`));
    expect(pictures.thumb).toEqual(names.map((n) => `${at}${n}__@120.jpg`));
  });

  it("puts the pictures under a base URL with a path (a mirror, the simulator)", () => {
    const base = "http://127.0.0.1:9/1pondo";
    const under = parseGallery(fixture("1pondo-movie_gallery-060426_001.json"), ONE_PONDO, base, `${base}/dyn/dla/json/movie_gallery/060426_001.json`);
    expect(under.full[0]).toBe(`${base}/dyn/dla/images/movie_gallery/sample/060426_001/4f0459189ed24b7f332192971f0ffde4.jpg`);
  });

  it("a gallery answer without Rows is a ProviderParseError", () => {
    expect(() => parseGallery({ MovieID: "060426_001" }, ONE_PONDO, PONDO, PONDO)).toThrow(ProviderParseError);
    expect(() => parseLegacyGallery([], ONE_PONDO, "x", PONDO, PONDO)).toThrow(ProviderParseError);
  });
});

describe("parseLegacyGallery", () => {
  const rows = {
    Rows: [
      { MovieID: "010120_01", Filename: "3.jpg", Protected: false },
      { Filename: "7", Protected: false },
      { Filename: "9.jpg", Protected: true },
    ],
  };

  it("puts each site's files where its front end does, the row's id, else the title's; a bare number as it is where the template adds nothing", () => {
    const p = parseLegacyGallery(rows, TEN_MUSUME, "010120_01", "https://www.10musume.com", "https://www.10musume.com/");
    expect(p.full).toEqual(["https://www.10musume.com/assets/sample/010120_01/3.jpg", "https://www.10musume.com/assets/sample/010120_01/7"]);
    expect(p.thumb).toEqual(p.full);
  });

  it("adds .jpg to a bare number only on 1pondo, whose template writes {FILENAME}.jpg", () => {
    const p = parseLegacyGallery(rows, ONE_PONDO, "010120_001", "https://www.1pondo.tv", "https://www.1pondo.tv/");
    expect(p.full).toEqual(["https://www.1pondo.tv/assets/sample/010120_01/popu/3.jpg", "https://www.1pondo.tv/assets/sample/010120_001/popu/7.jpg"]);
    expect(p.thumb).toEqual(["https://www.1pondo.tv/assets/sample/010120_01/thum_106/3.jpg", "https://www.1pondo.tv/assets/sample/010120_001/thum_106/7.jpg"]);
  });

  it("Muramura has none", () => {
    expect(parseLegacyGallery(rows, MURAMURA, "010120_001", "https://www.muramura.tv", "https://www.muramura.tv/")).toEqual({ full: [], thumb: [] });
  });
});

describe("galleryKind", () => {
  it.each([
    [{ Gallery: true, HasGallery: true }, ONE_PONDO, "gallery"],
    [{ Gallery: false, HasGallery: true }, ONE_PONDO, "legacy"],
    [{ Gallery: false, HasGallery: true }, MURAMURA, null],
    [{ Gallery: true }, MURAMURA, null],
    [{ Gallery: true, HasGallery: true }, MURAMURA, null],
    [{ Gallery: false, HasGallery: false }, TEN_MUSUME, null],
    [{}, TEN_MUSUME, null],
  ] as const)("%j on %s is %s", (details, site, kind) => {
    expect(galleryKind(details, site)).toBe(kind);
  });
});

describe("names without the keyed lists", () => {
  it("reads genres by index where UC, UCNAME and UCNAMEEn agree in length, leaving out ids from 50000", () => {
    expect(genres({ UC: [6, 50001, 60000], UCNAME: ["素人", "超VIP", "1080p"], UCNAMEEn: ["Amateur", "SVIP", "1080p"] })).toEqual([
      { ja: "素人", en: "Amateur" },
    ]);
    expect(genres({ UCNAME: ["素人", "巨乳"], UCNAMEEn: ["Amateur"] })).toEqual([
      { ja: "素人", en: null },
      { ja: "巨乳", en: null },
    ]);
    expect(genres({ UcNameList: { "6": { NameEn: "Amateur", NameJa: "素人" }, "60001": { NameEn: "60fps", NameJa: "60fps" } } })).toEqual([
      { ja: "素人", en: "Amateur" },
    ]);
  });

  it("reads performers from Actor when ActressesJa is missing; '-' is no name in either", () => {
    expect(performers({ Actor: "山田花子, 佐藤愛" })).toEqual([
      { ja: "山田花子", en: null },
      { ja: "佐藤愛", en: null },
    ]);
    expect(performers({ ActressesJa: [], Actor: "-" })).toEqual([]);
    expect(performers({ ActressesJa: ["---"], Actor: "---,山田花子-" })).toEqual([{ ja: "山田花子", en: null }]);
    expect(performers({ ActressesJa: ["-", "山田花子"], ActressesEn: ["Hanako Yamada"] })).toEqual([{ ja: "山田花子", en: null }]);
    expect(performers({ ActressesJa: ["山田花子"], ActressesEn: ["Hanako Yamada"] })).toEqual([{ ja: "山田花子", en: "Hanako Yamada" }]);
  });
});

describe("the listing and its cursor", () => {
  it("reads TotalRows and SplitSize, 50 when a page does not say", () => {
    expect(parseListing({ TotalRows: "120", Rows: [{}, 5] }, "1pondo")).toEqual({ total: 120, split: 50, rows: [{}] });
    expect(() => parseListing({ TotalRows: 1 }, "1pondo")).toThrow(ProviderParseError);
    expect(() => parseListing("<html>", "1pondo")).toThrow(ProviderParseError);
  });

  it("round-trips the cursor and refuses a bad one with a RangeError", () => {
    expect(OFFSET_CURSOR.decode(null, "1pondo")).toBe(0);
    expect(OFFSET_CURSOR.decode(OFFSET_CURSOR.encode(150), "1pondo")).toBe(150);
    for (const bad of ["150", "{}", '{"offset":-50}', '{"offset":1.5}', '{"offset":"50"}', '{"offset":50,"x":1}', "not json"]) {
      expect(() => OFFSET_CURSOR.decode(bad, "1pondo"), bad).toThrow(RangeError);
    }
  });
});
