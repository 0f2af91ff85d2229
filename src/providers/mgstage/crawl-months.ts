/**
 * MGStage whole, a month at a time: one list page of a month (newest first) per crawl page, each
 * listed title fetched from its own page, from the current month in Japan back to
 * MGSTAGE_FIRST_MONTH, or to the month of `since` (from that day). The site's listing without
 * words stops paging long before its last title; the crawlers that take it whole ask its search
 * by `sale_start_range` a month at a time (test/fixtures/mgstage/README.md). A killed run resumes
 * at the month and page its last commit stored; once a crawl has ended, the next one starts at
 * the newest month again (and an incremental run stops at the day it is given).
 *
 * A month's end is the list's own: the page whose count line reaches its total, or a page with
 * no title that nothing says is followed (a month with no title at all is one such page: a
 * month's first page may well be empty). An empty page the count says is followed, a 404, a page
 * that is no list: failures, asked again.
 */
import type { Listing } from "../listing-crawl.js";
import type { ProviderContext } from "../types.js";
import { fetchList, monthListUrl } from "./fetch.js";
import { PROVIDER } from "./ids.js";
import { daysOf, decodeMonthPage, encodeMonthPage, type MonthPage, monthAt, monthBefore, saleStartRange } from "./months.js";
import type { ListItem } from "./parse-list.js";
import { firstMonth } from "./settings.js";

/** The oldest month a crawl asks: MGSTAGE_FIRST_MONTH, or `since`'s month when later. */
function oldestMonth(since: string | undefined, ctx: ProviderContext): string {
  const first = firstMonth(ctx);
  const sinceMonth = since?.slice(0, 7);
  return sinceMonth !== undefined && sinceMonth > first ? sinceMonth : first;
}

/** The months' lists down to `since` (the months bound it: no listed title is cut by its day). */
export function monthListing(ctx: ProviderContext, since: string | undefined): Listing<ListItem, MonthPage> {
  const oldest = oldestMonth(since, ctx);
  return {
    provider: PROVIDER,
    at(cursor) {
      const at = decodeMonthPage(cursor, PROVIDER) ?? { month: monthAt(ctx.now()), page: 1 };
      return at.month < oldest ? null : at;
    },
    encode: encodeMonthPage,
    isFirst: () => false,
    fetchListing: (at, counter) => fetchList(monthListUrl(ctx.baseUrl, saleStartRange(daysOf(at.month, since)), at.page), at.page, ctx, counter),
    // The month's next page while its list goes on, else the month before, else none.
    next(at, page) {
      if (page.more === true) return { month: at.month, page: at.page + 1 };
      const before = monthBefore(at.month);
      return before < oldest ? null : { month: before, page: 1 };
    },
    idOf: (x) => x.id,
    asksSince: true,
  };
}
