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
 * no title that nothing says is followed (a month with no title at all is one such page). An
 * empty page the count says is followed, a 404, a page that is no list: failures, asked again.
 */
import { checkSince, crawlEntriesPage } from "../crawl-list.js";
import type { Counter } from "../listing-crawl.js";
import { checkEmptyListingPage } from "../listing-end.js";
import type { CrawlOptions, CrawlPage, ProviderContext } from "../types.js";
import { fetchEntry, fetchList, monthListUrl } from "./fetch.js";
import { PROVIDER } from "./ids.js";
import { daysOf, decodeMonthPage, encodeMonthPage, type MonthPage, monthAt, monthBefore, saleStartRange } from "./months.js";
import { firstMonth } from "./settings.js";

/** The oldest month a crawl asks: MGSTAGE_FIRST_MONTH, or `since`'s month when later. */
function oldestMonth(since: string | undefined, ctx: ProviderContext): string {
  const first = firstMonth(ctx);
  const sinceMonth = since?.slice(0, 7);
  return sinceMonth !== undefined && sinceMonth > first ? sinceMonth : first;
}

/** The cursor after a page: the month's next page while its list goes on, else the month before, else none. */
function after(at: MonthPage, more: boolean, oldest: string): string | null {
  if (more) return encodeMonthPage({ month: at.month, page: at.page + 1 });
  const before = monthBefore(at.month);
  return before < oldest ? null : encodeMonthPage({ month: before, page: 1 });
}

export async function crawlMonths(cursor: string | null, options: CrawlOptions, ctx: ProviderContext): Promise<CrawlPage> {
  const since = checkSince(options.since, PROVIDER);
  const oldest = oldestMonth(since, ctx);
  const at = decodeMonthPage(cursor, PROVIDER) ?? { month: monthAt(ctx.now()), page: 1 };
  if (at.month < oldest) return { records: [], skipped: [], failed: [], nextCursor: null, requests: 0 };
  const counter: Counter = { n: 0 };
  const url = monthListUrl(ctx.baseUrl, saleStartRange(daysOf(at.month, since)), at.page);
  const list = await fetchList(url, at.page, ctx, counter);
  const nextCursor = after(at, list.more, oldest);
  if (list.entries.length === 0) {
    // Only where the count says more follow: a month's first page may well be empty.
    if (list.more) checkEmptyListingPage(url, { first: false, more: true });
    return { records: [], skipped: list.skipped, failed: [], nextCursor, requests: counter.n };
  }
  const out = await crawlEntriesPage(
    list.entries.map((x) => x.id),
    nextCursor,
    ctx,
    (id, c) => fetchEntry(id, ctx, c),
  );
  out.skipped = [...list.skipped, ...out.skipped];
  out.requests = (out.requests ?? 0) + counter.n;
  return out;
}
