/**
 * The simulated MGStage renders what the parsers read back: every title's page into the record
 * its model says, every list page into its products in order, with the count line the crawl
 * pages by; its lists narrowed to a range of days, and stopping short of their end.
 */
import { describe, expect, it } from "vitest";
import { parseCode } from "../../src/codes/index.js";
import { validateIngestRecord } from "../../src/model/validate.js";
import { isProductAnswer, isProductPage, isSiteLayout } from "../../src/providers/mgstage/page-kind.js";
import { parseProductPage } from "../../src/providers/mgstage/parse.js";
import { isListPage, parseProductList } from "../../src/providers/mgstage/parse-list.js";
import { siteTitles } from "../../tools/simulator/site-titles.js";
import { MGSTAGE_LIST_LIMIT, mgstageProducts, mgstageSite } from "../../tools/simulator/sites/mgstage.js";
import { AGE_CHECK_PAGE, renderListPage, renderProductPage, TOP_PAGE } from "../../tools/simulator/sites/mgstage-pages.js";
import { expectedRecord } from "./mgstage-expected.js";

const BASE = "http://127.0.0.1:9/mgstage";

describe("the simulated MGStage", () => {
  const products = mgstageProducts(siteTitles(600, 11, "mgstage"), 11);

  it("has the site's spellings: Prestige's labels and SIRO without digits, the amateur lines with their maker's", () => {
    const lines = new Set(products.map((p) => /^(\d*[A-Z]+)-\d+$/.exec(p.id)?.[1]));
    expect([...lines].sort()).toEqual(["200GANA", "259LUXU", "300MIUM", "390JAC", "ABP", "ABW", "CHN", "SGA", "SIRO"]);
    expect(new Set(products.map((p) => p.id)).size).toBe(products.length);
    // The catalog's code of each is its own id: the reader keeps the digits of these lines.
    for (const p of products) expect([p.code, parseCode(p.id)?.kind]).toEqual([p.id, /^(ABP|ABW|CHN|SGA)-/.test(p.id) ? "standard" : "amateur"]);
    expect(products.some((p) => !p.linked) && products.some((p) => p.linked && p.amateur)).toBe(true);
  });

  it("renders every product's page into its record", () => {
    for (const p of products) {
      const html = renderProductPage(p);
      expect(isProductPage(html) && isProductAnswer(html), p.id).toBe(true);
      const parsed = parseProductPage(html, BASE, p.id);
      expect(validateIngestRecord(parsed), p.id).toEqual([]);
      expect(parsed, p.id).toEqual(expectedRecord(p, BASE));
    }
    // The gaps the titles have are on the pages: no performer, no description, no gallery, no rating, no series.
    expect(products.some((p) => p.title.actresses.length === 0)).toBe(true);
    expect(products.some((p) => p.title.descJa === null)).toBe(true);
    expect(products.some((p) => p.title.gallery === 0)).toBe(true);
    expect(products.some((p) => p.reviews === 0)).toBe(true);
    expect(products.some((p) => p.title.series === null)).toBe(true);
  });

  it("renders list pages into their products, in order, with the count line", () => {
    const per = 30;
    const pages = Math.ceil(products.length / per);
    for (let n = 1; n <= pages + 1; n++) {
      const slice = products.slice((n - 1) * per, n * per);
      const html = renderListPage(slice, n, per, products.length, "");
      expect(isListPage(html)).toBe(true);
      const parsed = parseProductList(html);
      expect(parsed.items.map((x) => [x.id, x.title])).toEqual(slice.map((p) => [p.id, p.title.titleJa]));
      expect(parsed.count?.total).toBe(products.length);
      expect((parsed.count?.last ?? 0) < products.length).toBe(n < pages);
    }
  });

  it("narrows a list to the days of sale_start_range, both included, and stops every list at MGSTAGE_LIST_LIMIT", () => {
    const site = mgstageSite({ titles: 600, seed: 11 });
    const list = (query: string) => {
      const url = new URL(`http://sim/search/cSearch.php?search_word=&sort=new&type=top&${query}`);
      const answer = site.route({ path: url.pathname, url, headers: { cookie: "adc=1" } })!.answer();
      return parseProductList("text" in answer ? answer.text : "");
    };
    const day = products[40].title.day;
    const month = day.slice(0, 7);
    const sameDay = list(`sale_start_range=${day.replaceAll("-", ".")}-${day.replaceAll("-", ".")}&list_cnt=120`);
    expect(sameDay.items.map((x) => x.id)).toEqual(products.filter((p) => p.title.day === day).map((p) => p.id));
    const wholeMonth = list(`sale_start_range=${month.replace("-", ".")}.01-${month.replace("-", ".")}.31&list_cnt=30&page=1`);
    const inMonth = products.filter((p) => p.title.day.startsWith(month));
    expect([wholeMonth.items.map((x) => x.id), wholeMonth.count?.total]).toEqual([inMonth.slice(0, 30).map((p) => p.id), inMonth.length]);
    expect(list("sale_start_range=2026-10-01-2026-10-31").items).toEqual([]);
    // Without a range: the newest MGSTAGE_LIST_LIMIT, then pages that list none, their count line still counting every title.
    const pages = MGSTAGE_LIST_LIMIT / 30;
    expect(list(`list_cnt=30&page=${pages}`).items).toHaveLength(30);
    expect(list(`list_cnt=30&page=${pages + 1}`)).toMatchObject({ items: [], count: { total: 600, first: MGSTAGE_LIST_LIMIT + 1, last: MGSTAGE_LIST_LIMIT } });
  });

  it("answers its top page and its age check in neither the product's nor the list's markup", () => {
    expect([isProductPage(TOP_PAGE), isListPage(TOP_PAGE), isSiteLayout(TOP_PAGE)]).toEqual([false, false, true]);
    expect([isProductPage(AGE_CHECK_PAGE), isListPage(AGE_CHECK_PAGE), isSiteLayout(AGE_CHECK_PAGE), isProductAnswer(AGE_CHECK_PAGE)]).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
