import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { contentIdToDvdId, dvdIdToContentIdGuess, isCodeLike, lookupCandidates, normalizeContentId, parseCode, type CodeKind } from "../../src/codes/index.js";

/** librefanza's Fanza::Id.normalize spec rows; see test/fixtures/provider-samples/README.md, section codes/. */
const TSV_PATH = fileURLToPath(new URL("../fixtures/provider-samples/codes/content-id-to-dvd-id.tsv", import.meta.url));

function readReferenceRows(): Array<[string, string]> {
  if (!existsSync(TSV_PATH)) throw new Error(`reference table missing: ${TSV_PATH}`);
  const [header, ...lines] = readFileSync(TSV_PATH, "utf8")
    .split(/\r?\n/)
    .filter((l) => l !== "");
  if (header !== "content_id\tdvd_id") throw new Error(`unexpected header in ${TSV_PATH}: ${header}`);
  return lines.map((line) => {
    const cells = line.split("\t");
    if (cells.length !== 2) throw new Error(`malformed row in ${TSV_PATH}: ${JSON.stringify(line)}`);
    return [cells[0], cells[1]];
  });
}

const REFERENCE_ROWS = readReferenceRows();

type Case = [input: string, dvdId: string, kind: CodeKind];

const PARSE_CASES: Case[] = [
  // Standard spellings
  ["abp123", "ABP-123", "standard"],
  ["ABP-123", "ABP-123", "standard"],
  ["abp-00123", "ABP-123", "standard"],
  ["ABP 123", "ABP-123", "standard"],
  ["abp_123", "ABP-123", "standard"],
  ["ABP123", "ABP-123", "standard"],
  ["abp00123", "ABP-123", "standard"],
  ["abp-1", "ABP-001", "standard"],
  ["ABP-01", "ABP-01", "standard"],
  ["ipx-00535", "IPX-535", "standard"],
  ["SONE-708", "SONE-708", "standard"],
  ["ssis-001", "SSIS-001", "standard"],
  ["STARS-1000", "STARS-1000", "standard"],
  ["MIDV 018", "MIDV-018", "standard"],
  ["  ABP-123  ", "ABP-123", "standard"],
  ["ＡＢＰ－１２３", "ABP-123", "standard"],
  ["ABP‐123", "ABP-123", "standard"],
  ["C-2344", "C-2344", "standard"],
  ["T28-633", "T28-633", "standard"],
  ["T-28633", "T28-633", "standard"],
  ["t28526", "T28-526", "standard"],
  ["R18-294", "R18-294", "standard"],
  ["3DSVR-0020", "3DSVR-020", "standard"],
  ["20ID-044", "20ID-044", "standard"],
  ["WVR6D-004", "WVR6D-004", "standard"],
  ["GHT-000A", "GHT-000", "standard"],
  // File names
  ["ABP123.mp4", "ABP-123", "standard"],
  ["ABP-123.mp4", "ABP-123", "standard"],
  ["abp-123.MKV", "ABP-123", "standard"],
  ["[site]abp-123-C.mkv", "ABP-123", "standard"],
  ["[Thz.la]abp-123-C.mkv", "ABP-123", "standard"],
  ["【高画質】ABP-123.mp4", "ABP-123", "standard"],
  ["(FHD) ABP-123.wmv", "ABP-123", "standard"],
  ["[ABP-123]", "ABP-123", "standard"],
  ["abp-123-uc.mp4", "ABP-123", "standard"],
  ["ABP-123-U.mp4", "ABP-123", "standard"],
  ["ABP-123-leak.mp4", "ABP-123", "standard"],
  ["ABP-123C.mp4", "ABP-123", "standard"],
  ["ABP-123-ch.mp4", "ABP-123", "standard"],
  ["ABP-123CD1", "ABP-123", "standard"],
  ["ABP-123-cd2.avi", "ABP-123", "standard"],
  ["ABP-123 part2.mp4", "ABP-123", "standard"],
  ["ABP-123-A.mp4", "ABP-123", "standard"],
  ["abp-123-B", "ABP-123", "standard"],
  ["hhd800.com@ABP-123.mp4", "ABP-123", "standard"],
  ["www.site.com-abp-123", "ABP-123", "standard"],
  ["site.net_ABP-123.mp4", "ABP-123", "standard"],
  ["ABP-123-4K", "ABP-123", "standard"],
  ["IPX-535 4K.mp4", "IPX-535", "standard"],
  ["ABP-123_FHD.mp4", "ABP-123", "standard"],
  ["ABP-123 1080p x264.mkv", "ABP-123", "standard"],
  ["ABP-123.720p.mp4", "ABP-123", "standard"],
  ["ABP-123 (1).mp4", "ABP-123", "standard"],
  ["ABP-123.mp4.part", "ABP-123", "standard"],
  ["/home/me/Videos/ABP-123-C.mp4", "ABP-123", "standard"],
  ["C:\\Videos\\SSIS-001.mp4", "SSIS-001", "standard"],
  ["[site]abp-123-C.mkv\n", "ABP-123", "standard"],
  // DMM content ids
  ["118abp00123", "ABP-123", "standard"],
  ["h_086mesu00103", "MESU-103", "standard"],
  ["1ipx00535", "IPX-535", "standard"],
  ["1stars00001", "STARS-001", "standard"],
  ["104bshd16", "BSHD-16", "standard"],
  ["h_244sama083dod", "SAMA-083", "standard"],
  ["118ezd300_ar", "EZD-300", "standard"],
  ["1230crs010a_t", "CRS-010", "standard"],
  ["1mist00219re01", "MIST-219", "standard"],
  ["13dsvr00003", "3DSVR-003", "standard"],
  ["5520id00044", "20ID-044", "standard"],
  ["h_093r1800294", "R18-294", "standard"],
  ["55t2800147", "T28-147", "standard"],
  ["4kdvaj00594", "DVAJ-594", "standard"],
  ["140c2344", "C-2344", "standard"],
  ["h_1337wvr6d00004", "WVR6D-004", "standard"],
  ["DGCEAD-001", "CEAD-001", "standard"],
  ["abp00123dod", "ABP-123", "standard"],
  // FC2
  ["FC2-PPV-1234567", "FC2-PPV-1234567", "fc2"],
  ["FC2PPV 1234567", "FC2-PPV-1234567", "fc2"],
  ["fc2-ppv-1234567", "FC2-PPV-1234567", "fc2"],
  ["FC2-1234567", "FC2-PPV-1234567", "fc2"],
  ["fc2ppv_1234567", "FC2-PPV-1234567", "fc2"],
  ["FC2 PPV 1234567", "FC2-PPV-1234567", "fc2"],
  ["FC2-PPV-4221749.mp4", "FC2-PPV-4221749", "fc2"],
  ["[site]FC2-PPV-1234567-C.mp4", "FC2-PPV-1234567", "fc2"],
  // HEYZO and Heydouga
  ["HEYZO-1234", "HEYZO-1234", "heyzo"],
  ["heyzo_hd_1234", "HEYZO-1234", "heyzo"],
  ["HEYZO 1234", "HEYZO-1234", "heyzo"],
  ["heyzo-0012", "HEYZO-0012", "heyzo"],
  ["heyzo00012", "HEYZO-0012", "heyzo"],
  ["heyzo_hd_1234_full.mp4", "HEYZO-1234", "heyzo"],
  ["heydouga 4017-123", "HEYDOUGA-4017-123", "heydouga"],
  // Dated uncensored sites
  ["Carib 010120-001", "010120-001", "caribbean"],
  ["caribbeancom 010120-001", "010120-001", "caribbean"],
  ["010120-001", "010120-001", "caribbean"],
  ["caribbeancom-010120-001.mp4", "010120-001", "caribbean"],
  ["caribbeancompr 010120_001", "010120_001", "caribbeanpr"],
  ["1pondo 010120_001", "010120_001", "1pondo"],
  ["010120_001", "010120_001", "dated"],
  ["1pon_010120_001.mp4", "010120_001", "1pondo"],
  ["1pondo 010120-001", "010120_001", "1pondo"],
  ["10musume 010120_01", "010120_01", "10musume"],
  ["010120_01", "010120_01", "10musume"],
  ["pacopacomama 010120_001", "010120_001", "pacopacomama"],
  ["muramura 010120_001", "010120_001", "muramura"],
  ["Muramura-010120_001.mp4", "010120_001", "muramura"],
  ["muramura-071926_1251.mp4", "071926_1251", "muramura"],
  // Muramura's four digits alone (its ids 092726_1266, 040826_1229, 020426_1218: test/codes/muramura-numbers.test.ts)
  ["092726_1266", "092726_1266", "muramura"],
  ["040826_1229.mp4", "040826_1229", "muramura"],
  // Amateur
  ["259LUXU-1234", "259LUXU-1234", "amateur"],
  ["259luxu1234", "259LUXU-1234", "amateur"],
  ["259luxu01234", "259LUXU-1234", "amateur"],
  ["LUXU-1234", "259LUXU-1234", "amateur"],
  ["SIRO-1234", "SIRO-1234", "amateur"],
  ["siro1234", "SIRO-1234", "amateur"],
  ["SIRO 1234", "SIRO-1234", "amateur"],
  ["300MIUM-123", "300MIUM-123", "amateur"],
  ["300MAAN-456.mp4", "300MAAN-456", "amateur"],
  ["300NTK-635", "300NTK-635", "amateur"],
  ["261ARA-168", "261ARA-168", "amateur"],
  ["200GANA-2556", "200GANA-2556", "amateur"],
  ["277DCV-102", "277DCV-102", "amateur"],
  ["390JAC-034", "390JAC-034", "amateur"],
  ["428SUKE-086", "428SUKE-086", "amateur"],
  ["476MLA-043", "476MLA-043", "amateur"],
  ["483SGK-054", "483SGK-054", "amateur"],
  ["hhd800.com@259LUXU-1234-C.mp4", "259LUXU-1234", "amateur"],
  // Tokyo-Hot
  ["n1234", "n1234", "tokyohot"],
  ["k1234", "k1234", "tokyohot"],
  ["N1234", "n1234", "tokyohot"],
  ["Tokyo-Hot n1234", "n1234", "tokyohot"],
  ["tokyohot_k0123.mp4", "k0123", "tokyohot"],
  // XXX-AV: the studio's name belongs to the code
  ["XXX-AV-22061", "XXX-AV-22061", "xxxav"],
  ["xxx-av 20589.mp4", "XXX-AV-20589", "xxxav"],
  ["XXX AV 24296", "XXX-AV-24296", "xxxav"],
  ["xxx_av_123456", "XXX-AV-123456", "xxxav"],
  // A code amid other words is read (file names carry titles and names around it)
  ["人妻 ABP-123 の感想", "ABP-123", "standard"],
  ["ABP-123 Airi", "ABP-123", "standard"],
  ["Airi ABP-123", "ABP-123", "standard"],
  ["ABP-123 鈴村あいり", "ABP-123", "standard"],
  ["ABP-123😀", "ABP-123", "standard"],
  ["abc123def", "ABC-123", "standard"],
];

