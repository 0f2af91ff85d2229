/**
 * MGStage's provider against the simulated site: codes of every line with and without the maker's
 * digits, a code it does not have, the age check without the cookie, lookups by id, the search,
 * and listed ids asked again (its failures: mgstage-contract.test.ts). The real pages' lookups: mgstage-lookup.test.ts; the crawl by
 * months: mgstage-crawl.test.ts.
 */
import { afterEach, describe, expect, it } from "vitest";
import { mgstageProvider as provider } from "../../src/providers/mgstage/index.js";
import { siteTitles } from "../../tools/simulator/site-titles.js";
import { type MgstageProduct, mgstageProducts } from "../../tools/simulator/sites/mgstage.js";
import { client, closeAll, codeOf, context, simulator } from "../tools/simulator/helpers.js";
import { expectedRecord } from "./mgstage-expected.js";

afterEach(async () => {
  await closeAll();
});

const SEED = 1;
const productsOf = (titles: number): MgstageProduct[] => mgstageProducts(siteTitles(titles, SEED, "mgstage"), SEED);

async function site(titles = 120, faults = {}) {
  const sim = await simulator({ siteTitles: titles, seed: SEED, faults });
  const baseUrl = sim.baseUrlOf("mgstage");
  return { sim, baseUrl, ctx: context(baseUrl, client()), products: productsOf(titles) };
}

const routes = (sim: Awaited<ReturnType<typeof simulator>>) => {
  const r = sim.stats().byRoute;
  const n = (k: string) => r[`mgstage.${k}`] ?? 0;
  return { product: n("product"), top: n("top"), search: n("search"), list: n("list"), agecheck: n("agecheck") };
};

const product = (id: string) => `/product/product_detail/${id}/`;

describe("mgstageProvider.lookup over the simulated site", () => {
  it("finds a title of every line by its code, with and without the maker's digits, one request each", async () => {
    const { sim, baseUrl, ctx, products } = await site();
    const picks = ["ABP", "ABW", "CHN", "SGA", "259LUXU", "300MIUM", "200GANA", "390JAC", "SIRO"].map((l) => products.find((p) => p.id.startsWith(`${l}-`))!);
    let asked = 0;
    for (const p of picks) {
      const bare = p.id.replace(/^\d+/, "");
      const spellings = [p.id, p.id.toLowerCase().replace("-", ""), ...(bare === p.id ? [] : [bare, bare.toLowerCase()])];
      for (const s of spellings) {
        expect(await provider.lookup(codeOf(s), ctx), s).toEqual({ status: "found", record: expectedRecord(p, baseUrl) });
        asked++;
      }
    }
    expect(routes(sim)).toEqual({ product: asked, top: 0, search: 0, list: 0, agecheck: 0 });
  });

  it("answers no_match for a code the site does not have: its page goes to the top, the search lists nothing", async () => {
    const { sim, ctx } = await site();
    expect(await provider.lookup(codeOf("ABP-001"), ctx)).toEqual({ status: "no_match" });
    expect(routes(sim)).toEqual({ product: 1, top: 1, search: 1, list: 0, agecheck: 0 });
  });

  it("looks a title up by its content id, and answers no_match for a removed or malformed one", async () => {
    const { baseUrl, ctx, products } = await site();
    const old = products[products.length - 1];
    expect(await provider.lookupById!(old.id.toLowerCase(), ctx)).toEqual({ status: "found", record: expectedRecord(old, baseUrl) });
    expect(await provider.lookupById!("259LUXU-9999", ctx)).toEqual({ status: "no_match" });
    expect(await provider.lookupById!("../x", ctx)).toEqual({ status: "no_match" });
  });
  it("is answered the simulated site's age check without the cookie, its pages with it", async () => {
    const { sim, baseUrl, products } = await site(20);
    const url = `${baseUrl}${product(products[0].id)}`;
    const without = await (await fetch(url)).text();
    const withCookie = await (await fetch(url, { headers: { cookie: "adc=1" } })).text();
    expect([without.includes("年齢認証"), withCookie.includes(`<td>${products[0].id}</td>`)]).toEqual([true, true]);
    expect(routes(sim)).toMatchObject({ agecheck: 1, product: 1 });
  });
});

describe("mgstageProvider.search", () => {
  it("returns the site's answer for a text, each title whole", async () => {
    const { sim, baseUrl, ctx, products } = await site();
    const p = products[5];
    expect(await provider.search!(p.id, 1, "relevance", ctx)).toEqual([expectedRecord(p, baseUrl)]);
    const words = p.title.titleJa.slice(0, 4);
    const found = await provider.search!(words, 1, "relevance", ctx);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((r) => r.record.titleJa.includes(words))).toBe(true);
    expect(await provider.search!("zzzzqq", 1, "relevance", ctx)).toEqual([]);
    expect(await provider.search!("  ", 1, "relevance", ctx)).toEqual([]);
    expect(routes(sim).agecheck).toBe(0);
  });
});

describe("mgstageProvider.crawlEntries", () => {
  it("fetches listed ids again as one page (earlier failures), skipping removed and malformed ids", async () => {
    const { baseUrl, ctx, products } = await site();
    const page = await provider.crawlEntries!([products[3].id, products[90].id.toLowerCase(), "ABP-001", "a/b", ""], ctx);
    expect(page.records).toEqual([expectedRecord(products[3], baseUrl), expectedRecord(products[90], baseUrl)]);
    expect(page.skipped).toEqual([
      { id: "ABP-001", reason: "no match" },
      { id: "a/b", reason: "not a product id" },
    ]);
    expect(page.nextCursor).toBeNull();
  });
});
