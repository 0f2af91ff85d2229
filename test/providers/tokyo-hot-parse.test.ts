import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseCode } from "../../src/codes/index.js";
import { validateIngestRecord } from "../../src/model/validate.js";
import { ProviderParseError } from "../../src/providers/errors.js";
import { dvdIdOfNumber, numberKey, sameNumber, searchKeywords } from "../../src/providers/tokyo-hot/numbers.js";
import { isListPage, parseProductList } from "../../src/providers/tokyo-hot/parse-list.js";
import { isProductPage, parseProductPage, productUrl } from "../../src/providers/tokyo-hot/parse.js";

const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/tokyo-hot");
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name), "utf8");
const BASE = "https://my.tokyo-hot.com";
const CDN = "https://my.cdn.tokyo-hot.com/media";

describe("parseProductPage on the fixtures", () => {
  it("reads every field of a full page (product n1633, its number as its id)", () => {
    const html = fixture("product-n1633.html");
    expect(isProductPage(html)).toBe(true);
    const r = parseProductPage(html, BASE, "n1633");
    expect(validateIngestRecord(r)).toEqual([]);
    const caps = [1, 2, 3].map((i) => `${CDN}/n1633/scap/n1633%201280x720/00${i}`);
    expect(r).toEqual({
      provider: "tokyo-hot",
      record: {
        contentId: "n1633",
        dvdId: "n1633",
        titleEn: "",
        titleJa: "作り話のタイトル 検証用 第一話",
        commentEn: null,
        commentJa: "これは試験のために書いた作り話の紹介文です。\n二行目も作り話です。",
        // 01:58:50, to the nearest minute.
        runtimeMins: 119,
        releaseDate: "2021-05-12T00:00:00.000Z",
        makers: ["TOKYO-HOT"],
        label: "東熱",
        series: "東熱激情",
        // プレイ内容 then タグ, the tag repeating a play once.
        categories: ["中出し", "輪姦", "バイブ", "美乳"],
        actresses: ["架空花子", "架空次子"],
        actors: [],
        directors: [],
        authors: [],
        jacketFullUrl: `${CDN}/n1633/jacket/n1633.jpg`,
        jacketThumbUrl: `${CDN}/n1633/package/_v.jpg`,
        site: "Tokyo-Hot",
        serviceCode: "",
        extra: {
          actressesRich: [
            { name: "架空花子", image: null },
            { name: "架空次子", image: null },
          ],
          sampleUrl: `${CDN}/samples/n1633.mp4`,
          galleryFull: caps.map((c) => `${c}/640x480_wlimited.jpg`),
          galleryThumb: caps.map((c) => `${c}/150x150_default.jpg`),
        },
      },
      pageUrl: `${BASE}/product/n1633/?lang=ja`,
      ratingAvg: null,
      ratingCount: null,
      popularity: null,
      altNames: {},
      censored: false,
    });
  });

  it("reads an older page by its shop id (5484 is n0487): no package pictures, the poster as the cover, vcap pictures", () => {
    const r = parseProductPage(fixture("product-5484-numeric-id.html"), BASE, "5484");
    expect(r.record).toMatchObject({
      contentId: "5484",
      dvdId: "n0487",
      titleJa: "作り話の古い作品",
      commentJa: "作り話の一行目。\n作り話の二行目。\n作り話の三行目。",
      runtimeMins: 58,
      releaseDate: "2010-11-04T00:00:00.000Z",
      makers: ["TOKYO-HOT"],
      series: null,
      categories: ["中出し"],
      actresses: ["架空三子"],
      jacketFullUrl: `${CDN}/5484/list_image/20101104000000/820x462_default.jpg`,
      jacketThumbUrl: `${CDN}/5484/list_image/20101104000000/820x462_default.jpg`,
    });
    expect(r.record.extra.sampleUrl).toBe(`${CDN}/samples/5484.mp4`);
    expect(r.record.extra.galleryFull).toEqual([1, 2].map((i) => `${CDN}/5484/vcap/00${i}/640x480_wlimited.jpg`));
    expect(r.pageUrl).toBe(`${BASE}/product/5484/?lang=ja`);
  });

  it("reads 不明 as no performer, and a page with no description, tags or gallery", () => {
    const r = parseProductPage(fixture("product-kb1624-no-performer.html"), BASE, "kb1624");
    expect(validateIngestRecord(r)).toEqual([]);
    expect(r.record).toMatchObject({
      dvdId: "kb1624",
      actresses: [],
      commentJa: null,
      categories: ["オナニー"],
      runtimeMins: 35,
      releaseDate: "2021-04-27T00:00:00.000Z",
      jacketFullUrl: `${CDN}/kb1624/list_image/kb1624/820x462_default.jpg`,
    });
    expect(r.record.extra).toEqual({ actressesRich: [], sampleUrl: `${CDN}/samples/kb1624.mp4`, galleryFull: [], galleryThumb: [] });
  });

  it("names another vendor as the maker, keeps its number as the shop writes it, and resolves relative picture links", () => {
    const r = parseProductPage(fixture("product-s2mbd-002-other-vendor.html"), BASE, "S2MBD-002");
    expect(r.record).toMatchObject({
      contentId: "s2mbd-002",
      dvdId: "S2MBD-002",
      makers: ["S2M"],
      label: "S2M",
      series: null,
      runtimeMins: 122,
      releaseDate: "2012-03-09T00:00:00.000Z",
      jacketFullUrl: `${BASE}/media/s2mbd-002/jacket/s2mbd-002L.jpg`,
      jacketThumbUrl: `${CDN}/s2mbd-002/package/s2mbd-002vb.jpg`,
    });
    expect(r.record.extra.sampleUrl).toBeNull();
    expect(r.pageUrl).toBe(`${BASE}/product/s2mbd-002/?lang=ja`);
  });

  it("keeps the base URL's path (a mirror, the simulator's prefix) in its own links", () => {
    const r = parseProductPage(fixture("product-s2mbd-002-other-vendor.html"), "http://127.0.0.1:9/tokyo-hot", "s2mbd-002");
    expect(r.record.jacketFullUrl).toBe("http://127.0.0.1:9/tokyo-hot/media/s2mbd-002/jacket/s2mbd-002L.jpg");
    expect(r.pageUrl).toBe("http://127.0.0.1:9/tokyo-hot/product/s2mbd-002/?lang=ja");
  });

  it("refuses a page that is no product page, or one without a number under a shop id", () => {
    expect(isProductPage(fixture("maintenance.html"))).toBe(false);
    expect(isProductPage(fixture("search-1624.html"))).toBe(false);
    const noNumber = fixture("product-5484-numeric-id.html").replace(/<dt>作品番号<\/dt>\s*<dd>n0487<\/dd>/, "");
    expect(() => parseProductPage(noNumber, BASE, "5484")).toThrow(ProviderParseError);
    // Under an id that is the number, the id stands for it.
    const kbNoNumber = fixture("product-kb1624-no-performer.html").replace(/<dt>作品番号<\/dt>\s*<dd>kb1624<\/dd>/, "");
    expect(kbNoNumber).not.toContain("<dd>kb1624</dd>");
    expect(parseProductPage(kbNoNumber, BASE, "kb1624").record.dvdId).toBe("kb1624");
    const noTitle = fixture("product-n1633.html").replaceAll(/<h2>[^<]*<\/h2>/g, "<h2></h2>");
    expect(() => parseProductPage(noTitle, BASE, "n1633")).toThrow(/titleJa/);
  });

  it("writes product URLs with the id escaped", () => {
    expect(productUrl(BASE, "s2mbd-002")).toBe(`${BASE}/product/s2mbd-002/?lang=ja`);
    expect(productUrl(BASE, "a b")).toBe(`${BASE}/product/a%20b/?lang=ja`);
  });
});

