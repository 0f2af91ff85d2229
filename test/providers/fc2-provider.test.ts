/**
 * fc2Provider against a local server on 127.0.0.1 serving FC2's real pages: lookups, what is a
 * removed article (no_match) and what is a failure (a login redirect, a 404, a 5xx, a
 * maintenance page), the description widget, another article's page, the search and the listing.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { UpstreamError } from "../../src/net/index.js";
import { ProviderParseError } from "../../src/providers/errors.js";
import { fc2Provider as provider } from "../../src/providers/fc2/index.js";
import { SEARCH_TITLES } from "../../src/providers/site-source.js";
import { closeAll, codeOf } from "../tools/simulator/helpers.js";
import { type Answer, closeSites, writtenSite } from "./source-helpers.js";

const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, "../fixtures/fc2", name), "utf8");
afterEach(async () => {
  await closeSites();
  await closeAll();
});

const site = (routes: Record<string, Answer>) => writtenSite(routes);

const article = (id: string) => `/article/${id}/?lang=ja`;
const widget = "/widget/article/3069309/description?ac=46d4251f151d122264aa760d249b5c2f";
const MAINTENANCE =
  '<!DOCTYPE html><html lang="ja"><head><meta charset="utf-8"><title>メンテナンス中</title></head><body><h1>ただいまメンテナンス中です</h1></body></html>';
/** A login form (what FC2's login path answers is not on record; any page of neither mark stands for it). */
const LOGIN =
  '<!DOCTYPE html><html lang="ja"><head><meta charset="utf-8"><title>ログイン - FC2</title></head><body><form method="post"><input name="email"></form></body></html>';

const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e,
  );

