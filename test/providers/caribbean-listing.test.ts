import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { decodePage } from "../../src/net/charset.js";
import { isListingPage, parseListingPage } from "../../src/providers/caribbean/parse-listing.js";
import { landingOf } from "../../src/providers/caribbean/site.js";
import { CARIBBEANCOM } from "../../src/providers/caribbeancom/index.js";
import { CARIBBEANCOMPR } from "../../src/providers/caribbeancompr/index.js";

const DIR = fileURLToPath(new URL("../fixtures/caribbean/", import.meta.url));
const page = (name: string, contentType = "text/html"): string => decodePage(readFileSync(DIR + name), contentType).text;
const MENU = '<header class="header"><ul class="nav-menu"><li><a href="/listpages/all1.htm">全動画</a></li></ul></header>';
const day = (d: string) => `${d}T00:00:00.000Z`;

describe("parseListingPage on the fixtures", () => {
  it("Caribbeancom page 1: the grid's titles with their days, not the ranking's; a next page follows", () => {
    const html = page("caribbeancom-listing-all1.htm", "text/html; charset=EUC-JP");
    expect(isListingPage(html)).toBe(true);
    expect(parseListingPage(html, CARIBBEANCOM)).toEqual({
      entries: [
        { id: "050422-001", day: day("2022-05-04") },
        { id: "050322-001", day: day("2022-05-03") },
        { id: "042922-001", day: day("2022-04-29") },
        { id: "042822-002", day: day("2022-04-28") },
      ],
      skipped: [],
      more: true,
    });
  });

  it("Caribbeancom's last page: the next control is-disabled; a card of another site's id shape is reported, not dropped", () => {
    const listing = parseListingPage(page("caribbeancom-listing-all181-last.htm", "text/html; charset=EUC-JP"), CARIBBEANCOM);
    expect(listing).toEqual({
      entries: [
        { id: "011810-260", day: day("2010-01-18") },
        { id: "011410-259", day: day("2010-01-14") },
      ],
      skipped: [{ id: "011510_001", reason: "listing entry: not a Caribbeancom id" }],
      more: false,
    });
  });

  it("Premium: slashed days, no pagination (more unknown); read as Caribbeancom's, its ids are reported", () => {
    const html = page("caribbeancompr-listing-1.html");
    expect(parseListingPage(html, CARIBBEANCOMPR)).toEqual({
      entries: [
        { id: "052121_002", day: day("2021-05-21") },
        { id: "052021_001", day: day("2021-05-20") },
      ],
      skipped: [],
      more: null,
    });
    expect(parseListingPage(html, CARIBBEANCOM)).toMatchObject({
      entries: [],
      skipped: [
        { id: "052121_002", reason: "listing entry: not a Caribbeancom id" },
        { id: "052021_001", reason: "listing entry: not a Caribbeancom id" },
      ],
    });
  });
});

describe("what is a listing page", () => {
  it("not a maintenance page, nor a page of the site that only carries its menu of listings", () => {
    expect(isListingPage(page("maintenance.html", "text/html; charset=EUC-JP"))).toBe(false);
    expect(isListingPage(`<html><body>${MENU}<h1>エラーが発生しました</h1></body></html>`)).toBe(false);
    expect(isListingPage(`<html><body>${MENU}<div class="pagination-large"></div></body></html>`)).toBe(true);
  });

  it("reads EastSunrise's pagination alone: more unless the last .pagination-item is-disabled", () => {
    const cards = '<div class="grid-item"><a itemprop="url" href="/moviepages/010120-001/index.html">T</a></div>';
    const items = (last: string) => `${cards}<ul class="pagination"><li class="pagination-item"><a href="/listpages/all1.htm">1</a></li>${last}</ul>`;
    expect(parseListingPage(items('<li class="pagination-item"><a href="/listpages/all2.htm">次へ</a></li>'), CARIBBEANCOM).more).toBe(true);
    expect(parseListingPage(items('<li class="pagination-item is-disabled">次へ</li>'), CARIBBEANCOM).more).toBe(false);
    expect(isListingPage(`${MENU}<ul><li class="pagination-item is-disabled">次へ</li></ul>`)).toBe(true);
  });

  it("reads the scrapy spider's pagination: a next link in .pagination-large, or none", () => {
    const cards = '<div class="grid-item"><a itemprop="url" href="/moviepages/010120-001/index.html">T</a></div>';
    const withNext = `${cards}<div class="pagination-large"><a rel="next" href="/listpages/all2.htm">次へ</a></div>`;
    expect(parseListingPage(withNext, CARIBBEANCOM).more).toBe(true);
    expect(parseListingPage(`${cards}<div class="pagination-large"><a href="/listpages/all1.htm">1</a></div>`, CARIBBEANCOM).more).toBe(false);
  });
});

