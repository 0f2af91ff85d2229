/**
 * The requests of a D2Pass title: its details (unless a listing row already carries them) and
 * the gallery they point at. The site's own "no such title" is a 404, or the API's JSON `null`
 * or `{}` (readers that ask it take an empty answer for none: sgyx/JavSP's d2pass.py,
 * `if data:`); HTML or a challenge where JSON was expected is a failure the HTTP client retries
 * and then throws (net/response.ts). The details are the title's required part; its gallery is
 * optional, and a gallery that fails or is malformed leaves the title without pictures, as
 * MetaTube stores it.
 */
import type { IngestRecord } from "../../model/record.js";
import { UpstreamError } from "../../net/index.js";
import { encodeSourceId, optionalPart } from "../errors.js";
import type { Counter } from "../listing-crawl.js";
import { ownTitle } from "../same-title.js";
import type { ProviderContext } from "../types.js";
import { galleryKind, galleryPath, legacyGalleryPath, NO_PICTURES, parseGallery, parseLegacyGallery, type Pictures } from "./gallery.js";
import { detailsOf, detailsPath, isNoTitle, parseD2PassDetails } from "./parse.js";
import type { D2PassSite } from "./site.js";

/** What getJson answers for a 404. */
export const MISSING: unique symbol = Symbol("HTTP 404");

/** GET of one JSON document: its data, or MISSING for a 404. */
export async function getJson(url: string, ctx: ProviderContext, counter: Counter): Promise<unknown> {
  counter.n += 1;
  const res = await ctx.http.getJson(url, { signal: ctx.signal });
  if (res.status === "not_found") return MISSING;
  // The request carried no validators: a 304 is a broken answer, as net/response.ts has it for pages.
  if (res.status === "not_modified")
    throw new UpstreamError(`HTTP 304 without a conditional request: ${url}`, { kind: "http_status", url, retryable: false, httpStatus: 304 });
  return res.data;
}

async function fetchPictures(json: unknown, site: D2PassSite, ctx: ProviderContext, counter: Counter): Promise<Pictures> {
  const { details, id } = detailsOf(json, site);
  const kind = galleryKind(details, site);
  if (kind === null) return NO_PICTURES;
  const path = kind === "gallery" ? galleryPath : legacyGalleryPath;
  const url = ctx.baseUrl + path(encodeSourceId(site.name, id));
  const data = await getJson(url, ctx, counter);
  // A gallery the site no longer has is none.
  if (data === MISSING) return NO_PICTURES;
  return kind === "gallery" ? parseGallery(data, site, ctx.baseUrl, url) : parseLegacyGallery(data, site, id, ctx.baseUrl, url);
}

/** The pictures of a title whose details are `json`: none when its gallery fails (a cancelled run still throws). */
async function picturesOf(json: unknown, site: D2PassSite, ctx: ProviderContext, counter: Counter): Promise<Pictures> {
  return (await optionalPart(ctx, () => fetchPictures(json, site, ctx, counter))) ?? NO_PICTURES;
}

/** The record of details already in hand (a listing's row): only the gallery is asked. */
export async function recordOfDetails(json: unknown, site: D2PassSite, ctx: ProviderContext, counter: Counter): Promise<IngestRecord> {
  // The details are checked before the gallery is asked: a row that is no title fails as such.
  detailsOf(json, site);
  return parseD2PassDetails(json, site, ctx.baseUrl, await picturesOf(json, site, ctx, counter));
}

/** The record of a movie id, or null when the site has no such title; details of another id are a failure. */
export async function recordOfId(id: string, site: D2PassSite, ctx: ProviderContext, counter: Counter): Promise<IngestRecord | null> {
  const json = await getJson(ctx.baseUrl + detailsPath(encodeSourceId(site.name, id)), ctx, counter);
  if (json === MISSING || isNoTitle(json)) return null;
  return ownTitle(site.name, id, await recordOfDetails(json, site, ctx, counter));
}
