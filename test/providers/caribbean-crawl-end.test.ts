/**
 * Where a Caribbean crawl ends and what a title's answer means, against a server whose
 * listing pages and redirects each test sets: the end is the listing's own (its next control
 * disabled, a page repeating the one before), a 404 or an empty page before it is a failure,
 * `since` is cut by the page's last dated entry, and a redirect is "no match" only to the
 * site's top page or a listing.
 */
import type { ServerResponse } from "node:http";
import iconv from "iconv-lite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { caribbeancomProvider } from "../../src/providers/caribbeancom/index.js";
import { siteTitles, type SiteTitle } from "../../tools/simulator/site-titles.js";
import { CARIBBEANCOM_SIM, caribbeanId, renderCaribbeanListing, renderCaribbeanTitle } from "../../tools/simulator/sites/caribbean.js";
import { startServer, type TestServer } from "../net/test-server.js";
import { client, closeAll, codeOf, context } from "../tools/simulator/helpers.js";

const titles = siteTitles(95, 4, "caribbeancom");
const ids = titles.map((t) => caribbeanId(t, "-"));
const byId = new Map(titles.map((t) => [caribbeanId(t, "-"), t]));
const MENU = '<header><ul class="nav-menu"><li><a href="/listpages/all1.htm">全動画</a></li></ul></header>';
const TOP = `<!DOCTYPE html><html><head><meta charset="EUC-JP"><title>カリビアンコム</title></head><body>${MENU}<h1>新着</h1></body></html>`;

/** What the listing answers for page n: a page's titles (rendered by the simulator as page 1 of them), raw HTML, or a status. */
let listing: (n: number) => SiteTitle[] | string | number = () => 404;
const REDIRECTS: Record<string, string> = {
  "/moviepages/010199-001/index.html": "/index2.htm",
  "/moviepages/010199-002/index.html": "/listpages/all1.htm",
  "/moviepages/010199-003/index.html": `/moviepages/${ids[0]}/index.html`,
  "/listpages/all5.htm": "/listpages/all1.htm",
};

function send(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { "content-type": "text/html; charset=EUC-JP" });
  res.end(iconv.encode(html, "euc-jp"));
}

let server: TestServer;
beforeAll(async () => {
  server = await startServer((req, res) => {
    const path = req.url ?? "/";
    const to = REDIRECTS[path];
    if (to !== undefined) {
      res.writeHead(302, { location: to });
      return res.end();
    }
    const list = /^\/listpages\/all(\d+)\.htm$/.exec(path);
    const title = /^\/moviepages\/([^/]+)\/index\.html$/.exec(path)?.[1];
    if (path === "/index2.htm" || title === "010199-004") return send(res, 200, TOP);
    // The page of the oldest title is the newest's: it names another title.
    if (title === ids[94]) return send(res, 200, renderCaribbeanTitle(CARIBBEANCOM_SIM, titles[0]));
    if (title !== undefined) return byId.has(title) ? send(res, 200, renderCaribbeanTitle(CARIBBEANCOM_SIM, byId.get(title)!)) : send(res, 404, TOP);
    const answer = list ? listing(Number(list[1])) : 404;
    if (typeof answer === "number") return send(res, answer, TOP);
    send(res, 200, typeof answer === "string" ? answer : renderCaribbeanListing(CARIBBEANCOM_SIM, answer, 1));
  });
});
afterAll(async () => {
  await server.close();
  await closeAll();
});

const ctx = () => context(server.url, client({ maxRetries: 0 }));
const crawl = (cursor: string | null, since?: string) => caribbeancomProvider.crawl(cursor, { since }, ctx());
const contentIds = (page: { records: { record: { contentId: string } }[] }) => page.records.map((r) => r.record.contentId);
const cursorOf = (page: number, seen: string[] = []) => JSON.stringify({ page, seen });
const emptyPage = (more: boolean) =>
  `<html><body>${MENU}<div class="grid"></div><div class="pagination-large">` +
  (more ? '<a class="pagination-item" rel="next" href="/listpages/all3.htm">次へ</a>' : '<span class="pagination-item is-disabled">次へ</span>') +
  "</div></body></html>";

