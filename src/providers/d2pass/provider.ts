/**
 * The Provider of one D2Pass site, the same for all four but for its D2PassSite values:
 * lookup by movie id, and crawls of the site's own listing, newest first, a listing page per
 * crawl page. A listing row carries the title's whole details, so a crawl asks each title only
 * for its gallery; crawlEntries (earlier failures) asks the details again.
 */
import { parseCode, sellersOf, type ParsedCode } from "../../codes/index.js";
import { calendarDay, str, uniq } from "../coerce.js";
import { crawlEntriesPage } from "../crawl-list.js";
import type { CrawlOptions, CrawlPage, LookupResult, Provider, ProviderContext } from "../types.js";
import { getJson, recordOfDetails, recordOfId } from "./fetch.js";
import { listingPath, OFFSET_CURSOR, parseListing } from "./listing.js";
import type { D2PassSite } from "./site.js";

const canonical = (id: string) => parseCode(id)?.dvdId ?? id;

/** A code this site can hold: one of its seller's kinds (a bare dated code included), in its id shape. */
function isOwnCode(code: ParsedCode, site: D2PassSite): boolean {
  return sellersOf(code).includes(site.seller) && site.idPattern.test(code.dvdId);
}

async function lookup(code: ParsedCode, site: D2PassSite, ctx: ProviderContext): Promise<LookupResult> {
  if (!isOwnCode(code, site)) return { status: "no_match" };
  const record = await recordOfId(code.dvdId, site, ctx, { n: 0 });
  // Never answer with another title than the one asked for.
  if (record === null || canonical(record.record.dvdId) !== code.dvdId) return { status: "no_match" };
  return { status: "found", record };
}

/** The title of a movie id as the site writes it (a record's contentId). */
async function lookupById(contentId: string, site: D2PassSite, ctx: ProviderContext): Promise<LookupResult> {
  const id = contentId.trim();
  if (!site.idPattern.test(id)) return { status: "no_match" };
  const record = await recordOfId(id, site, ctx, { n: 0 });
  return record === null || record.record.contentId !== id ? { status: "no_match" } : { status: "found", record };
}

/** One listing page: its titles newer than `since`, the cursor of the next page unless the listing (or `since`) ends here. */
async function crawl(cursor: string | null, options: CrawlOptions, site: D2PassSite, ctx: ProviderContext): Promise<CrawlPage> {
  const offset = OFFSET_CURSOR.decode(cursor, site.name);
  const counter = { n: 0 };
  const json = await getJson(ctx.baseUrl + listingPath(offset), site, ctx, counter);
  // The site answers 404 for an offset past its listing.
  if (json === null) return { records: [], skipped: [], failed: [], nextCursor: null, requests: counter.n };
  const listing = parseListing(json, site.name);
  const skipped: CrawlPage["skipped"] = [];
  const rows = new Map<string, unknown>();
  let reachedSince = false;
  for (const row of listing.rows) {
    const id = str(row.MovieID);
    if (id === null) {
      skipped.push({ id: null, reason: "listing row without a MovieID" });
      continue;
    }
    const day = calendarDay(row.Release);
    if (options.since !== undefined && day !== null && day.slice(0, 10) < options.since) {
      reachedSince = true;
      break;
    }
    if (!rows.has(id)) rows.set(id, row);
  }
  const next = offset + listing.split;
  const more = !reachedSince && listing.rows.length > 0 && next < listing.total;
  const page = await crawlEntriesPage([...rows.keys()], more ? OFFSET_CURSOR.encode(next) : null, ctx, async (id, c) => ({
    record: await recordOfDetails(rows.get(id), site, ctx, c),
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
    lookup: (code, ctx) => lookup(code, site, ctx),
    lookupById: (contentId, ctx) => lookupById(contentId, site, ctx),
    search: null,
    crawl: (cursor, options, ctx) => crawl(cursor, options, site, ctx),
    crawlEntries: (entries, ctx) => crawlEntries(entries, site, ctx),
  };
}
