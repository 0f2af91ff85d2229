/**
 * FC2 Contents Market (adult.contents.fc2.com): a code FC2-PPV-{id} is its article {id}, read
 * from /article/{id}/ (with its description where FC2_DESCRIPTION is on); the search is the
 * site's own; the crawl walks the site's search sorted newest first, back FC2_CRAWL_DAYS days
 * (FC2 holds millions of articles). A removed article (FC2's "not found" page) is no match,
 * never a failure. Requests in fetch.ts, reading in parse.ts, page-parts.ts, listing.ts.
 */
import { pageListing } from "../listing-crawl.js";
import { siteProvider } from "../site-source.js";
import { fetchArticle, fetchList } from "./fetch.js";
import { type ListedArticle, newestUrl, searchUrl } from "./listing.js";
import { ARTICLE_ID, PROVIDER } from "./parse.js";
import { CRAWL_DAYS_SETTING, crawlSince, DESCRIPTION_SETTING } from "./settings.js";

/** The article id of a code of FC2's (FC2-PPV-1234567 → 1234567), or of a content id given as the bare number or the code; null otherwise. */
export function articleIdOf(text: string): string | null {
  const m = /^(?:FC2[-_ ]?(?:PPV[-_ ]?)?)?0*(\d{1,9})$/i.exec(text.trim());
  return m && ARTICLE_ID.test(m[1]) ? m[1] : null;
}

export const fc2Provider = siteProvider({
  description: {
    name: PROVIDER,
    source: "FC2 Contents Market's article pages and listing",
    sellers: ["fc2"],
    metaTubeName: "FC2",
    defaultBaseUrl: "https://adult.contents.fc2.com",
    defaultRate: 1,
    settings: [CRAWL_DAYS_SETTING, DESCRIPTION_SETTING],
    /** The crawl takes the newest articles only (FC2_CRAWL_DAYS): it says nothing of an article it did not list. */
    partialCrawl: true,
  },
  idOfCode: (code) => (code.kind === "fc2" ? articleIdOf(code.dvdId) : null),
  idOf: articleIdOf,
  notAnId: "not an FC2 article id",
  noTitle: "no such article (removed)",
  fetchTitle: (id, ctx, counter) => fetchArticle(id, ctx, counter),
  /**
   * One page of the listing newest first per crawl page, each listed article fetched and kept.
   * The cards show no day: the crawl ends at the page whose last dated record is older than the
   * later of `since` and FC2_CRAWL_DAYS (sinceCut on the records), or at the listing's end.
   */
  since: (options, ctx) => crawlSince(options.since, ctx, PROVIDER),
  listing: (ctx) =>
    pageListing<ListedArticle>({
      provider: PROVIDER,
      fetchListing: (page, counter) => fetchList(newestUrl(ctx.baseUrl, page), page, ctx, counter),
      idOf: (x) => x.id,
    }),
  search: {
    list: (text, page, ctx, counter) => fetchList(searchUrl(ctx.baseUrl, text, page), page, ctx, counter),
    idOf: (x) => x.id,
    fetchTitle: (id, ctx, counter) => fetchArticle(id, ctx, counter, { description: false }),
  },
});
