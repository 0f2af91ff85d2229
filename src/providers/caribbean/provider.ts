/**
 * A Caribbean site as a source: lookup by code or by the site's own id (one title page), no
 * search (the sites have none a crawler can use), and a crawl of the site's listing (crawl.ts).
 * Caribbeancom and Caribbeancom Premium are this with their own CaribbeanSite (site.ts).
 */
import { sellersOf } from "../../codes/index.js";
import { siteProvider } from "../site-source.js";
import { caribbeanListing } from "./crawl.js";
import { fetchTitle } from "./fetch.js";
import { type CaribbeanSite, isSiteId } from "./site.js";

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
