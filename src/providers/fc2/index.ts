/**
 * FC2 Contents Market (adult.contents.fc2.com): a code FC2-PPV-{id} is its article {id}, read
 * from /article/{id}/ (with its description where FC2_DESCRIPTION is on); the search is the
 * site's own; the crawl walks the site's search sorted newest first, back FC2_CRAWL_DAYS days
 * (FC2 holds millions of articles). A removed article (FC2's "not found" page) is no match,
 * never a failure. Requests in fetch.ts, reading in parse.ts, page-parts.ts, listing.ts.
 */
import type { ParsedCode } from "../../codes/index.js";
import { crawlEntriesPage, type EntryOutcome, searchTitles } from "../crawl-list.js";
import { type Counter, crawlListingPage } from "../listing-crawl.js";
import type { CrawlOptions, CrawlPage, LookupResult, Provider, ProviderContext } from "../types.js";
import { fetchArticle, fetchList } from "./fetch.js";
import { type ListedArticle, newestUrl, searchUrl } from "./listing.js";
import { ARTICLE_ID, PROVIDER } from "./parse.js";
import { CRAWL_DAYS_SETTING, crawlSince, DESCRIPTION_SETTING } from "./settings.js";

/**
 * Titles of one search answer fetched whole, each its article page alone: a live search has
 * LIVE_TIMEOUT_MS (8 s by default) at the site's one request a second, so the list and five
 * pages (six requests) fit, where five with their descriptions (eleven) would not.
 */
export const SEARCH_TITLES = 5;

/** The article id of a code of FC2's (FC2-PPV-1234567 → 1234567), or of a content id given as the bare number or the code; null otherwise. */
export function articleIdOf(text: string): string | null {
  const m = /^(?:FC2[-_ ]?(?:PPV[-_ ]?)?)?0*(\d{1,9})$/i.exec(text.trim());
  return m && ARTICLE_ID.test(m[1]) ? m[1] : null;
}

async function lookupId(id: string | null, ctx: ProviderContext): Promise<LookupResult> {
  if (id === null) return { status: "no_match" };
  const record = await fetchArticle(id, ctx, { n: 0 });
  return record === null ? { status: "no_match" } : { status: "found", record };
}

async function fetchEntry(entry: string, ctx: ProviderContext, counter: Counter): Promise<EntryOutcome> {
  const text = entry.trim();
  if (text === "") return null;
  const id = articleIdOf(text);
  if (id === null) return { skipped: { id: text, reason: "not an FC2 article id" } };
  const record = await fetchArticle(id, ctx, counter);
  return record === null ? { skipped: { id, reason: "no such article (removed)" } } : { record };
}

export const fc2Provider: Provider = {
  name: PROVIDER,
  source: "FC2 Contents Market's article pages and listing",
  sellers: ["fc2"],
  metaTubeName: "FC2",
  defaultBaseUrl: "https://adult.contents.fc2.com",
  defaultRate: 1,
  settings: [CRAWL_DAYS_SETTING, DESCRIPTION_SETTING],
  incremental: true,
  /** The crawl takes the newest articles only (FC2_CRAWL_DAYS): it says nothing of an article it did not list. */
  partialCrawl: true,

  lookup(code: ParsedCode, ctx) {
    return lookupId(code.kind === "fc2" ? articleIdOf(code.dvdId) : null, ctx);
  },

  lookupById(contentId, ctx) {
    return lookupId(articleIdOf(contentId), ctx);
  },

  /** The first SEARCH_TITLES titles of the site's answer for the text (its page `page`), in the site's order. */
  async search(query, page, _sort, ctx) {
    const text = query.trim();
    if (text === "") return [];
    const n = Math.max(1, page);
    const list = await fetchList(searchUrl(ctx.baseUrl, text, n), n, ctx, { n: 0 });
    return searchTitles(list.entries.slice(0, SEARCH_TITLES), ctx, (x) => fetchArticle(x.id, ctx, { n: 0 }, { description: false }));
  },

  /**
   * One page of the listing newest first per crawl page, each listed article fetched and kept.
   * The cards show no day: the crawl ends at the page whose last dated record is older than the
   * later of `since` and FC2_CRAWL_DAYS (sinceCut on the records), or at the listing's end.
   */
  crawl(cursor: string | null, options: CrawlOptions, ctx: ProviderContext): Promise<CrawlPage> {
    return crawlListingPage<ListedArticle>(cursor, { ...options, since: crawlSince(options.since, ctx, PROVIDER) }, ctx, {
      provider: PROVIDER,
      fetchListing: (page, counter) => fetchList(newestUrl(ctx.baseUrl, page), page, ctx, counter),
      idOf: (x) => x.id,
      fetchEntry: (id, counter) => fetchEntry(id, ctx, counter),
    });
  },

  crawlEntries(entries, ctx) {
    return crawlEntriesPage(entries, null, ctx, (id, counter) => fetchEntry(id, ctx, counter));
  },
};
