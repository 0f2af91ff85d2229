/**
 * A seller's own site as a source, declared once: what it is (its description), the shape of its
 * ids, how a title is fetched, its listing and its search if it has one. From that, one builder
 * makes its lookup by code and by id, its crawl of the listing and of earlier failures, and its
 * search. A site that changes its markup is a change to its reader and fetcher alone; this glue
 * is the same for every site.
 */
import type { ParsedCode } from "../codes/index.js";
import type { IngestRecord } from "../model/record.js";
import { checkSince, crawlEntriesPage, type EntryOutcome, searchTitles } from "./crawl-list.js";
import { type Counter, crawlListing, type Listing, type ListingPage } from "./listing-crawl.js";
import type { CrawlOptions, IdLookup, ListingCrawler, LookupResult, MovieProvider, MovieSearcher, ProviderContext, SourceDescription } from "./types.js";

/**
 * Titles of one search answer fetched whole: a live search has LIVE_TIMEOUT_MS (8 s by default)
 * at a site's one request a second, so the list and five pages (six requests, about five
 * seconds) fit, where a whole answer (twenty titles, or five with their English pages or
 * descriptions) would not.
 */
export const SEARCH_TITLES = 5;

/** A site's search: page `page` of its answer for a text, and each listed title's id. */
export interface SiteSearch<S> {
  list(text: string, page: number, ctx: ProviderContext, counter: Counter): Promise<ListingPage<S>>;
  idOf(item: S): string;
  /** A listed title, as a search reads it (its main page alone: no English page, no description); default: fetchTitle. */
  fetchTitle?: (id: string, ctx: ProviderContext, counter: Counter) => Promise<IngestRecord | null>;
}

export interface SiteSource<E, C, S = never> {
  description: SourceDescription & { partialCrawl?: boolean };
  /** The site's id in a code of its shape and sellers, or null: such a code asks nothing. One of idOfCode and lookup. */
  idOfCode?: (code: ParsedCode) => string | null;
  /** The site's id in a content id, a listed id or an earlier failure (trimmed, in the site's spelling), or null when it is none. */
  idOf(text: string): string | null;
  /** Why an entry is none of the site's ids ("not a HEYZO id"), and why an id has no record ("no such title"). */
  notAnId: string;
  noTitle: string;
  /** The title of an id: its record, or null where the site says it has no such title. */
  fetchTitle(id: string, ctx: ProviderContext, counter: Counter): Promise<IngestRecord | null>;
  /** A lookup that is more than its id's title (Tokyo-Hot's and MGStage's go through the search); default: idOfCode, then fetchTitle. */
  lookup?: (code: ParsedCode, ctx: ProviderContext, counter: Counter) => Promise<LookupResult>;
  /** `since` as a crawl is asked it, checked (FC2's reaches no further back than its setting); default: checkSince. */
  since?: (options: CrawlOptions, ctx: ProviderContext) => string | undefined;
  /** The listing a crawl walks, for one crawl page. */
  listing(ctx: ProviderContext, since: string | undefined): Listing<E, C>;
  search?: SiteSearch<S>;
}

const found = (record: IngestRecord | null): LookupResult => (record === null ? { status: "no_match" } : { status: "found", record });

/** A source of a site, with its search where it declares one. */
export type SiteProvider<S> = MovieProvider & IdLookup & ListingCrawler & ([S] extends [never] ? unknown : MovieSearcher);

export function siteProvider<E, C, S = never>(site: SiteSource<E, C, S>): SiteProvider<S> {
  const name = site.description.name;
  const titleOf = async (id: string | null, ctx: ProviderContext, counter: Counter): Promise<LookupResult> =>
    id === null ? { status: "no_match" } : found(await site.fetchTitle(id, ctx, counter));
  /** One entry of a crawl: its record, or why it has none; a blank line is nothing. */
  const fetchEntry = async (entry: string, ctx: ProviderContext, counter: Counter): Promise<EntryOutcome> => {
    const text = entry.trim();
    if (text === "") return null;
    const id = site.idOf(text);
    if (id === null) return { skipped: { id: text, reason: site.notAnId } };
    const record = await site.fetchTitle(id, ctx, counter);
    return record === null ? { skipped: { id, reason: site.noTitle } } : { record };
  };
  const provider: MovieProvider & IdLookup & ListingCrawler & Partial<MovieSearcher> = {
    ...site.description,
    incremental: true,
    lookup: async (code, ctx) => (site.lookup === undefined ? titleOf(site.idOfCode?.(code) ?? null, ctx, { n: 0 }) : site.lookup(code, ctx, { n: 0 })),
    lookupById: async (contentId, ctx) => titleOf(site.idOf(contentId.trim()), ctx, { n: 0 }),
    async crawl(cursor, options, ctx) {
      const since = site.since === undefined ? checkSince(options.since, name) : site.since(options, ctx);
      return crawlListing(cursor, since, ctx, site.listing(ctx, since), (id, c) => fetchEntry(id, ctx, c));
    },
    crawlEntries: (entries, ctx) => crawlEntriesPage([...new Set(entries)], null, ctx, (entry, c) => fetchEntry(entry, ctx, c)),
  };
  const search = site.search;
  if (search !== undefined) {
    /** The first SEARCH_TITLES titles of the site's answer for the text (its page `page`), in the site's order. */
    provider.search = async (query, page, _sort, ctx) => {
      const text = query.trim();
      if (text === "") return [];
      const n = Math.max(1, page);
      const list = await search.list(text, n, ctx, { n: 0 });
      const fetch = search.fetchTitle ?? site.fetchTitle;
      return searchTitles(list.entries.slice(0, SEARCH_TITLES), ctx, (x) => fetch(search.idOf(x), ctx, { n: 0 }));
    };
  }
  return provider as SiteProvider<S>;
}