const NOT_CODES: string[] = [
  // Four digits that are no Muramura number: a leading zero (below 1000 it writes three), a hyphen, another studio named.
  "110315_0932.mp4",
  "092726-1266",
  "carib 092726_1266",
  "1pondo 092726_1266",
  "",
  " ",
  "beautiful wife",
  "Beautiful Wife 2",
  "美しい人妻の秘密",
  "abc",
  "123",
  "123abc",
  "h_006ghta",
  "BIC-MAN",
  "180_1507",
  "1080p",
  "720p",
  "2160p",
  "4K",
  "x264",
  "h264",
  "H.265",
  "HEVC",
  "1080p60",
  "1080p120",
  "4k60fps",
  "mp4",
  "movie.mp4",
  "IMG_1234.mp4",
  "DSC01234.JPG",
  "MVI_0042.MOV",
  "DJI_0001.mp4",
  "COVID-19",
  "Summer 2020",
  "Top 100",
  "TOP 100",
  "Abp123",
  "sha256",
  "Windows10",
  "i18n",
  "web3",
  "2020-01-01",
  "123456-789",
  "131320-001",
  "010120-01",
  "abp--123",
  "ABP-",
  "-123",
  "FC2",
  "HEYZO",
  "Carib",
  "😀",
  "[site]",
  "www.site.com",
];

