/**
 * The two pages a Caribbean site is asked for: a title's page and a page of its listing,
 * each decoded in the charset it declares (EUC-JP: the HTTP client reads it from the
 * header or the page's own meta, Premium sending it in the page alone). The site's
 * "no such title" is a 404, or a redirect to its top page or a listing (told by finalUrl,
 * site.ts's landingOf); a page that is not the one asked for (maintenance, an error page served
 * 200, another title's) is a failure, never a "no match". A listing page the site answers 404 is a failure too (listing-crawl.ts).
 */
import type { IngestRecord } from "../../model/record.js";
import { UpstreamError } from "../../net/index.js";
import { ProviderParseError } from "../errors.js";
import { mustBeAt, notAsked } from "../final-url.js";
import { type Counter, getCountedPage, type ListingPage, listingPageMissing } from "../listing-crawl.js";
import { siteUrl } from "../site-url.js";
import type { ProviderContext } from "../types.js";
import { isListingPage, type ListingEntry, parseListingPage } from "./parse-listing.js";
import { isTitlePage, parseTitlePage } from "./parse-title.js";
import { type CaribbeanSite, landingOf, titlePath } from "./site.js";

function urlOf(site: CaribbeanSite, ctx: ProviderContext, path: string): string {
  const url = siteUrl(ctx.baseUrl, ctx.baseUrl, path);
  if (url === null) throw new ProviderParseError(site.provider, `no URL for ${path} under ${ctx.baseUrl}`);
  return url;
}

/**
 * A page of the site at all: a title page, or one carrying the site's menu of its listings (its
 * top page, a listing), where a redirect may land. The client retries anything else (a
 * maintenance or challenge page); which page of the site it is, finalUrl then says.
 */
const isSitePage = (html: string): boolean => isTitlePage(html) || /href=["']?\/listpages\//.test(html);

/** The title of `id` (of the site's shape), or null when the site has no such title. */
export async function fetchTitle(site: CaribbeanSite, id: string, ctx: ProviderContext, counter: Counter): Promise<IngestRecord | null> {
  const url = urlOf(site, ctx, titlePath(id));
  const res = await getCountedPage(url, ctx, counter, isSitePage);
  if (res === null) return null;
  const landing = landingOf(ctx.baseUrl, res.finalUrl, id);
  if (landing === "none") return null;
  if (landing === "elsewhere") throw notAsked(site.provider, url, res.finalUrl, "the title's page");
  if (!isTitlePage(res.text)) {
    throw new UpstreamError(`not the page asked for (HTTP ${res.httpStatus}, a page of the site without the title): ${url}`, {
      kind: "not_page",
      url,
      retryable: true,
      httpStatus: res.httpStatus,
    });
  }
  return parseTitlePage(res.text, site, id, ctx.baseUrl);
}

/** A page of the listing of all titles; one the site answers 404, or with another page, is a failure. */
export async function fetchListing(site: CaribbeanSite, page: number, ctx: ProviderContext, counter: Counter): Promise<ListingPage<ListingEntry>> {
  const path = site.listingPath(page);
  const url = urlOf(site, ctx, path);
  const res = await getCountedPage(url, ctx, counter, isListingPage);
  if (res === null) throw listingPageMissing(url);
  // A page past the end sent elsewhere (the first page, the top) is not the listing's end.
  mustBeAt(site.provider, url, res.finalUrl, ctx.baseUrl, (at) => at === path, `listing page ${page}`);
  return { url, ...parseListingPage(res.text, site) };
}
