/**
 * A Caribbean site as a source: lookup by code or by the site's own id (one title page), no
 * search (the sites have none a crawler can use), and a crawl of the site's listing of all
 * titles, newest first, one listing page per crawl page. The cursor is the next listing page with
 * the ids of the page before (crawl-cursor-seen.ts): those are not fetched again, and a page that
 * brings no id the page before did not have ends the listing (FSS's rule: a site that answers
 * past its end with a page it gave). Caribbeancom and Caribbeancom Premium are this with their
 * own CaribbeanSite (site.ts).
 */
import { sellersOf } from "../../codes/index.js";
import { siteProvider } from "../site-source.js";
import { SEEN_PAGE_CURSOR, type SeenCursorValue } from "../crawl-cursor-seen.js";
import type { Listing } from "../listing-crawl.js";
import type { ProviderContext } from "../types.js";
import { fetchListing, fetchTitle } from "./fetch.js";
import type { ListingEntry } from "./parse-listing.js";
import { type CaribbeanSite, isSiteId } from "./site.js";

function caribbeanListing(site: CaribbeanSite, ctx: ProviderContext): Listing<ListingEntry, SeenCursorValue> {
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

export interface CaribbeanProviderInfo {
  source: string;
  metaTubeName: string;
  defaultBaseUrl: string;
}

export function caribbeanProvider(site: CaribbeanSite, info: CaribbeanProviderInfo) {
  const idOf = (text: string): string | null => (isSiteId(site, text) ? text : null);
  return siteProvider({
    description: { name: site.provider, sellers: [site.provider], defaultRate: 1, settings: [], ...info },
    // A code of another seller or of another shape is not asked for at all.
    idOfCode: (code) => (sellersOf(code).includes(site.provider) ? idOf(code.dvdId) : null),
    idOf,
    notAnId: `not a ${site.site} id`,
    noTitle: "no match",
    // A page of another title throws (parse-title.ts).
    fetchTitle: (id, ctx, counter) => fetchTitle(site, id, ctx, counter),
    listing: (ctx) => caribbeanListing(site, ctx),
  });
}
