/**
 * The rest of what is read from FC2: the description widget (its iframe on a real page, the
 * widget written from MetaTube's reader), a list page written from the public readers' markup
 * (test/fixtures/fc2/README.md), running times, article ids of codes, and how far back a crawl
 * reaches (FC2_CRAWL_DAYS).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { load } from "cheerio";
import { describe, expect, it } from "vitest";
import { descriptionUrl, isDescriptionPage, readDescription } from "../../src/providers/fc2/description.js";
import { articleIdOf } from "../../src/providers/fc2/index.js";
import { isListPage, newestUrl, parseArticleList, searchUrl } from "../../src/providers/fc2/listing.js";
import { descriptionFrame, runtimeOf } from "../../src/providers/fc2/page-parts.js";
import { articleUrl } from "../../src/providers/fc2/parse.js";
import { crawlSince } from "../../src/providers/fc2/settings.js";
import type { ProviderContext } from "../../src/providers/types.js";

const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, "../fixtures/fc2", name), "utf8");
const BASE = "https://adult.contents.fc2.com";

describe("the description widget", () => {
  it("is the iframe's page of this article, read as its body's div", () => {
    const $ = load(fixture("article-3069309.html"));
    const src = descriptionFrame($);
    expect(src).toBe("/widget/article/3069309/description?ac=46d4251f151d122264aa760d249b5c2f");
    expect(descriptionUrl(src, BASE, `${BASE}/article/3069309/`, "3069309")).toBe(
      `${BASE}/widget/article/3069309/description?ac=46d4251f151d122264aa760d249b5c2f`,
    );
    expect(descriptionUrl(src, "http://127.0.0.1:9/fc2", "http://127.0.0.1:9/fc2/article/3069309/", "3069309")).toBe(
      "http://127.0.0.1:9/fc2/widget/article/3069309/description?ac=46d4251f151d122264aa760d249b5c2f",
    );
    // Another article's widget, or another site's page, is none.
    expect(descriptionUrl(src, BASE, `${BASE}/article/3069310/`, "3069310")).toBeNull();
    expect(descriptionUrl("https://example.com/widget/article/3069309/description", BASE, BASE, "3069309")).toBeNull();
    const widget = fixture("description-widget.html");
    expect(isDescriptionPage(widget)).toBe(true);
    expect(readDescription(widget)).toBe("作り話の説明文、一行目です。\n※作り話の注意書き\n\n作り話の三行目。");
    expect(isDescriptionPage("<html><body><h1>メンテナンス中</h1></body></html>")).toBe(false);
    expect(readDescription("<html><body><div> </div></body></html>")).toBeNull();
  });
});

describe("FC2's lists", () => {
  it("reads a list page's cards in order and its pager", () => {
    const html = fixture("search-newest.html");
    expect(isListPage(html)).toBe(true);
    const list = parseArticleList(html, 1);
    expect(list.items.map((x) => x.id)).toEqual(["4938582", "4509988", "3069309"]);
    expect(list.items[1].title).toBe(
      "本日迄！！70%OFF【顔出し】【永久保存版】伝説の元アイドル。待望の4P初公開！！ここでしか観れない。。。最初で最後の6射精！！",
    );
    expect(list.more).toBe(true);
    expect(parseArticleList(html, 3).more).toBe(false);
    expect(list.skipped).toEqual([]);
  });

  it("takes an older list's article_search.php?id= links, skips a card of no article and a repeated one", () => {
    const html = fixture("search-newest.html")
      .replaceAll('href="/article/3069309/"', 'href="/article_search.php?id=3069309"')
      .replace('href="/article/4509988/" title', 'href="/users/ptpt/" title')
      .replace('href="/article/4509988/">', 'href="/users/ptpt/">')
      .replace("</section>", `${/<div class="c-cntCard-110-f">.*?<\/div><\/div>/s.exec(fixture("search-newest.html"))![0]}</section>`);
    const list = parseArticleList(html, 1);
    expect(list.items.map((x) => x.id)).toEqual(["4938582", "3069309"]);
    expect(list.skipped).toEqual([
      { id: null, reason: "card links no article" },
      { id: "4938582", reason: "listed twice on the page" },
    ]);
  });

  it("is no article and no 'not found' page; the addresses are the site's", () => {
    for (const name of ["article-3069309.html", "notfound-1723985.html"]) expect(isListPage(fixture(name)), name).toBe(false);
    expect(newestUrl(BASE, 1)).toBe(`${BASE}/search/?sort=date&order=desc`);
    expect(newestUrl(BASE, 4)).toBe(`${BASE}/search/?sort=date&order=desc&page=4`);
    expect(searchUrl(BASE, "FC2-PPV-3069309", 2)).toBe(`${BASE}/search/?q=FC2-PPV-3069309&page=2`);
    expect(articleUrl(BASE, "3069309")).toBe(`${BASE}/article/3069309/?lang=ja`);
  });
});

describe("FC2's numbers and settings", () => {
  it("reads HH:MM:SS and MM:SS to the nearest minute", () => {
    expect(["01:18:55", "01:59:38", "19:27", "00:45", "1:02:29", "52分", ""].map(runtimeOf)).toEqual([79, 120, 19, 1, 62, null, null]);
  });

  it("takes the article id of a code or a content id", () => {
    expect(["FC2-PPV-1234567", "fc2ppv_1234567", "FC2-1234567", "1234567", "0718323", " 718323 "].map(articleIdOf)).toEqual([
      "1234567",
      "1234567",
      "1234567",
      "1234567",
      "718323",
      "718323",
    ]);
    expect(["ABP-123", "FC2-PPV-", "12a", "1234567890", ""].map(articleIdOf)).toEqual([null, null, null, null, null]);
  });

  it("reaches back FC2_CRAWL_DAYS days from today in Japan, or to the crawl's own since when later", () => {
    const ctx = (days?: string): ProviderContext => ({
      http: null as never,
      baseUrl: BASE,
      settings: days === undefined ? {} : { FC2_CRAWL_DAYS: days },
      now: () => new Date("2026-11-09T20:00:00Z"),
    });
    // 2026-11-10 in Japan, 30 days back by default.
    expect(crawlSince(undefined, ctx(), "fc2")).toBe("2026-10-11");
    expect(crawlSince("2026-10-01", ctx(), "fc2")).toBe("2026-10-11");
    expect(crawlSince("2026-11-01", ctx(), "fc2")).toBe("2026-11-01");
    expect(crawlSince(undefined, ctx("7"), "fc2")).toBe("2026-11-03");
    expect(crawlSince(undefined, ctx("0"), "fc2")).toBeUndefined();
    expect(crawlSince("2020-01-01", ctx("0"), "fc2")).toBe("2020-01-01");
    expect(() => crawlSince(undefined, ctx("-1"), "fc2")).toThrow(/between 0/);
    expect(() => crawlSince("2026-13", ctx(), "fc2")).toThrow(RangeError);
  });
});
