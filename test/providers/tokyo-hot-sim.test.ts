/**
 * The simulated shop renders what the parsers read back: every title's page into the record its
 * model says, every list page into its products in order.
 */
import { describe, expect, it } from "vitest";
import { validateIngestRecord } from "../../src/model/validate.js";
import { parseProductList } from "../../src/providers/tokyo-hot/parse-list.js";
import { parseProductPage } from "../../src/providers/tokyo-hot/parse.js";
import { siteTitles } from "../../tools/simulator/site-titles.js";
import { renderEnglishPage, renderListPage, renderProductPage } from "../../tools/simulator/sites/tokyo-hot-pages.js";
import { TOKYO_HOT_PAGE_SIZE, tokyoHotProducts } from "../../tools/simulator/sites/tokyo-hot.js";
import { expectedRecord } from "./tokyo-hot-expected.js";

const BASE = "http://127.0.0.1:9/tokyo-hot";

describe("the simulated Tokyo-Hot shop", () => {
  const products = tokyoHotProducts(siteTitles(600, 11, "tokyo-hot"), 11);

  it("has the shop's shapes: numbers of six series, ids that are the number or a shop id, other vendors", () => {
    const series = new Set(products.map((p) => /^(.*?[a-z])-?\d+$/.exec(p.number)?.[1]));
    expect([...series].sort()).toEqual(["k", "kb", "n", "red", "s2mbd", "sky"]);
    expect(products.every((p) => /^(?:[a-z0-9]+-?\d+|\d+)$/.test(p.id))).toBe(true);
    expect(products.filter((p) => p.id === p.number).length).toBe(300);
    expect(products.filter((p) => /^\d+$/.test(p.id)).length).toBe(300);
    expect(new Set(products.map((p) => p.id)).size).toBe(products.length);
    expect(new Set(products.map((p) => p.number)).size).toBe(products.length);
    expect(new Set(products.map((p) => p.vendor))).toEqual(new Set(["東熱", "S2M", "RED HOT", "SKY HIGH"]));
  });

  it("renders every product's pages into its record, with and without the English page", () => {
    for (const p of products) {
      const parsed = parseProductPage(renderProductPage(p), BASE, p.id);
      expect(validateIngestRecord(parsed), p.id).toEqual([]);
      expect(parsed, p.id).toEqual(expectedRecord(p, BASE));
      expect(parseProductPage(renderProductPage(p), BASE, p.id, renderEnglishPage(p)), p.id).toEqual(expectedRecord(p, BASE, true));
    }
    expect(products.some((p) => p.title.titleEn === null) && products.some((p) => p.title.titleEn !== null)).toBe(true);
    // The gaps the titles have are on the pages: no performer, no description, no gallery, no sample.
    expect(products.some((p) => p.title.actresses.length === 0)).toBe(true);
    expect(products.some((p) => p.title.descJa === null)).toBe(true);
    expect(products.some((p) => p.title.gallery === 0)).toBe(true);
    expect(products.some((p) => !p.title.sample)).toBe(true);
  });

  it("renders list pages into their products, in order, with the paging the parser follows", () => {
    const pages = Math.ceil(products.length / TOKYO_HOT_PAGE_SIZE);
    for (let n = 1; n <= pages; n++) {
      const slice = products.slice((n - 1) * TOKYO_HOT_PAGE_SIZE, n * TOKYO_HOT_PAGE_SIZE);
      const parsed = parseProductList(renderListPage(slice, n, pages, ""), BASE, `${BASE}/product/?page=${n}`, n);
      expect(parsed.more).toBe(n < pages);
      expect(parsed.items.map((x) => [x.id, x.number, x.title])).toEqual(slice.map((p) => [p.id, p.number, p.title.titleJa]));
    }
  });
});
