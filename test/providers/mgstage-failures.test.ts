/**
 * MGStage against a site that answers wrongly in the ways the fix rules name: pages in the site's
 * layout that are no list, list pages answered 404, empty where the list cannot end, without
 * the count line that says whether more follow or for another page, redirected away; a search
 * whose product pages fail, within a live lookup's time. The crawl's requests are the month's list
 * (sale_start_range) the crawlers that take the site whole ask, here of 2026-11, the clock's month.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { UpstreamError } from "../../src/net/index.js";
import { mgstageProvider as provider } from "../../src/providers/mgstage/index.js";
import { SEARCH_TITLES } from "../../src/providers/site-source.js";
import { closeAll, codeOf } from "../tools/simulator/helpers.js";
import { type Answer, closeSites, writtenSite } from "./source-helpers.js";

const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, "../fixtures/mgstage", name), "utf8");
afterEach(async () => {
  await closeSites();
  await closeAll();
});

const site = (routes: Record<string, Answer>) => writtenSite(routes);

const as = (html: string, id: string) => html.replaceAll("261ARA-168", id).replaceAll("261ara-168", id.toLowerCase());
const search = (words: string, page = 1) => `/search/cSearch.php?search_word=${encodeURIComponent(words)}&type=top&page=${page}`;
/** Page `page` of a month's list as the crawl asks it: November 2026 unless said. */
const list = (page: number, range = "2026.11.01-2026.11.30") =>
  `/search/cSearch.php?search_word=&sale_start_range=${range}&sort=new&list_cnt=120&type=top&page=${page}`;
const at = (page: number, month = "2026-11") => JSON.stringify({ month, page });
const product = (id: string) => `/product/product_detail/${id}/`;

const REAL_LIST = fixture("search-ARA-168.html");
const ENTRY = /\n\s*<li>\s*<h5>[\s\S]*?<\/li>/.exec(REAL_LIST)![0];
const REAL_COUNT = "1タイトル中&nbsp;&nbsp;&nbsp;&nbsp;1～1タイトル&nbsp;&nbsp;&nbsp;&nbsp;1ページ目を表示";
const count = (total: number, first: number, last: number, page: number) =>
  `${total}タイトル中&nbsp;&nbsp;&nbsp;&nbsp;${first}～${last}タイトル&nbsp;&nbsp;&nbsp;&nbsp;${page}ページ目を表示`;

/** The real answer holding these products (its one entry's markup each), with this count line (none: no line). */
function listPage(ids: string[], line: string | null): string {
  return REAL_LIST.replace(ENTRY, ids.map((id) => as(ENTRY, id)).join("")).replace(REAL_COUNT, line ?? "");
}
const page = (id: string) => as(fixture("product-261ARA-168.html"), id);

describe("mgstage: only the results' container is a list", () => {
  it("fails (never no_match) where a search answers the top page or a product page", async () => {
    for (const body of [fixture("top.html"), fixture("product-261ARA-168.html"), fixture("age-check.html")]) {
      const { ctx } = await site({ [product("ABP-647")]: { status: 302, location: "/" }, "/": { body: fixture("top.html") }, [search("ABP-647")]: { body } });
      await expect(provider.lookup(codeOf("ABP-647"), ctx())).rejects.toMatchObject({ name: "UpstreamError", kind: "not_page" });
      await expect(provider.search!("ABP-647", 1, "relevance", ctx())).rejects.toBeInstanceOf(UpstreamError);
    }
  });

  it("fails where a crawl's list page is a product page or the top page", async () => {
    const { ctx } = await site({ [list(1)]: { body: fixture("product-261ARA-168.html") }, [list(2)]: { body: fixture("top.html") } });
    await expect(provider.crawl(null, {}, ctx())).rejects.toMatchObject({ kind: "not_page" });
    await expect(provider.crawl(at(2), {}, ctx())).rejects.toMatchObject({ kind: "not_page" });
  });

  it("fails where a list page holds products but no count line, or the count of another page", async () => {
    const { ctx } = await site({ [list(1)]: { body: listPage(["ABP-647"], null) }, [list(2)]: { body: listPage(["ABP-647"], count(90, 1, 30, 1)) } });
    await expect(provider.crawl(null, {}, ctx())).rejects.toMatchObject({ kind: "not_page", message: expect.stringContaining("count line") });
    await expect(provider.crawl(at(2), {}, ctx())).rejects.toMatchObject({ kind: "not_page", message: expect.stringContaining("list page 1") });
  });
});

