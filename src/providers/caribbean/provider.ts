/**
 * A Caribbean site as a Provider: lookup by code or by the site's own id (one title
 * page), no search (the sites have none a crawler can use), and a crawl of the site's
 * listing (crawl.ts). Caribbeancom and Caribbeancom Premium are this with their own
 * CaribbeanSite (site.ts).
 */
import { sellersOf } from "../../codes/index.js";
import type { LookupResult, Provider, ProviderContext } from "../types.js";
import { crawlIds, crawlListing } from "./crawl.js";
import { fetchTitle } from "./fetch.js";
import { type CaribbeanSite, isSiteId } from "./site.js";

export interface CaribbeanProviderInfo {
  source: string;
  metaTubeName: string;
  defaultBaseUrl: string;
}

/** The title of an id of the site's shape (a page of another title throws: parse-title.ts). */
async function lookupId(site: CaribbeanSite, id: string, ctx: ProviderContext): Promise<LookupResult> {
  const record = await fetchTitle(site, id, ctx, { n: 0 });
  return record === null ? { status: "no_match" } : { status: "found", record };
}

export function caribbeanProvider(site: CaribbeanSite, info: CaribbeanProviderInfo): Provider {
  return {
    name: site.provider,
    source: info.source,
    sellers: [site.provider],
    metaTubeName: info.metaTubeName,
    defaultBaseUrl: info.defaultBaseUrl,
    defaultRate: 1,
    settings: [],
    incremental: true,

    lookup(code, ctx) {
      // A code of another seller or of another shape is not asked for at all.
      if (!sellersOf(code).includes(site.provider) || !isSiteId(site, code.dvdId)) return Promise.resolve({ status: "no_match" });
      return lookupId(site, code.dvdId, ctx);
    },

    lookupById(contentId, ctx) {
      const id = contentId.trim();
      return isSiteId(site, id) ? lookupId(site, id, ctx) : Promise.resolve({ status: "no_match" });
    },

    crawl(cursor, options, ctx) {
      return crawlListing(site, cursor, options, ctx);
    },

    crawlEntries(ids, ctx) {
      return crawlIds(site, ids, ctx);
    },
  };
}
