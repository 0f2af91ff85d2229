import type { IngestRecord } from "../model/record.js";
import type { SortKey } from "../catalog/index.js";
import type { ParsedCode, Seller } from "../codes/index.js";
import type { HttpClient } from "../net/index.js";

/** What a provider gets from the outside: it never builds its own client, reads env or the clock. */
export interface ProviderContext {
  http: HttpClient;
  /** Base URL of the source, without a trailing slash (PROVIDER_<NAME>_BASE_URL). */
  baseUrl: string;
  /** Source credentials and switches by name (e.g. FANZA_API_ID), already validated. */
  settings: Readonly<Record<string, string>>;
  now: () => Date;
  signal?: AbortSignal;
}

/** "No match" is a value; failures are thrown (UpstreamError, ProviderParseError, FanzaApiError). */
export type LookupResult = { status: "found"; record: IngestRecord } | { status: "no_match" };

export interface CrawlOptions {
  /** Only records released on or after this day (YYYY-MM-DD). */
  since?: string;
  /** Codes or content ids to fetch (providers that crawl from a list, e.g. r18dev). */
  codes?: string[];
}

/** One page of a crawl: its records, and the cursor that resumes after it (null: done). */
export interface CrawlPage {
  records: IngestRecord[];
  /** Items the source returned that could not be used (reported, never stored). */
  skipped: { id: string | null; reason: string }[];
  nextCursor: string | null;
  /** Requests this page took (for figures). */
  requests?: number;
  /**
   * Entries of a list that still failed after their retries (a 5xx, a timeout, a
   * challenge page...): the page's other records are good and are kept; the ingest
   * records these and the next run asks for them again before new work.
   */
  failed?: { id: string; kind: string; reason: string }[];
}

/**
 * A setting of one provider beyond the three every provider has (PROVIDER_<NAME>_ENABLED,
 * _BASE_URL and _RATE, which registry.ts makes from the provider's defaults): read from the
 * environment by the registry, handed to the provider in `ProviderContext.settings`.
 */
export interface ProviderSetting {
  env: string;
  default: string;
  help: string;
  /** The provider is unusable without a value (FANZA's credentials). */
  required?: boolean;
  /** Checks and normalises a value (the config's parsers: `on`/`off` as "on"/"off"); a bad one throws a ConfigError. Default: the text, trimmed. */
  parse?: (raw: string) => string;
}

/** What every source is, whatever it can do: the registry, the docs and the dashboard read these. */
export interface SourceDescription {
  /** Its name in the catalog, in `providers=` and in its settings (PROVIDER_<NAME>_*, non-alphanumerics as _). */
  readonly name: string;
  /** The site and what is read from it, in a few words (the docs' and the dashboard's list of sources). */
  readonly source: string;
  /** The sellers whose codes it answers (codes/sellers.ts): a code is asked only of its sellers' providers. */
  readonly sellers: readonly Seller[];
  /** The provider name MetaTube's plugins know its titles by (FANZA for DMM's data, 1Pondo, HEYZO, ...). */
  readonly metaTubeName: string;
  readonly defaultBaseUrl: string;
  /** Requests per second to its site unless PROVIDER_<NAME>_RATE says otherwise (0 = no limit). */
  readonly defaultRate: number;
  readonly settings: readonly ProviderSetting[];
  /**
   * Hosts besides the base URL's that the provider asks (HEYZO's English pages on en.heyzo.com):
   * they share its rate (PROVIDER_<NAME>_RATE), each host on its own.
   */
  readonly rateHosts?: (baseUrl: string) => string[];
}

/**
 * What every source does (metatube-sdk-go's MovieProvider): answer a code, and crawl. What only
 * some do is a capability below, asked with its guard (canSearch...), as metatube-sdk-go asks a
 * provider whether it is a MovieSearcher.
 */
export interface MovieProvider extends SourceDescription {
  lookup(code: ParsedCode, ctx: ProviderContext): Promise<LookupResult>;
  /** One page of a crawl from `cursor` (null = from the start). */
  crawl(cursor: string | null, options: CrawlOptions, ctx: ProviderContext): Promise<CrawlPage>;
}

/**
 * The title of the site's own id (a record's contentId), where the site can be asked so: what a
 * media server asks by once it has identified a title (MetaTube's info by id).
 */
export interface IdLookup {
  lookupById(contentId: string, ctx: ProviderContext): Promise<LookupResult>;
}

/** Search by text (metatube-sdk-go's MovieSearcher): page `page` of the source's answer. */
export interface MovieSearcher {
  search(query: string, page: number, sort: SortKey, ctx: ProviderContext): Promise<IngestRecord[]>;
}

/** A crawl of entries (a site's ids, codes): these entries again (earlier failures), as one page. */
export interface EntryCrawler {
  crawlEntries(entries: string[], ctx: ProviderContext): Promise<CrawlPage>;
}

/**
 * A crawl of the site's own listing, newest first, ending at `since`: once a whole crawl has
 * finished, later runs ask only for what came out since (less an overlap), not the whole
 * catalog again (ingest/run-ingest.ts).
 */
export interface ListingCrawler extends EntryCrawler {
  readonly incremental: true;
  /**
   * Its crawl does not take its sellers' whole catalog (MGStage sells part of the labels' codes;
   * FC2's crawl takes the newest articles): a finished crawl of it says nothing of a title it
   * did not list (services/catalog-titles.ts `crawledWhole`).
   */
  readonly partialCrawl?: boolean;
}

/** A crawl of a file of codes, for a source with no listing of its own (r18.dev): the setting that names the file. */
export interface CodeListCrawler extends EntryCrawler {
  readonly codesFileSetting: string;
}

/** A source as the registry lists it: a MovieProvider with whichever capabilities it has. */
export type Provider = MovieProvider & Partial<IdLookup & MovieSearcher & ListingCrawler & CodeListCrawler>;

export const canLookupById = (p: Provider): p is Provider & IdLookup => typeof p.lookupById === "function";
export const canSearch = (p: Provider): p is Provider & MovieSearcher => typeof p.search === "function";
export const canCrawlEntries = (p: Provider): p is Provider & EntryCrawler => typeof p.crawlEntries === "function";
