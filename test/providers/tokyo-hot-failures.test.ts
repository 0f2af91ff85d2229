/**
 * Tokyo-Hot against a shop that answers wrongly in the ways the fix rules name: pages in the
 * shop's layout that are no list, list pages answered 404 or empty where the list cannot end,
 * redirects, a search whose product pages fail, an English page that fails, and a lookup whose
 * first spelling finds another product.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { UpstreamError } from "../../src/net/index.js";
import { tokyoHotProvider as provider } from "../../src/providers/tokyo-hot/index.js";
import { SEARCH_TITLES } from "../../src/providers/site-source.js";
import { closeAll, codeOf } from "../tools/simulator/helpers.js";
import { type Answer, closeSites, writtenSite } from "./source-helpers.js";

const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, "../fixtures/tokyo-hot", name), "utf8");
afterEach(async () => {
  await closeSites();
  await closeAll();
});

const shop = (routes: Record<string, Answer>) => writtenSite(routes);

/** n1633's page made product `id` numbered `number` (its pictures filed under `id`). */
const productPage = (id: string, number: string) =>
  fixture("product-n1633.html")
    .replaceAll("/media/n1633/", `/media/${id}/`)
    .replace("samples/n1633", `samples/${id}`)
    .replace("<dd>n1633</dd>", `<dd>${number}</dd>`);

/** A list page (search or product list) of these [id, number] entries, with `tail` after the list (its pager). */
function listPage(items: [string, string][], tail = ""): string {
  const li = items.map(
    ([id, n]) => `<li class="detail"><a href="/product/${id}/" class="rm"><img src="/media/${id}/list_image/${n}/220x124_default.jpg" alt="${n}" />
<div class="description2"><div class="title">作り話 ${n}</div><div class="actor">架空<br />(作品番号: ${n})</div></div></a></li>`,
  );
  return fixture("search-empty.html").replace(/<ul class="list slider cf">\s*<\/ul>/, `<ul class="list slider cf">\n${li.join("\n")}\n</ul>${tail}`);
}

const search = (q: string, page = 1) => `/product/?q=${encodeURIComponent(q)}&x=0&y=0&lang=ja${page > 1 ? `&page=${page}` : ""}`;
const list = (page: number) => `/product/?page=${page}&lang=ja`;
const ja = (id: string) => `/product/${id}/?lang=ja`;
const en = (id: string) => `/product/${id}/?lang=en`;
/** A busy page in the shop's layout: div#main, no list. */
const busy = fixture("search-empty.html").replace(/<ul class="list slider cf">\s*<\/ul>/, "<p>ただいま混み合っています</p>");

describe("tokyo-hot: only the list container is a list", () => {
  it("fails (never no_match) where a search answers a page in the shop's layout without the list", async () => {
    for (const body of [busy, fixture("product-n1633.html")]) {
      const { ctx } = await shop({ [search("n1624")]: { body } });
      await expect(provider.lookup(codeOf("n1624"), ctx())).rejects.toMatchObject({ name: "UpstreamError", kind: "not_page" });
      await expect(provider.search!("n1624", 1, "relevance", ctx())).rejects.toBeInstanceOf(UpstreamError);
    }
  });

  it("answers no_match for an empty list container (the written empty answer)", async () => {
    const { ctx } = await shop({ [search("n1624")]: { body: fixture("search-empty.html") } });
    expect(await provider.lookup(codeOf("n1624"), ctx())).toEqual({ status: "no_match" });
  });

  it("fails where a crawl's list page is a product page or a busy page", async () => {
    const { ctx } = await shop({ [list(1)]: { body: fixture("product-n1633.html") }, [list(2)]: { body: busy } });
    await expect(provider.crawl(null, {}, ctx())).rejects.toMatchObject({ kind: "not_page" });
    await expect(provider.crawl('{"page":2}', {}, ctx())).rejects.toMatchObject({ kind: "not_page" });
  });
});

describe("tokyo-hot: the list's end is its own", () => {
  it("fails on a list page answered 404 (crawl and search), retryable, naming the page", async () => {
    const { ctx } = await shop({});
    const err = await provider.crawl('{"page":2}', {}, ctx()).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: "UpstreamError", kind: "http_status", httpStatus: 404, retryable: true });
    expect((err as Error).message).toContain("/product/?page=2&lang=ja");
    await expect(provider.search!("n1624", 1, "relevance", ctx())).rejects.toMatchObject({ httpStatus: 404 });
  });

  it("fails on an empty first page and on an empty page the list says is followed; ends at an empty page past the end", async () => {
    const pager = '<div class="navi"><p class="naviend"><a href="?page=57&amp;lang=ja">最後</a></p></div>';
    const { ctx } = await shop({ [list(1)]: { body: listPage([]) }, [list(2)]: { body: listPage([], pager) }, [list(58)]: { body: listPage([]) } });
    await expect(provider.crawl(null, {}, ctx())).rejects.toMatchObject({ kind: "not_page", message: expect.stringContaining("holds no titles") });
    await expect(provider.crawl('{"page":2}', {}, ctx())).rejects.toMatchObject({ kind: "not_page" });
    expect(await provider.crawl('{"page":58}', {}, ctx())).toEqual({ records: [], skipped: [], failed: [], nextCursor: null, requests: 1 });
  });

  it("reads on past a page with an older title among newer ones: the list is not known to be sorted by day", async () => {
    const dated = (id: string, day: string) => productPage(id, id).replace("2021/05/12", day);
    const pager = '<div class="navi"><ul class="pager"><li class="next"><a href="?page=2&amp;lang=ja">次へ</a></li></ul></div>';
    const { ctx } = await shop({
      [list(1)]: {
        body: listPage(
          [
            ["n1700", "n1700"],
            ["n0100", "n0100"],
            ["n1701", "n1701"],
          ],
          pager,
        ),
      },
      [ja("n1700")]: { body: dated("n1700", "2024/03/01") },
      [ja("n0100")]: { body: dated("n0100", "2008/01/01") },
      [ja("n1701")]: { body: dated("n1701", "2024/02/01") },
    });
    const out = await provider.crawl(null, { since: "2024-01-01" }, ctx({ TOKYO_HOT_ENGLISH: "off" }));
    // Every title fetched is kept, the older one too; the page's last title is not older: on to page 2.
    expect(out.records.map((r) => r.record.contentId)).toEqual(["n1700", "n0100", "n1701"]);
    expect(out.nextCursor).toBe('{"page":2}');
  });

  it("fails where a list page was redirected away from the shop's list", async () => {
    const { ctx } = await shop({ [list(1)]: { status: 302, location: "/index?lang=ja" }, "/index?lang=ja": { body: listPage([["n1633", "n1633"]]) } });
    await expect(provider.crawl(null, {}, ctx())).rejects.toThrow(/not the page asked for/);
  });
});

