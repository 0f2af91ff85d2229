/**
 * The simulated FC2 market renders what the parsers read back: every article's page (both
 * layouts, the hidden span in every title) into the record its title says, its description
 * widget into its description, every list page into its articles in order; its ids and the
 * articles it delists are what fc2ArticleIds says.
 */
import { describe, expect, it } from "vitest";
import { validateIngestRecord } from "../../src/model/validate.js";
import { readDescription } from "../../src/providers/fc2/description.js";
import { isListPage, parseArticleList } from "../../src/providers/fc2/listing.js";
import { isArticlePage, isNotFoundPage } from "../../src/providers/fc2/page-kind.js";
import { parseArticlePage } from "../../src/providers/fc2/parse.js";
import { siteTitles } from "../../tools/simulator/site-titles.js";
import { FC2_PAGE_SIZE, fc2ArticleIds, fc2Articles, fc2Site } from "../../tools/simulator/sites/fc2.js";
import { NOT_FOUND_PAGE, renderArticlePage, renderDescription, renderListPage } from "../../tools/simulator/sites/fc2-pages.js";
import { expectedRecord } from "./fc2-expected.js";

const BASE = "http://127.0.0.1:9/fc2";

describe("the simulated FC2 market", () => {
  const articles = fc2Articles(siteTitles(600, 11, "fc2"), 11);

  it("has 7-digit ids, higher for newer, both layouts, and a share delisted", () => {
    expect(articles.every((a) => /^\d{7}$/.test(a.id))).toBe(true);
    expect(articles.every((a, i) => i === 0 || Number(a.id) < Number(articles[i - 1].id))).toBe(true);
    expect(new Set(articles.map((a) => a.layout))).toEqual(new Set([2024, 2026]));
    const delisted = articles.filter((a) => a.delisted).length;
    expect(delisted).toBeGreaterThan(30);
    expect(delisted).toBeLessThan(100);
    expect(fc2ArticleIds(600, 11)).toEqual(articles.map((a) => ({ id: a.id, delisted: a.delisted })));
  });

  it("renders every article's page into its record, the hidden span's junk left out", () => {
    for (const a of articles) {
      const html = renderArticlePage(a);
      expect(html, a.id).toContain(`${a.junk} </span>`);
      expect(isArticlePage(html)).toBe(true);
      const parsed = parseArticlePage(html, BASE, a.id, readDescription(renderDescription(a)));
      expect(validateIngestRecord(parsed), a.id).toEqual([]);
      expect(parsed, a.id).toEqual(expectedRecord(a, BASE, true));
    }
    // The gaps the titles have are on the pages: no tags, no samples, no rating, no description, under an hour.
    expect(articles.some((a) => a.title.genres.length === 0)).toBe(true);
    expect(articles.some((a) => a.title.gallery === 0)).toBe(true);
    expect(articles.some((a) => a.title.rating === null)).toBe(true);
    expect(articles.some((a) => a.title.descJa === null)).toBe(true);
    expect(articles.some((a) => a.title.runtimeMins < 60)).toBe(true);
  });

  it("renders list pages into their articles, in order, with the paging the parser follows", () => {
    const pages = Math.ceil(articles.length / FC2_PAGE_SIZE);
    for (let n = 1; n <= pages; n++) {
      const slice = articles.slice((n - 1) * FC2_PAGE_SIZE, n * FC2_PAGE_SIZE);
      const html = renderListPage(slice, n, pages, articles.length, (p) => `/search/?sort=date&order=desc&page=${p}`);
      expect(isListPage(html)).toBe(true);
      const parsed = parseArticleList(html, n);
      expect(parsed.more).toBe(n < pages);
      expect(parsed.items.map((x) => [x.id, x.title])).toEqual(slice.map((a) => [a.id, a.title.titleJa]));
    }
  });

  it("answers a delisted or unknown article with FC2's 'not found' page, and leaves it out of its lists", () => {
    const site = fc2Site({ titles: 100, seed: 5 });
    const gone = site.articles.find((a) => a.delisted)!;
    const kept = site.articles.find((a) => !a.delisted)!;
    const get = (p: string) => {
      const url = new URL(`http://x${p}`);
      const a = site.route({ path: url.pathname, url, headers: {} })!.answer();
      return "text" in a ? a.text : "";
    };
    expect(isNotFoundPage(get(`/article/${gone.id}/?lang=ja`))).toBe(true);
    expect(isNotFoundPage(get("/article/1234567/"))).toBe(true);
    expect(get("/article/1234567/")).toBe(NOT_FOUND_PAGE);
    expect(isArticlePage(get(`/article/${kept.id}/?lang=ja`))).toBe(true);
    const listed = () => [1, 2, 3, 4].flatMap((n) => parseArticleList(get(`/search/?sort=date&order=desc&page=${n}`), n).items.map((x) => x.id));
    expect(listed()).toEqual(site.articles.filter((a) => !a.delisted).map((a) => a.id));
    site.delist(kept.id);
    expect(site.isDelisted(kept.id)).toBe(true);
    expect(isNotFoundPage(get(`/article/${kept.id}/`))).toBe(true);
    expect(listed()).not.toContain(kept.id);
    expect(parseArticleList(get(`/search/?q=${kept.id}`), 1).items).toEqual([]);
  });
});
