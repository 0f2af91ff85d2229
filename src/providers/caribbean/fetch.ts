/**
 * The two pages a Caribbean site is asked for: a title's page and a page of its listing,
 * each decoded in the charset it declares (EUC-JP: the HTTP client reads it from the
 * header or the page's own meta, Premium sending it in the page alone). The site's
 * "no such title" is a 404; a page that is not the one asked for (maintenance, an error
 * page served 200) is the client's retried "not_page" failure, never a "no match".
 */
import type { IngestRecord } from "../../model/record.js";
import { ProviderParseError } from "../errors.js";
import { siteUrl } from "../site-url.js";
import type { ProviderContext } from "../types.js";
import { isListingPage, type ListingPage, parseListingPage } from "./parse-listing.js";
import { isTitlePage, parseTitlePage } from "./parse-title.js";
import { type CaribbeanSite, titlePath } from "./site.js";

function urlOf(site: CaribbeanSite, ctx: ProviderContext, path: string): string {
  const url = siteUrl(ctx.baseUrl, ctx.baseUrl, path);
  if (url === null) throw new ProviderParseError(site.provider, `no URL for ${path} under ${ctx.baseUrl}`);
  return url;
}

/** The title of `id` (of the site's shape), or null when the site has no such title. */
export async function fetchTitle(site: CaribbeanSite, id: string, ctx: ProviderContext, counter: { n: number }): Promise<IngestRecord | null> {
  counter.n += 1;
  const res = await ctx.http.getText(urlOf(site, ctx, titlePath(id)), { signal: ctx.signal, isPage: isTitlePage });
  return res.status === "not_found" ? null : parseTitlePage(res.text, site, id, ctx.baseUrl);
}

/** A page of the listing of all titles, or null past its end (a page the site does not have). */
export async function fetchListing(site: CaribbeanSite, page: number, ctx: ProviderContext): Promise<ListingPage | null> {
  const res = await ctx.http.getText(urlOf(site, ctx, site.listingPath(page)), { signal: ctx.signal, isPage: isListingPage });
  return res.status === "not_found" ? null : parseListingPage(res.text, site);
}