describe("tokyo-hot: search within a live lookup's time", () => {
  const items: [string, string][] = Array.from({ length: 8 }, (_, i) => [`n${1600 + i}`, `n${1600 + i}`]);

  it(`fetches the first ${SEARCH_TITLES} titles of the answer, Japanese pages alone, and leaves out one that fails`, async () => {
    const routes: Record<string, Answer> = { [search("作り話")]: { body: listPage(items) } };
    for (const [id, n] of items) routes[ja(id)] = { body: productPage(id, n) };
    routes[ja("n1601")] = { status: 500, body: "busy" };
    const { ctx, asked } = await shop(routes);
    const found = await provider.search!("作り話", 1, "relevance", ctx());
    expect(found.map((r) => r.record.contentId)).toEqual(["n1600", "n1602", "n1603", "n1604"]);
    expect(asked.filter((u) => u.includes("lang=en"))).toEqual([]);
    expect(new Set(asked.filter((u) => u.startsWith("/product/n"))).size).toBe(SEARCH_TITLES);
  });

  it("fails when every title of the answer fails", async () => {
    const { ctx } = await shop({ [search("作り話")]: { body: listPage(items.slice(0, 2)) } });
    const routes = { [ja("n1600")]: { status: 500 }, [ja("n1601")]: { status: 500 } };
    const again = await shop({ [search("作り話")]: { body: listPage(items.slice(0, 2)) }, ...routes });
    await expect(provider.search!("作り話", 1, "relevance", again.ctx())).rejects.toMatchObject({ kind: "http_status" });
    // Titles the shop no longer has (404) are simply not found.
    expect(await provider.search!("作り話", 1, "relevance", ctx())).toEqual([]);
  });
});

describe("tokyo-hot: lookups", () => {
  /** The English page of another product (20877, n0755). */
  const otherEnglish = fixture("product-20876-n0754-en.html").replaceAll("20876", "20877").replace("<dd>n0754</dd>", "<dd>n0755</dd>");

  it("tries the other spelling when the first finds another product's page", async () => {
    const { ctx, asked } = await shop({
      [search("red-030")]: { body: listPage([["red-030", "red-030"]]) },
      [ja("red-030")]: { body: productPage("red-030", "red-031") },
      [search("red030")]: { body: listPage([["red030", "red030"]]) },
      [ja("red030")]: { body: productPage("red030", "red030") },
    });
    const r = await provider.lookup(codeOf("RED-030"), ctx({ TOKYO_HOT_ENGLISH: "off" }));
    expect(r).toMatchObject({ status: "found", record: { record: { contentId: "red030", dvdId: "RED-030" } } });
    expect(asked).toEqual([search("red-030"), ja("red-030"), search("red030"), ja("red030")]);
  });

  it.each([
    ["a 500", { status: 500, body: "busy" }],
    ["a maintenance page", { body: fixture("maintenance.html") }],
    ["another product's English page", { body: otherEnglish }],
    ["a redirect to another product's English page", { status: 302, location: en("20877") }],
  ] as [string, Answer][])("keeps the title without its English when the English page is %s", async (_name, answer) => {
    const { ctx } = await shop({
      [search("n0754")]: { body: listPage([["20876", "n0754"]]) },
      [ja("20876")]: { body: fixture("product-20876-n0754-ja.html") },
      [en("20876")]: answer,
      [en("20877")]: { body: otherEnglish },
    });
    const r = await provider.lookup(codeOf("n0754"), ctx());
    if (r.status !== "found") throw new Error(r.status);
    expect([r.record.record.titleJa, r.record.record.titleEn, r.record.altNames]).toEqual(["月本いおり東熱水着膣射", "", {}]);
  });

  it("reads the English page where it is the product's", async () => {
    const { ctx } = await shop({
      [search("n0754")]: { body: listPage([["20876", "n0754"]]) },
      [ja("20876")]: { body: fixture("product-20876-n0754-ja.html") },
      [en("20876")]: { body: fixture("product-20876-n0754-en.html") },
    });
    const r = await provider.lookup(codeOf("n0754"), ctx());
    expect(r).toMatchObject({ status: "found", record: { record: { titleEn: "The Erotic Toilet" }, altNames: { actress: ["Iori Tsukimoto"] } } });
  });

  it("fails where a product's page was redirected to another product's", async () => {
    const { ctx } = await shop({ [ja("n1633")]: { status: 302, location: ja("n1634") }, [ja("n1634")]: { body: productPage("n1634", "n1634") } });
    await expect(provider.lookupById!("n1633", ctx())).rejects.toThrow(/not the page asked for/);
  });
});
