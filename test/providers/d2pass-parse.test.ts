import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { validateIngestRecord } from "../../src/model/validate.js";
import { TEN_MUSUME } from "../../src/providers/10musume/index.js";
import { ONE_PONDO } from "../../src/providers/1pondo/index.js";
import { NO_PICTURES, parseLegacyGallery } from "../../src/providers/d2pass/gallery.js";
import { parseListing } from "../../src/providers/d2pass/listing.js";
import { parseD2PassDetails } from "../../src/providers/d2pass/parse.js";
import { ProviderParseError } from "../../src/providers/errors.js";
import { MURAMURA } from "../../src/providers/muramura/index.js";
import { PACOPACOMAMA } from "../../src/providers/pacopacomama/index.js";

const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/d2pass");
const fixture = (name: string): unknown => JSON.parse(readFileSync(path.join(FIXTURES, name), "utf8"));

const PONDO = "https://www.1pondo.tv";

describe("parseD2PassDetails on a real 1pondo movie_details (032417_504, legacy gallery)", () => {
  const gallery = parseLegacyGallery(fixture("1pondo-movie_galleries-032417_504-written.json"), ONE_PONDO, "032417_504", PONDO, `${PONDO}/x`);
  const r = parseD2PassDetails(fixture("1pondo-movie_details-032417_504.json"), ONE_PONDO, PONDO, gallery);

  it("fills the record field by field", () => {
    expect(validateIngestRecord(r)).toEqual([]);
    expect(r.record).toEqual({
      contentId: "032417_504",
      dvdId: "032417_504",
      titleEn: "Model Collection: Rin Aoki",
      titleJa: "モデルコレクション 碧木凛",
      commentEn: "Rin Akira shows off her eros in school uniform!",
      commentJa: "碧木凛ちゃんが制服姿で素のエロスを披露!冒頭インタビューではエロトークになると恥かしさで顔を伏せちゃうほど初々しい凛ちゃん。",
      runtimeMins: 62,
      releaseDate: "2017-03-30T00:00:00.000Z",
      makers: ["一本道"],
      label: "",
      series: "モデルコレクション",
      categories: ["AV女優", "モデル系", "パイパン", "制服", "ロリ", "スレンダー", "中出し", "フェラ", "生ハメ"],
      actresses: ["碧木凛"],
      actors: [],
      directors: [],
      authors: [],
      jacketFullUrl: `${PONDO}/moviepages/032417_504/images/str.jpg`,
      jacketThumbUrl: `${PONDO}/moviepages/032417_504/images/thum_b.jpg`,
      site: "1Pondo",
      serviceCode: "",
      extra: {
        actressesRich: [{ name: "碧木凛", image: null }],
        sampleUrl: null,
        galleryFull: [1, 2, 3, 4].map((n) => `${PONDO}/assets/sample/032417_504/popu/${n}.jpg`),
        galleryThumb: [1, 2, 3, 4].map((n) => `${PONDO}/assets/sample/032417_504/thum_106/${n}.jpg`),
      },
    });
    expect(r).toMatchObject({
      provider: "1pondo",
      pageUrl: `${PONDO}/movies/032417_504/`,
      ratingAvg: 4.3888888888889,
      ratingCount: null,
      popularity: null,
      censored: false,
    });
  });

  it("pairs each genre with its English by UcNameList, not by position (UCNAME and UCNAMEEn differ in order here)", () => {
    expect(r.altNames).toEqual({
      actress: ["Rin Aoki"],
      genre: ["AV Idol", "Model", "Paipan", "Uniform", "Loli", "Slender", "Creampie", "Blowjob", "Bareback"],
      series: ["Model Collection"],
    });
  });
});

