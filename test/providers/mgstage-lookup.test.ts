/**
 * MGStage's lookups against local servers answering the real pages (libredmm's captures and the
 * pages written from them): the age cookie on every request (a redirect's too), a code found
 * only through the search under its maker's digits, a removed product, a 403 and 5xx, the age
 * check in each place it may answer, and never another title under the code asked for.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ProviderParseError } from "../../src/providers/errors.js";
import { mgstageProvider as provider } from "../../src/providers/mgstage/index.js";
import { startServer, type TestServer } from "../net/test-server.js";
import { client, closeAll, codeOf, context } from "../tools/simulator/helpers.js";

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
  await closeAll();
});

const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, "../fixtures/mgstage", name), "utf8");

type Answer = { status?: number; body?: string; location?: string };

/** A site answering each request (path and query) from `routes`, else a 404; what it was asked, in order, with each request's cookie. */
async function serve(answers: Record<string, Answer>) {
  const asked: string[] = [];
  const cookies: (string | undefined)[] = [];
  const s = await startServer((req, res) => {
    const url = req.url ?? "/";
    asked.push(url);
    cookies.push(req.headers.cookie);
    const a = answers[url] ?? { status: 404, body: "<h1>Not Found</h1>" };
    res.writeHead(a.status ?? 200, { "content-type": "text/html; charset=UTF-8", ...(a.location ? { location: a.location } : {}) });
    res.end(a.body ?? "");
  });
  servers.push(s);
  return { asked, cookies, ctx: (retries = 1) => context(s.url, client({ maxRetries: retries })) };
}

const product = (id: string) => `/product/product_detail/${id}/`;
const search = (words: string) => `/search/cSearch.php?search_word=${encodeURIComponent(words)}&type=top&page=1`;
/** The real 261ARA-168 page (or search answer) made product `id`: its pictures, ids and 品番. */
const as = (html: string, id: string) => html.replaceAll("261ARA-168", id).replaceAll("261ara-168", id.toLowerCase());
const TOP = { status: 302, location: "/" };

