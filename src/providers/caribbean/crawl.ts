/**
 * A crawl of a Caribbean site: its listing of all titles, newest first, one listing page
 * per crawl page, each title on it fetched from its own page. The cursor is the next
 * listing page, as JSON; the crawl ends past the listing's last page or where it reaches
 * titles released before `since`.
 */
import { PAGE_CURSOR } from "../crawl-cursor.js";
import { crawlEntriesPage, type EntryOutcome } from "../crawl-list.js";
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
  const page = PAGE_CURSOR.decode(cursor, site.provider);
  if (options.since !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(options.since)) {
    throw new RangeError(`${site.provider}: since must be YYYY-MM-DD, got ${JSON.stringify(options.since)}`);
  }
  const listing = await fetchListing(site, page, ctx);
  if (listing === null) return { records: [], skipped: [], failed: [], nextCursor: null, requests: 1 };
  const since = options.since;
  // A title of unknown day is kept: only a day before `since` ends the crawl.
  const fresh = listing.entries.filter((e) => since === undefined || e.day === null || e.day.slice(0, 10) >= since);
  const done = fresh.length < listing.entries.length || listing.entries.length === 0 || (listing.lastPage !== null && page >= listing.lastPage);
  const nextCursor = done ? null : PAGE_CURSOR.encode(page + 1);
  const out = await crawlEntriesPage(
    fresh.map((e) => e.id),
    nextCursor,
    ctx,
    (id, counter) => fetchEntry(site, id, ctx, counter),
  );
  out.requests = (out.requests ?? 0) + 1;
  return out;
}
