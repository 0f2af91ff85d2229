/**
 * The pictures of a title as Plex is given them: absolute URLs of the public image routes that
 * already serve MetaTube's plugins (server/metatube/images.ts), on this service's address as
 * Plex reaches it (request.ts publicBase). They stay public as those are (Plex fetches images
 * with no header of ours), with the routes' per-address rate and their rule that only a
 * picture the catalog holds for that title is ever fetched (no open proxy).
 *
 * - coverPoster (and `thumb`): the primary cut, the front cover cut from the jacket;
 * - background (and `art`): the backdrop, the whole jacket;
 * - snapshot: each gallery picture (the large ones, else the small), whole, through the
 *   backdrop route's `url=`;
 * - an actress's picture: hers, whole, through the same route (the primary would cut her
 *   square picture to 2:3).
 */
import type { Title } from "../../services/title.js";
import { metaTubeName } from "../metatube/provider-names.js";

export type ImageType = "coverPoster" | "background" | "snapshot";

export interface PlexImage {
  type: ImageType;
  url: string;
  alt: string;
}

/** The image routes' path of a title: `/v1/images/{kind}/{MetaTube name}/{content id}`. */
function routeOf(base: string, kind: "primary" | "backdrop", t: Title): string {
  return `${base}/v1/images/${kind}/${encodeURIComponent(metaTubeName(t.provider))}/${encodeURIComponent(t.record.contentId)}`;
}

/** A picture the catalog holds for the title (a gallery picture, an actress's), whole, through the backdrop route. */
export function pictureUrl(base: string, t: Title, url: string): string {
  return `${routeOf(base, "backdrop", t)}?url=${encodeURIComponent(url)}`;
}

/** The title's Image array, best first: its cover, the whole jacket, then the gallery. None without a jacket. */
export function titleImages(base: string, t: Title, alt: string): PlexImage[] {
  const r = t.record;
  if (r.jacketFullUrl === "" && r.jacketThumbUrl === "") return [];
  const gallery = r.extra.galleryFull.length > 0 ? r.extra.galleryFull : r.extra.galleryThumb;
  return [
    { type: "coverPoster", url: routeOf(base, "primary", t), alt },
    { type: "background", url: routeOf(base, "backdrop", t), alt },
    ...gallery.map((url): PlexImage => ({ type: "snapshot", url: pictureUrl(base, t, url), alt })),
  ];
}