describe("mgstageProvider.lookup against the real pages", () => {
  it("sends the age cookie with every request, the redirected one too", async () => {
    const { asked, cookies, ctx } = await serve({
      [product("MMGH-123")]: TOP,
      "/": { body: fixture("top.html") },
      [search("MMGH-123")]: { body: fixture("search-empty.html") },
    });
    expect(await provider.lookup(codeOf("MMGH-123"), ctx())).toEqual({ status: "no_match" });
    expect(asked).toEqual([product("MMGH-123"), "/", search("MMGH-123")]);
    expect(cookies).toEqual(["adc=1", "adc=1", "adc=1"]);
  });

  it("finds a code whose own page is missing through the search, under the spelling with the maker's digits", async () => {
    const { asked, ctx } = await serve({
      [product("MMGH-123")]: TOP,
      "/": { body: fixture("top.html") },
      [search("MMGH-123")]: { body: as(fixture("search-ARA-168.html"), "320MMGH-123") },
      [product("320MMGH-123")]: { body: as(fixture("product-261ARA-168.html"), "320MMGH-123") },
    });
    const r = await provider.lookup(codeOf("MMGH-123"), ctx());
    expect(r).toMatchObject({ status: "found", record: { record: { contentId: "320mmgh-123", dvdId: "MMGH-123", runtimeMins: 63 } } });
    expect(asked).toEqual([product("MMGH-123"), "/", search("MMGH-123"), product("320MMGH-123")]);
  });

  it("reads the real page by the code as people write it (ARA-168 is 261ARA-168)", async () => {
    const { asked, ctx } = await serve({ [product("261ARA-168")]: { body: fixture("product-261ARA-168.html") } });
    const r = await provider.lookup(codeOf("ARA-168"), ctx());
    expect(r).toMatchObject({ status: "found", record: { record: { contentId: "261ara-168", dvdId: "261ARA-168", makers: ["ARA"] }, ratingAvg: 4.3 } });
    expect(asked).toEqual([product("261ARA-168")]);
  });

  it("answers no_match for a removed product (the redirect to the top page), for lookups and by id", async () => {
    const { ctx } = await serve({ [product("ABP-647")]: TOP, "/": { body: fixture("top.html") }, [search("ABP-647")]: { body: fixture("search-empty.html") } });
    expect(await provider.lookup(codeOf("ABP-647"), ctx())).toEqual({ status: "no_match" });
    expect(await provider.lookupById!("abp-647", ctx())).toEqual({ status: "no_match" });
  });

  it.each([
    ["a 403 (refused outside Japan)", { status: 403, body: "Forbidden" }, "forbidden"],
    ["a 500", { status: 500, body: "busy" }, "http_status"],
    ["a 503", { status: 503, body: "busy" }, "http_status"],
  ] as [string, Answer, string][])("fails on %s, never no_match", async (_name, answer, kind) => {
    const { ctx } = await serve({ [product("ABP-647")]: answer });
    await expect(provider.lookup(codeOf("ABP-647"), ctx())).rejects.toMatchObject({ name: "UpstreamError", kind });
    await expect(provider.lookupById!("abp-647", ctx())).rejects.toMatchObject({ name: "UpstreamError", kind });
  });

  it.each([
    ["answered in place", { [product("ABP-647")]: { body: fixture("age-check.html") } }],
    ["after a redirect to the top", { [product("ABP-647")]: TOP, "/": { body: fixture("age-check.html") } }],
    ["after a redirect elsewhere", { [product("ABP-647")]: { status: 302, location: "/agecheck/" }, "/agecheck/": { body: fixture("age-check.html") } }],
    ["in the site's layout at the product's address", { [product("ABP-647")]: { body: fixture("top.html") } }],
  ] as [string, Record<string, Answer>][])("takes the age check %s for a failure asked again, never a title nor no_match", async (_name, answers) => {
    const { ctx } = await serve(answers);
    await expect(provider.lookup(codeOf("ABP-647"), ctx())).rejects.toMatchObject({ name: "UpstreamError", kind: "not_page", retryable: true });
  });

  it("never files a page naming another code under the code asked for", async () => {
    // Its own address answering ABP-648's page; a redirect to ABP-648's; a search hit whose page is another code's.
    const other = fixture("product-ABP-647.html").replaceAll("ABP-647", "ABP-648");
    const cases: Record<string, Answer>[] = [
      { [product("ABP-647")]: { body: other } },
      { [product("ABP-647")]: { status: 302, location: product("ABP-648") }, [product("ABP-648")]: { body: other } },
      {
        [product("MMGH-123")]: TOP,
        "/": { body: fixture("top.html") },
        [search("MMGH-123")]: { body: as(fixture("search-ARA-168.html"), "320MMGH-123") },
        [product("320MMGH-123")]: { body: as(fixture("product-261ARA-168.html"), "320MMGH-124") },
      },
    ];
    for (const [i, answers] of cases.entries()) {
      const { ctx } = await serve(answers);
      const code = i < 2 ? "ABP-647" : "MMGH-123";
      await expect(provider.lookup(codeOf(code), ctx()), String(i)).rejects.toBeInstanceOf(ProviderParseError);
    }
  });

  it("leaves out a search hit of another code: only the code's own spellings are fetched", async () => {
    const list = fixture("search-ARA-168.html");
    const { asked, ctx } = await serve({
      [product("MMGH-123")]: TOP,
      "/": { body: fixture("top.html") },
      [search("MMGH-123")]: { body: as(list, "320MMGH-1234") },
    });
    expect(await provider.lookup(codeOf("MMGH-123"), ctx())).toEqual({ status: "no_match" });
    expect(asked).toEqual([product("MMGH-123"), "/", search("MMGH-123")]);
  });
});
