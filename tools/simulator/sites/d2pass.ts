/**
 * The D2Pass family's four sites (1pondo, 10musume, Pacopacomama, Muramura) in the simulator:
 * one renderer (d2pass-render.ts), the real sites' paths, and their own "no such title": a 404.
 */
import { HTML_NOT_FOUND, type SimAnswer, type SimRequest, type SimSite, type SiteFactory, type SiteOptions } from "../site.js";
import { type SiteTitle, siteTitles } from "../site-titles.js";
import {
  type D2PassSimSite,
  d2passIdOf,
  galleryKindOf,
  LISTING_SPLIT,
  renderD2PassDetails,
  renderD2PassGallery,
  renderD2PassLegacyGallery,
  renderD2PassListing,
} from "./d2pass-render.js";

const DETAILS = /^\/dyn\/phpauto\/movie_details\/movie_id\/([^/]+)\.json$/;
const GALLERY = /^\/dyn\/dla\/json\/movie_gallery\/([^/]+)\.json$/;
const LEGACY_GALLERY = /^\/dyn\/phpauto\/movie_galleries\/movie_id\/([^/]+)\.json$/;
const LISTING = /^\/dyn\/phpauto\/movie_lists\/list_newest_(\d+)\.json$/;

const json = (body: unknown): SimAnswer => ({ status: 200, json: body });

/** The site's root as its pages write it: this simulator's host and the site's prefix. */
function originOf(req: SimRequest, site: D2PassSimSite): string {
  return `http://${req.headers.host ?? "127.0.0.1"}/${site.name}`;
}

function d2passSite(site: D2PassSimSite): SiteFactory {
  return (options: SiteOptions): SimSite => {
    const titles = siteTitles(options.titles, options.seed, site.name);
    const byId = new Map<string, SiteTitle>(titles.map((t) => [d2passIdOf(t, site), t]));
    const title = (id: string) => byId.get(decodeURIComponent(id));
    return {
      name: site.name,
      size: titles.length,
      route(req) {
        let m = DETAILS.exec(req.path);
        if (m) {
          const t = title(m[1]);
          return { name: `${site.name}.movie_details`, answer: () => (t ? json(renderD2PassDetails(t, site, originOf(req, site))) : HTML_NOT_FOUND) };
        }
        m = GALLERY.exec(req.path);
        if (m) {
          const t = title(m[1]);
          const has = t !== undefined && galleryKindOf(t, site) === "gallery";
          return { name: `${site.name}.movie_gallery`, answer: () => (has ? json(renderD2PassGallery(t, site)) : HTML_NOT_FOUND) };
        }
        m = LEGACY_GALLERY.exec(req.path);
        if (m) {
          const t = title(m[1]);
          const has = t !== undefined && galleryKindOf(t, site) === "legacy";
          return { name: `${site.name}.movie_galleries`, answer: () => (has ? json(renderD2PassLegacyGallery(t, site)) : HTML_NOT_FOUND) };
        }
        m = LISTING.exec(req.path);
        if (m) {
          const offset = Number(m[1]);
          // The real listing refuses an offset that is no multiple of its page size.
          const ok = offset % LISTING_SPLIT === 0;
          return {
            name: `${site.name}.movie_lists`,
            answer: () => (ok ? json(renderD2PassListing(titles, offset, site, originOf(req, site))) : HTML_NOT_FOUND),
          };
        }
        return null;
      },
    };
  };
}

export const onePondoSite = d2passSite({ name: "1pondo", siteId: 2470, idDigits: 3, legacy: true });
export const tenMusumeSite = d2passSite({ name: "10musume", siteId: 2471, idDigits: 2, legacy: true });
export const pacopacomamaSite = d2passSite({ name: "pacopacomama", siteId: 2472, idDigits: 3, legacy: true });
/** Its SiteID is made up: no real Muramura response was found, and no reader uses it. */
export const muramuraSite = d2passSite({ name: "muramura", siteId: 2477, idDigits: 3, legacy: false });
