/**
 * MGStage (www.mgstage.com, MGS動画): the product pages and the site's search, every request with
 * the age cookie. Its titles are filed under the seller "dmm": a seller here is the namespace of
 * a code's titles, and MGStage sells titles of the same label codes as DMM (Prestige's ABP, ABW,
 * CHN, SGA...; the amateur lines 259LUXU, 300MIUM, 200GANA, 390JAC, SIRO...), the same title
 * under the same code, not another title. So the catalog keeps both records (their providers
 * differ), SERVICE_CODE_ORDER ranks DMM's first (this one's serviceCode is ""), and a code of
 * those kinds is asked live of r18dev, fanza, then mgstage, in the registry's order; the amateur
 * lines MGStage sells alone are asked of it first (codes/sellers.ts firstShopOf).
 *
 * A code is asked as /product/product_detail/{code}/ (the catalog's code reader already gives
 * an amateur code its maker's digits: LUXU-1234 is 259LUXU-1234); where the site has no such
 * page, its search may list the code's product under another spelling (the real ARA-168 answer
 * lists 261ARA-168; a line the reader does not know, 320MMGH-123 for MMGH-123). The crawl walks
 * the search without words a month at a time, newest first (crawl-months.ts, months.ts).
 * Requests in fetch.ts; reading in parse.ts, detail-table.ts and parse-list.ts; ids in ids.ts.
 */
import type { ParsedCode } from "../../codes/index.js";
import type { Counter } from "../listing-crawl.js";
import { ownTitle, sameTitle } from "../same-title.js";
import { siteProvider } from "../site-source.js";
import type { LookupResult, ProviderContext } from "../types.js";
import { monthListing } from "./crawl-months.js";
import { fetchList, fetchProduct, searchUrl } from "./fetch.js";
import { ASKED_KINDS, PRODUCT_ID, PROVIDER, siteId } from "./ids.js";
import { FIRST_MONTH_SETTING } from "./settings.js";

/**
 * A code: its own page, else the products the search lists under another spelling of it, in
 * the search's order. A code of another kind asks nothing.
 */
async function lookupCounted(code: ParsedCode, ctx: ProviderContext, counter: Counter): Promise<LookupResult> {
  if (!ASKED_KINDS.has(code.kind)) return { status: "no_match" };
  const own = await fetchProduct(code.dvdId, ctx, counter);
  if (own !== null) return { status: "found", record: ownTitle(PROVIDER, code.dvdId, own) };
  const list = await fetchList(searchUrl(ctx.baseUrl, code.dvdId, 1), 1, ctx, counter);
  for (const hit of list.entries.filter((x) => sameTitle(x.id, code.dvdId) && x.id !== siteId(code.dvdId))) {
    const record = await fetchProduct(hit.id, ctx, counter);
    if (record !== null) return { status: "found", record: ownTitle(PROVIDER, code.dvdId, record) };
  }
  return { status: "no_match" };
}

export const mgstageProvider = siteProvider({
  description: {
    name: PROVIDER,
    source: "MGStage's product pages and search",
    sellers: ["dmm"],
    metaTubeName: "MGS",
    defaultBaseUrl: "https://www.mgstage.com",
    defaultRate: 1,
    settings: [FIRST_MONTH_SETTING],
    partialCrawl: true,
  },
  lookup: lookupCounted,
  idOf: (text) => (PRODUCT_ID.test(text) ? text : null),
  notAnId: "not a product id",
  noTitle: "no match",
  fetchTitle: fetchProduct,
  /** A month's list page (newest month first, back to MGSTAGE_FIRST_MONTH or `since`) per crawl page: crawl-months.ts. */
  listing: monthListing,
  search: {
    list: (text, page, ctx, counter) => fetchList(searchUrl(ctx.baseUrl, text, page), page, ctx, counter),
    idOf: (x) => x.id,
  },
});