describe("parseCode", () => {
  it("has at least 100 positive table cases", () => {
    expect(PARSE_CASES.length).toBeGreaterThanOrEqual(100);
  });

  it.each(PARSE_CASES)("%j -> %s (%s)", (input, dvdId, kind) => {
    const parsed = parseCode(input);
    expect(parsed).toEqual({ dvdId, kind, censored: kind === "standard" || kind === "amateur" });
    expect(isCodeLike(input)).toBe(true);
  });

  it.each(PARSE_CASES)("%j: the canonical form parses to itself", (input) => {
    const dvdId = parseCode(input)?.dvdId ?? "";
    expect(parseCode(dvdId)?.dvdId).toBe(dvdId);
  });

  it.each(NOT_CODES)("%j is not a code", (input) => {
    expect(parseCode(input)).toBeNull();
    expect(isCodeLike(input)).toBe(false);
  });
});

describe("contentIdToDvdId", () => {
  it("reads the full reference table", () => {
    expect(REFERENCE_ROWS).toHaveLength(71);
  });

  it.each(REFERENCE_ROWS)("%s -> %s", (contentId, dvdId) => {
    expect(contentIdToDvdId(contentId)).toBe(dvdId);
  });

  // FC2 is the one family whose dvdId spelling differs: the table folds it to FC2-n, parseCode to FC2-PPV-n.
  const converted = REFERENCE_ROWS.filter(([cid, dvd]) => cid !== dvd && !dvd.startsWith("FC2"));
  it.each(converted)("%s: parseCode agrees or declines", (contentId, dvdId) => {
    const parsed = parseCode(contentId);
    if (parsed !== null) expect(parsed.dvdId).toBe(dvdId);
    expect(parseCode(dvdId)?.dvdId).toBe(dvdId);
  });

  it.each([
    ["118abp00123", "ABP-123"],
    ["1ipx00535", "IPX-535"],
    ["h_086mesu00103", "MESU-103"],
    ["259luxu01234", "259LUXU-1234"],
    ["heyzo00012", "HEYZO-0012"],
    [" 118abp00123 ", "ABP-123"],
  ])("%j -> %s", (contentId, dvdId) => {
    expect(contentIdToDvdId(contentId)).toBe(dvdId);
  });

  it.each(["", "   ", "ABP 123", "abp/123", "美しい", "a".repeat(65)])("%j is not a content id", (input) => {
    expect(contentIdToDvdId(input)).toBeNull();
  });
});

