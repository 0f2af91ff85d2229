/**
 * A page of a site's listing of all its titles, newest first (Caribbeancom's
 * `/listpages/all<N>.htm`, Premium's `/listpages/<N>.html`). Each title is a `div.grid-item`
 * linking its page `/moviepages/<id>/index.html` (`a[itemprop="url"]`), with its day in
 * `.meta-data`, and the pages are numbered in `div.pagination-page` (as EastSunrise/tools-py's
 * internet/adult/d2pass.py and Wasylq/FSS's caribbeancom scraper read them). Ids are taken from the links,
 * so a card of another shape still yields its title; links outside the grid (rankings,
 * recommendations) are not the listing's.
 */
import { load } from "cheerio";
import { calendarDay } from "../coerce.js";
import { type CaribbeanSite, dayOfId, isSiteId } from "./site.js";

export interface ListingEntry {
  id: string;
  /** The day the listing gives, else the id's (MMDDYY); null when neither says one. */
  day: string | null;
}

export interface ListingPage {
  entries: ListingEntry[];
  /** The highest page number the pagination shows, or null when the page has none. */
  lastPage: number | null;
}

const TITLE_LINK = /\/moviepages\/([^/]+)\/index\.html?(?:[?#].*)?$/;

/** Whether a page is one of the site's own (its menus link the listings), not a maintenance page served 200. */
export function isListingPage(html: string): boolean {
  return /\/listpages\//.test(html);
}

function dayIn(text: string): string | null {
  const m = /(\d{4})[-/](\d{1,2})[-/](\d{1,2})/.exec(text);
  return m ? calendarDay(`${m[1]}-${m[2].padStart(2, "0")}-${m[3].padStart(2, "0")}`) : null;
}

export function parseListingPage(html: string, site: CaribbeanSite): ListingPage {
  const $ = load(html);
  const items = $(".grid-item");
  const scopes = items.length > 0 ? items.toArray() : [$.root().get(0)!];
  const entries: ListingEntry[] = [];
  for (const scope of scopes) {
    const ids = $(scope)
      .find("a[href]")
      .map((_, a) => TITLE_LINK.exec($(a).attr("href") ?? "")?.[1] ?? null)
      .get()
      .filter((id): id is string => id !== null && isSiteId(site, id));
    const listed = items.length > 0 ? dayIn($(scope).find(".meta-data").first().text()) : null;
    for (const id of ids) {
      if (!entries.some((e) => e.id === id)) entries.push({ id, day: listed ?? dayOfId(id) });
    }
  }
  const pages = $(".pagination-page")
    .map((_, p) => Number($(p).text().trim()))
    .get()
    .filter((n) => Number.isSafeInteger(n) && n > 0);
  return { entries, lastPage: pages.length > 0 ? Math.max(...pages) : null };
}