describe("the end of a Caribbeancom listing", () => {
  it("a listing page answered 404 is a failure naming it, never the end", async () => {
    listing = () => 404;
    await expect(crawl(cursorOf(2, ids.slice(0, 30)))).rejects.toMatchObject({ kind: "http_status", httpStatus: 404, url: `${server.url}/listpages/all2.htm` });
  });

  it("an empty first page is a failure; an empty later page ends the crawl only when nothing announces more", async () => {
    listing = () => emptyPage(false);
    await expect(crawl(null)).rejects.toThrow(/the listing holds no titles/);
    expect(await crawl(cursorOf(2, ids.slice(0, 30)))).toMatchObject({ records: [], nextCursor: null, requests: 1 });
    listing = () => emptyPage(true);
    await expect(crawl(cursorOf(2, ids.slice(0, 30)))).rejects.toThrow(/announced more/);
  });

  it("a page of the site that is no listing (its menu, no cards) is a not_page failure", async () => {
    listing = () => TOP;
    await expect(crawl(null)).rejects.toMatchObject({ name: "UpstreamError", kind: "not_page" });
  });

  it("a listing page sent elsewhere by a redirect is a failure, not the end", async () => {
    listing = () => titles;
    await expect(crawl(cursorOf(5, ids.slice(0, 30)))).rejects.toThrow(/was answered by .*, not listing page 5/);
  });

  it("a page that brings no id the page before lacked ends the listing (FSS's rule); one that repeats some fetches only the new", async () => {
    listing = () => titles;
    const first = await crawl(null);
    expect(contentIds(first)).toEqual(ids.slice(0, 30));
    expect(await crawl(first.nextCursor)).toMatchObject({ records: [], skipped: [], nextCursor: null, requests: 1 });
    listing = (n) => (n === 1 ? titles : titles.slice(25));
    const shifted = await crawl(first.nextCursor);
    expect(contentIds(shifted)).toEqual(ids.slice(30, 55));
    expect(JSON.parse(shifted.nextCursor!)).toEqual({ page: 3, seen: ids.slice(25, 55) });
  });

  it("`since`: an old title the site lists late is left out and does not end the crawl; the page's last dated entry does", async () => {
    const since = titles[40].day;
    const late = titles[90];
    listing = () => [...titles.slice(0, 10), late, ...titles.slice(10)];
    const page = await crawl(null, since);
    expect(contentIds(page)).toEqual(ids.slice(0, 29));
    expect(page.nextCursor).not.toBeNull();
    listing = () => titles.slice(30);
    const reached = await crawl(cursorOf(2, ids.slice(0, 29)), since);
    expect(contentIds(reached)).toEqual(ids.slice(30, 60).filter((_, i) => titles[30 + i].day >= since));
    expect(reached.nextCursor).toBeNull();
  });
});

describe("what a Caribbeancom title's answer means", () => {
  const lookup = (id: string) => caribbeancomProvider.lookup(codeOf(id), ctx());

  it("a redirect to the site's top page or a listing is its 'no such title'", async () => {
    expect(await lookup("010199-001")).toEqual({ status: "no_match" });
    expect(await lookup("010199-002")).toEqual({ status: "no_match" });
  });

  it("a redirect to another title's page, or a page naming another title, is a failure, never that title under this id", async () => {
    await expect(lookup("010199-003")).rejects.toThrow(/moviepages\/010199-003\/index.html was answered by .*, not the title's page/);
    await expect(lookup(ids[94])).rejects.toThrow(new RegExp(`${ids[94]}: the page is the title ${ids[0]}'s`));
    const page = await caribbeancomProvider.crawlEntries!([ids[2], "010199-003"], ctx());
    expect(contentIds(page)).toEqual([ids[2]]);
    expect(page.failed).toEqual([{ id: "010199-003", kind: "parse", reason: expect.stringContaining("not the title's page") }]);
  });

  it("a page of the site without the title at the title's own address is a not_page failure, not 'no match'", async () => {
    await expect(lookup("010199-004")).rejects.toMatchObject({ name: "UpstreamError", kind: "not_page" });
  });
});
