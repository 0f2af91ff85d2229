/**
 * FANZA through the DMM Affiliate API v3 ItemList (digital/videoa floor): lookup by
 * content id then keyword, keyword search, and a crawl by release-date windows, newest
 * first. Credentials and limits come from ctx.settings; the clock from ctx.now().
 */
import type { IngestRecord } from "../../model/record.js";
import type { SortKey } from "../../catalog/index.js";
import { contentIdToDvdId, dvdIdToContentIdGuess, isContentIdText, parseCode, type ParsedCode } from "../../codes/index.js";
import { ProviderParseError } from "../errors.js";
import type { CrawlOptions, CrawlPage, IdLookup, LookupResult, MovieProvider, MovieSearcher, ProviderContext } from "../types.js";
import { FanzaApiError, parseFanzaItemList, type FanzaItemListPage } from "./parse.js";

const NAME = "fanza";
/** The API's own limits: hits <= 100, offset <= 50000. */
const API_MAX_HITS = 100;
const API_MAX_OFFSET = 50_000;
const SEARCH_HITS = 20;
const START_DAYS = 7;
const MAX_DAYS = 30;
const DEFAULT_SINCE = "2000-01-01";
const DAY_MS = 86_400_000;
const JST_OFFSET_MS = 9 * 3_600_000;
/** Popularity from a rank-sorted position: higher is more popular. */
const RANK_POPULARITY_BASE = 1_000_000;

const SORTS: Record<SortKey, string> = {
  relevance: "match",
  release: "date",
  rating: "review",
  views: "rank",
  update: "date",
};

interface FanzaSettings {
  apiId: string;
  affiliateId: string;
  /** FANZA_MAX_OFFSET: the highest offset the API accepts (50000; lower only to test the cap). */
  maxOffset: number;
  /** FANZA_PAGE_SIZE: hits per crawl page (100; lower only to test paging on a small catalog). */
  pageSize: number;
}

function intSetting(ctx: ProviderContext, name: string, fallback: number, max: number): number {
  const raw = ctx.settings[name];
  if (raw === undefined || raw === "") return fallback;
  const n = /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
  if (!(n >= 1 && n <= max)) throw new RangeError(`fanza: ${name} must be an integer within 1..${max}, got ${JSON.stringify(raw)}`);
  return n;
}

function settingsOf(ctx: ProviderContext): FanzaSettings {
  const apiId = ctx.settings.FANZA_API_ID;
  const affiliateId = ctx.settings.FANZA_AFFILIATE_ID;
  if (!apiId || !affiliateId) throw new Error("fanza: FANZA_API_ID and FANZA_AFFILIATE_ID are required");
  return {
    apiId,
    affiliateId,
    maxOffset: intSetting(ctx, "FANZA_MAX_OFFSET", API_MAX_OFFSET, API_MAX_OFFSET),
    pageSize: intSetting(ctx, "FANZA_PAGE_SIZE", API_MAX_HITS, API_MAX_HITS),
  };
}

function canonical(dvdId: string): string {
  return parseCode(dvdId)?.dvdId ?? dvdId.trim().toUpperCase();
}

type Query = { hits: number; offset: number; sort: string } & Partial<Record<"cid" | "keyword" | "gte_date" | "lte_date", string>>;

function itemListUrl(ctx: ProviderContext, s: FanzaSettings, q: Query): string {
  const params = new URLSearchParams({
    api_id: s.apiId,
    affiliate_id: s.affiliateId,
    site: "FANZA",
    service: "digital",
    floor: "videoa",
    output: "json",
    hits: String(q.hits),
    offset: String(q.offset),
    sort: q.sort,
  });
  for (const key of ["cid", "keyword", "gte_date", "lte_date"] as const) {
    const v = q[key];
    if (v !== undefined) params.set(key, v);
  }
  return `${ctx.baseUrl}/affiliate/v3/ItemList?${params}`;
}

async function fetchItemList(ctx: ProviderContext, s: FanzaSettings, q: Query): Promise<FanzaItemListPage> {
  const url = itemListUrl(ctx, s, q);
  const res = await ctx.http.getJson(url, { signal: ctx.signal });
  // ItemList always exists: a 404 means a wrong base URL, never "no match".
  if (res.status === "not_found") throw new FanzaApiError(`ItemList answered HTTP ${res.httpStatus}; check the base URL`, res.httpStatus);
  if (res.status === "not_modified") throw new ProviderParseError(NAME, "unexpected 304 from ItemList");
  return parseFanzaItemList(res.data);
}