describe("dvdIdToContentIdGuess", () => {
  it.each([
    ["ABP-123", "abp00123"],
    ["IPX-535", "ipx00535"],
    ["ABP-001", "abp00001"],
    ["STARS-1000", "stars01000"],
    ["T28-147", "t2800147"],
    ["3DSVR-003", "3dsvr00003"],
    ["259LUXU-1234", "259luxu01234"],
    ["HEYZO-0012", "heyzo00012"],
    ["FC2-PPV-1234567", "fc2ppv1234567"],
    ["010120-001", "010120-001"],
    ["n1234", "n1234"],
    ["abp123", "abp00123"],
  ])("%s -> %s", (dvdId, contentId) => {
    expect(dvdIdToContentIdGuess(dvdId)).toBe(contentId);
  });

  it("round-trips standard codes through contentIdToDvdId", () => {
    for (const dvdId of ["ABP-123", "SSIS-001", "T28-147", "R18-294", "20ID-044", "259LUXU-1234", "HEYZO-0012"]) {
      expect(contentIdToDvdId(dvdIdToContentIdGuess(dvdId))).toBe(dvdId);
    }
  });
});

describe("normalizeContentId", () => {
  it.each([
    ["  ABP00123 ", "abp00123"],
    ["H_086MESU00103", "h_086mesu00103"],
    ["118abp00123", "118abp00123"],
  ])("%j -> %s", (input, expected) => {
    expect(normalizeContentId(input)).toBe(expected);
  });
});

