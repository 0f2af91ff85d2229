/**
 * The requests of HEYZO: a title's Japanese page (required), then its English page (optional:
 * the English title and names; en.heyzo.com serves the same paths), and the listing pages. A
 * 404 is the site's own "no such title"; a page that is neither the page asked for nor the
 * site's 404 page (a maintenance page served 200) is a not_page failure the HTTP client asks
 * again, then throws. The English page failing in any way leaves the title without it.
 */
import type { IngestRecord } from "../../model/record.js";
import { optionalPart } from "../errors.js";
import { landing, notAsked } from "../final-url.js";
import { type Counter, getCountedPage, type ListingPage, listingPageMissing } from "../listing-crawl.js";
import { isOn, switchSetting } from "../switch-setting.js";
import type { ProviderContext } from "../types.js";
import { isListingPage, type ListingEntry, listingPath, parseListing } from "./listing.js";
import { type FetchedPage, PROVIDER, parseHeyzoTitle, titlePath } from "./parse.js";
import { isNotFoundPage, isTitlePage } from "./read-page.js";

/** The setting that turns the English pages off (one request a title fewer, no English names). */
export const ENGLISH_SETTING = switchSetting(
  "HEYZO_ENGLISH",
  "Read each HEYZO title's English page too (en.heyzo.com: the English title and names), one more request a title; off = Japanese pages only.",
);

/**
 * What may answer a title's address: its page, the site's 404 page, or a listing (where the site
 * redirects an unknown id, atTitlePath tells); anything else (a maintenance page) is asked again.
 */
const isTitleAnswer = (html: string): boolean => isTitlePage(html) || isNotFoundPage(html) || isListingPage(html);

/**
 * Where the English pages are: en.heyzo.com beside www.heyzo.com; under `/en` of any other base
 * URL (a mirror, or the provider simulator, which serves both under one address).
 */
export function englishBaseUrl(baseUrl: string): string {
  const u = new URL(baseUrl);
  if (/^(?:www\.)?heyzo\.com$/i.test(u.host)) return `${u.protocol}//en.heyzo.com${u.pathname === "/" ? "" : u.pathname}`;
  return `${baseUrl}/en`;
}

/** The hosts of the English pages besides the base URL's (they share its rate). */
export function englishHosts(baseUrl: string): string[] {
  const host = new URL(englishBaseUrl(baseUrl)).host;
  return host === new URL(baseUrl).host ? [] : [host];
}

/** A page as fetched, with the address that answered it after redirects. */
type Fetched = FetchedPage & { finalUrl: string };

async function getPage(url: string, ctx: ProviderContext, counter: Counter, isPage: (html: string) => boolean): Promise<Fetched | null> {
  const res = await getCountedPage(url, ctx, counter, isPage);
  return res === null ? null : { html: res.text, url, finalUrl: res.finalUrl };
}

/**
 * Whether the page answers at the title's own address. A redirect to the site's top or a listing
 * is its "no such title" (JavSP reads any redirect away from /moviepages/ so); a redirect anywhere
 * else (another title's page, a login page) is a failure, never another title's record.
 */
function atTitlePath(page: Fetched, base: string, id: string): boolean {
  const at = landing(
    page.finalUrl,
    base,
    (path) => path.startsWith(`/moviepages/${id}/`),
    (path) => path === "/" || path === "/index.html" || path.startsWith("/listpages/"),
  );
  if (at === "elsewhere") throw notAsked(PROVIDER, page.url, page.finalUrl, "the title's page");
  return at === "own";
}

/** The English page of title `id`, or null when there is none, it fails, or it is not that title's. */
async function englishPage(id: string, ctx: ProviderContext, counter: Counter): Promise<FetchedPage | null> {
  const base = englishBaseUrl(ctx.baseUrl);
  return optionalPart(ctx, async () => {
    const en = await getPage(base + titlePath(id), ctx, counter, isTitleAnswer);
    return en === null || isNotFoundPage(en.html) || !atTitlePath(en, base, id) ? null : en;
  });
}

/** The record of title `id` (four digits), or null when the site has no such title. */
export async function fetchTitle(id: string, ctx: ProviderContext, counter: Counter): Promise<IngestRecord | null> {
  const ja = await getPage(ctx.baseUrl + titlePath(id), ctx, counter, isTitleAnswer);
  if (ja === null || isNotFoundPage(ja.html) || !atTitlePath(ja, ctx.baseUrl, id)) return null;
  const en = isOn(ctx, ENGLISH_SETTING) ? await englishPage(id, ctx, counter) : null;
  return parseHeyzoTitle(id, ja, en, ctx.baseUrl);
}

/** Listing page `page`: its cards, and whether the listing says more pages follow. */
export async function fetchListing(page: number, ctx: ProviderContext, counter: Counter): Promise<ListingPage<ListingEntry>> {
  const url = ctx.baseUrl + listingPath(page);
  const res = await getPage(url, ctx, counter, isListingPage);
  if (res === null) throw listingPageMissing(url);
  const listing = parseListing(res.html);
  // Without the page count, a page of cards may be followed; the first empty page after it ends the listing.
  const more = listing.totalPages === null ? listing.entries.length > 0 : page < listing.totalPages;
  return { url, entries: listing.entries, more, skipped: listing.skipped };
}
