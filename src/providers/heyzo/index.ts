/**
 * HEYZO (www.heyzo.com): a title by its code (HEYZO-0841 -> /moviepages/0841/index.html, and
 * the same path on en.heyzo.com for the English), and the whole catalog crawled through the
 * site's listing, newest first, one listing page (30 titles) per crawl page. The site has no
 * search a scraper can use. Fetch (fetch.ts), read (read-page.ts) and validate (parse.ts) are
 * separate; the HTTP client comes in the context.
 */
import { type ParsedCode, parseCode } from "../../codes/index.js";
import { PAGE_CURSOR } from "../crawl-cursor.js";
import { crawlEntriesPage, type EntryOutcome } from "../crawl-list.js";
import type { CrawlOptions, CrawlPage, LookupResult, Provider, ProviderContext } from "../types.js";
import { type Counter, ENGLISH_SETTING, fetchListing, fetchTitle } from "./fetch.js";
import { PROVIDER, TITLE_ID } from "./parse.js";

/** The site's id of a code, content id or listing entry (HEYZO-0841, heyzo_841, 0841), or null. */
export function heyzoId(input: string): string | null {
  const text = input.trim();
  if (/^\d{1,5}$/.test(text)) return text.padStart(4, "0");
  const code = parseCode(text);
  return code?.kind === "heyzo" ? code.dvdId.slice("HEYZO-".length) : null;
}

async function lookupId(id: string, wanted: string | null, ctx: ProviderContext, counter: Counter): Promise<LookupResult> {
  if (!TITLE_ID.test(id)) return { status: "no_match" };
  const record = await fetchTitle(id, ctx, counter);
  // Never answer with another title than the one asked for.
  if (record === null || (wanted !== null && record.record.dvdId !== wanted)) return { status: "no_match" };
  return { status: "found", record };
}

/** One entry of a crawl: its record, or why it has none; a title released before `since` is passed over. */
async function fetchEntry(entry: string, since: string | undefined, ctx: ProviderContext, counter: Counter): Promise<EntryOutcome> {
  const id = heyzoId(entry);
  if (id === null) return entry.trim() === "" ? null : { skipped: { id: entry.trim(), reason: "not a HEYZO id" } };
  const record = await fetchTitle(id, ctx, counter);
  if (record === null) return { skipped: { id, reason: "no such title" } };
  const day = record.record.releaseDate.slice(0, 10);
  return since !== undefined && day !== "" && day < since ? null : { record };
}

export const heyzoProvider: Provider = {
  name: PROVIDER,
  source: "heyzo.com's title pages and listing",
  sellers: ["heyzo"],
  metaTubeName: "HEYZO",
  defaultBaseUrl: "https://www.heyzo.com",
  defaultRate: 1,
  settings: [
    {
      env: ENGLISH_SETTING,
      default: "on",
      help: "Read each HEYZO title's English page too (en.heyzo.com: the English title and names), one more request a title; off = Japanese pages only.",
    },
  ],
  incremental: true,

  lookup(code: ParsedCode, ctx) {
    if (code.kind !== "heyzo") return Promise.resolve({ status: "no_match" });
    return lookupId(code.dvdId.slice("HEYZO-".length), code.dvdId, ctx, { n: 0 });
  },

  lookupById(contentId, ctx) {
    const id = contentId.trim();
    return lookupId(/^\d{1,5}$/.test(id) ? id.padStart(4, "0") : id, null, ctx, { n: 0 });
  },

  search: null,

  /**
   * Listing page N (the cursor) and each of its titles. Done at the listing's last page (or an
   * empty one), or at the first page that reaches titles released before `since`.
   */
  async crawl(cursor: string | null, options: CrawlOptions, ctx: ProviderContext): Promise<CrawlPage> {
    const page = PAGE_CURSOR.decode(cursor, PROVIDER);
    const counter = { n: 0 };
    const listing = await fetchListing(page, ctx, counter);
    const since = options.since;
    const entries = listing.entries.filter((e) => since === undefined || e.day === null || e.day >= since);
    const reachedSince = entries.length < listing.entries.length;
    const atEnd = listing.entries.length === 0 || (listing.totalPages !== null && page >= listing.totalPages);
    const next = atEnd || reachedSince ? null : PAGE_CURSOR.encode(page + 1);
    const result = await crawlEntriesPage(
      entries.map((e) => e.id),
      next,
      ctx,
      (id, c) => fetchEntry(id, since, ctx, c),
    );
    return { ...result, requests: (result.requests ?? 0) + counter.n };
  },

  crawlEntries(entries, ctx) {
    return crawlEntriesPage(entries, null, ctx, (entry, c) => fetchEntry(entry, undefined, ctx, c));
  },
};
