/**
 * The source of one D2Pass site, the same for all four but for its D2PassSite values: lookup by
 * movie id, and crawls of the site's own listing, newest first, a listing page per crawl page. A
 * listing row carries the title's whole details, so a crawl asks each title only for its gallery;
 * earlier failures are asked their details again.
 */
import { sellersOf } from "../../codes/index.js";
import { calendarDay, type JsonObject, str } from "../coerce.js";
import type { Listing } from "../listing-crawl.js";
import { listingPageMissing } from "../listing-crawl.js";
import { siteProvider } from "../site-source.js";
import type { ProviderContext } from "../types.js";
import { getJson, MISSING, recordOfDetails, recordOfId } from "./fetch.js";
import { DEFAULT_SPLIT, listingPath, OFFSET_CURSOR, parseListing } from "./listing.js";
import type { D2PassSite } from "./site.js";

interface Row {
  id: string;
  row: JsonObject;
  day: string | null;
}

/**
 * The listing by row offset: each page's rows released on or after `since` (each row carries the
 * details, so only its gallery is asked), the next page's offset while it is below TotalRows.
 * Only offsets the listing announced are asked: a 404 is a glitch, never its end.
 */
function offsetListing(site: D2PassSite, ctx: ProviderContext): Listing<Row, number> {
  let split = DEFAULT_SPLIT;
  return {
    provider: site.name,
    at: (cursor) => OFFSET_CURSOR.decode(cursor, site.name),
    encode: OFFSET_CURSOR.encode,
    isFirst: (offset) => offset === 0,
    async fetchListing(offset, counter) {
      const url = ctx.baseUrl + listingPath(offset);
      const json = await getJson(url, ctx, counter);
      if (json === MISSING) throw listingPageMissing(url);
      const listing = parseListing(json, site.name);
      split = listing.split;
      const entries: Row[] = [];
      const skipped: { id: string | null; reason: string }[] = [];
      for (const row of listing.rows) {
        const id = str(row.MovieID);
        if (id === null) skipped.push({ id: null, reason: "listing row without a MovieID" });
        else entries.push({ id, row, day: calendarDay(row.Release) });
      }
      // An empty page below the total is one the listing announced rows for.
      const more = entries.length === 0 ? offset < listing.total : offset + split < listing.total;
      return { url, entries, more, skipped };
    },
    next: (offset, page) => (page.more === true ? offset + split : null),
    idOf: (r) => r.id,
    dayOf: (r) => r.day,
    fetchListed: async (r, counter) => ({ record: await recordOfDetails(r.row, site, ctx, counter) }),
  };
}

export function d2passProvider(site: D2PassSite) {
  const idOf = (text: string): string | null => (site.idPattern.test(text) ? text : null);
  return siteProvider({
    description: {
      name: site.name,
      source: `${new URL(site.defaultBaseUrl).hostname.replace(/^www\./, "")}'s JSON`,
      sellers: [site.seller],
      metaTubeName: site.metaTubeName,
      defaultBaseUrl: site.defaultBaseUrl,
      defaultRate: 1,
      settings: [],
    },
    // A code this site can hold: one of its seller's kinds (a bare dated code included), in its id shape.
    idOfCode: (code) => (sellersOf(code).includes(site.seller) ? idOf(code.dvdId) : null),
    idOf,
    notAnId: `not a ${site.siteName} id`,
    noTitle: "no match",
    // Details of another id throw (fetch.ts).
    fetchTitle: (id, ctx, counter) => recordOfId(id, site, ctx, counter),
    listing: (ctx) => offsetListing(site, ctx),
  });
}
