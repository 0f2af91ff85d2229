/**
 * The listing a crawl of a Caribbean site walks: its listing of all titles, newest first, one
 * listing page per crawl page. The cursor is the next listing page with the ids of the page
 * before (crawl-cursor-seen.ts): those are not fetched again, and a page that brings no id the
 * page before did not have ends the listing (FSS's rule: a site that answers past its end with a
 * page it gave). It ends too where the listing says so (its next control disabled), at an empty
 * page past the first that nothing announced, or where it reaches titles released before `since`.
 */
import { SEEN_PAGE_CURSOR, type SeenCursorValue } from "../crawl-cursor-seen.js";
import type { Listing } from "../listing-crawl.js";
import type { ProviderContext } from "../types.js";
import { fetchListing } from "./fetch.js";
import type { ListingEntry } from "./parse-listing.js";
import type { CaribbeanSite } from "./site.js";

export function caribbeanListing(site: CaribbeanSite, ctx: ProviderContext): Listing<ListingEntry, SeenCursorValue> {
  return {
    provider: site.provider,
    at: (cursor) => SEEN_PAGE_CURSOR.decode(cursor, site.provider),
    encode: SEEN_PAGE_CURSOR.encode,
    isFirst: (at) => at.page === 1,
    fetchListing: (at, counter) => fetchListing(site, at.page, ctx, counter),
    // A page without pagination goes on: a page past the end or one seen before ends it.
    next: (at, page) => (page.entries.length === 0 || page.more === false ? null : { page: at.page + 1, seen: page.entries.map((e) => e.id) }),
    idOf: (e) => e.id,
    dayOf: (e) => e.day,
    taken: (at) => new Set(at.seen),
  };
}
