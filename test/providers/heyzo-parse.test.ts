/**
 * The HEYZO reader on every fixture of test/fixtures/heyzo/ (README.md there says which are
 * real saved pages and which are written from the scrapers' reading), field by field.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { validateIngestRecord } from "../../src/model/validate.js";
import { ProviderParseError } from "../../src/providers/errors.js";
import { type FetchedPage, parseHeyzoTitle } from "../../src/providers/heyzo/parse.js";
import { isNotFoundPage, isTitlePage, readTitlePage } from "../../src/providers/heyzo/read-page.js";

const DIR = path.resolve("test/fixtures/heyzo");
const BASE = "https://www.heyzo.com";
const text = (name: string): string => readFileSync(path.join(DIR, name), "utf8");
const ja = (name: string, id: string, html = text(name)): FetchedPage => ({ html, url: `${BASE}/moviepages/${id}/index.html` });
const en = (name: string, id: string, html = text(name)): FetchedPage => ({ html, url: `https://en.heyzo.com/moviepages/${id}/index.html` });
const contents = (id: string, file: string) => `${BASE}/contents/3000/${id}/${file}`;

function parsed(id: string, page: FetchedPage, english: FetchedPage | null = null) {
  const r = parseHeyzoTitle(id, page, english, BASE);
  if (r === null) throw new Error(`no record for ${id}`);
  expect(validateIngestRecord(r)).toEqual([]);
  return r;
}

describe("heyzo fixtures", () => {
  it("are the ones this suite covers", () => {
    expect(readdirSync(DIR).sort()).toEqual([
      "README.md",
      "en-moviepage-0783.html",
      "en-moviepage-3924.html",
      "ja-listpage-all-1.html",
      "ja-listpage-past-end.html",
      "ja-maintenance.html",
      "ja-moviepage-1234.html",
      "ja-moviepage-2500.html",
      "ja-moviepage-3500.html",
      "ja-moviepage-3930-no-ld.html",
      "ja-notfound.html",
    ]);
  });
});

describe("parseHeyzoTitle, Japanese pages", () => {
  it("reads a full page (2500): ld+json, the classed table, both tag lists, the visitors' gallery, the embed's sample", () => {
    const r = parsed("2500", ja("ja-moviepage-2500.html", "2500"));
    expect(r).toMatchObject({
      provider: "heyzo",
      pageUrl: `${BASE}/moviepages/2500/index.html`,
      ratingAvg: 3.8,
      ratingCount: 25,
      popularity: null,
      censored: false,
      altNames: {},
    });
    const rec = r.record;
    expect(rec).toMatchObject({ contentId: "2500", dvdId: "HEYZO-2500", titleEn: "", commentEn: null, label: "", serviceCode: "", site: "HEYZO" });
    expect(rec.titleJa).toBe("むっちりボディの爆乳娘はアナルもOKなエロビッチ");
    expect(rec.commentJa).toMatch(/^むっちりボディの桃果さん　極上の体を/);
    expect(rec.commentJa).toMatch(/たまらなくエロいのでした。$/);
    expect(rec.runtimeMins).toBe(62);
    expect(rec.releaseDate).toBe("2021-04-17T00:00:00.000Z");
    expect(rec.makers).toEqual(["HEYZO"]);
    expect(rec.series).toBeNull();
    expect(rec.actresses).toEqual(["小川桃果"]);
    expect([rec.actors, rec.directors, rec.authors]).toEqual([[], [], []]);
    // 女優タイプ first, then the tags once though the page lists them twice.
    expect(rec.categories).toEqual([
      "色白",
      "AV女優",
      "パイパン",
      "巨乳",
      "おもちゃ",
      "2穴責め",
      "騎乗位",
      "中出し",
      "バック",
      "アナル",
      "指マン",
      "３P",
      "クンニ",
    ]);
    expect(rec.jacketFullUrl).toBe(contents("2500", "images/player_thumbnail.jpg"));
    expect(rec.jacketThumbUrl).toBe(rec.jacketFullUrl);
    expect(rec.extra).toEqual({
      actressesRich: [{ name: "小川桃果", image: null }],
      sampleUrl: "https://sample.heyzo.com/contents/3000/2500/sample.mp4",
      galleryFull: ["001", "002", "003"].map((n) => contents("2500", `gallery/${n}.jpg`)),
      galleryThumb: ["001", "002", "003"].map((n) => contents("2500", `gallery/thumbnail_${n}.jpg`)),
    });
  });

  it("reads a linked series, a synopsis with line breaks, raw newlines in the ld+json, emvideo as the sample (3500)", () => {
    const r = parsed("3500", ja("ja-moviepage-3500.html", "3500"));
    expect(r.record.series).toBe("メイどーる");
    expect(r.record.titleJa).toBe("メイどーる Vol.18～ご主人様のいいなり性人形～");
    expect(r.record.commentJa).toBe(
      "朝起きると目の前にはフリフリメイド服の美緒ちゃんが！早速フェラのご奉仕をしてくれちゃいます。\n気持ちよくしてもらったあとは、あわあわお風呂でマッサージ。",
    );
    expect(r.record.runtimeMins).toBe(62);
    expect(r.record.releaseDate).toBe("2025-01-11T00:00:00.000Z");
    expect(r.record.categories.slice(0, 4)).toEqual(["パイパン", "AV女優", "色白", "メイド"]);
    expect(r.record.extra.sampleUrl).toBe("https://www.heyzo.com/contents/3000/3500/sample_low.mp4");
    expect(r.record.extra.galleryFull).toHaveLength(3);
    expect(r).toMatchObject({ ratingAvg: 3, ratingCount: null });
  });

  it("reads rows by their Japanese labels alone, the duration script over ld+json's PT0H0M0S, and no synopsis or gallery (1234)", () => {
    const r = parsed("1234", ja("ja-moviepage-1234.html", "1234"));
    expect(r.record).toMatchObject({
      titleJa: "都盛星空の足コキでイケ！",
      commentJa: null,
      runtimeMins: 21,
      releaseDate: "2016-08-16T00:00:00.000Z",
      series: null,
    });
    expect(r.record.actresses).toEqual(["都盛星空"]);
    expect(r.record.categories).toEqual(["熟女", "美脚", "足コキ", "手コキ", "ハゲ親父"]);
    expect(r.record.extra).toMatchObject({ galleryFull: [], galleryThumb: [], sampleUrl: "https://www.heyzo.com/contents/3000/1234/sample_low.mp4" });
    expect(r.ratingAvg).toBe(3);
  });

  it("reads a page with no ld+json, no performers, a range of days, a placeholder duration and no rating yet (3930)", () => {
    const r = parsed("3930", ja("ja-moviepage-3930-no-ld.html", "3930"));
    expect(r.record).toMatchObject({
      titleJa: "初めての撮影～緊張がほぐれるまで～",
      runtimeMins: 0,
      releaseDate: "2026-08-07T00:00:00.000Z",
      series: "初めての撮影",
      actresses: [],
      categories: [],
    });
    expect(r.record.commentJa).toBe("撮影は初めてという彼女。\n最初は緊張していましたが、少しずつ笑顔が見えてきます。");
    expect(r.record.jacketFullUrl).toBe(contents("3930", "images/player_thumbnail.jpg"));
    expect(r.record.extra).toEqual({ actressesRich: [], sampleUrl: null, galleryFull: [], galleryThumb: [] });
    expect(r).toMatchObject({ ratingAvg: null, ratingCount: null, altNames: {} });
  });

  it("leaves the day empty for a title announced for later (近日公開)", () => {
    const html = text("ja-moviepage-3930-no-ld.html").replace(/2026-08-07　～　<strong class="flashing">2026-08-13<\/strong>/, "近日公開");
    expect(parsed("3930", ja("", "3930", html)).record.releaseDate).toBe("");
  });

  it("falls back to the structured data's day and performer when the table has none", () => {
    const html = text("ja-moviepage-2500.html")
      .replace(/<tr class="table-release-day">[\s\S]*?<\/tr>/, "")
      .replace(/<tr class="table-actor">[\s\S]*?<\/tr>/, "");
    const r = parsed("2500", ja("", "2500", html));
    expect(r.record.releaseDate).toBe("2021-04-17T00:00:00.000Z");
    expect(r.record.actresses).toEqual(["小川桃果"]);
  });

  it("reads every category link of the table, whatever its row is called", () => {
    const row = '<tr><td>新しい分類</td><td><a href="/listpages/category_77_1.html">新分類</a> <a href="/search/x/1.html">検索語</a></td></tr>';
    const html = text("ja-moviepage-1234.html").replace("<tbody>", `<tbody>${row}`);
    expect(parsed("1234", ja("", "1234", html)).record.categories).toEqual(["新分類", "熟女", "美脚", "足コキ", "手コキ", "ハゲ親父"]);
  });

  it("takes the review count from the structured data alone, not from a marked count in the table (none is on record)", () => {
    const html = text("ja-moviepage-2500.html").replace(
      '<span itemprop="ratingValue">3.8</span>',
      '<span itemprop="ratingValue">3.8</span> (<span itemprop="ratingCount">99</span>件)',
    );
    expect(parsed("2500", ja("", "2500", html)).ratingCount).toBe(25);
  });

  it("names the provider a page links as the maker", () => {
    const row = '<tr><td>提供</td><td><a href="https://www.heydouga.com/ja/listpages/provider_4188_1.html">素人ガチ</a></td></tr>';
    const html = text("ja-moviepage-1234.html").replace("<tbody>", `<tbody>${row}`);
    expect(parsed("1234", ja("", "1234", html)).record.makers).toEqual(["素人ガチ"]);
  });

  it("answers null for the site's 404 page", () => {
    expect(parseHeyzoTitle("9999", ja("ja-notfound.html", "9999"), null, BASE)).toBeNull();
  });

  it("throws on a page that names another title as its own (movie id, og:url, og:image), never answering with it", () => {
    expect(() => parseHeyzoTitle("2501", ja("ja-moviepage-2500.html", "2501"), null, BASE)).toThrow(/title 2500's, not 2501's/);
    // Each of the three marks alone is enough.
    const noScript = text("ja-moviepage-2500.html").replace("var movieId = '2500';", "");
    expect(() => parseHeyzoTitle("2501", ja("", "2501", noScript), null, BASE)).toThrow(ProviderParseError);
    const ogUrlOnly = noScript.replace(/<meta property="og:image"[^>]*>/, "");
    expect(() => parseHeyzoTitle("2501", ja("", "2501", ogUrlOnly), null, BASE)).toThrow(/2500's/);
    const ogImageOnly = noScript.replace(/<meta property="og:url"[^>]*>/, "");
    expect(() => parseHeyzoTitle("2501", ja("", "2501", ogImageOnly), null, BASE)).toThrow(/2500's/);
    // A page that names no id of its own is taken for the one asked (its address was).
    const unnamed = ogImageOnly.replace(/<meta property="og:image"[^>]*>/, "");
    expect(parsed("2501", ja("", "2501", unnamed)).record.contentId).toBe("2501");
  });

  it("throws on a page that is no title page (a maintenance page) and on one that is no record (no title)", () => {
    expect(() => parseHeyzoTitle("2500", ja("ja-maintenance.html", "2500"), null, BASE)).toThrow(ProviderParseError);
    const untitled = text("ja-moviepage-3930-no-ld.html").replace(/<h1>[\s\S]*?<\/h1>/, "<h1></h1>");
    expect(() => parseHeyzoTitle("3930", ja("", "3930", untitled), null, BASE)).toThrow(/titleJa: both empty/);
  });

  it("tells title pages, 404 pages and other pages apart", () => {
    expect(["ja-moviepage-2500.html", "en-moviepage-0783.html", "ja-moviepage-3930-no-ld.html"].map((f) => isTitlePage(text(f)))).toEqual([true, true, true]);
    expect(["ja-maintenance.html", "ja-listpage-all-1.html", "ja-notfound.html"].map((f) => isTitlePage(text(f)))).toEqual([false, false, false]);
    expect(isNotFoundPage(text("ja-notfound.html"))).toBe(true);
    expect(isNotFoundPage(text("ja-moviepage-2500.html"))).toBe(false);
  });
});

describe("readTitlePage, the saved English pages", () => {
  it("0783: the movie_obj script, the label-only rows, the categories with their ids, dir_gallery's visitors' pictures", () => {
    const p = readTitlePage(text("en-moviepage-0783.html"));
    expect(p).toMatchObject({ ownIds: ["0783"], title: "Sex Heaven-Beautiful Girl's Gorgeous Skin-", description: null, day: "2015-01-17", runtimeMins: 63 });
    expect(p.image).toBe("//en.heyzo.com/contents/3000/0783/images/player_thumbnail_en.jpg");
    expect(p.actresses).toEqual([{ name: "Miku Ohashi", id: "431" }]);
    expect(p.series).toEqual({ name: "Sex Heaven", id: "188" });
    expect(p.categories.map((c) => `${c.id}:${c.name}`)).toEqual([
      "28:Sexy Legs",
      "29:Nice Tits",
      "216:Fair-skinned",
      "20:Porn Star",
      "11:Tit Fuck",
      "15:Riding",
      "1:69",
      "16:Doggy Style",
      "3:Creampie",
      "5:Handjob",
      "157:Others",
    ]);
    expect(p).toMatchObject({ keywords: [], provider: { name: "HEYZO", id: null }, rating: 4.7, ratingCount: 33 });
    expect(p.gallery.full).toEqual(["001", "002", "003"].map((n) => `/contents/3000/0783/gallery/${n}.jpg`));
    expect(p.gallery.thumb).toEqual(["001", "002", "003"].map((n) => `/contents/3000/0783/gallery/thumbnail_${n}.jpg`));
    expect(p.sample).toBe("https://sample.heyzo.com/contents/3000/0783/sample.mp4");
  });

  it("3924: a range of days (not the script's constant date), a linked provider, no rating yet, no gallery", () => {
    const p = readTitlePage(text("en-moviepage-3924.html"));
    expect(p).toMatchObject({
      ownIds: ["3924"],
      title: "Friendly girl actually so Wet Body",
      day: "2026-07-30",
      runtimeMins: 71,
      series: null,
      categories: [],
    });
    expect(p.actresses).toEqual([{ name: "RYO", id: "1789" }]);
    expect(p.provider).toEqual({ name: "Real Deal Shirouto", id: "4188" });
    expect(p).toMatchObject({ rating: null, ratingCount: null, gallery: { full: [], thumb: [] } });
  });

  it("the scripted date is not the title's when the table has none (uploadDate is)", () => {
    const html = text("en-moviepage-0783.html").replace(/<td>Released<\/td>/, "<td>Unlisted</td>");
    expect(readTitlePage(html).day).toBe("2015-01-17");
    expect(readTitlePage(html.replace(/"uploadDate":"2015-01-17",/, "")).day).toBeNull();
  });
});

describe("parseHeyzoTitle with the English page", () => {
  // The 2500 page made 0783's: its performer and categories carry the ids the saved English page links.
  const html0783 = text("ja-moviepage-2500.html").replaceAll("2500", "0783").replace("actor_2236", "actor_431");

  it("takes the English title and pairs the English names by the site's ids", () => {
    const r = parsed("0783", ja("", "0783", html0783), en("en-moviepage-0783.html", "0783"));
    expect(r.record.titleEn).toBe("Sex Heaven-Beautiful Girl's Gorgeous Skin-");
    expect(r.record.commentEn).toBeNull();
    expect(r.altNames).toEqual({ actress: ["Miku Ohashi"], genre: ["Fair-skinned", "Porn Star"] });
    // The Japanese page stays the source of everything else.
    expect(r.record.titleJa).toBe("むっちりボディの爆乳娘はアナルもOKなエロビッチ");
    expect(r.record.releaseDate).toBe("2021-04-17T00:00:00.000Z");
  });

  it("ignores an English 404 page", () => {
    const r = parsed("0783", ja("", "0783", html0783), en("ja-notfound.html", "0783"));
    expect(r.record.titleEn).toBe("");
    expect(r.altNames).toEqual({});
  });

  it("takes the English page only when its own movie id is the id asked", () => {
    // The Japanese 2500 with 0783's English page: nothing of 0783 is taken.
    const r = parsed("2500", ja("ja-moviepage-2500.html", "2500"), en("en-moviepage-0783.html", "2500"));
    expect([r.record.titleEn, r.altNames]).toEqual(["", {}]);
    // An English page that names no movie id cannot show it is the title's.
    const unnamed = text("en-moviepage-0783.html").replace('var movieId = "0783";', "");
    const r2 = parsed("0783", ja("", "0783", html0783), en("", "0783", unnamed));
    expect(r2.record.titleEn).toBe("");
    // A maintenance page in its place is no English page either.
    expect(parsed("0783", ja("", "0783", html0783), en("ja-maintenance.html", "0783")).record.titleEn).toBe("");
  });
});
