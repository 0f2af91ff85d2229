import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseCode, type ParsedCode } from "../../src/codes/index.js";
import { tokyoHotProvider as provider } from "../../src/providers/tokyo-hot/index.js";
import type { ProviderContext } from "../../src/providers/types.js";
import { siteTitles } from "../../tools/simulator/site-titles.js";
import { type TokyoHotProduct, tokyoHotProducts } from "../../tools/simulator/sites/tokyo-hot.js";
import { startServer, type TestServer } from "../net/test-server.js";
import { client, closeAll, context, simulator } from "../tools/simulator/helpers.js";
import { expectedRecord } from "./tokyo-hot-expected.js";
import { crawlPages } from "./source-helpers.js";

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
  await closeAll();
});

const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, "../fixtures/tokyo-hot", name), "utf8");

const SEED = 1;
const productsOf = (titles: number): TokyoHotProduct[] => tokyoHotProducts(siteTitles(titles, SEED, "tokyo-hot"), SEED);
const code = (text: string): ParsedCode => {
  const parsed = parseCode(text);
  if (parsed === null) throw new Error(`not a code: ${text}`);
  return parsed;
};

async function shop(titles = 120, faults = {}) {
  const sim = await simulator({ siteTitles: titles, seed: SEED, faults });
  const baseUrl = sim.baseUrlOf("tokyo-hot");
  return { sim, baseUrl, ctx: context(baseUrl, client()), products: productsOf(titles) };
}

const routes = (sim: Awaited<ReturnType<typeof simulator>>) => {
  const r = sim.stats().byRoute;
  return { search: r["tokyo-hot.search"] ?? 0, product: r["tokyo-hot.product"] ?? 0, english: r["tokyo-hot.product.en"] ?? 0, list: r["tokyo-hot.list"] ?? 0 };
};

describe("tokyoHotProvider.lookup over the simulated shop", () => {
  it("finds a title of every series by its code as file names spell it, under either kind of id", async () => {
    const { sim, baseUrl, ctx, products } = await shop();
    const picks = ["n", "k", "s2mbd", "red", "sky"].flatMap((s) => {
      const of = products.filter((p) => new RegExp(`^${s}-?\\d`).test(p.number));
      return [of[0], of[of.length - 1]];
    });
    expect(picks.some((p) => /^\d+$/.test(p.id)) && picks.some((p) => p.id === p.number)).toBe(true);
    for (const p of picks) {
      const spellings = [p.number, p.number.toUpperCase(), `Tokyo-Hot ${p.number.replace("-", "")}`];
      for (const s of spellings) {
        const result = await provider.lookup(code(s), ctx);
        expect(result, s).toEqual({ status: "found", record: expectedRecord(p, baseUrl, true) });
      }
    }
    expect(routes(sim)).toMatchObject({ product: picks.length * 3, english: picks.length * 3 });
  });

  it("reads the Japanese page alone when TOKYO_HOT_ENGLISH is off", async () => {
    const { sim, baseUrl, products } = await shop();
    const p = products.find((x) => x.title.titleEn !== null)!;
    const result = await provider.lookup(code(p.number), context(baseUrl, client(), { TOKYO_HOT_ENGLISH: "off" }));
    expect(result).toEqual({ status: "found", record: expectedRecord(p, baseUrl) });
    expect(routes(sim)).toMatchObject({ product: 1, english: 0 });
    expect(provider.settings.map((x) => [x.env, x.default, x.parse?.("OFF")])).toEqual([["TOKYO_HOT_ENGLISH", "on", "off"]]);
  });

  it("tries the other spelling of a series when the first finds nothing (red-030, then red030)", async () => {
    const asked: string[] = [];
    const s = await startServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://x");
      asked.push(url.searchParams.get("q") ?? url.pathname);
      const q = url.searchParams.get("q");
      const body =
        q === null
          ? fixture("product-n1633.html").replaceAll("n1633", "red030")
          : q === "red030"
            ? fixture("search-1624.html").replaceAll("n1624", "red030")
            : fixture("search-empty.html");
      res.writeHead(200, { "content-type": "text/html; charset=UTF-8" });
      res.end(body);
    });
    servers.push(s);
    const result = await provider.lookup(code("RED-030"), context(s.url, client()));
    expect(result).toMatchObject({ status: "found", record: { record: { contentId: "red030", dvdId: "RED-030" } } });
    expect(asked).toEqual(["red-030", "red030", "/product/red030/", "/product/red030/"]);
  });

  it("answers no_match for a code the shop does not have, after one search", async () => {
    const { sim, ctx } = await shop();
    expect(await provider.lookup(code("n0003"), ctx)).toEqual({ status: "no_match" });
    expect(routes(sim)).toEqual({ search: 1, product: 0, english: 0, list: 0 });
  });

  it("never answers with another title than the one asked for", async () => {
    // A search that lists n1624, whose page (its pictures n1624's) says n1633.
    const page = fixture("product-n1633.html").replaceAll("/media/n1633/", "/media/n1624/").replaceAll("samples/n1633", "samples/n1624");
    const s = await startServer((req, res) => {
      const body = req.url?.startsWith("/product/?") ? fixture("search-1624.html") : page;
      res.writeHead(200, { "content-type": "text/html; charset=UTF-8" });
      res.end(body);
    });
    servers.push(s);
    expect(await provider.lookup(code("n1624"), context(s.url, client()))).toEqual({ status: "no_match" });
    // The search and the product's page; its English page is not asked for a product of another number.
    expect(s.seen.length).toBe(2);
  });

  it("looks a title up by its id, and answers no_match for an id the shop does not have", async () => {
    const { baseUrl, ctx, products } = await shop();
    const old = products[products.length - 1];
    expect(await provider.lookupById!(old.id, ctx)).toEqual({ status: "found", record: expectedRecord(old, baseUrl, true) });
    expect(await provider.lookupById!(products[0].id.toUpperCase(), ctx)).toMatchObject({ status: "found" });
    expect(await provider.lookupById!("99999999", ctx)).toEqual({ status: "no_match" });
    expect(await provider.lookupById!("../x", ctx)).toEqual({ status: "no_match" });
  });
});

