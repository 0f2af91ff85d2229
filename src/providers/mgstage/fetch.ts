/**
 * The requests of MGStage: a product's page and a list page (the search, or a month of the
 * products the crawl walks), each with the age cookie `adc=1` (MetaTube's mgstage.go,
 * JavSP's mgstage.py, librefanza's Mgstage::Api): without it the site answers its age check.
 * A product the site does not have is redirected to its top page (JavSP: "url不存在时会被重定向
 * 至主页", javinizer-go's checkDirectURL): that is no such product; a redirect anywhere else
 * (another product's page, an age check) and an answer at the product's address that is not its
 * page are failures, as are a 403 (the site refuses addresses outside Japan) and a 5xx.
 */

import type { IngestRecord } from "../../model/record.js";
import { UpstreamError } from "../../net/index.js";
import { landing, mustBeAt, notAsked } from "../final-url.js";
import { type Counter, getCountedPage, type ListingPage, listingPageMissing } from "../listing-crawl.js";
import type { ProviderContext } from "../types.js";
import { isProductPath, PROVIDER, siteId } from "./ids.js";
import { isProductAnswer, isProductPage } from "./page-kind.js";
import { parseProductPage, productUrl } from "./parse.js";
import { isListPage, type ListItem, parseProductList } from "./parse-list.js";

/** The age cookie every request carries. */
export const AGE_COOKIE = { cookie: "adc=1" } as const;

/** Titles a page of the crawl's month shows: the most the real page offers (30, 60, 120), as the month-by-month crawlers ask. */
export const LIST_COUNT = 120;

/** Page `page` of the site's search for `query` (type=top: every shop of the site, as javinizer-go and others ask). */
export function searchUrl(baseUrl: string, query: string, page: number): string {
  return `${baseUrl}/search/cSearch.php?search_word=${encodeURIComponent(query)}&type=top&page=${page}`;
}

/** Page `page` of the products on sale within `range` (sale_start_range's value: 2024.01.01-2024.01.31), newest first (sort=new: 新着順). */
export const monthListUrl = (baseUrl: string, range: string, page: number): string =>
  `${baseUrl}/search/cSearch.php?search_word=&sale_start_range=${range}&sort=new&list_cnt=${LIST_COUNT}&type=top&page=${page}`;

const getPage = (url: string, ctx: ProviderContext, counter: Counter, isPage: (text: string) => boolean) =>
  getCountedPage(url, ctx, counter, isPage, { ...AGE_COOKIE });

const notPage = (url: string, why: string): UpstreamError => new UpstreamError(`${why}: ${url}`, { kind: "not_page", url, retryable: true });

/** The site's top page, where it sends a product it does not have. */
const isTopPath = (path: string): boolean => path === "/" || path === "/index.php";

/** Product `id`'s record, or null where the site has no such product (its top page, or a 404). */
export async function fetchProduct(id: string, ctx: ProviderContext, counter: Counter): Promise<IngestRecord | null> {
  const url = productUrl(ctx.baseUrl, id);
  const res = await getPage(url, ctx, counter, isProductAnswer);
  if (res === null) return null;
  const at = landing(res.finalUrl, ctx.baseUrl, (path) => isProductPath(path, id), isTopPath);
  // The top page holding a product page is no "no such product": another product answered.
  if (at === "none" && !isProductPage(res.text)) return null;
  if (at !== "own") throw notAsked(PROVIDER, url, res.finalUrl, `product ${siteId(id)}'s page`);
  // The site's layout at the product's own address without the product: an age check or busy page, asked again.
  if (!isProductPage(res.text)) throw notPage(url, "not the product page");
  return parseProductPage(res.text, ctx.baseUrl, id);
}

/** A list page (`page` of the search or of a month): its products, and whether more follow. */
export async function fetchList(url: string, page: number, ctx: ProviderContext, counter: Counter): Promise<ListingPage<ListItem>> {
  const res = await getPage(url, ctx, counter, isListPage);
  if (res === null) throw listingPageMissing(url);
  mustBeAt(PROVIDER, url, res.finalUrl, ctx.baseUrl, (path) => /^\/search\/c?search\.php$/i.test(path), "the list asked for");
  const list = parseProductList(res.text);
  // Entries without the count line: nothing says whether the list goes on, and a guess could end a crawl early.
  if (list.items.length > 0 && list.count === null) throw notPage(url, "a list page without its count line");
  if (list.count !== null && list.count.page !== page && list.items.length > 0) throw notPage(url, `list page ${list.count.page} where page ${page} was asked`);
  const more = list.count !== null && list.count.last < list.count.total;
  return { url, entries: list.items, more, skipped: list.skipped };
}