describe("fc2Provider.lookup against FC2's real pages", () => {
  it("finds FC2-PPV-3069309 by its code as file names spell it, with its description", async () => {
    const { ctx, asked } = await site({
      [article("3069309")]: { body: fixture("article-3069309.html") },
      [widget]: { body: fixture("description-widget.html") },
    });
    for (const spelling of ["FC2-PPV-3069309", "FC2PPV-3069309", "fc2-3069309"]) {
      const r = await provider.lookup(codeOf(spelling), ctx());
      expect(r, spelling).toMatchObject({
        status: "found",
        record: {
          provider: "fc2",
          record: {
            contentId: "3069309",
            dvdId: "FC2-PPV-3069309",
            commentJa: "作り話の説明文、一行目です。\n※作り話の注意書き\n\n作り話の三行目。",
            makers: ["美〇〇遊記"],
          },
        },
      });
    }
    expect(asked).toEqual([article("3069309"), widget, article("3069309"), widget, article("3069309"), widget]);
  });

  it("reads the article alone when FC2_DESCRIPTION is off, and asks nothing for a code of no FC2 shape", async () => {
    const { ctx, asked } = await site({ [article("3069309")]: { body: fixture("article-3069309.html") } });
    expect(await provider.lookup(codeOf("FC2-PPV-3069309"), ctx({ FC2_DESCRIPTION: "off" }))).toMatchObject({
      status: "found",
      record: { record: { commentJa: null } },
    });
    for (const c of ["ABP-123", "HEYZO-0841", "n1633"]) expect(await provider.lookup(codeOf(c), ctx())).toEqual({ status: "no_match" });
    expect(asked).toEqual([article("3069309")]);
    expect(provider.settings.map((s) => [s.env, s.default])).toEqual([
      ["FC2_CRAWL_DAYS", "30"],
      ["FC2_DESCRIPTION", "on"],
    ]);
  });

  it("keeps the title without its description when the widget fails or is no widget", async () => {
    for (const answer of [{ status: 500, body: "busy" }, { body: MAINTENANCE }, { status: 302, location: "/" }] as Answer[]) {
      const { ctx } = await site({
        [article("3069309")]: { body: fixture("article-3069309.html") },
        [widget]: answer,
        "/": { body: "<html><body><div>top</div></body></html>" },
      });
      expect(await provider.lookup(codeOf("FC2-PPV-3069309"), ctx()), JSON.stringify(answer)).toMatchObject({
        status: "found",
        record: { record: { commentJa: null } },
      });
    }
  });

  it("answers no_match for a removed article (FC2's real 'not found' page, 200), asking nothing more", async () => {
    const { ctx, asked } = await site({ [article("1723985")]: { body: fixture("notfound-1723985.html") } });
    expect(await provider.lookup(codeOf("FC2-PPV-1723985"), ctx())).toEqual({ status: "no_match" });
    expect(await provider.lookupById!("1723985", ctx())).toEqual({ status: "no_match" });
    expect(asked).toEqual([article("1723985"), article("1723985")]);
  });

  it.each([
    ["a redirect to FC2's login", { status: 302, location: "/lk/services/id/login?anlad=3" }, "not_page"],
    ["the login wall's redirects ending in a 404", { status: 302, location: "/lk/services/id/login?anlad=5" }, "http_status"],
    ["a 500 on every attempt", { status: 500, body: "Internal Server Error" }, "http_status"],
    ["a maintenance page served 200", { body: MAINTENANCE }, "not_page"],
    ["a 404", { status: 404, body: "<h1>Not Found</h1>" }, "http_status"],
  ] as [string, Answer, string][])("fails on %s, never no_match", async (_name, answer, kind) => {
    const { ctx } = await site({
      [article("3069309")]: answer,
      "/lk/services/id/login?anlad=3": { body: LOGIN },
      "/lk/services/id/login?anlad=5": { status: 302, location: "/other/" },
    });
    const err = await failure(provider.lookup(codeOf("FC2-PPV-3069309"), ctx()));
    expect(err).toBeInstanceOf(UpstreamError);
    expect((err as UpstreamError).kind).toBe(kind);
  });

  it("fails where a login redirect leads to FC2's 'not found' page on its login path", async () => {
    const { ctx } = await site({
      [article("3069309")]: { status: 302, location: "/lk/services/id/login?anlad=3" },
      "/lk/services/id/login?anlad=3": { body: fixture("notfound-1723985.html") },
    });
    await expect(provider.lookup(codeOf("FC2-PPV-3069309"), ctx())).rejects.toThrow(ProviderParseError);
  });

  it("never answers with another article: a page naming another id, or a redirect to another article", async () => {
    const other = fixture("article-4938582.html");
    const { ctx } = await site({
      [article("4938583")]: { body: other },
      [article("3069309")]: { status: 302, location: "/article/4509988/" },
      "/article/4509988/": { body: fixture("article-4509988.html") },
    });
    await expect(provider.lookup(codeOf("FC2-PPV-4938583"), ctx())).rejects.toThrow(/article 4938582's/);
    await expect(provider.lookupById!("3069309", ctx())).rejects.toThrow(/not the article's page/);
  });

  it("looks an article up by its content id, the bare number", async () => {
    const { ctx } = await site({ [article("4938582")]: { body: fixture("article-4938582.html") } });
    expect(await provider.lookupById!("4938582", ctx({ FC2_DESCRIPTION: "off" }))).toMatchObject({
      status: "found",
      record: { record: { contentId: "4938582" } },
    });
    expect(await provider.lookupById!("FC2-PPV-4938582", ctx({ FC2_DESCRIPTION: "off" }))).toMatchObject({ status: "found" });
    expect(await provider.lookupById!("../x", ctx())).toEqual({ status: "no_match" });
  });
});

describe("fc2Provider's lists against written list pages", () => {
  const list = fixture("search-newest.html");
  const pages = {
    [article("4938582")]: { body: fixture("article-4938582.html") },
    [article("4509988")]: { body: fixture("article-4509988.html") },
    [article("3069309")]: { body: fixture("notfound-1723985.html") },
  };

  it("searches the site, each title whole without its description, a removed one left out", async () => {
    const { ctx, asked } = await site({ "/search/?q=%E7%B4%A0%E4%BA%BA": { body: list }, ...pages });
    const found = await provider.search!("素人", 1, "relevance", ctx());
    expect(found.map((r) => r.record.contentId)).toEqual(["4938582", "4509988"]);
    expect(asked.filter((u) => u.startsWith("/widget/"))).toEqual([]);
    expect(SEARCH_TITLES).toBe(5);
    expect(await provider.search!("  ", 1, "relevance", ctx())).toEqual([]);
  });

  it("crawls the listing newest first: every card's article, a removed one skipped, on to the next page", async () => {
    const { ctx, asked } = await site({ "/search/?sort=date&order=desc": { body: list }, ...pages });
    const page = await provider.crawl(null, { since: "2020-01-01" }, ctx({ FC2_DESCRIPTION: "off", FC2_CRAWL_DAYS: "0" }));
    expect(page.records.map((r) => r.record.contentId)).toEqual(["4938582", "4509988"]);
    expect(page.skipped).toEqual([{ id: "3069309", reason: "no such article (removed)" }]);
    expect(page.nextCursor).toBe('{"page":2}');
    expect(page.requests).toBe(4);
    expect(asked[0]).toBe("/search/?sort=date&order=desc");
  });

  it("fails on a list page that is none (a maintenance page, an article) or answered 404, and on a redirect away", async () => {
    const { ctx } = await site({
      "/search/?sort=date&order=desc": { body: MAINTENANCE },
      "/search/?sort=date&order=desc&page=2": { body: fixture("article-3069309.html") },
      "/search/?sort=date&order=desc&page=4": { status: 302, location: "/lk/services/id/login?anlad=5" },
      "/lk/services/id/login?anlad=5": { body: list },
    });
    await expect(provider.crawl(null, {}, ctx())).rejects.toMatchObject({ kind: "not_page" });
    await expect(provider.crawl('{"page":2}', {}, ctx())).rejects.toMatchObject({ kind: "not_page" });
    await expect(provider.crawl('{"page":3}', {}, ctx())).rejects.toMatchObject({ kind: "http_status", httpStatus: 404 });
    await expect(provider.crawl('{"page":4}', {}, ctx())).rejects.toThrow(/not the list asked for/);
  });
});
