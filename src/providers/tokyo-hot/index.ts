/**
 * Tokyo-Hot's shop (my.tokyo-hot.com): a code is found through the shop's search, which lists
 * each result's product number beside the product's id (the id is not always the number:
 * /product/5484/ is n0487); a title is its product page, with its English page where
 * TOKYO_HOT_ENGLISH is on. The crawl walks the shop's product list (/product/?page=N), fetching
 * each listed title. Requests in fetch.ts, reading in parse.ts, parse-english.ts, parse-list.ts.
 */
import type { ParsedCode } from "../../codes/index.js";
import { crawlEntriesPage, type EntryOutcome, searchTitles } from "../crawl-list.js";
import { type Counter, crawlListingPage } from "../listing-crawl.js";
import type { CrawlOptions, CrawlPage, LookupResult, Provider, ProviderContext } from "../types.js";
import { ENGLISH_SETTING, fetchList, fetchProduct, listUrl, searchUrl } from "./fetch.js";
import { sameNumber, searchKeywords } from "./numbers.js";
import type { ListItem } from "./parse-list.js";
import { PROVIDER } from "./parse.js";

/** A product's id as its URL writes it: digits, or the number itself (n1633, s2mbd-002). */
const PRODUCT_ID = /^[a-z0-9][a-z0-9._-]*$/i;
/**
 * Titles of one search answer fetched whole, each its Japanese page alone: a live search has
 * LIVE_TIMEOUT_MS (8 s by default) at the shop's one request a second, so the list and five
 * pages (six requests, about five seconds) fit, where twenty (or five with their English pages)
 * would not. The crawl and a lookup read the English pages.
 */
export const SEARCH_TITLES = 5;

/**
 * A code through the search: the listed product whose number is the code (in any spelling), then
 * its page, which must name the same number; else the next spelling. A code of no Tokyo-Hot shape
 * asks nothing.
 */
async function lookupCounted(code: ParsedCode, ctx: ProviderContext, counter: Counter): Promise<LookupResult> {
  for (const keyword of searchKeywords(code) ?? []) {
    const list = await fetchList(searchUrl(ctx.baseUrl, keyword, 1), 1, ctx, counter);
    const hit = list.entries.find((x) => x.number !== null && sameNumber(x.number, code.dvdId)) ?? list.entries.find((x) => sameNumber(x.id, code.dvdId));
    if (hit === undefined) continue;
    const record = await fetchProduct(hit.id, ctx, counter, { wanted: code.dvdId });
    // Never answer with another title than the one asked for.
    if (record !== null && sameNumber(record.record.dvdId, code.dvdId)) return { status: "found", record };
  }
  return { status: "no_match" };
}

async function fetchEntry(entry: string, ctx: ProviderContext, counter: Counter): Promise<EntryOutcome> {
  const id = entry.trim().toLowerCase();
  if (id === "") return null;
  if (!PRODUCT_ID.test(id)) return { skipped: { id, reason: "not a product id" } };
  const record = await fetchProduct(id, ctx, counter);
  return record === null ? { skipped: { id, reason: "no match" } } : { record };
}

export const tokyoHotProvider: Provider = {
  name: PROVIDER,
  source: "Tokyo-Hot's shop pages",
  sellers: ["tokyo-hot"],
  metaTubeName: "TOKYO-HOT",
  defaultBaseUrl: "https://my.tokyo-hot.com",
  defaultRate: 1,
  settings: [ENGLISH_SETTING],
  incremental: true,

  lookup(code, ctx) {
    return lookupCounted(code, ctx, { n: 0 });
  },

  async lookupById(contentId, ctx) {
    const id = contentId.trim().toLowerCase();
    const record = PRODUCT_ID.test(id) ? await fetchProduct(id, ctx, { n: 0 }) : null;
    return record === null ? { status: "no_match" } : { status: "found", record };
  },

  /** The first SEARCH_TITLES titles of the shop's answer for the text (its page `page`), in the shop's order. */
  async search(query, page, _sort, ctx) {
    const text = query.trim();
    if (text === "") return [];
    const n = Math.max(1, page);
    const list = await fetchList(searchUrl(ctx.baseUrl, text, n), n, ctx, { n: 0 });
    return searchTitles(list.entries.slice(0, SEARCH_TITLES), ctx, (x) => fetchProduct(x.id, ctx, { n: 0 }, { english: false }));
  },

  /**
   * One page of the shop's product list per crawl page, each listed title fetched and kept. The
   * list shows no days, mixes vendors and nothing shows it is sorted by 配信開始日: `since` ends the
   * crawl only at a page whose last dated record is older (sinceCut on the records).
   */
  crawl(cursor: string | null, options: CrawlOptions, ctx: ProviderContext): Promise<CrawlPage> {
    return crawlListingPage<ListItem>(cursor, options, ctx, {
      provider: PROVIDER,
      fetchListing: (page, counter) => fetchList(listUrl(ctx.baseUrl, page), page, ctx, counter),
      idOf: (x) => x.id,
      fetchEntry: (id, counter) => fetchEntry(id, ctx, counter),
    });
  },

  crawlEntries(entries, ctx) {
    return crawlEntriesPage(entries, null, ctx, (id, counter) => fetchEntry(id, ctx, counter));
  },
};