describe("parseProductList on the fixtures", () => {
  it("reads a search answer: ids, numbers (the picture's alt where the text has none), titles and pictures", () => {
    const html = fixture("search-1624.html");
    expect(isListPage(html)).toBe(true);
    const page = parseProductList(html, BASE, `${BASE}/product/?q=1624&x=0&y=0&lang=ja`, 1);
    expect(page).toEqual({
      more: false,
      skipped: [],
      items: [
        { id: "n1624", number: "n1624", title: "作り話のタイトル 一", image: `${CDN}/n1624/list_image/n1624/220x124_default.jpg` },
        { id: "kb1624", number: "kb1624", title: "作り話の番外編", image: `${CDN}/kb1624/list_image/kb1624/220x124_default.jpg` },
        { id: "16240", number: "k1624", title: "作り話の古い作品 二", image: `${CDN}/16240/list_image/20131624000000/220x124_default.jpg` },
      ],
    });
  });

  it("reads an empty list container as a list of nothing (search-empty.html is written: the real empty answer is not on record)", () => {
    const html = fixture("search-empty.html");
    expect(isListPage(html)).toBe(true);
    expect(parseProductList(html, BASE, `${BASE}/product/?q=zzz`, 1)).toEqual({ items: [], more: false, skipped: [] });
  });

  it("takes only a page holding the list container for a list: not the shop's layout alone, not a product page", () => {
    expect(isListPage(fixture("maintenance.html"))).toBe(false);
    // Any page in the shop's layout has div#main: a product page, or a busy or error page in it.
    expect(isListPage(fixture("product-n1633.html"))).toBe(false);
    const inLayout = fixture("search-empty.html").replace(/<ul class="list slider cf">\s*<\/ul>/, "<p>ただいま混み合っています</p>");
    expect(inLayout).toContain('id="main"');
    expect(isListPage(inLayout)).toBe(false);
    // A product page carrying a list of other products is still no list.
    const withList = fixture("product-n1633.html").replace('<div class="contents">', '<ul class="list slider cf"></ul><div class="contents">');
    expect(isListPage(withList)).toBe(false);
  });

  it("lists the entries it cannot use with the reason", () => {
    const html = fixture("search-1624.html").replace('<a href="/product/kb1624/" class="rm">', '<a href="/other/kb1624/" class="rm">');
    const page = parseProductList(html.replace("</ul>", '<li class="detail"><a href="/product/n1624/" class="rm">again</a></li></ul>'), BASE, BASE, 1);
    expect(page.items.map((x) => x.id)).toEqual(["n1624", "16240"]);
    expect(page.skipped).toEqual([
      { id: null, reason: "entry links no product" },
      { id: "n1624", reason: "listed twice on the page" },
    ]);
  });

  it("reads a product list page and its paging: the next page linked, or not on the last", () => {
    const page = parseProductList(fixture("list-page-2.html"), BASE, `${BASE}/product/?page=2&lang=ja`, 2);
    expect(page.more).toBe(true);
    expect(page.items.map((x) => [x.id, x.number])).toEqual([
      ["n1633", "n1633"],
      ["s2mbd-002", "s2mbd-002"],
      ["5484", "n0487"],
    ]);
    // A space in a picture's path is escaped.
    expect(page.items[0].image).toBe(`${CDN}/n1633/list_image/n1633%201280x720/220x124_default.jpg`);
    // Page 2's links name pages 3 and 57 (the last, p.naviend): read as page 3 more still follow; as page 57 none.
    expect(parseProductList(fixture("list-page-2.html"), BASE, BASE, 3).more).toBe(true);
    expect(parseProductList(fixture("list-page-2.html"), BASE, BASE, 57).more).toBe(false);
    const last = parseProductList(fixture("list-last.html"), BASE, `${BASE}/product/?page=57&lang=ja`, 57);
    expect(last).toMatchObject({ more: false, items: [{ id: "21", number: "n0001" }] });
  });
});

