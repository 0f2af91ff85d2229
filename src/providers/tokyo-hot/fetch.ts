/**
 * The requests of Tokyo-Hot's shop: a list page (its search or its product list), and a
 * product's Japanese page (required) and English page (optional: TOKYO_HOT_ENGLISH). A 404 for
 * a product is the shop's own "no such product" (javinizer-go reads it so); a 404 for a list
 * page is a failure. An answer that is not the page asked for is a failure: a page without the
 * list's or the product's own markup (not_page, asked again by the client), or one the client was
 * redirected to away from the address asked (no public reader takes a redirect for "no such
 * product" here).
 */
import type { IngestRecord } from "../../model/record.js";
import { optionalPart } from "../errors.js";
import { mustBeAt } from "../final-url.js";
import { type Counter, getCountedPage, type ListingPage, listingPageMissing } from "../listing-crawl.js";
import { isOn, switchSetting } from "../switch-setting.js";
import type { ProviderContext } from "../types.js";
import { sameNumber } from "./numbers.js";
import { isListPage, type ListItem, parseProductList } from "./parse-list.js";
import { isProductPage, PROVIDER, parseProductPage, productUrl } from "./parse.js";
import { isProductLayout } from "./parse-english.js";

export const ENGLISH_SETTING = switchSetting(
  "TOKYO_HOT_ENGLISH",
  "Read each Tokyo-Hot title's English page too (?lang=en: the English title, description and performers' names), one more request a title; off = Japanese pages only.",
);

export const englishWanted = (ctx: ProviderContext): boolean => isOn(ctx, ENGLISH_SETTING);

/** The answer must come from `path` (compared as the shop's ids are, without case), not from where a redirect led. */
function mustBeOn(url: string, finalUrl: string, ctx: ProviderContext, path: RegExp): void {
  mustBeAt(PROVIDER, url, finalUrl, ctx.baseUrl, (p) => path.test(p));
}

export function searchUrl(baseUrl: string, query: string, page: number): string {
  return `${baseUrl}/product/?q=${encodeURIComponent(query)}&x=0&y=0&lang=ja${page > 1 ? `&page=${page}` : ""}`;
}

export const listUrl = (baseUrl: string, page: number): string => `${baseUrl}/product/?page=${page}&lang=ja`;

/** A list page (`page` of the search or of the product list) and whether more follow it. */
export async function fetchList(url: string, page: number, ctx: ProviderContext, counter: Counter): Promise<ListingPage<ListItem>> {
  const res = await getCountedPage(url, ctx, counter, isListPage);
  if (res === null) throw listingPageMissing(url);
  mustBeOn(url, res.finalUrl, ctx, /^\/product\/?$/);
  const list = parseProductList(res.text, ctx.baseUrl, url, page);
  return { url, entries: list.items, more: list.more, skipped: list.skipped };
}

const escaped = (id: string): string => encodeURIComponent(id).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The English page's text, or null where there is none or it fails: the title is kept without it. */
async function englishText(id: string, ctx: ProviderContext, counter: Counter): Promise<string | null> {
  const url = productUrl(ctx.baseUrl, id, "en");
  return optionalPart(ctx, async () => {
    const res = await getCountedPage(url, ctx, counter, isProductLayout);
    if (res === null) return null;
    mustBeOn(url, res.finalUrl, ctx, new RegExp(`^/product/${escaped(id)}/?$`, "i"));
    return res.text;
  });
}

export interface ProductOptions {
  /** Read its English page too (default: TOKYO_HOT_ENGLISH). */
  english?: boolean;
  /** The code a lookup wants: a product of another number is returned as its Japanese page alone, its English page not asked. */
  wanted?: string;
}

/** A product's record, or null when the shop has no such product (its 404). */
export async function fetchProduct(id: string, ctx: ProviderContext, counter: Counter, options: ProductOptions = {}): Promise<IngestRecord | null> {
  const url = productUrl(ctx.baseUrl, id);
  const res = await getCountedPage(url, ctx, counter, isProductPage);
  if (res === null) return null;
  mustBeOn(url, res.finalUrl, ctx, new RegExp(`^/product/${escaped(id)}/?$`, "i"));
  const ja = parseProductPage(res.text, ctx.baseUrl, id);
  if (!(options.english ?? englishWanted(ctx))) return ja;
  if (options.wanted !== undefined && !sameNumber(ja.record.dvdId, options.wanted)) return ja;
  const en = await englishText(id, ctx, counter);
  return en === null ? ja : parseProductPage(res.text, ctx.baseUrl, id, en);
}
