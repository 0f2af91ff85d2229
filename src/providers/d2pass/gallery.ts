/**
 * A D2Pass title's sample pictures. The site's front end (quoted in metatube-sdk-go's
 * provider/1pondo/core/core.go) asks the gallery JSON when the details say `Gallery`, the
 * legacy one when they say only `HasGallery`; rows marked Protected are members' pictures and
 * are left out, as MetaTube does. The pictures are optional: fetch.ts stores a title without
 * them when its gallery fails.
 */
import { isObject, list, str, type JsonObject } from "../coerce.js";
import { ProviderParseError } from "../errors.js";
import { siteUrl } from "../site-url.js";
import type { D2PassSite } from "./site.js";

export interface Pictures {
  full: string[];
  thumb: string[];
}

export const NO_PICTURES: Pictures = { full: [], thumb: [] };

export const galleryPath = (id: string) => `/dyn/dla/json/movie_gallery/${id}.json`;
export const legacyGalleryPath = (id: string) => `/dyn/phpauto/movie_galleries/movie_id/${id}.json`;

/** Which gallery the details point at: the current one, the legacy one, or none. */
export function galleryKind(details: JsonObject, site: D2PassSite): "gallery" | "legacy" | null {
  if (details.Gallery === true) return site.gallery ? "gallery" : null;
  if (details.HasGallery === true && site.legacyGallery !== null) return "legacy";
  return null;
}

function rowsOf(json: unknown, site: D2PassSite, what: string): JsonObject[] {
  if (!isObject(json) || !Array.isArray(json.Rows)) throw new ProviderParseError(site.name, `${what}: expected {Rows: [...]}`);
  return list(json.Rows).filter(isObject);
}

function pictures(pairs: { full: string | null; thumb: string | null }[]): Pictures {
  const out: Pictures = { full: [], thumb: [] };
  for (const p of pairs) {
    if (p.full === null || out.full.includes(p.full)) continue;
    out.full.push(p.full);
    out.thumb.push(p.thumb ?? p.full);
  }
  return out;
}

/**
 * `/dyn/dla/json/movie_gallery/{id}.json`: `{MovieID, Rows: [{Img, Protected}]}`, a picture at
 * `/dyn/dla/images/{Img}`, its preview the same name with `__@120` before `.jpg`.
 */
export function parseGallery(json: unknown, site: D2PassSite, baseUrl: string, pageUrl: string): Pictures {
  const rows = rowsOf(json, site, "movie_gallery");
  return pictures(
    rows
      .filter((r) => r.Protected !== true)
      .map((r) => str(r.Img))
      .filter((img): img is string => img !== null)
      .map((img) => ({
        full: siteUrl(baseUrl, pageUrl, `/dyn/dla/images/${img}`),
        thumb: siteUrl(baseUrl, pageUrl, `/dyn/dla/images/${img.replace("member", "sample").replace(/\.jpg/, "__@120.jpg")}`),
      })),
  );
}

/** A Filename without an extension is a picture's number, to which a `{FILENAME}.jpg` template adds `.jpg` (1pondo's). */
const withJpg = (file: string) => (/\.\w{3,4}$/.test(file) ? file : `${file}.jpg`);

/** `/dyn/phpauto/movie_galleries/movie_id/{id}.json`: `{Rows: [{MovieID, Filename, Protected}]}`, at the site's own paths. */
export function parseLegacyGallery(json: unknown, site: D2PassSite, id: string, baseUrl: string, pageUrl: string): Pictures {
  const paths = site.legacyGallery;
  if (paths === null) return NO_PICTURES;
  const rows = rowsOf(json, site, "movie_galleries");
  const at = (template: string, movie: string, file: string) =>
    siteUrl(
      baseUrl,
      pageUrl,
      template.replace("{id}", encodeURIComponent(movie)).replace("{file}", encodeURIComponent(paths.appendJpg ? withJpg(file) : file)),
    );
  return pictures(
    rows
      .filter((r) => r.Protected !== true && str(r.Filename) !== null)
      .map((r) => {
        const movie = str(r.MovieID) ?? id;
        const file = str(r.Filename)!;
        return { full: at(paths.full, movie, file), thumb: at(paths.thumb, movie, file) };
      }),
  );
}
