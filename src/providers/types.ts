import type { IngestRecord } from "../model/record.js";
import type { SortKey } from "../catalog/index.js";
import type { ParsedCode } from "../codes/index.js";
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

export interface Provider {
  readonly name: string;
  /** Settings that must be present for the provider to be usable (e.g. FANZA_API_ID). */
  readonly requiredSettings: readonly string[];
  readonly defaultBaseUrl: string;
  lookup(code: ParsedCode, ctx: ProviderContext): Promise<LookupResult>;
  /** Search by text; null when the source has no search. */
  search: ((query: string, page: number, sort: SortKey, ctx: ProviderContext) => Promise<IngestRecord[]>) | null;
  /** One page of a crawl from `cursor` (null = from the start). */
  crawl(cursor: string | null, options: CrawlOptions, ctx: ProviderContext): Promise<CrawlPage>;
  /** For providers that crawl a list: these entries again (earlier failures), as one page. */
  crawlEntries?: (entries: string[], ctx: ProviderContext) => Promise<CrawlPage>;
}
