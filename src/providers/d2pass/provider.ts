/**
 * The Provider of one D2Pass site, the same for all four but for its D2PassSite values:
 * lookup by movie id, and crawls of the site's own listing, newest first, a listing page per
 * crawl page. A listing row carries the title's whole details, so a crawl asks each title only
 * for its gallery; crawlEntries (earlier failures) asks the details again.
 */
import { type ParsedCode, sellersOf } from "../../codes/index.js";
import { calendarDay, str, uniq } from "../coerce.js";
import { checkSince, crawlEntriesPage, sinceCut } from "../crawl-list.js";
import { listingPageMissing } from "../listing-crawl.js";
import { checkEmptyListingPage } from "../listing-end.js";
import type { CrawlOptions, CrawlPage, LookupResult, Provider, ProviderContext } from "../types.js";
import { getJson, MISSING, recordOfDetails, recordOfId } from "./fetch.js";
import { listingPath, OFFSET_CURSOR, parseListing } from "./listing.js";
import type { D2PassSite } from "./site.js";

/** A code this site can hold: one of its seller's kinds (a bare dated code included), in its id shape. */
function isOwnCode(code: ParsedCode, site: D2PassSite): boolean {
  return sellersOf(code).includes(site.seller) && site.idPattern.test(code.dvdId);
}

/** The title of a movie id of the site's shape (details of another id throw: fetch.ts). */
async function lookupId(id: string, site: D2PassSite, ctx: ProviderContext): Promise<LookupResult> {
  const record = await recordOfId(id, site, ctx, { n: 0 });
  return record === null ? { status: "no_match" } : { status: "found", record };
}

/**
 * One listing page: its rows released on or after `since` (each row carries the details, so
 * only its gallery is asked), and the next page's cursor unless the listing ends here (its
 * offset past TotalRows) or reaches `since`. A 404 or an empty page before the end is a failure.
 */
async function crawl(cursor: string | null, options: CrawlOptions, site: D2PassSite, ctx: ProviderContext): Promise<CrawlPage> {
  const offset = OFFSET_CURSOR.decode(cursor, site.name);
  const since = checkSince(options.since, site.name);
  const counter = { n: 0 };
  const url = ctx.baseUrl + listingPath(offset);
  const json = await getJson(url, ctx, counter);
  // Only offsets the listing announced are asked: a 404 is a glitch, never its end.
  if (json === MISSING) throw listingPageMissing(url);
  const listing = parseListing(json, site.name);
  const next = offset + listing.split;
  if (listing.rows.length === 0) {
    checkEmptyListingPage(url, { first: offset === 0, more: offset < listing.total });
    return { records: [], skipped: [], failed: [], nextCursor: null, requests: counter.n };
  }
  const skipped: CrawlPage["skipped"] = [];
  const rows = new Map<string, { id: string; row: unknown; day: string | null }>();
  for (const row of listing.rows) {
    const id = str(row.MovieID);
    if (id === null) skipped.push({ id: null, reason: "listing row without a MovieID" });
    else if (!rows.has(id)) rows.set(id, { id, row, day: calendarDay(row.Release) });
  }
  const { fresh, reached } = sinceCut([...rows.values()], since, (r) => r.day);
  const nextCursor = reached || next >= listing.total ? null : OFFSET_CURSOR.encode(next);
  const byId = new Map(fresh.map((r) => [r.id, r.row]));
  const page = await crawlEntriesPage([...byId.keys()], nextCursor, ctx, async (id, c) => ({
    record: await recordOfDetails(byId.get(id), site, ctx, c),
  }));
  page.skipped.unshift(...skipped);
  page.requests = (page.requests ?? 0) + counter.n;
  return page;
}

/** These movie ids again, details and gallery, as one page. */
function crawlEntries(entries: string[], site: D2PassSite, ctx: ProviderContext): Promise<CrawlPage> {
  const ids = uniq(entries.map((e) => e.trim()));
  return crawlEntriesPage(ids, null, ctx, async (id, c) => {
    const record = await recordOfId(id, site, ctx, c);
    return record === null ? { skipped: { id, reason: "no match" } } : { record };
  });
}

export function d2passProvider(site: D2PassSite): Provider {
  return {
    name: site.name,
    source: `${new URL(site.defaultBaseUrl).hostname.replace(/^www\./, "")}'s JSON`,
    sellers: [site.seller],
    metaTubeName: site.metaTubeName,
    defaultBaseUrl: site.defaultBaseUrl,
    defaultRate: 1,
    settings: [],
    incremental: true,
    lookup: (code, ctx) => (isOwnCode(code, site) ? lookupId(code.dvdId, site, ctx) : Promise.resolve({ status: "no_match" })),
    lookupById: (contentId, ctx) => {
      const id = contentId.trim();
      return site.idPattern.test(id) ? lookupId(id, site, ctx) : Promise.resolve({ status: "no_match" });
    },
    crawl: (cursor, options, ctx) => crawl(cursor, options, site, ctx),
    crawlEntries: (entries, ctx) => crawlEntries(entries, site, ctx),
  };
}
