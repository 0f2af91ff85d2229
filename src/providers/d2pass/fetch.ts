/**
 * The requests of a D2Pass title: its details (unless a listing row already carries them) and
 * the gallery they point at. A 404 is the site's own "no such title"; HTML or a challenge where
 * JSON was expected is a failure the HTTP client retries and then throws (net/response.ts).
 */
import type { IngestRecord } from "../../model/record.js";
import { encodeSourceId, ProviderParseError } from "../errors.js";
import type { ProviderContext } from "../types.js";
import { galleryKind, galleryPath, legacyGalleryPath, NO_PICTURES, parseGallery, parseLegacyGallery, type Pictures } from "./gallery.js";
import { detailsOf, detailsPath, parseD2PassDetails } from "./parse.js";
import type { D2PassSite } from "./site.js";

export type Counter = { n: number };

/** GET of one JSON document: its data, or null for the site's 404. */
export async function getJson(url: string, site: D2PassSite, ctx: ProviderContext, counter: Counter): Promise<unknown | null> {
  counter.n += 1;
  const res = await ctx.http.getJson(url, { signal: ctx.signal });
  if (res.status === "not_found") return null;
  if (res.status === "not_modified") throw new ProviderParseError(site.name, `unexpected 304 from ${url}`);
  return res.data;
}

/** The pictures of a title whose details are `json`; a gallery the site no longer has (404) is none. */
async function picturesOf(json: unknown, site: D2PassSite, ctx: ProviderContext, counter: Counter): Promise<Pictures> {
  const { details, id } = detailsOf(json, site);
  const kind = galleryKind(details, site);
  if (kind === null) return NO_PICTURES;
  const path = kind === "gallery" ? galleryPath : legacyGalleryPath;
  const url = ctx.baseUrl + path(encodeSourceId(site.name, id));
  const data = await getJson(url, site, ctx, counter);
  if (data === null) return NO_PICTURES;
  return kind === "gallery" ? parseGallery(data, site, ctx.baseUrl, url) : parseLegacyGallery(data, site, id, ctx.baseUrl, url);
}

/** The record of details already in hand (a listing's row): only the gallery is asked. */
export async function recordOfDetails(json: unknown, site: D2PassSite, ctx: ProviderContext, counter: Counter): Promise<IngestRecord> {
  return parseD2PassDetails(json, site, ctx.baseUrl, await picturesOf(json, site, ctx, counter));
}

/** The record of a movie id, or null when the site has no such title. */
export async function recordOfId(id: string, site: D2PassSite, ctx: ProviderContext, counter: Counter): Promise<IngestRecord | null> {
  const json = await getJson(ctx.baseUrl + detailsPath(encodeSourceId(site.name, id)), site, ctx, counter);
  return json === null ? null : recordOfDetails(json, site, ctx, counter);
}