/** The item for exactly this code; an unusable item that would have been it is a failure, not a miss. */
function pick(page: FanzaItemListPage, code: ParsedCode): IngestRecord | null {
  const hit = page.items.find((r) => canonical(r.record.dvdId) === code.dvdId);
  if (hit !== undefined) return hit;
  const broken = page.skipped.find((x) => x.contentId !== null && canonical(contentIdToDvdId(x.contentId) ?? x.contentId) === code.dvdId);
  if (broken !== undefined) throw new ProviderParseError(NAME, `item for ${code.dvdId} is unusable: ${broken.reason}`);
  return null;
}

// ---- crawl cursor: {"end":"YYYY-MM-DD","days":N,"offset":K} ----

interface WindowCursor {
  /** Last release day of the window (inclusive). */
  end: string;
  /** Window length in days; the window is end-days+1 .. end. */
  days: number;
  /** ItemList offset (1-based) of the next page within the window. */
  offset: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isDay(v: unknown): v is string {
  return typeof v === "string" && DAY.test(v) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
}

function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

function jstToday(now: Date): string {
  return new Date(now.getTime() + JST_OFFSET_MS).toISOString().slice(0, 10);
}

function parseCursor(cursor: string | null, ctx: ProviderContext): WindowCursor {
  if (cursor === null) return { end: jstToday(ctx.now()), days: START_DAYS, offset: 1 };
  let c: unknown;
  try {
    c = JSON.parse(cursor);
  } catch {
    c = null;
  }
  const o = c as Partial<WindowCursor> | null;
  if (
    o === null ||
    typeof o !== "object" ||
    !isDay(o.end) ||
    !Number.isSafeInteger(o.days) ||
    (o.days as number) < 1 ||
    (o.days as number) > MAX_DAYS ||
    !Number.isSafeInteger(o.offset) ||
    (o.offset as number) < 1
  ) {
    throw new RangeError(`fanza: invalid crawl cursor ${JSON.stringify(cursor)}`);
  }
  return { end: o.end as string, days: o.days as number, offset: o.offset as number };
}

/**
 * One crawl page. Windows of release days, newest first:
 * - the first window ends today (JST) and spans 7 days; each page asks for `pageSize`
 *   items of the window (sort=date) from the cursor's offset;
 * - a window holding more titles than the API can page through (total_count >
 *   maxOffset) is halved, keeping its end, and asked again at once (within this call);
 *   a single day over the cap is crawled as far as the offsets go, with a skipped
 *   entry that counts what was left out;
 * - an exhausted window moves the cursor to the day before it, doubling the span (up
 *   to 30 days) when the window was small (twice its titles would still fit);
 * - the crawl ends when the next window would end before `since` (default 2000-01-01);
 *   windows are clipped to `since`. Empty windows just cost one request each, so no
 *   "too many empty windows" rule: sparse early years are still crawled.
 */
async function crawlPage(cursor: string | null, options: CrawlOptions, ctx: ProviderContext): Promise<CrawlPage> {
  const s = settingsOf(ctx);
  const since = options.since ?? DEFAULT_SINCE;
  if (!isDay(since)) throw new RangeError(`fanza: since must be YYYY-MM-DD, got ${JSON.stringify(since)}`);
  let c = parseCursor(cursor, ctx);
  const skipped: CrawlPage["skipped"] = [];
  let requests = 0;
  if (c.end < since) return { records: [], skipped, nextCursor: null, requests };

  for (;;) {
    const start = addDays(c.end, 1 - c.days);
    // biome-ignore lint/complexity/useMathMinMax: ISO days compared as text, not numbers
    const from = start < since ? since : start;
    const page = await fetchItemList(ctx, s, {
      hits: s.pageSize,
      offset: c.offset,
      sort: "date",
      gte_date: `${from}T00:00:00`,
      // Through the end of the day: items carry a time of day ("2020-07-11 10:00:53").
      lte_date: `${c.end}T23:59:59`,
    });
    requests += 1;
    if (page.totalCount > s.maxOffset && c.days > 1) {
      c = { end: c.end, days: Math.max(1, Math.floor(c.days / 2)), offset: 1 };
      continue;
    }
    for (const x of page.skipped) skipped.push({ id: x.contentId, reason: x.reason });

    const nextOffset = c.offset + page.resultCount;
    let next: WindowCursor | null;
    if (page.resultCount > 0 && nextOffset <= page.totalCount && nextOffset <= s.maxOffset) {
      next = { ...c, offset: nextOffset };
    } else {
      if (page.resultCount > 0 && nextOffset <= page.totalCount) {
        skipped.push({
          id: null,
          reason: `${from}..${c.end} holds ${page.totalCount} titles; the API pages only to offset ${s.maxOffset}: ${page.totalCount - nextOffset + 1} not crawled`,
        });
      } else if (page.resultCount === 0 && c.offset <= page.totalCount) {
        // The API said there were more, then gave none: the window is left (asking on would ask the same), said, never silently.
        skipped.push({
          id: null,
          reason: `${from}..${c.end} holds ${page.totalCount} titles, but the page at offset ${c.offset} came back empty: ${page.totalCount - c.offset + 1} not crawled`,
        });
      }
      const days = page.totalCount * 2 <= s.maxOffset ? Math.min(MAX_DAYS, c.days * 2) : c.days;
      const end = addDays(start, -1);
      next = end < since ? null : { end, days, offset: 1 };
    }
    return { records: page.items, skipped, nextCursor: next === null ? null : JSON.stringify(next), requests };
  }
}

export const fanzaProvider = {
  name: NAME,
  source: "the DMM Affiliate API v3 (FANZA)",
  sellers: ["dmm"],
  metaTubeName: "FANZA",
  defaultBaseUrl: "https://api.dmm.com",
  defaultRate: 1,
  settings: [
    { env: "FANZA_API_ID", default: "", help: "DMM Affiliate API `api_id` (from affiliate.dmm.com).", required: true },
    { env: "FANZA_AFFILIATE_ID", default: "", help: "DMM Affiliate API `affiliate_id` (ends in -990 to -999).", required: true },
  ],

  /** The usual content id first, then a keyword search for the code; only the exact code counts. */
  async lookup(code: ParsedCode, ctx: ProviderContext): Promise<LookupResult> {
    const s = settingsOf(ctx);
    const byCid = await fetchItemList(ctx, s, { hits: SEARCH_HITS, offset: 1, sort: "date", cid: dvdIdToContentIdGuess(code.dvdId) });
    const direct = pick(byCid, code);
    if (direct !== null) return { status: "found", record: direct };
    const byKeyword = await fetchItemList(ctx, s, { hits: SEARCH_HITS, offset: 1, sort: "match", keyword: code.dvdId });
    const found = pick(byKeyword, code);
    return found === null ? { status: "no_match" } : { status: "found", record: found };
  },

  /** The item of exactly this content id. */
  async lookupById(contentId: string, ctx: ProviderContext): Promise<LookupResult> {
    const cid = contentId.trim().toLowerCase();
    // Only what can be a content id is asked: a media server's id of another source is none.
    if (!isContentIdText(cid)) return { status: "no_match" };
    const page = await fetchItemList(ctx, settingsOf(ctx), { hits: SEARCH_HITS, offset: 1, sort: "date", cid });
    const hit = page.items.find((r) => r.record.contentId === cid);
    if (hit !== undefined) return { status: "found", record: hit };
    const broken = page.skipped.find((x) => x.contentId === cid);
    if (broken !== undefined) throw new ProviderParseError(NAME, `item ${cid} is unusable: ${broken.reason}`);
    return { status: "no_match" };
  },

  /**
   * Keyword search, 20 per page. Pages past the API's offset cap are empty. Under
   * sort=views (the API's rank) popularity is 1_000_000 minus the position.
   */
  async search(query: string, page: number, sort: SortKey, ctx: ProviderContext): Promise<IngestRecord[]> {
    if (!Number.isSafeInteger(page) || page < 1) throw new RangeError(`fanza: page must be a positive integer, got ${page}`);
    const s = settingsOf(ctx);
    const offset = (page - 1) * SEARCH_HITS + 1;
    if (offset > s.maxOffset) return [];
    const keyword = query.trim();
    const result = await fetchItemList(ctx, s, {
      hits: SEARCH_HITS,
      offset,
      // "match" ranks by the keyword; without one the API's default order is the sensible stand-in.
      sort: keyword === "" && sort === "relevance" ? "rank" : SORTS[sort],
      ...(keyword === "" ? {} : { keyword }),
    });
    if (sort === "views") {
      // Positions count the usable items only: a skipped item shifts the rest by one, order intact.
      result.items.forEach((r, i) => {
        r.popularity = RANK_POPULARITY_BASE - (result.firstPosition + i);
      });
    }
    return result.items;
  },

  crawl: crawlPage,
} satisfies MovieProvider & IdLookup & MovieSearcher;
