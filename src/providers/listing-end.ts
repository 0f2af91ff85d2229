/**
 * Where a crawl of a site's own listing that does not page through listing-crawl.ts (D2Pass's
 * offsets, Caribbean's cursor of seen ids) may end: where the listing itself says so, never at a
 * glitch. An empty page that nothing announced is a failure of the source, as a 404 on a listing
 * page is (listing-crawl.ts's listingPageMissing), which the ingest asks again from the same
 * checkpoint until its breaker ends the run: visible, where an early "end" would mark the crawl
 * complete and leave the rest of the site to no later run (run-ingest.ts sets complete_at, and
 * later runs take only the last 30 days).
 */
import { UpstreamError } from "../net/index.js";

/**
 * A listing page without entries is the listing's end only past its first page and when nothing
 * says there are more (a next link, an offset below the total); otherwise this throws a
 * retryable not_page failure, as listing-crawl.ts does: the listing holding no titles at all, or
 * fewer than it announced.
 */
export function checkEmptyListingPage(url: string, page: { first: boolean; more: boolean }): void {
  if (!page.first && !page.more) return;
  const why = page.first ? "the listing holds no titles" : "an empty listing page where the listing announced more";
  throw new UpstreamError(`${why}: ${url}`, { kind: "not_page", url, retryable: true });
}
