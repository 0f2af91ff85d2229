/**
 * HEYZO (www.heyzo.com): a title by its code (HEYZO-0841 -> /moviepages/0841/index.html, and
 * the same path on en.heyzo.com for the English), and the whole catalog crawled through the
 * site's listing, newest first, one listing page (30 titles) per crawl page. The site has no
 * search a scraper can use. Fetch (fetch.ts), read (read-page.ts) and validate (parse.ts) are
 * separate; the HTTP client comes in the context.
 */
import { type ParsedCode, parseCode } from "../../codes/index.js";
import { crawlEntriesPage, type EntryOutcome } from "../crawl-list.js";
import { type Counter, crawlListingPage } from "../listing-crawl.js";
import type { CrawlOptions, CrawlPage, LookupResult, Provider, ProviderContext } from "../types.js";
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

/** Title `id`'s record: the page itself guards against another title's (parse.ts, fetch.ts). */
async function lookupId(id: string | null, ctx: ProviderContext): Promise<LookupResult> {
  if (id === null || !TITLE_ID.test(id)) return { status: "no_match" };
  const record = await fetchTitle(id, ctx, { n: 0 });
  return record === null ? { status: "no_match" } : { status: "found", record };
}

/** One entry of a crawl: its record, or why it has none. */
async function fetchEntry(entry: string, ctx: ProviderContext, counter: Counter): Promise<EntryOutcome> {
  const id = heyzoId(entry);
  if (id === null) return entry.trim() === "" ? null : { skipped: { id: entry.trim(), reason: "not a HEYZO id" } };
  const record = await fetchTitle(id, ctx, counter);
  return record === null ? { skipped: { id, reason: "no such title" } } : { record };
}

export const heyzoProvider: Provider = {
  name: PROVIDER,
  source: "heyzo.com's title pages and listing",
  sellers: ["heyzo"],
  metaTubeName: "HEYZO",
  defaultBaseUrl: "https://www.heyzo.com",
  defaultRate: 1,
  settings: [ENGLISH_SETTING],
  rateHosts: englishHosts,
  incremental: true,

  lookup(code: ParsedCode, ctx) {
    return lookupId(code.kind === "heyzo" ? heyzoId(code.dvdId) : null, ctx);
  },

  lookupById(contentId, ctx) {
    return lookupId(heyzoId(contentId), ctx);
  },

  /**
   * Listing page N (the cursor) and each of its titles released on or after `since` (or of no
   * day). Done past the listing's last page, or at the page whose last dated card is older.
   */
  crawl(cursor: string | null, options: CrawlOptions, ctx: ProviderContext): Promise<CrawlPage> {
    return crawlListingPage<ListingEntry>(cursor, options, ctx, {
      provider: PROVIDER,
      fetchListing: (page, counter) => fetchListing(page, ctx, counter),
      idOf: (e) => e.id,
      dayOf: (e) => e.day,
      fetchEntry: (id, counter) => fetchEntry(id, ctx, counter),
    });
  },

  crawlEntries(entries, ctx) {
    return crawlEntriesPage(entries, null, ctx, (entry, c) => fetchEntry(entry, ctx, c));
  },
};