describe("parseD2PassDetails on a real 10musume movie_details (042922_01)", () => {
  const r = parseD2PassDetails(fixture("10musume-movie_details-042922_01.json"), TEN_MUSUME, "https://www.10musume.com", NO_PICTURES);
  const base = "https://www.10musume.com/moviepages/042922_01/images";

  it("reads a two-digit id, no English description, no series, and the largest sample", () => {
    expect(r.record).toMatchObject({
      contentId: "042922_01",
      dvdId: "042922_01",
      titleEn: "I Will Make You Feel Happy With My Body in Nurse Costume",
      titleJa: "パツパツのナースコスプレに天使のやわ乳でいっぱいサービスするね",
      commentEn: null,
      runtimeMins: 61,
      releaseDate: "2022-04-29T00:00:00.000Z",
      makers: ["天然むすめ"],
      series: null,
      actresses: ["井出ふみか"],
      jacketFullUrl: `${base}/str.jpg`,
      jacketThumbUrl: `${base}/list1.jpg`,
      site: "10musume",
      extra: { sampleUrl: "https://smovie.10musume.com/sample/movies/042922_01/1080p.mp4", galleryFull: [], galleryThumb: [] },
    });
    expect(r.record.commentJa).toMatch(/^色白美肌のポッチャリ女子、井出ふみかちゃん。/);
    expect(r.record.categories).toEqual([
      "素人",
      "パイパン",
      "美尻",
      "巨乳",
      "手コキ",
      "コスプレ",
      "パイズリ",
      "69",
      "中出し",
      "バイブ",
      "フェラ",
      "ポッチャリ",
      "色白",
      "生ハメ",
    ]);
    // "69" is the same in both languages: no English of it is kept.
    expect(r.altNames).toEqual({
      actress: ["Fumika Ide"],
      genre: [
        "Amateur",
        "Paipan",
        "Sweet Ass",
        "Big Tits",
        "Handjob",
        "Cosplay",
        "Titty Fuck",
        "Creampie",
        "Vibrator",
        "Blowjob",
        "Chubby",
        "Fair Skin",
        "Bareback",
      ],
    });
    expect(r).toMatchObject({ provider: "10musume", pageUrl: "https://www.10musume.com/movies/042922_01/", ratingAvg: 3 });
  });
});

describe("parseD2PassDetails on the rows of a real 1pondo listing", () => {
  it("list_newest_0: a membership tag left out, a null rating, an empty DescEn, text with line breaks", () => {
    const page = parseListing(fixture("1pondo-list_newest_0-first3.json"), "1pondo");
    expect(page).toMatchObject({ total: 4830, split: 50 });
    const [a, b, c] = page.rows.map((row) => parseD2PassDetails(row, ONE_PONDO, PONDO, NO_PICTURES));
    expect(a.record).toMatchObject({
      contentId: "082926_001",
      releaseDate: "2026-08-29T00:00:00.000Z",
      runtimeMins: 60,
      series: "余裕で三連発できちゃう極上の女優",
      commentEn: null,
    });
    expect(a.record.categories).not.toContain("超VIP");
    expect(a.record.categories).toHaveLength(15);
    expect(a.altNames.genre).not.toContain("SVIP");
    expect(a.altNames.series).toEqual(["Sanrenpatsu Gokujo Joyu"]);
    expect(a.ratingAvg).toBeNull();
    expect(a.record.extra.sampleUrl).toBe("https://smovie.1pondo.tv/sample/movies/082926_001/1080p.mp4");
    expect(b.record).toMatchObject({ contentId: "082726_001", series: null, titleEn: "Wife repeatedly subjected to irrumatio by sadistic monsters." });
    expect(b.altNames.series).toBeUndefined();
    expect(c.record).toMatchObject({ contentId: "082526_001", commentEn: null, series: "おもてなし", actresses: ["佐倉みこ"] });
    expect(c.record.commentJa).toContain("悶え狂っちゃいます。\n「すごいすごい」");
    expect(c.ratingAvg).toBe(5);
  });

  it("list_newest_50: UCNAME in another order than UC (超VIP last), a null TitleEn", () => {
    const [a, b] = parseListing(fixture("1pondo-list_newest_50-first2.json"), "1pondo").rows.map((row) =>
      parseD2PassDetails(row, ONE_PONDO, PONDO, NO_PICTURES),
    );
    expect(a.record.categories).toEqual([
      "AV女優",
      "メイド",
      "パイパン",
      "痴女",
      "口内発射",
      "巨乳",
      "美乳",
      "手コキ",
      "パイズリ",
      "中出し",
      "クンニ",
      "フェラ",
      "生ハメ",
    ]);
    expect(a.altNames.genre).toEqual([
      "AV Idol",
      "Maid",
      "Paipan",
      "Slut",
      "Cum-in-Mouth",
      "Big Tits",
      "Pretty Tits",
      "Handjob",
      "Titty Fuck",
      "Creampie",
      "Cunnilingus",
      "Blowjob",
      "Bareback",
    ]);
    expect(b.record).toMatchObject({ contentId: "031726_001", titleEn: "", titleJa: "働きウーマン ~某AVメーカーに就職した女性ADに密着~", commentEn: null });
    expect(b.altNames.genre).not.toContain("OL");
  });
});

