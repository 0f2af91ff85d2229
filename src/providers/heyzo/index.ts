/**
 * HEYZO (www.heyzo.com): a title by its code (HEYZO-0841 -> /moviepages/0841/index.html, and
 * the same path on en.heyzo.com for the English), and the whole catalog crawled through the
 * site's listing, newest first, one listing page (30 titles) per crawl page. The site has no
 * search a scraper can use. Fetch (fetch.ts), read (read-page.ts) and validate (parse.ts) are
 * separate; the HTTP client comes in the context.
 */
import { parseCode } from "../../codes/index.js";
import { pageListing } from "../listing-crawl.js";
import { siteProvider } from "../site-source.js";
import { ENGLISH_SETTING, englishHosts, fetchListing, fetchTitle } from "./fetch.js";
import type { ListingEntry } from "./listing.js";
import { PROVIDER, TITLE_ID } from "./parse.js";

/** The site's id of a code, content id or listing entry (HEYZO-0841, heyzo_841, 0841), or null. */
export function heyzoId(input: string): string | null {
  const text = input.trim();
  if (/^\d{1,5}$/.test(text)) return text.padStart(4, "0");
  const code = parseCode(text);
  return code?.kind === "heyzo" ? code.dvdId.slice("HEYZO-".length) : null;
}

const titleId = (id: string | null): string | null => (id !== null && TITLE_ID.test(id) ? id : null);

export const heyzoProvider = siteProvider({
  description: {
    name: PROVIDER,
    source: "heyzo.com's title pages and listing",
    sellers: ["heyzo"],
    metaTubeName: "HEYZO",
    defaultBaseUrl: "https://www.heyzo.com",
    defaultRate: 1,
    settings: [ENGLISH_SETTING],
    rateHosts: englishHosts,
  },
  idOfCode: (code) => titleId(code.kind === "heyzo" ? heyzoId(code.dvdId) : null),
  idOf: (text) => titleId(heyzoId(text)),
  notAnId: "not a HEYZO id",
  noTitle: "no such title",
  // The page itself guards against another title's (parse.ts, fetch.ts).
  fetchTitle,
  /**
   * Listing page N (the cursor) and each of its titles released on or after `since` (or of no
   * day). Done past the listing's last page, or at the page whose last dated card is older.
   */
  listing: (ctx) =>
    pageListing<ListingEntry>({
      provider: PROVIDER,
      fetchListing: (page, counter) => fetchListing(page, ctx, counter),
      idOf: (e) => e.id,
      dayOf: (e) => e.day,
    }),
});
