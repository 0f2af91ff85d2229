/**
 * Caribbeancom Premium (www.caribbeancompr.com): ids MMDDYY_NNN, which 1pondo, Pacopacomama
 * and Muramura write alike (a bare 010120_001 is asked of each: codes/sellers.ts), its title
 * pages and its listing `/listpages/<N>.html` (the tag listings are `/listpages/<tag>_<N>.html`).
 */
import { caribbeanProvider } from "../caribbean/provider.js";
import type { CaribbeanSite } from "../caribbean/site.js";

export const CARIBBEANCOMPR: CaribbeanSite = {
  provider: "caribbeancompr",
  site: "Caribbeancom Premium",
  maker: "カリビアンコムプレミアム",
  separator: "_",
  listingPath: (page) => `/listpages/${page}.html`,
};

export const caribbeancomprProvider = caribbeanProvider(CARIBBEANCOMPR, {
  source: "caribbeancompr.com's title pages",
  metaTubeName: "CaribbeancomPR",
  defaultBaseUrl: "https://www.caribbeancompr.com",
});