describe("parseD2PassDetails on written records (content made up, shape of the real ones)", () => {
  it("Pacopacomama: root-relative pictures, an empty ThumbUltra, no English anywhere, Duration as text, rating 0, CRLF", () => {
    const base = "https://www.pacopacomama.com";
    const gallery = parseLegacyGallery(fixture("pacopacomama-movie_galleries-071519_130-written.json"), PACOPACOMAMA, "071519_130", base, `${base}/x`);
    const r = parseD2PassDetails(fixture("pacopacomama-movie_details-071519_130-written.json"), PACOPACOMAMA, base, gallery);
    expect(r.record).toMatchObject({
      contentId: "071519_130",
      dvdId: "071519_130",
      titleEn: "",
      commentEn: null,
      commentJa: "（書き起こしの説明文）\n二行目の説明です。",
      runtimeMins: 61,
      makers: ["パコパコママ"],
      series: "人妻の午後",
      categories: ["中出し", "熟女/人妻"],
      actresses: ["森川さゆり", "高木みどり"],
      jacketFullUrl: `${base}/moviepages/071519_130/images/l_hd.jpg`,
      jacketThumbUrl: `${base}/assets/sample/071519_130/thum_b.jpg`,
      site: "Pacopacomama",
      extra: {
        sampleUrl: null,
        galleryFull: [`${base}/assets/sample/071519_130/l/1.jpg`, `${base}/assets/sample/071519_130/l/2.jpg`],
        galleryThumb: [`${base}/assets/sample/071519_130/s/1.jpg`, `${base}/assets/sample/071519_130/s/2.jpg`],
      },
    });
    expect(r.altNames).toEqual({ genre: ["Creampie", "Milf"] });
    expect(r.ratingAvg).toBeNull();
  });

  it("Muramura: `https:///` pictures under a base URL with a path, no performers, no rating, the largest sample listed first", () => {
    const base = "http://127.0.0.1:9/muramura";
    const r = parseD2PassDetails(fixture("muramura-movie_details-091522_959-written.json"), MURAMURA, base, NO_PICTURES);
    expect(validateIngestRecord(r)).toEqual([]);
    expect(r.record).toMatchObject({
      contentId: "091522_959",
      titleEn: "",
      titleJa: "（書き起こしのタイトル）素人娘",
      commentEn: null,
      runtimeMins: 45,
      releaseDate: "2022-09-15T00:00:00.000Z",
      makers: ["ムラムラってくる素人"],
      actresses: [],
      jacketFullUrl: `${base}/moviepages/091522_959/images/str.jpg`,
      jacketThumbUrl: `${base}/moviepages/091522_959/images/thum_b.jpg`,
      site: "Muramura",
      extra: { actressesRich: [], sampleUrl: "https://smovie.muramura.tv/sample/movies/091522_959/1080p.mp4" },
    });
    expect(r.pageUrl).toBe(`${base}/movies/091522_959/`);
    expect(r.altNames).toEqual({ genre: ["Amateur"] });
    expect(r.ratingAvg).toBeNull();
  });
});

describe("parseD2PassDetails refuses what is no title", () => {
  const real = fixture("10musume-movie_details-042922_01.json") as Record<string, unknown>;
  const parse = (json: unknown) => () => parseD2PassDetails(json, TEN_MUSUME, "https://www.10musume.com", NO_PICTURES);

  it.each([
    ["an array", []],
    ["null", null],
    ["no MovieID", { ...real, MovieID: null }],
    ["no title in either language", { ...real, Title: " ", TitleEn: null }],
  ])("%s is a ProviderParseError", (_, json) => {
    expect(parse(json)).toThrow(ProviderParseError);
  });

  it("says what it got: null is null, not 'object'", () => {
    expect(parse(null)).toThrow(/expected a JSON object, got null$/);
    expect(parse([])).toThrow(/got an array$/);
  });

  it('drops a series of the text "null" in either language (FSS\'s d2passutil drops it too)', () => {
    const none = parseD2PassDetails({ ...real, Series: "null", SeriesEn: "NULL" }, TEN_MUSUME, "https://www.10musume.com", NO_PICTURES);
    expect(none.record.series).toBeNull();
    expect(none.altNames.series).toBeUndefined();
    const en = parseD2PassDetails({ ...real, Series: "null", SeriesEn: "Nurse Series" }, TEN_MUSUME, "https://www.10musume.com", NO_PICTURES);
    expect(en.record.series).toBe("Nurse Series");
  });

  it("keeps the date empty when Release is no date, and the runtime 0 when Duration is missing", () => {
    const r = parseD2PassDetails({ ...real, Release: "", Duration: null }, TEN_MUSUME, "https://www.10musume.com", NO_PICTURES);
    expect(r.record).toMatchObject({ releaseDate: "", runtimeMins: 0 });
  });
});
