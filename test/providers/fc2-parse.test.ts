/**
 * FC2's article pages read field by field: the two real pages librefanza saved (2024 layout),
 * OpenAver's real 2026 page (商品ID row, items_article_writer, no rating), FC2's real "not found"
 * page, and pages derived from them by string edits (no tags, no samples, another article's
 * ids, no title). test/fixtures/fc2/README.md gives each file's source.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { validateIngestRecord } from "../../src/model/validate.js";
import { ProviderParseError } from "../../src/providers/errors.js";
import { isListPage } from "../../src/providers/fc2/listing.js";
import { isArticleAnswer, isArticlePage, isNotFoundPage } from "../../src/providers/fc2/page-kind.js";
import { parseArticlePage } from "../../src/providers/fc2/parse.js";

const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, "../fixtures/fc2", name), "utf8");
const BASE = "https://adult.contents.fc2.com";
const day = (d: string) => `${d}T00:00:00.000Z`;
describe("an FC2 article page (real, librefanza's 2024 captures)", () => {
  it("reads every field of article 3069309, without the hidden span's junk", () => {
    const html = fixture("article-3069309.html");
    expect([isArticlePage(html), isNotFoundPage(html)]).toEqual([true, false]);
    // The h3 holds the junk "**qnsqyxoz* " in a span styled zoom:0.01;…overflow:hidden.
    expect(html).toContain("**qnsqyxoz* </span>");
    const r = parseArticlePage(html, BASE, "3069309", "説明");
    expect(validateIngestRecord(r)).toEqual([]);
    const storage = "https://storage83000.contents.fc2.com/file/372/37186668/";
    const stems = [
      "1691676693.63",
      "1691676693.72",
      "1691676694.01",
      "1691676694.28",
      "1691676694.55",
      "1691676694.81",
      "1691676695.07",
      "1691676695.35",
      "1691676695.62",
      "1691676695.88",
    ];
    expect(r).toEqual({
      provider: "fc2",
      record: {
        contentId: "3069309",
        dvdId: "FC2-PPV-3069309",
        titleEn: "",
        titleJa: "【清楚の極み】激シコ！坂道系美〇女18歳 アイドル顔しておちんぽ**。デカ太ペニスで生ピストン⇒「きもぢぃぃぃ！」からの中イキ連発。",
        commentEn: null,
        commentJa: "説明",
        // 01:18:55, to the nearest minute.
        runtimeMins: 79,
        releaseDate: day("2022-08-10"),
        makers: ["美〇〇遊記"],
        label: "",
        series: null,
        categories: ["着衣", "制服", "素人", "美乳", "中出し", "個人撮影", "スレンダー", "可愛い", "清楚"],
        actresses: [],
        actors: [],
        directors: [],
        authors: [],
        // The first sample picture is the cover, the 276-pixel thumbnail the small picture.
        jacketFullUrl: `${storage}1691676693.63.jpg`,
        jacketThumbUrl: "https://contents-thumbnail2.fc2.com/w276/storage69000.contents.fc2.com/file/372/37186668/1660056184.81.jpg",
        site: "FC2",
        serviceCode: "",
        extra: {
          actressesRich: [],
          sampleUrl: null,
          galleryFull: stems.map((s) => `${storage}${s}.jpg`),
          galleryThumb: stems.map((s) => `https://contents-thumbnail2.fc2.com/w240/storage83000.contents.fc2.com/file/372/37186668/${s}.jpg`),
        },
      },
      pageUrl: `${BASE}/article/3069309/`,
      ratingAvg: 5,
      ratingCount: 909,
      popularity: 1280,
      altNames: {},
      censored: false,
    });
  });

  it("reads article 4509988 (fetched through a proxy), its samples on the thumbnail server", () => {
    const r = parseArticlePage(fixture("article-4509988.html"), BASE, "4509988");
    const thumbs = "https://contents-thumbnail2.fc2.com/";
    const file = "storage98000.contents.fc2.com/file/385/38454154/";
    const stems = [
      "1722351732.08",
      "1722278061.73",
      "1722278061.99",
      "1722278062.26",
      "1722278062.52",
      "1722278062.77",
      "1722278063.03",
      "1722278063.3",
      "1722278063.55",
      "1722278063.81",
    ];
    expect(r.record).toEqual({
      contentId: "4509988",
      dvdId: "FC2-PPV-4509988",
      titleEn: "",
      titleJa: "本日迄！！70%OFF【顔出し】【永久保存版】伝説の元アイドル。待望の4P初公開！！ここでしか観れない。。。最初で最後の6射精！！",
      commentEn: null,
      commentJa: null,
      // 01:59:38.
      runtimeMins: 120,
      releaseDate: day("2024-07-31"),
      makers: ["推しの素人"],
      label: "",
      series: null,
      categories: [
        "ハメ撮り",
        "素人",
        "美乳",
        "中出し",
        "個人撮影",
        "フェラ",
        "高画質",
        "無修正",
        "騎乗位",
        "顔射",
        "パイパン",
        "美尻",
        "４P",
        "可愛い",
        "複数",
        "個撮",
        "元アイドル",
        "愛嬌",
        "推しの素人",
        "6射精",
      ],
      actresses: [],
      actors: [],
      directors: [],
      authors: [],
      jacketFullUrl: `${thumbs}w780/${file}1722351732.08.jpg`,
      jacketThumbUrl: `${thumbs}w276/${file}1722351732.jpg`,
      site: "FC2",
      serviceCode: "",
      extra: {
        actressesRich: [],
        sampleUrl: null,
        galleryFull: stems.map((s) => `${thumbs}w780/${file}${s}.jpg`),
        galleryThumb: stems.map((s) => `${thumbs}w240/${file}${s}.jpg`),
      },
    });
    expect([r.ratingAvg, r.ratingCount, r.popularity, r.pageUrl]).toEqual([5, 564, 763, `${BASE}/article/4509988/`]);
  });
});

describe("an FC2 article page (real, OpenAver's 2026 capture)", () => {
  it("reads article 4938582: the 販売日 and 商品ID rows, li.items_article_writer, no stars", () => {
    const html = fixture("article-4938582.html");
    expect(html).toContain("<p>商品ID : FC2 PPV 4938582</p>");
    const r = parseArticlePage(html, BASE, "4938582");
    const file = "storage201000.contents.fc2.com/file/384/38370907/";
    expect(r.record).toMatchObject({
      titleJa:
        "【個人撮影/数量限定】一見お淑やかなおねえさん系人妻、実は名器の締め付けが凄まじい肉食獣。玩具を駆使した激しいピストンの末、可愛いお顔へ大量に撃ち込まれた至高の個人撮影データ。",
      runtimeMins: 80,
      releaseDate: day("2026-07-13"),
      makers: ["古い絵の具"],
      categories: ["人妻", "ハメ撮り", "素人", "美乳", "個人撮影", "巨乳", "美人", "かわいい", "下着", "個撮"],
      actresses: [],
      jacketFullUrl: `https://contents-thumbnail2.fc2.com/w1280/${file}1783944776.96.jpg`,
      jacketThumbUrl: `https://contents-thumbnail2.fc2.com/w276/${file}1783944765.71.jpg`,
      extra: {
        galleryFull: [
          `https://contents-thumbnail2.fc2.com/w1280/${file}1783944776.96.jpg`,
          `https://contents-thumbnail2.fc2.com/w1280/${file}1783944777.58.jpg`,
        ],
        galleryThumb: [
          `https://contents-thumbnail2.fc2.com/w480/${file}1783944776.96.jpg`,
          `https://contents-thumbnail2.fc2.com/w480/${file}1783944777.58.jpg`,
        ],
      },
    });
    // No review yet: no stars on the page.
    expect([r.ratingAvg, r.ratingCount, r.popularity]).toEqual([null, null, 3]);
  });

  it("keeps a title with no tags and no sample pictures: the thumbnail is then the cover too", () => {
    const html = fixture("article-4938582.html")
      .replace(/<a class="tag tagTag"[^>]*>[^<]*<\/a>/g, "")
      .replace(/(<ul class="items_article_SampleImagesArea" data-feed="sample-images">).*?(<\/ul>)/s, "$1$2");
    const r = parseArticlePage(html, BASE, "4938582");
    const thumb = "https://contents-thumbnail2.fc2.com/w276/storage201000.contents.fc2.com/file/384/38370907/1783944765.71.jpg";
    expect(r.record).toMatchObject({ categories: [], jacketFullUrl: thumb, jacketThumbUrl: thumb, extra: { galleryFull: [], galleryThumb: [] } });
    expect(validateIngestRecord(r)).toEqual([]);
  });

  it("never files a page that names another article under the asked id", () => {
    // Its 商品ID row, its og:url, its JSON-LD: each alone names 4938583 here.
    const page = fixture("article-4938582.html");
    const row = page.replace("商品ID : FC2 PPV 4938582", "商品ID : FC2 PPV 4938583");
    const og = page.replace(
      'og:url" content="https://adult.contents.fc2.com/article/4938582/"',
      'og:url" content="https://adult.contents.fc2.com/article/4938583/"',
    );
    const ld = page.replace('"sku":"4938582"', '"sku":"4938583"');
    for (const html of [row, og, ld]) {
      expect(html).not.toBe(page);
      expect(() => parseArticlePage(html, BASE, "4938582")).toThrow(ProviderParseError);
      expect(() => parseArticlePage(html, BASE, "4938582")).toThrow(/article 4938583's/);
    }
  });

  it("refuses a page without a title", () => {
    const html = fixture("article-4938582.html").replace(
      /<div class="items_article_headerInfo"[^>]*><h3>.*?<\/h3>/s,
      '<div class="items_article_headerInfo"><h3></h3>',
    );
    expect(() => parseArticlePage(html, BASE, "4938582")).toThrow(/no title/);
  });
});

describe("FC2's answers that are no article", () => {
  it("knows its real 'not found' page (200) from an article and from a maintenance page", () => {
    const html = fixture("notfound-1723985.html");
    expect(html).toContain("お探しの商品が見つかりませんでした");
    expect([isNotFoundPage(html), isArticlePage(html), isArticleAnswer(html)]).toEqual([true, false, true]);
    const maintenance =
      '<!DOCTYPE html><html lang="ja"><head><meta charset="utf-8"><title>メンテナンス中</title></head><body><h1>ただいまメンテナンス中です</h1></body></html>';
    expect([isNotFoundPage(maintenance), isArticleAnswer(maintenance), isListPage(maintenance)]).toEqual([false, false, false]);
    // The wording alone is no mark: a maintenance page quoting it is no "not found" page.
    expect(isNotFoundPage(`<p>お探しの商品が見つかりませんでした</p>`)).toBe(false);
  });
});
