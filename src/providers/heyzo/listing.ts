/**
 * The site's listing of every title, newest first: `/listpages/all_{N}.html` (N from 1), 30
 * cards a page. Each card is a `div.movie` with `data-movie-id`, its link to
 * `/moviepages/NNNN/index.html` and a `p.release` holding its day ("公開日: 2026-07-30", a
 * limited title's a range); `span.list_pagetotal` is the number of pages, and a page past the
 * end is answered 200 with no cards. As Kingen's, FSS's and the 2026 thumbnail crawler's
 * readers of it take it (see test/fixtures/heyzo/README.md).
 */
import { load } from "cheerio";
import { nonNegInt } from "../coerce.js";
import { TITLE_ID } from "./parse.js";

export const listingPath = (page: number): string => `/listpages/all_${page}.html`;

export interface ListingEntry {
  id: string;
  /** The card's first day (YYYY-MM-DD), or null when it shows none (a title announced for later). */
  day: string | null;
}

export interface Listing {
  entries: ListingEntry[];
  /** The number of pages the listing says it has, or null when it does not say. */
  totalPages: number | null;
  /** Cards that name no title the crawl can fetch, and why. */
  skipped: { id: string | null; reason: string }[];
}

/** Whether a page is a listing page (its grid, even empty past the end), not a maintenance page. */
export function isListingPage(html: string): boolean {
  return /id=["']movies["']/.test(html) || /class=["']list_pagetotal["']/.test(html);
}

export function parseListing(html: string): Listing {
  const $ = load(html);
  const entries: ListingEntry[] = [];
  const skipped: Listing["skipped"] = [];
  $("div.movie").each((_, el) => {
    const card = $(el);
    const href = card.find('a[href*="/moviepages/"]').first().attr("href") ?? "";
    const id = /\/moviepages\/(\d+)\//.exec(href)?.[1] ?? card.attr("data-movie-id")?.trim() ?? "";
    if (!TITLE_ID.test(id)) return void skipped.push({ id: id || null, reason: "card without a HEYZO id" });
    if (entries.some((e) => e.id === id)) return void skipped.push({ id, reason: "listed twice on the page" });
    const day = /\d{4}-\d{2}-\d{2}/.exec(card.find(".release").first().text())?.[0] ?? null;
    entries.push({ id, day });
  });
  return { entries, totalPages: nonNegInt($(".list_pagetotal").first().text()), skipped };
}
