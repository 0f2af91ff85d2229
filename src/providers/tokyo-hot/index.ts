/**
 * Tokyo-Hot's shop (my.tokyo-hot.com): a code is found through the shop's search, which lists
 * each result's product number beside the product's id (the id is not always the number:
 * /product/5484/ is n0487); a title is its product page, with its English page where
 * TOKYO_HOT_ENGLISH is on. The crawl walks the shop's product list (/product/?page=N), fetching
 * each listed title. Requests in fetch.ts, reading in parse.ts, parse-english.ts, parse-list.ts.
 */
import type { ParsedCode } from "../../codes/index.js";
import { type Counter, pageListing } from "../listing-crawl.js";
import { siteProvider } from "../site-source.js";
import type { LookupResult, ProviderContext } from "../types.js";
import { ENGLISH_SETTING, fetchList, fetchProduct, listUrl, searchUrl } from "./fetch.js";
import { sameNumber, searchKeywords } from "./numbers.js";
import type { ListItem } from "./parse-list.js";
import { PROVIDER } from "./parse.js";

/** A product's id as its URL writes it: digits, or the number itself (n1633, s2mbd-002). */
const PRODUCT_ID = /^[a-z0-9][a-z0-9._-]*$/i;

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

export const tokyoHotProvider = siteProvider({
  description: {
    name: PROVIDER,
    source: "Tokyo-Hot's shop pages",
    sellers: ["tokyo-hot"],
    metaTubeName: "TOKYO-HOT",
    defaultBaseUrl: "https://my.tokyo-hot.com",
    defaultRate: 1,
    settings: [ENGLISH_SETTING],
  },
  lookup: lookupCounted,
  idOf: (text) => {
    const id = text.toLowerCase();
    return PRODUCT_ID.test(id) ? id : null;
  },
  notAnId: "not a product id",
  noTitle: "no match",
  fetchTitle: (id, ctx, counter) => fetchProduct(id, ctx, counter),
  /**
   * One page of the shop's product list per crawl page, each listed title fetched and kept. The
   * list shows no days, mixes vendors and nothing shows it is sorted by 配信開始日: `since` ends the
   * crawl only at a page whose last dated record is older (sinceCut on the records).
   */
  listing: (ctx) =>
    pageListing<ListItem>({
      provider: PROVIDER,
      fetchListing: (page, counter) => fetchList(listUrl(ctx.baseUrl, page), page, ctx, counter),
      idOf: (x) => x.id,
    }),
  search: {
    list: (text, page, ctx, counter) => fetchList(searchUrl(ctx.baseUrl, text, page), page, ctx, counter),
    idOf: (x) => x.id,
    fetchTitle: (id, ctx, counter) => fetchProduct(id, ctx, counter, { english: false }),
  },
});
