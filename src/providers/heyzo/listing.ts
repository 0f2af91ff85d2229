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

export interface ListingPage {
  entries: ListingEntry[];
  /** The number of pages the listing says it has, or null when it does not say. */
  totalPages: number | null;
}

/** Whether a page is a listing page (its grid, even empty past the end), not a maintenance page. */
export function isListingPage(html: string): boolean {
  return /id=["']movies["']/.test(html) || /class=["']list_pagetotal["']/.test(html);
}

export function parseListing(html: string): ListingPage {
  const $ = load(html);
  const entries: ListingEntry[] = [];
  $("div.movie").each((_, el) => {
    const card = $(el);
    const href = card.find('a[href*="/moviepages/"]').first().attr("href") ?? "";
    const id = /\/moviepages\/(\d+)\//.exec(href)?.[1] ?? card.attr("data-movie-id")?.trim() ?? "";
    if (!TITLE_ID.test(id) || entries.some((e) => e.id === id)) return;
    const day = /\d{4}-\d{2}-\d{2}/.exec(card.find(".release").first().text())?.[0] ?? null;
    entries.push({ id, day });
  });
  return { entries, totalPages: nonNegInt($(".list_pagetotal").first().text()) };
}