describe("tokyoHotProvider.search", () => {
  it("returns the shop's answer for a text, each title whole", async () => {
    const { baseUrl, ctx, products } = await shop();
    const p = products[5];
    expect(await provider.search!(p.number, 1, "relevance", ctx)).toEqual([expectedRecord(p, baseUrl)]);
    const words = p.title.titleJa.slice(0, 4);
    const found = await provider.search!(words, 1, "relevance", ctx);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((r) => r.record.titleJa.includes(words))).toBe(true);
    expect(await provider.search!("zzzzqq", 1, "relevance", ctx)).toEqual([]);
    expect(await provider.search!("  ", 1, "relevance", ctx)).toEqual([]);
  });
});

describe("tokyoHotProvider.crawl of the product list", () => {
  const crawlAll = (cursor: string | null, since: string | undefined, ctx: ProviderContext) => crawlPages(provider, ctx, { since }, cursor);

  it("stores every title of the shop, newest first, a list page a crawl page, and resumes from a cursor", async () => {
    const { sim, baseUrl, ctx, products } = await shop(130);
    const pages = await crawlAll(null, undefined, ctx);
    expect(pages.map((p) => p.nextCursor)).toEqual([...[2, 3, 4, 5, 6, 7].map((n) => `{"page":${n}}`), null]);
    expect(pages.flatMap((p) => p.records)).toEqual(products.map((p) => expectedRecord(p, baseUrl, true)));
    expect(pages.flatMap((p) => [...p.skipped, ...(p.failed ?? [])])).toEqual([]);
    // The list page, then each title's Japanese and English pages.
    expect(pages.map((p) => p.requests)).toEqual([41, 41, 41, 41, 41, 41, 21]);
    expect(routes(sim)).toEqual({ search: 0, product: 130, english: 130, list: 7 });

    const resumed = await provider.crawl('{"page":3}', {}, ctx);
    expect(resumed.records).toEqual(pages[2].records);
  });

  it("keeps every title it fetched, and ends at the page whose last dated title is older than `since`", async () => {
    const { ctx, products } = await shop(130);
    const since = products[45].title.day;
    const pages = await crawlAll(null, since, ctx);
    // The list shows no days: its pages are read until one ends before `since`, every title of them kept.
    const last = Math.floor(products.findIndex((p) => p.title.day < since) / 20);
    expect(pages.length).toBe(last + 1);
    expect(pages.flatMap((p) => p.records).map((r) => r.record.contentId)).toEqual(products.slice(0, (last + 1) * 20).map((p) => p.id));
    expect(pages.flatMap((p) => p.records).some((r) => r.record.releaseDate.slice(0, 10) < since)).toBe(true);
    expect(pages[pages.length - 1].nextCursor).toBeNull();
    // A `since` older than the whole shop reads it all.
    expect((await crawlAll(null, "2000-01-01", ctx)).flatMap((p) => p.records)).toHaveLength(130);
  });

  it("goes on from a page whose last title is of the day `since` itself, and refuses a `since` of another shape", async () => {
    const { ctx, products } = await shop(130);
    const first = await provider.crawl(null, { since: products[19].title.day }, ctx);
    expect(first.records).toHaveLength(20);
    expect(first.nextCursor).toBe('{"page":2}');
    await expect(provider.crawl(null, { since: "2026-13" }, ctx)).rejects.toThrow(RangeError);
  });

  it("refuses a broken cursor", async () => {
    const ctx = context("http://127.0.0.1:9", client());
    for (const bad of ["x", "2", '{"page":0}', '{"page":1.5}', "null", '{"pages":2}']) {
      await expect(provider.crawl(bad, {}, ctx)).rejects.toThrow(RangeError);
    }
  });

  it("fetches listed ids again as one page (earlier failures), skipping unknown and malformed ids", async () => {
    const { baseUrl, ctx, products } = await shop();
    const ids = [products[3].id, products[90].id.toUpperCase(), "99999999", "a/b", ""];
    const page = await provider.crawlEntries!(ids, ctx);
    expect(page.records).toEqual([expectedRecord(products[3], baseUrl, true), expectedRecord(products[90], baseUrl, true)]);
    expect(page.skipped).toEqual([
      { id: "99999999", reason: "no match" },
      { id: "a/b", reason: "not a product id" },
    ]);
    expect(page.nextCursor).toBeNull();
  });

  it("lists a title that fails after its retries as failed, keeping the page's others", async () => {
    const { sim, ctx } = await shop(40);
    const first = await provider.crawl(null, {}, ctx);
    // Every kth request a maintenance page, the list's own request spared.
    const listRequest = sim.stats().requests + 1;
    let k = 3;
    while (listRequest % k === 0) k++;
    sim.setFaults({ every: { html: k } });
    const page = await provider.crawl(null, {}, context(sim.baseUrlOf("tokyo-hot"), client({ maxRetries: 0 })));
    expect(page.failed!.length).toBeGreaterThan(0);
    expect(page.failed!.every((f) => f.kind === "not_page")).toBe(true);
    expect(page.records.length + page.failed!.length).toBe(first.records.length);
    expect(page.nextCursor).toBe(first.nextCursor);
  });
});
