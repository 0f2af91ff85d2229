/**
 * r18.dev: lookup by code (dvd_id -> content id -> combined record) and crawls of code
 * lists. r18.dev has no search. Fetch, parse and validate are separate: the HTTP client
 * comes in the context, parse.ts turns payloads into validated records.
 */
import type { IngestRecord } from "../../model/record.js";
import { dvdIdToContentIdGuess, parseCode, type ParsedCode } from "../../codes/index.js";
import { crawlEntriesPage, type EntryOutcome } from "../crawl-list.js";
import { encodeSourceId, ProviderParseError } from "../errors.js";
import { ownTitle } from "../same-title.js";
import type { CodeListCrawler, CrawlOptions, CrawlPage, IdLookup, LookupResult, MovieProvider, ProviderContext } from "../types.js";
import { parseR18Combined, parseR18DvdIdLookup } from "./parse.js";

const NAME = "r18dev";
/** Codes per crawl page. */
export const R18_PAGE_SIZE = 20;
/** A DMM content id as r18.dev keys it: lowercase, no hyphen, a zero-padded number (118abp00123, h_086mesu00103). */
const CONTENT_ID = /^(?=.*[a-z])(?=.*\d{5})[a-z0-9_]+$/;

const DETAIL = "/videos/vod/movies/detail/-";

function canonical(dvdId: string): string {
  return parseCode(dvdId)?.dvdId ?? dvdId.trim().toUpperCase();
}

/** GET that maps 404/410 to null; a 304 cannot happen (no validators are sent) and is a failure. */
async function fetchJson(url: string, ctx: ProviderContext): Promise<unknown | null> {
  const res = await ctx.http.getJson(url, { signal: ctx.signal });
  if (res.status === "not_found") return null;
  if (res.status === "not_modified") throw new ProviderParseError(NAME, `unexpected 304 from ${url}`);
  return res.data;
}

/** The combined record of a content id, or null when r18.dev does not know it; a record of another title is a failure. */
async function combined(contentId: string, ctx: ProviderContext, counter: { n: number }): Promise<IngestRecord | null> {
  counter.n += 1;
  const json = await fetchJson(`${ctx.baseUrl}${DETAIL}/combined=${encodeSourceId(NAME, contentId)}/json`, ctx);
  return json === null ? null : ownTitle(NAME, contentId, parseR18Combined(json));
}

async function lookupCounted(code: ParsedCode, ctx: ProviderContext, counter: { n: number }): Promise<LookupResult> {
  counter.n += 1;
  const json = await fetchJson(`${ctx.baseUrl}${DETAIL}/dvd_id=${encodeURIComponent(code.dvdId)}/json`, ctx);
  const found = json === null ? null : parseR18DvdIdLookup(json);
  // r18.dev keys records by content id: when the code lookup misses, the usual id may still exist.
  const contentId = found?.contentId ?? dvdIdToContentIdGuess(code.dvdId);
  const record = await combined(contentId, ctx, counter);
  // Never answer with another title than the one asked for.
  if (record === null || canonical(record.record.dvdId) !== code.dvdId) return { status: "no_match" };
  return { status: "found", record };
}

function parseCursor(cursor: string | null): number {
  if (cursor === null) return 0;
  if (!/^\d+$/.test(cursor)) throw new RangeError(`r18dev: invalid crawl cursor ${JSON.stringify(cursor)}`);
  return Number(cursor);
}

/** One list entry: a content id is fetched as is, anything else is parsed as a code. */
async function fetchEntry(entry: string, ctx: ProviderContext, counter: { n: number }): Promise<EntryOutcome> {
  const line = entry.trim();
  if (line === "" || line.startsWith("#")) return null;
  if (CONTENT_ID.test(line)) {
    const record = await combined(line, ctx, counter);
    return record === null ? { skipped: { id: line, reason: "no match" } } : { record };
  }
  const code = parseCode(line);
  if (code === null) return { skipped: { id: line, reason: "not a catalog code" } };
  const result = await lookupCounted(code, ctx, counter);
  return result.status === "found" ? { record: result.record } : { skipped: { id: code.dvdId, reason: "no match" } };
}

export const r18devProvider = {
  name: NAME,
  source: "r18.dev's JSON",
  sellers: ["dmm"],
  metaTubeName: "FANZA",
  defaultBaseUrl: "https://r18.dev",
  defaultRate: 1,
  settings: [
    {
      env: "R18DEV_CODES_FILE",
      default: "",
      help: "File of codes or content ids (one per line) that scheduled r18dev runs crawl; empty = r18dev is not crawled on schedule.",
    },
  ],
  codesFileSetting: "R18DEV_CODES_FILE",

  lookup(code, ctx) {
    return lookupCounted(code, ctx, { n: 0 });
  },

  async lookupById(contentId, ctx) {
    // Only what can be a content id is asked: a media server's id of another source is none.
    if (!CONTENT_ID.test(contentId.trim().toLowerCase())) return { status: "no_match" };
    const record = await combined(contentId.trim().toLowerCase(), ctx, { n: 0 });
    return record === null ? { status: "no_match" } : { status: "found", record };
  },

  /**
   * Crawls `options.codes` (codes or content ids; blank lines and #comments are passed
   * over) R18_PAGE_SIZE entries per page. The cursor is the index of the next entry.
   * A lookup that fails (after the HTTP client's retries) is listed in the page's
   * `failed`; the page keeps the others.
   */
  async crawl(cursor: string | null, options: CrawlOptions, ctx: ProviderContext): Promise<CrawlPage> {
    const codes = options.codes;
    if (codes === undefined || codes.length === 0) {
      throw new Error("r18dev: crawl needs a list of codes or content ids (--codes FILE); r18.dev has no catalog listing");
    }
    const start = parseCursor(cursor);
    const end = Math.min(start + R18_PAGE_SIZE, codes.length);
    return crawlList(codes.slice(start, end), end < codes.length ? String(end) : null, ctx);
  },

  crawlEntries(entries: string[], ctx: ProviderContext) {
    return crawlList(entries, null, ctx);
  },
} satisfies MovieProvider & IdLookup & CodeListCrawler;

/** The entries as one page; every lookup has ended (done or failed) when it returns. */
function crawlList(entries: string[], nextCursor: string | null, ctx: ProviderContext): Promise<CrawlPage> {
  return crawlEntriesPage(entries, nextCursor, ctx, (entry, counter) => fetchEntry(entry, ctx, counter));
}
