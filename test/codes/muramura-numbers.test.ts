/**
 * Muramura's numbers run on across the days (062509_003 in 2009, 091522_959 in 2022) and passed
 * 999: its newer ids have four digits. sgyx/JavSP's D2Pass reader asks an MMDDYY_NNNN with no
 * studio named of Muramura alone (`SITES_BY_SUFFIX_LEN`: 2 digits 10musume, 3 1pondo and
 * Pacopacomama, 4 Muramura), and never when another studio is named. Real ids, each with where it
 * was seen; the names around them are the shapes people give files (the JavSP one is real).
 */
import { describe, expect, it } from "vitest";
import { parseCode, readName, sellersOf } from "../../src/codes/index.js";

const DATED = ["1pondo", "caribbeancompr", "pacopacomama", "muramura"];

/** [name, code, sellers, where the id was seen] */
const NAMES: Array<[string, string, string[], string]> = [
  // sgyx/JavSP unittest/testdata_avid.txt @ ad1766cc (the name as it is) and unittest/data/092726_1266 (d2pass).json.
  ["muramura_092726_1266.mp4", "092726_1266", ["muramura"], "sgyx/JavSP"],
  ["092726_1266.mp4", "092726_1266", ["muramura"], "sgyx/JavSP"],
  ["092726_1266", "092726_1266", ["muramura"], "sgyx/JavSP"],
  ["092726_1266-C.mp4", "092726_1266", ["muramura"], "sgyx/JavSP"],
  ["/media/muramura/092726_1266.mp4", "092726_1266", ["muramura"], "sgyx/JavSP"],
  // A metadata plugin's URL table (https://www.muramura.tv/movies/040826_1229/; find_string id 57626961752).
  ["040826_1229.mp4", "040826_1229", ["muramura"], "plugin test table"],
  ["[FHD] 040826_1229 素人.mp4", "040826_1229", ["muramura"], "plugin test table"],
  // A scraper's recorded page muramura/detail-020426_1218.html (https://www.muramura.tv/movies/020426_1218/; find_string id 69093813230).
  ["020426_1218.mkv", "020426_1218", ["muramura"], "scraper fixture"],
  ["Muramura-020426_1218.mp4", "020426_1218", ["muramura"], "scraper fixture"],
  // Three digits keep their reading: four sellers with no studio named, the named one else (metatube-sdk-go muramura_test.go).
  ["091522_959.mp4", "091522_959", DATED, "metatube-sdk-go"],
  ["062509_003.mp4", "062509_003", DATED, "metatube-sdk-go"],
  ["muramura_091522_959.mp4", "091522_959", ["muramura"], "metatube-sdk-go"],
  ["1pondo_012717_472.mp4", "012717_472", ["1pondo"], "JavSP testdata_avid.txt"],
  ["10musume_092826_01.mp4", "092826_01", ["10musume"], "JavSP testdata_avid.txt"],
  ["pacopacomama_092626_100.mp4", "092626_100", ["pacopacomama"], "JavSP testdata_avid.txt"],
];

/** Names with four digits after a date that are no Muramura id. */
const NOT_MURAMURA: Array<[string, string]> = [
  ["/media/1pondo/092726_1266.mp4", "another studio named (its folder): JavSP asks none"],
  ["carib 092726_1266.mp4", "another studio named"],
  ["092726-1266.mp4", "a hyphen: D2Pass ids have an underscore"],
  ["092726_0966.mp4", "a leading zero: the site writes a number below 1000 in three digits"],
  ["132726_1266.mp4", "no month 13"],
];

describe("Muramura's four-digit numbers", () => {
  it.each(NAMES)("%s -> %s %j (%s)", (name, code, sellers) => {
    const found = readName(name).found;
    expect(found?.dvdId).toBe(code);
    expect(sellersOf(found!)).toEqual(sellers);
  });

  it("reads an id of Muramura's four digits as its own, the same as the site writes it", () => {
    for (const id of ["092726_1266", "040826_1229", "020426_1218"]) {
      expect(parseCode(id)).toEqual({ dvdId: id, kind: "muramura", censored: false });
      expect(parseCode(`muramura ${id}`)).toEqual({ dvdId: id, kind: "muramura", censored: false });
    }
  });

  it.each(NOT_MURAMURA)("%s is no Muramura code (%s)", (name) => {
    const found = readName(name).found;
    expect(found === null || !sellersOf(found).includes("muramura")).toBe(true);
  });
});