describe("mgstage: the listing's end is its own", () => {
  it("fails on a list page answered 404 (crawl and search), retryable, naming the page", async () => {
    const { ctx } = await site({});
    const err = await provider.crawl(at(2), {}, ctx()).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: "UpstreamError", kind: "http_status", httpStatus: 404, retryable: true });
    expect((err as Error).message).toContain(list(2));
    await expect(provider.search!("ABP-647", 1, "relevance", ctx())).rejects.toMatchObject({ httpStatus: 404 });
  });

  it("ends a month at a list of none (a month with no title, a page past its end), fails on an empty page the count says is followed", async () => {
    const { ctx } = await site({
      [list(1)]: { body: listPage([], count(0, 0, 0, 1)) },
      [list(1, "2026.10.01-2026.10.31")]: { body: listPage([], null) },
      [list(2)]: { body: listPage([], count(90, 31, 60, 2)) },
      [list(4)]: { body: listPage([], count(90, 91, 90, 4)) },
    });
    const empty = { records: [], skipped: [], failed: [], requests: 1 };
    expect(await provider.crawl(null, {}, ctx())).toEqual({ ...empty, nextCursor: at(1, "2026-10") });
    expect(await provider.crawl(at(1, "2026-10"), {}, ctx())).toEqual({ ...empty, nextCursor: at(1, "2026-09") });
    await expect(provider.crawl(at(2), {}, ctx())).rejects.toMatchObject({ kind: "not_page", message: expect.stringContaining("announced more") });
    expect(await provider.crawl(at(4), {}, ctx())).toEqual({ ...empty, nextCursor: at(1, "2026-10") });
    // A page with neither the results' container nor the count line is no list at all: asked again.
    const { ctx: down } = await site({ [list(1)]: { body: fixture("top.html") } });
    await expect(provider.crawl(null, {}, down())).rejects.toMatchObject({ kind: "not_page" });
  });

  it("goes on while the count's range ends before its total, and stops at the page that reaches it", async () => {
    const { ctx } = await site({
      [list(1)]: { body: listPage(["261ARA-168"], count(2, 1, 1, 1)) },
      [list(2)]: { body: listPage(["261ARA-169"], count(2, 2, 2, 2)) },
      [product("261ARA-168")]: { body: page("261ARA-168") },
      [product("261ARA-169")]: { body: page("261ARA-169") },
    });
    const first = await provider.crawl(null, {}, ctx());
    expect([first.records.map((r) => r.record.contentId), first.nextCursor, first.requests]).toEqual([["261ara-168"], at(2), 2]);
    const second = await provider.crawl(first.nextCursor, {}, ctx());
    expect([second.records.map((r) => r.record.contentId), second.nextCursor]).toEqual([["261ara-169"], at(1, "2026-10")]);
  });

  it("fails where a list page was redirected away from the search", async () => {
    const { ctx } = await site({ [list(1)]: { status: 302, location: "/list/" }, "/list/": { body: listPage(["261ARA-168"], count(1, 1, 1, 1)) } });
    await expect(provider.crawl(null, {}, ctx())).rejects.toThrow(/not the list asked for/);
  });

  it("lists a listed product the site no longer has as skipped, never failed", async () => {
    const { ctx } = await site({
      [list(1)]: { body: listPage(["261ARA-168", "261ARA-169"], count(2, 1, 2, 1)) },
      [product("261ARA-168")]: { body: page("261ARA-168") },
      [product("261ARA-169")]: { status: 302, location: "/" },
      "/": { body: fixture("top.html") },
    });
    const out = await provider.crawl(null, {}, ctx());
    expect([out.records.length, out.skipped, out.failed]).toEqual([1, [{ id: "261ARA-169", reason: "no match" }], []]);
  });
});

describe("mgstage: search within a live lookup's time", () => {
  const ids = Array.from({ length: 8 }, (_, i) => `261ARA-${170 + i}`);

  it(`fetches the first ${SEARCH_TITLES} titles of the answer, and leaves out one that fails or is gone`, async () => {
    const routes: Record<string, Answer> = { [search("ARA")]: { body: listPage(ids, count(8, 1, 8, 1)) } };
    for (const id of ids) routes[product(id)] = { body: page(id) };
    routes[product(ids[1])] = { status: 500, body: "busy" };
    routes[product(ids[2])] = { status: 302, location: "/" };
    routes["/"] = { body: fixture("top.html") };
    const { ctx, asked } = await site(routes);
    const found = await provider.search!("ARA", 1, "relevance", ctx());
    expect(found.map((r) => r.record.contentId)).toEqual([ids[0], ids[3], ids[4]].map((id) => id.toLowerCase()));
    expect(new Set(asked.filter((u) => u.startsWith("/product/"))).size).toBe(SEARCH_TITLES);
  });

  it("fails when every title of the answer fails", async () => {
    const { ctx } = await site({
      [search("ARA")]: { body: listPage(ids.slice(0, 2), count(2, 1, 2, 1)) },
      [product(ids[0])]: { status: 500 },
      [product(ids[1])]: { status: 500 },
    });
    await expect(provider.search!("ARA", 1, "relevance", ctx())).rejects.toMatchObject({ kind: "http_status" });
  });

  it("asks the site's page 2 for page 2", async () => {
    const { ctx, asked } = await site({ [search("ARA", 2)]: { body: listPage([], count(8, 121, 8, 2)) } });
    expect(await provider.search!("ARA", 2, "relevance", ctx())).toEqual([]);
    expect(asked).toEqual([search("ARA", 2)]);
  });
});
