/**
 * The requests of HEYZO: a title's Japanese page, then its English page (the English title and
 * names; en.heyzo.com serves the same paths), and the listing pages. A 404 is the site's own
 * "no such title"; a page that is neither the page asked for nor the site's 404 page (a
 * maintenance page served 200) is a not_page failure the HTTP client asks again, then throws.
 */
import type { IngestRecord } from "../../model/record.js";
import type { ProviderContext } from "../types.js";
import { isListingPage, type ListingPage, listingPath, parseListing } from "./listing.js";
import { type FetchedPage, parseHeyzoTitle, titlePath } from "./parse.js";
import { isNotFoundPage, isTitlePage } from "./read-page.js";

export type Counter = { n: number };

/** The setting that turns the English pages off (one request a title fewer, no English names). */
export const ENGLISH_SETTING = "HEYZO_ENGLISH";

const isTitleAnswer = (html: string): boolean => isTitlePage(html) || isNotFoundPage(html);

/**
 * Where the English pages are: en.heyzo.com beside www.heyzo.com; under `/en` of any other base
 * URL (a mirror, or the provider simulator, which serves both under one address).
 */
export function englishBaseUrl(baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, "");
  const u = new URL(base);
  if (/^(?:www\.)?heyzo\.com$/i.test(u.host)) return `${u.protocol}//en.heyzo.com${u.pathname.replace(/\/+$/, "")}`;
  return `${base}/en`;
}

function englishWanted(ctx: ProviderContext): boolean {
  return !/^(?:off|false|0|no)$/i.test((ctx.settings[ENGLISH_SETTING] ?? "on").trim());
}

async function getPage(url: string, ctx: ProviderContext, counter: Counter, isPage: (html: string) => boolean): Promise<FetchedPage | null> {
  counter.n += 1;
  const res = await ctx.http.getText(url, { signal: ctx.signal, isPage });
  return res.status === "not_found" ? null : { html: res.text, url };
}

/** The record of title `id` (four digits), or null when the site has no such title. */
export async function fetchTitle(id: string, ctx: ProviderContext, counter: Counter): Promise<IngestRecord | null> {
  const base = ctx.baseUrl.replace(/\/+$/, "");
  const ja = await getPage(base + titlePath(id), ctx, counter, isTitleAnswer);
  if (ja === null || isNotFoundPage(ja.html)) return null;
  const en = englishWanted(ctx) ? await getPage(englishBaseUrl(base) + titlePath(id), ctx, counter, isTitleAnswer) : null;
  return parseHeyzoTitle(id, ja, en, base);
}

/** Listing page `page`; a page the site does not have (404) lists nothing. */
export async function fetchListing(page: number, ctx: ProviderContext, counter: Counter): Promise<ListingPage> {
  const res = await getPage(ctx.baseUrl.replace(/\/+$/, "") + listingPath(page), ctx, counter, isListingPage);
  return res === null ? { entries: [], totalPages: null } : parseListing(res.html);
}