describe("robustness", () => {
  const TEN_KB = 10_000;
  const weird: string[] = [
    "\u0000",
    "\u0000ABP-123\u0007",
    "\ud800",
    "ABP-\udfff123",
    "\u202eABP-123",
    "😀".repeat(100),
    "\t\r\n",
    "[[[[[[",
    "【】【】",
    "..mp4",
    ".mp4",
    "@",
    "www.",
    "h_",
    "_",
    "-".repeat(50),
  ];

  it.each(weird)("%j does not throw", (input) => {
    expect(() => parseCode(input)).not.toThrow();
    expect(() => contentIdToDvdId(input)).not.toThrow();
    expect(() => dvdIdToContentIdGuess(input)).not.toThrow();
    expect(() => normalizeContentId(input)).not.toThrow();
  });

  it("ignores control characters inside a code", () => {
    expect(parseCode("\u0000ABP-123\u0007")?.dvdId).toBe("ABP-123");
  });

  it("returns null for non-string input from untyped callers", () => {
    expect(parseCode(undefined as unknown as string)).toBeNull();
    expect(parseCode(123 as unknown as string)).toBeNull();
    expect(contentIdToDvdId(null as unknown as string)).toBeNull();
  });

  // Units chosen to hit each regex's worst case: long separator runs, unclosed brackets,
  // digit/letter alternation, repeated domains and tags.
  const UNITS = [
    "a",
    "1",
    "-",
    " ",
    "[",
    "(",
    "【",
    "a1",
    "1a",
    "a-",
    "1-",
    "_",
    ".",
    "www.",
    "abp-123 ",
    "1p",
    "t28",
    "3dsvr",
    "20id",
    "fc2",
    "-c",
    "cd1",
    "😀",
    "\u0000",
  ];
  const HEADS = ["", "ABP-123", "h_", "1", "["];
  const TAILS = ["", "x", "123", "-C", "]", "1p", ".mp4"];

  it("stays linear on 10 kB adversarial inputs", () => {
    let worstMs = 0;
    let worst = "";
    for (const unit of UNITS) {
      for (const head of HEADS) {
        for (const tail of TAILS) {
          const input = head + unit.repeat(Math.ceil(TEN_KB / unit.length)) + tail;
          const started = performance.now();
          parseCode(input);
          contentIdToDvdId(input);
          dvdIdToContentIdGuess(input);
          const ms = performance.now() - started;
          if (ms > worstMs) {
            worstMs = ms;
            worst = JSON.stringify({ head, unit, tail });
          }
        }
      }
    }
    // Quadratic backtracking on 10 kB takes seconds; linear work takes a few ms.
    expect(worstMs, `slowest input: ${worst}`).toBeLessThan(250);
  });

  it("parses a code after 10 kB of site prefix noise and rejects 10 kB of words", () => {
    expect(parseCode(`${"x".repeat(TEN_KB)}/ABP-123.mp4`)?.dvdId).toBe("ABP-123");
    expect(parseCode("beautiful wife ".repeat(700))).toBeNull();
    expect(parseCode("ABP-123 ".repeat(1300))).toBeNull();
  });
});

describe("lookupCandidates", () => {
  it.each([
    ["ABP-12", ["ABP-12", "ABP-012"]],
    ["ABP-012", ["ABP-012", "ABP-12"]],
    ["BSHD-16", ["BSHD-16", "BSHD-016"]],
    ["ABP-123", ["ABP-123"]],
    ["SONE-708", ["SONE-708"]],
    ["FC2-PPV-1234567", ["FC2-PPV-1234567"]],
    ["HEYZO-0012", ["HEYZO-0012"]],
  ])("%s -> %j", (input, expected) => {
    const code = parseCode(input);
    expect(code).not.toBeNull();
    expect(lookupCandidates(code!)).toEqual(expected);
  });
});

describe("maker digits that end in 4 before a k label", () => {
  it("reads 314kiray01448 as 314KIRAY-1448, not a 4K edition", () => {
    expect(contentIdToDvdId("314kiray01448")).toBe("314KIRAY-1448");
    expect(parseCode("314KIRAY-1448")?.dvdId).toBe("314KIRAY-1448");
    expect(contentIdToDvdId("4kdvaj00594")).toBe("DVAJ-594");
  });
});
