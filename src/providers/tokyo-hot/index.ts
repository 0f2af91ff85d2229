/**
 * Tokyo-Hot's shop (my.tokyo-hot.com): a code is found through the shop's search, which lists
 * each result's product number beside the product's id (the id is not always the number:
 * /product/5484/ is n0487); a title is its product page. The crawl walks the shop's product list
 * (/product/?page=N, newest first), fetching each listed title. Fetch here, parse in parse.ts and
 * parse-list.ts.
 */
import type { IngestRecord } from "../../model/record.js";
import type { ParsedCode } from "../../codes/index.js";
import { PAGE_CURSOR } from "../crawl-cursor.js";
import { crawlEntriesPage, mapLimited, PAGE_CONCURRENCY, type EntryOutcome } from "../crawl-list.js";
import type { CrawlOptions, CrawlPage, LookupResult, Provider, ProviderContext } from "../types.js";
import { sameNumber, searchKeywords } from "./numbers.js";
import { isListPage, parseProductList, type ListPage } from "./parse-list.js";
import { isProductPage, parseProductPage, PROVIDER, productUrl } from "./parse.js";

/** A product's id as its URL writes it: digits, or the number itself (n1633, s2mbd-002). */
const PRODUCT_ID = /^[a-z0-9][a-z0-9._-]*$/i;
/** Titles of one search answer fetched whole (the first page of the shop's answer). */
const SEARCH_TITLES = 20;

type Counter = { n: number };

function searchUrl(baseUrl: string, query: string, page: number): string {
  return `${baseUrl}/product/?q=${encodeURIComponent(query)}&x=0&y=0&lang=ja${page > 1 ? `&page=${page}` : ""}`;
}

function listUrl(baseUrl: string, page: number): string {
  return `${baseUrl}/product/?page=${page}&lang=ja`;
}

/** A list page; a 404 (a page past the end) lists nothing. */
async function fetchList(url: string, page: number, ctx: ProviderContext, counter: Counter): Promise<ListPage> {
  counter.n += 1;
  const res = await ctx.http.getText(url, { signal: ctx.signal, isPage: isListPage });
  return res.status === "not_found" ? { items: [], hasNext: false } : parseProductList(res.text, ctx.baseUrl, url, page);
}

/** A product's record, or null when the shop has no such product (its 404). */
async function fetchProduct(id: string, ctx: ProviderContext, counter: Counter): Promise<IngestRecord | null> {
  counter.n += 1;
  const res = await ctx.http.getText(productUrl(ctx.baseUrl, id), { signal: ctx.signal, isPage: isProductPage });
  return res.status === "not_found" ? null : parseProductPage(res.text, ctx.baseUrl, id);
}

/**
 * A code through the search: the listed product whose number is the code (in any spelling), then
 * its page, which must name the same number. A code of no Tokyo-Hot shape asks nothing.
 */
async function lookupCounted(code: ParsedCode, ctx: ProviderContext, counter: Counter): Promise<LookupResult> {
  for (const keyword of searchKeywords(code) ?? []) {
    const list = await fetchList(searchUrl(ctx.baseUrl, keyword, 1), 1, ctx, counter);
    const hit = list.items.find((x) => x.number !== null && sameNumber(x.number, code.dvdId)) ?? list.items.find((x) => sameNumber(x.id, code.dvdId));
    if (hit === undefined) continue;
    const record = await fetchProduct(hit.id, ctx, counter);
    // Never answer with another title than the one asked for.
    return record !== null && sameNumber(record.record.dvdId, code.dvdId) ? { status: "found", record } : { status: "no_match" };
  }
  return { status: "no_match" };
}

async function fetchEntry(entry: string, ctx: ProviderContext, counter: Counter): Promise<EntryOutcome> {
  const id = entry.trim().toLowerCase();
  if (id === "") return null;
  if (!PRODUCT_ID.test(id)) return { skipped: { id, reason: "not a product id" } };
  const record = await fetchProduct(id, ctx, counter);
  return record === null ? { skipped: { id, reason: "no match" } } : { record };
}

function entriesPage(ids: readonly string[], nextCursor: string | null, ctx: ProviderContext): Promise<CrawlPage> {
  return crawlEntriesPage(ids, nextCursor, ctx, (id, counter) => fetchEntry(id, ctx, counter));
}

/** The titles released on or after `since`; once the list reaches an earlier one, the crawl ends there. */
function keepSince(page: CrawlPage, since: string | undefined): CrawlPage {
  if (since === undefined) return page;
  const records = page.records.filter((r) => r.record.releaseDate === "" || r.record.releaseDate.slice(0, 10) >= since);
  return records.length === page.records.length ? page : { ...page, records, nextCursor: null };
}

export const tokyoHotProvider: Provider = {
  name: PROVIDER,
  source: "Tokyo-Hot's shop pages",
  sellers: ["tokyo-hot"],
  metaTubeName: "TOKYO-HOT",
  defaultBaseUrl: "https://my.tokyo-hot.com",
  defaultRate: 1,
  settings: [],
  incremental: true,

  lookup(code, ctx) {
    return lookupCounted(code, ctx, { n: 0 });
  },

  async lookupById(contentId, ctx) {
    const id = contentId.trim().toLowerCase();
    const record = PRODUCT_ID.test(id) ? await fetchProduct(id, ctx, { n: 0 }) : null;
    return record === null ? { status: "no_match" } : { status: "found", record };
  },

  /** The first SEARCH_TITLES titles of the shop's answer for the text, each fetched whole; its sort is the shop's. */
  async search(query, page, _sort, ctx) {
    const text = query.trim();
    if (text === "") return [];
    const list = await fetchList(searchUrl(ctx.baseUrl, text, Math.max(1, page)), Math.max(1, page), ctx, { n: 0 });
    const records = await mapLimited(list.items.slice(0, SEARCH_TITLES), PAGE_CONCURRENCY, (x) => fetchProduct(x.id, ctx, { n: 0 }));
    return records.filter((r): r is IngestRecord => r !== null);
  },

  /**
   * One page of the shop's product list per crawl page, each listed title fetched. The cursor
   * ({"page":N}) is the list page to read next; null after the last page or once the list
   * reaches a title released before `since`.
   */
  async crawl(cursor: string | null, options: CrawlOptions, ctx: ProviderContext): Promise<CrawlPage> {
    const page = PAGE_CURSOR.decode(cursor, PROVIDER);
    const list = await fetchList(listUrl(ctx.baseUrl, page), page, ctx, { n: 0 });
    if (list.items.length === 0) return { records: [], skipped: [], failed: [], nextCursor: null, requests: 1 };
    const next = list.hasNext ? PAGE_CURSOR.encode(page + 1) : null;
    const out = await entriesPage(
      list.items.map((x) => x.id),
      next,
      ctx,
    );
    return keepSince({ ...out, requests: (out.requests ?? 0) + 1 }, options.since);
  },

  crawlEntries(entries, ctx) {
    return entriesPage(entries, null, ctx);
  },
};
