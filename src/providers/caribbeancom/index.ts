/** Caribbeancom (www.caribbeancom.com): ids MMDDYY-NNN, its title pages and its listing `/listpages/all<N>.htm`. */
import { caribbeanProvider } from "../caribbean/provider.js";
import type { CaribbeanSite } from "../caribbean/site.js";

export const CARIBBEANCOM: CaribbeanSite = {
  provider: "caribbeancom",
  site: "Caribbeancom",
  maker: "カリビアンコム",
  separator: "-",
  listingPath: (page) => `/listpages/all${page}.htm`,
};

export const caribbeancomProvider = caribbeanProvider(CARIBBEANCOM, {
  source: "caribbeancom.com's title pages",
  metaTubeName: "Caribbeancom",
  defaultBaseUrl: "https://www.caribbeancom.com",
});