describe("product numbers", () => {
  it.each([
    ["n0788", "N0788", true],
    ["s2mbd-002", "S2MBD-002", true],
    ["s2mbd002", "S2MBD-002", true],
    ["gedo0060", "GEDO-060", true],
    ["red-030", "RED-030", true],
    ["kb1624", "n1624", false],
    ["k1624", "n1624", false],
    ["5484", "5484", false],
  ])("%s and %s are the same number: %s", (a, b, same) => {
    expect(sameNumber(a, b)).toBe(same);
  });

  it("keys a number by series and value, and nothing else", () => {
    expect(numberKey("n0788")).toBe("n:788");
    expect(numberKey("S2MBD-002")).toBe("s2mbd:2");
    expect(numberKey("5484")).toBeNull();
    expect(numberKey("作り話")).toBeNull();
  });

  it("gives the record's dvdId: the reader's canonical code, the catalog's key", () => {
    expect(dvdIdOfNumber("N1633")).toBe("n1633");
    expect(dvdIdOfNumber("k1454")).toBe("k1454");
    expect(dvdIdOfNumber("kb1624")).toBe("kb1624");
    expect(dvdIdOfNumber("s2mbd-002")).toBe("S2MBD-002");
    expect(dvdIdOfNumber(" red-030 ")).toBe("RED-030");
  });

  it("asks the search for Tokyo-Hot's codes and the other series' readings, and for no other code", () => {
    const kw = (s: string) => searchKeywords(parseCode(s)!);
    expect(kw("n1633")).toEqual(["n1633"]);
    expect(kw("Tokyo-Hot k1454")).toEqual(["k1454"]);
    expect(kw("S2MBD-002")).toEqual(["s2mbd-002", "s2mbd002"]);
    expect(kw("red030")).toEqual(["red-030", "red030"]);
    expect(kw("ex0001")).toEqual(["ex0001", "ex-0001"]);
    expect(kw("Tokyo Hot gedo0060")).toEqual(["gedo0060", "gedo-0060"]);
    expect(kw("gedo01")).toEqual(["gedo01", "gedo-01"]);
    expect(kw("SKY-066")).toEqual(["sky-066", "sky066"]);
    expect(kw("ABP-123")).toBeNull();
    expect(kw("HEYZO-0841")).toBeNull();
    expect(kw("010120_001")).toBeNull();
  });
});
