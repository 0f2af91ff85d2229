/** Which sellers a code (as read from a name) can belong to: what the lookup asks, and in which order. */
import { describe, expect, it } from "vitest";
import { readName, sellersOf } from "../../src/codes/index.js";

const TABLE: Array<[name: string, code: string, sellers: string[]]> = [
  ["ABP-123", "ABP-123", ["dmm"]],
  ["259LUXU-1234.mp4", "259LUXU-1234", ["dmm"]],
  ["HEYZO-1234", "HEYZO-1234", ["heyzo"]],
  ["[HEYZO] 1234.mp4", "HEYZO-1234", ["heyzo"]],
  ["heyzo_hd_2949_full.mp4", "HEYZO-2949", ["heyzo"]],
  // A hyphen is Caribbeancom's alone; two digits after an underscore 10musume's alone.
  ["010120-001", "010120-001", ["caribbeancom"]],
  ["Carib 010120-001.mp4", "010120-001", ["caribbeancom"]],
  ["010120_01", "010120_01", ["10musume"]],
  // An underscore and three digits: four sites write it; the name's studio settles it.
  ["010120_001", "010120_001", ["1pondo", "caribbeancompr", "pacopacomama", "muramura"]],
  ["1pondo_010120_001.mp4", "010120_001", ["1pondo"]],
  ["1pon 010120_001", "010120_001", ["1pondo"]],
  ["caribbeancompr-042922_001.mp4", "042922_001", ["caribbeancompr"]],
  ["pacopacomama 032622_623", "032622_623", ["pacopacomama"]],
  ["muramura_091522_959.mp4", "091522_959", ["muramura"]],
  // Muramura's newer four-digit numbers, read with its name alone (sgyx/JavSP, FSS).
  ["muramura 092726_1266", "092726_1266", ["muramura"]],
  ["Tokyo-Hot n1633.mp4", "n1633", ["tokyo-hot"]],
  ["n1633", "n1633", ["tokyo-hot"]],
  // Tokyo-Hot's other series read as labels: both sellers asked, unless the name says Tokyo-Hot (JavSP's names).
  ["Tokyo-Hot kb1512 チーム木村番外編.mp4", "kb1512", ["tokyo-hot"]],
  ["tokyo_hot-red030.mp4", "RED-030", ["tokyo-hot"]],
  ["RED157.mp4", "RED-157", ["dmm", "tokyo-hot"]],
  ["sky132_maria_ozawa_gg_n.mp4", "SKY-132", ["dmm", "tokyo-hot"]],
  ["ex0007_yukie_hashimoto_pd.wmv", "EX-007", ["dmm", "tokyo-hot"]],
  ["1179296774@Tokyo hot ex0007.avi", "EX-007", ["tokyo-hot"]],
  ["FC2-PPV-1234567", "FC2-PPV-1234567", ["fc2"]],
  // Studios named in Japanese, or as Chinese forums name them (the Caribbeancom helper's table).
  ["カリビアンコム 050422_001.mp4", "050422-001", ["caribbeancom"]],
  ["加勒比 050422_001.mp4", "050422-001", ["caribbeancom"]],
  ["加勒比PR 052121_002.mp4", "052121_002", ["caribbeancompr"]],
  ["カリビアンコムプレミアム 052121_002.mp4", "052121_002", ["caribbeancompr"]],
  ["カリビアンコムプレミアム 052121-002.mp4", "052121_002", ["caribbeancompr"]],
  ["一本道 010120_001.mp4", "010120_001", ["1pondo"]],
  ["パコパコママ 032622_623.mp4", "032622_623", ["pacopacomama"]],
  // A word of a title is no studio; a file's own studio wins over its folder's (found in review).
  ["103026_001 ムラムラが止まらない人妻.mp4", "103026_001", ["1pondo", "caribbeancompr", "pacopacomama", "muramura"]],
  ["/library/ムラムラ系/103026_001.mp4", "103026_001", ["1pondo", "caribbeancompr", "pacopacomama", "muramura"]],
  ["/media/Carib/一本道 010120_001.mp4", "010120_001", ["1pondo"]],
  ["/media/1pondo/010120_001.mp4", "010120_001", ["1pondo"]],
];

describe("sellersOf", () => {
  it.each(TABLE)("%s -> %s: %j", (name, code, sellers) => {
    const found = readName(name).found;
    expect(found?.dvdId).toBe(code);
    expect(sellersOf(found!)).toEqual(sellers);
  });

  it("never lets a name's studio add a seller the code cannot have", () => {
    // A Caribbeancom name around a DMM code: the code's own seller only.
    expect(sellersOf(readName("carib ABP-123.mp4").found!)).toEqual(["dmm"]);
  });
});
