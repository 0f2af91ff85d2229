/**
 * A crawl page of a seller's own listing, newest first: one listing page per crawl page, each
 * title on it fetched (crawlEntriesPage), the cursor the next listing page. What differs between
 * sites is their Listing: how a cursor names a page (a page number, an offset, a month and a
 * page, a page with the ids of the one before), what a page says of the next, what each entry
 * carries. The listing's end is the listing's own (fix rules 1 and 2): a page past the first
 * that holds no title and announces none after it, the page that reaches titles released before
 * `since`, or a page of nothing but titles already taken. A glitch is never an end: a 404 on a
 * listing page, a page that is no listing (the reader's `isPage`) and an empty first page are
 * failures, which the ingest asks again from the same checkpoint instead of marking the crawl
 * complete.
 */
import { UpstreamError } from "../net/index.js";
import { PAGE_CURSOR } from "./crawl-cursor.js";
import { crawlEntriesPage, type EntryOutcome, sinceCut } from "./crawl-list.js";
import type { CrawlPage, ProviderContext } from "./types.js";

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
  /**
   * Whether the page says the listing goes on past it (a link to the next page, a last page
   * beyond it, an offset below the total), says it ends here (false), or says nothing (null).
   */
  more: boolean | null;
  /** Entries of the page that cannot be used (no id), with the reason. */
  skipped: { id: string | null; reason: string }[];
}

/** A site's listing as the crawl walks it; `C` is where a cursor says the crawl is. */
export interface Listing<E, C> {
  provider: string;
  /** Where a stored cursor says the crawl is (null: the listing's start); null when nothing is left to ask. A cursor of another shape is a RangeError. */
  at(cursor: string | null): C | null;
  encode(at: C): string;
  /** Whether `at` is the listing's first page: an empty one there is the listing holding no titles, a failure. */
  isFirst(at: C): boolean;
  /** The listing page at `at`; a 404 throws listingPageMissing, a page that is no listing a not_page failure. */
  fetchListing(at: C, counter: Counter): Promise<ListingPage<E>>;
  /** The cursor after page `at` (read as `page`); null where the crawl ends with it. */
  next(at: C, page: ListingPage<E>): C | null;
  idOf(entry: E): string;
  /**
   * The day the listing shows for an entry (YYYY-MM-DD...), null when it shows none. Absent for
   * a listing with no days (Tokyo-Hot's, FC2's): then every entry is fetched, every record kept,
   * and the records' own days say whether the listing has reached `since`.
   */
  dayOf?: (entry: E) => string | null;
  /** The listing asks only for titles on or after `since` itself (MGStage's months by sale day): its pages are not cut by days. */
  asksSince?: boolean;
  /** Ids the crawl took already (the page before, where the listing shifts as titles come in): not fetched again, and a page of nothing else ends the listing. */
  taken?: (at: C) => ReadonlySet<string>;
  /** An entry's record where the listing carries the title (D2Pass's rows carry its details); else the title of its id is fetched. */
  fetchListed?: (entry: E, counter: Counter) => Promise<EntryOutcome>;
}

/**
 * A listing page without entries is the listing's end only past its first page and when nothing
 * says there are more (a next link, an offset below the total); otherwise a retryable not_page
 * failure, asked again from the same checkpoint: an early "end" would mark the crawl complete and
 * leave the rest of the site to no later run (later runs take only the last 30 days).
 */
function checkEmptyListingPage(url: string, page: { first: boolean; more: boolean }): void {
  if (!page.first && !page.more) return;
  const why = page.first ? "the listing holds no titles" : "an empty listing page where the listing announced more";
  throw new UpstreamError(`${why}: ${url}`, { kind: "not_page", url, retryable: true });
}

/** A listing page the site answered 404: a failure of the source, asked again, never the listing's end. */
export function listingPageMissing(url: string): UpstreamError {
  return new UpstreamError(`listing page answered 404: ${url}`, { kind: "http_status", url, retryable: true, httpStatus: 404 });
}

/** A listing paged by number from 1 ({"page":N}: HEYZO, Tokyo-Hot, FC2), its next page the one the page announces. */
export function pageListing<E>(spec: Pick<Listing<E, number>, "provider" | "fetchListing" | "idOf" | "dayOf">): Listing<E, number> {
  return {
    ...spec,
    at: (cursor) => PAGE_CURSOR.decode(cursor, spec.provider),
    encode: PAGE_CURSOR.encode,
    isFirst: (page) => page === 1,
    next: (page, listing) => (listing.more === true ? page + 1 : null),
  };
}

/** The page's entries, each id once (the first kept). */
function distinct<E>(entries: readonly E[], idOf: (entry: E) => string): E[] {
  const seen = new Set<string>();
  return entries.filter((e) => !seen.has(idOf(e)) && seen.add(idOf(e)));
}

/**
 * One crawl page of `listing` from `cursor`, cut at `since` (already checked), each entry's
 * record from `fetchId` (the title of an id) unless the listing carries it.
 */
export async function crawlListing<E, C>(
  cursor: string | null,
  since: string | undefined,
  ctx: ProviderContext,
  listing: Listing<E, C>,
  fetchId: (id: string, counter: Counter) => Promise<EntryOutcome>,
): Promise<CrawlPage> {
  const at = listing.at(cursor);
  if (at === null) return { records: [], skipped: [], failed: [], nextCursor: null, requests: 0 };
  const counter: Counter = { n: 0 };
  const page = await listing.fetchListing(at, counter);
  const done = (): CrawlPage => ({ records: [], skipped: page.skipped, failed: [], nextCursor: null, requests: counter.n });
  const encoded = (c: C | null): string | null => (c === null ? null : listing.encode(c));
  if (page.entries.length === 0) {
    checkEmptyListingPage(page.url, { first: listing.isFirst(at), more: page.more === true });
    return { ...done(), nextCursor: encoded(listing.next(at, page)) };
  }
  const taken = listing.taken?.(at) ?? new Set<string>();
  // The page before again: the site's way past its end.
  if (page.entries.every((e) => taken.has(listing.idOf(e)))) return done();
  const dated = listing.dayOf === undefined ? null : sinceCut(page.entries, since, listing.dayOf);
  const fetched = distinct(dated?.fresh ?? page.entries, listing.idOf).filter((e) => !taken.has(listing.idOf(e)));
  const byId = new Map(fetched.map((e) => [listing.idOf(e), e]));
  const fetchListed = listing.fetchListed;
  const out = await crawlEntriesPage([...byId.keys()], encoded(listing.next(at, page)), ctx, (id, c) =>
    fetchListed === undefined ? fetchId(id, c) : fetchListed(byId.get(id)!, c),
  );
  const reached = listing.asksSince !== true && (dated?.reached ?? sinceCut(out.records, since, (r) => r.record.releaseDate || null).reached);
  if (reached) out.nextCursor = null;
  out.skipped = [...page.skipped, ...out.skipped];
  out.requests = (out.requests ?? 0) + counter.n;
  return out;
}