describe("a listing without grid cards (Premium's markup is undocumented)", () => {
  const sidebar = '<div class="ranking"><a href="/moviepages/120614-753/index.html">慟哭の女教師</a></div>';

  it("reads the cards its microdata marks (VideoObject items), never the sidebar's plain title links", () => {
    const item = (id: string, d: string) =>
      `<div itemscope itemtype="http://schema.org/VideoObject"><a href="/moviepages/${id}/index.html"><img itemprop="thumbnail" src="x.jpg"></a>` +
      `<a itemprop="url" href="/moviepages/${id}/index.html">T</a><div class="meta-data">${d}</div></div>`;
    const html = `${MENU}${item("050422-001", "2022-05-04")}${item("050322-001", "2022/05/03")}${sidebar}`;
    expect(isListingPage(html)).toBe(true);
    expect(parseListingPage(html, CARIBBEANCOM).entries).toEqual([
      { id: "050422-001", day: day("2022-05-04") },
      { id: "050322-001", day: day("2022-05-03") },
    ]);
  });

  it("else the title links it marks as a card's (itemprop=url, a thumbnail), the id's day for each", () => {
    const html = `${MENU}<a itemprop="url" href="/moviepages/050422_001/index.html">T</a><a href="/moviepages/050322_001/"><img itemprop="thumbnail" src="x.jpg"></a>${sidebar}`;
    expect(parseListingPage(html, CARIBBEANCOMPR).entries).toEqual([
      { id: "050422_001", day: day("2022-05-04") },
      { id: "050322_001", day: day("2022-05-03") },
    ]);
  });

  it("a page of plain title links only holds no listing entries at all", () => {
    const html = `${MENU}${sidebar}`;
    expect(isListingPage(html)).toBe(false);
    expect(parseListingPage(html, CARIBBEANCOM)).toEqual({ entries: [], skipped: [], more: null });
  });
});

describe("where a request landed (finalUrl)", () => {
  const base = "http://127.0.0.1:9/caribbeancom";

  it("tells the title's own page, the site's top or a listing (no such title), and any other page", () => {
    expect(landingOf(base, `${base}/moviepages/010120-001/index.html`, "010120-001")).toBe("own");
    expect(landingOf(base, `${base}/moviepages/010120-001/`, "010120-001")).toBe("own");
    for (const top of ["/", "/index2.htm", "/index.html", "/listpages/all1.htm"]) expect(landingOf(base, base + top, "010120-001"), top).toBe("none");
    expect(landingOf(base, `${base}/moviepages/010220-001/index.html`, "010120-001")).toBe("elsewhere");
    expect(landingOf(base, `${base}/member/login.php`, "010120-001")).toBe("elsewhere");
    expect(landingOf(base, "https://en.caribbeancom.com/eng/moviepages/010120-001/index.html", "010120-001")).toBe("elsewhere");
    expect(landingOf(base, "http://127.0.0.1:9/heyzo/index2.htm", "010120-001")).toBe("elsewhere");
  });
});
