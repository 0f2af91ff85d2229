/**
 * A crawl page of a seller's own listing, newest first: one listing page per crawl page, each
 * title on it fetched from its own page (crawlEntriesPage), the cursor the next listing page.
 * The listing's end is the listing's own (fix rules 1 and 2): an empty page past page 1 that
 * nothing says is followed, or the page that reaches titles released before `since`. A glitch
 * is never an end: a 404 on a listing page, a page that is no listing (the caller's `isPage`)
 * and an empty first page are failures, which the ingest asks again from the same checkpoint
 * instead of marking the crawl complete.
 */
import { UpstreamError } from "../net/index.js";
import { PAGE_CURSOR } from "./crawl-cursor.js";
import { checkSince, crawlEntriesPage, type EntryOutcome, sinceCut } from "./crawl-list.js";
import { checkEmptyListingPage } from "./listing-end.js";
import type { CrawlOptions, CrawlPage, ProviderContext } from "./types.js";

/** Requests a fetch made, for the page's figures. */
export type Counter = { n: number };

/**
 * A page of a site, counted in `counter`: the client's answer, or null for the site's 404 ("no
 * such page"). `headers` go with the request (MGStage's age cookie on every page).
 */
export async function getCountedPage(url: string, ctx: ProviderContext, counter: Counter, isPage: (text: string) => boolean, headers?: Record<string, string>) {
  counter.n += 1;
  const res = await ctx.http.getText(url, { signal: ctx.signal, isPage, ...(headers === undefined ? {} : { headers }) });
  return res.status === "not_found" ? null : res;
}

export interface ListingPage<E> {
  /** The address it was read from (named in failures). */
  url: string;
  entries: readonly E[];
  /** Something on the page says the listing goes on past it: a link to the next page, a last page beyond it. */
  more: boolean;
  /** Entries of the page that cannot be used (no id), with the reason. */
  skipped: { id: string | null; reason: string }[];
}

export interface ListingCrawl<E> {
  provider: string;
  /** Listing page `page` (from 1); a 404 throws listingPageMissing, a page that is no listing a not_page failure. */
  fetchListing(page: number, counter: Counter): Promise<ListingPage<E>>;
  idOf(entry: E): string;
  /**
   * The day the listing shows for an entry (YYYY-MM-DD...), null when it shows none. Absent for
   * a listing with no days (Tokyo-Hot's): then every entry is fetched, every record kept, and the
   * records' own days say whether the listing has reached `since`.
   */
  dayOf?: (entry: E) => string | null;
  fetchEntry(id: string, counter: Counter): Promise<EntryOutcome>;
}

/** A listing page the site answered 404: a failure of the source, asked again, never the listing's end. */
export function listingPageMissing(url: string): UpstreamError {
  return new UpstreamError(`listing page answered 404: ${url}`, { kind: "http_status", url, retryable: true, httpStatus: 404 });
}

export async function crawlListingPage<E>(cursor: string | null, options: CrawlOptions, ctx: ProviderContext, spec: ListingCrawl<E>): Promise<CrawlPage> {
  const page = PAGE_CURSOR.decode(cursor, spec.provider);
  const since = checkSince(options.since, spec.provider);
  const counter: Counter = { n: 0 };
  const listing = await spec.fetchListing(page, counter);
  if (listing.entries.length === 0) {
    checkEmptyListingPage(listing.url, { first: page === 1, more: listing.more });
    return { records: [], skipped: listing.skipped, failed: [], nextCursor: null, requests: counter.n };
  }
  const dated = spec.dayOf === undefined ? null : sinceCut(listing.entries, since, spec.dayOf);
  const fetched = dated?.fresh ?? listing.entries;
  const out = await crawlEntriesPage(
    fetched.map((e) => spec.idOf(e)),
    listing.more ? PAGE_CURSOR.encode(page + 1) : null,
    ctx,
    (id, c) => spec.fetchEntry(id, c),
  );
  const reached = dated?.reached ?? sinceCut(out.records, since, (r) => r.record.releaseDate || null).reached;
  if (reached) out.nextCursor = null;
  out.skipped = [...listing.skipped, ...out.skipped];
  out.requests = (out.requests ?? 0) + counter.n;
  return out;
}
