/**
 * A crawl of a Caribbean site: its listing of all titles, newest first, one listing page
 * per crawl page, each title on it fetched from its own page. The cursor is the next listing
 * page with the ids of the page before (crawl-cursor-seen.ts). The crawl ends where the
 * listing says so (its next control disabled), where a page brings no id the page before did
 * not have (FSS's rule: a site that answers past its end with a page it gave), at an empty
 * page past the first that nothing announced, or where the listing reaches titles released
 * before `since` (sinceCut); a 404 or an empty page before that is a failure (listing-end.ts).
 */
import { SEEN_PAGE_CURSOR } from "../crawl-cursor-seen.js";
import { checkSince, crawlEntriesPage, type EntryOutcome, sinceCut } from "../crawl-list.js";
import { checkEmptyListingPage } from "../listing-end.js";
import type { CrawlOptions, CrawlPage, ProviderContext } from "../types.js";
import { fetchListing, fetchTitle } from "./fetch.js";
import { type CaribbeanSite, isSiteId } from "./site.js";

/** One entry of a list of ids: its record, or why it has none. */
async function fetchEntry(site: CaribbeanSite, entry: string, ctx: ProviderContext, counter: { n: number }): Promise<EntryOutcome> {
  const id = entry.trim();
  if (id === "") return null;
  if (!isSiteId(site, id)) return { skipped: { id, reason: `not a ${site.site} id` } };
  const record = await fetchTitle(site, id, ctx, counter);
  return record === null ? { skipped: { id, reason: "no match" } } : { record };
}

/** These ids again (earlier failures), as one page. */
export function crawlIds(site: CaribbeanSite, ids: readonly string[], ctx: ProviderContext): Promise<CrawlPage> {
  return crawlEntriesPage(ids, null, ctx, (id, counter) => fetchEntry(site, id, ctx, counter));
}

export async function crawlListing(site: CaribbeanSite, cursor: string | null, options: CrawlOptions, ctx: ProviderContext): Promise<CrawlPage> {
  const at = SEEN_PAGE_CURSOR.decode(cursor, site.provider);
  const since = checkSince(options.since, site.provider);
  const { url, listing } = await fetchListing(site, at.page, ctx);
  const end: CrawlPage = { records: [], skipped: listing.skipped, failed: [], nextCursor: null, requests: 1 };
  if (listing.entries.length === 0 && listing.skipped.length === 0) {
    checkEmptyListingPage(url, { first: at.page === 1, more: listing.more === true });
    return end;
  }
  const seen = new Set(at.seen);
  // The page before again: the site's way past its end (a page of only other sites' ids goes on).
  if (listing.entries.length > 0 && listing.entries.every((e) => seen.has(e.id))) return end;
  const { fresh, reached } = sinceCut(listing.entries, since, (e) => e.day);
  const nextCursor = reached || listing.more === false ? null : SEEN_PAGE_CURSOR.encode({ page: at.page + 1, seen: listing.entries.map((e) => e.id) });
  const out = await crawlEntriesPage(
    fresh.filter((e) => !seen.has(e.id)).map((e) => e.id),
    nextCursor,
    ctx,
    (id, counter) => fetchEntry(site, id, ctx, counter),
  );
  out.skipped.unshift(...listing.skipped);
  out.requests = (out.requests ?? 0) + 1;
  return out;
}
