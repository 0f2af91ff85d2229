/**
 * The pictures of a title as Plex is given them. Plex does not fetch a provider's pictures
 * from where it runs: its clients ask PMS's photo transcoder, which hands the URL to Plex's
 * image service on the internet (`https://images.plex.tv/photo?…&url=…`: a PMS 1.43 log
 * committed in Darklyter/Stash-Plex-Metadata-Agent), and feewg/metatube-plex-custom-provider's
 * notes (PROJECT_MEMORY.md) put its picture URLs on a public host name behind HTTPS for that.
 * So which URLs Plex gets is decided once, from PUBLIC_URL (plugin.ts), never per request:
 *
 * - PUBLIC_URL a public address (public-address.ts): the image routes that already serve
 *   MetaTube's plugins (server/metatube/images.ts) on it, the pictures cut as for them.
 *   They stay public as those are (Plex fetches images with no header of ours), with the
 *   routes' per-address rate and their rule that only a picture the catalog holds for that
 *   title is ever fetched (no open proxy).
 *   - coverPoster (and `thumb`): the primary cut, the front cover cut from the jacket;
 *   - background (and `art`): the backdrop, the whole jacket;
 *   - snapshot: each gallery picture (the large ones, else the small), whole, through the
 *     backdrop route's `url=`;
 *   - an actress's picture: hers, whole, through the same route (the primary would cut her
 *     square picture to 2:3); a person's through the route of her id under `Gfriends` (the
 *     actresses of every provider), which serves only her own picture.
 * - Else (unset, or a private, loopback, link-local or local-network address, which Plex's
 *   image service cannot reach): the sources' own picture URLs, as the record holds them, on
 *   the sellers' public hosts, as Plex's own providers name TMDb's (Plex's docs' examples).
 *   - coverPoster (and `thumb`): the record's thumbnail where it is the front cover alone
 *     (frontCover below), else the jacket;
 *   - background (and `art`): the jacket (the thumbnail where it has none);
 *   - snapshot: each gallery picture, the large ones else the small;
 *   - an actress's picture: hers, where it is on the web (not a file of a local picture tree).
 */
import type { DetailedRecord } from "../../model/record.js";
import type { Title } from "../../services/titles/title.js";
import { metaTubeName } from "../../services/titles/copies.js";
import { unreachableBecause } from "./public-address.js";

export type ImageType = "coverPoster" | "background" | "snapshot";

export interface PlexImage {
  type: ImageType;
  url: string;
  alt: string;
}

/** Where Plex is sent for pictures: our cut pictures on a public PUBLIC_URL, else the sources' own (with why). */
export type Pictures = { from: "cut"; base: string } | { from: "sources"; why: string };

export function picturesFor(publicUrl: string): Pictures {
  const why = unreachableBecause(publicUrl);
  return why === null ? { from: "cut", base: publicUrl } : { from: "sources", why };
}

/**
 * The record's thumbnail when it is the front cover alone, a portrait, else null. A jacket is
 * the whole package (back, spine and front, landscape), which Plex would crop to a poster
 * through the spine. DMM's thumbnail (`…ps.jpg`: the FANZA API's `imageURL.small`, r18.dev's
 * `jacket_thumb_url`; `…pt.jpg`, the API's `list`, smaller still) is the front cover, 147x200:
 * small, but a poster's shape, where the sharp one is cut from the jacket only by our routes.
 * MGStage's (`pf_…`, the detail photo) is its package front, the picture MetaTube's MGS
 * provider makes its poster of; Tokyo-Hot's `package/…v.jpg` the package's front (its `vb` the
 * back), which the legacy Plex agents for the site gave as the poster, its jacket as the art.
 * The other sellers' thumbnails are the jacket again or a smaller landscape or square still:
 * no poster.
 */
const FRONT_COVER = [
  /^https?:\/\/(?:pics|awsimgsrc)\.dmm\.co\.jp\/.+p[st]\.jpg$/,
  /^https?:\/\/image\.mgstage\.com\/.+\/pf_[^/]+\.jpg$/,
  /^https?:\/\/[^/]*\.tokyo-hot\.com\/media\/.+\/package\/[^/]*v\.jpg$/,
];

export function frontCover(r: DetailedRecord): string | null {
  const thumb = r.jacketThumbUrl;
  return FRONT_COVER.some((shape) => shape.test(thumb)) ? thumb : null;
}

/** The image routes' path of a title: `/v1/images/{kind}/{MetaTube name}/{content id}`. */
function routeOf(base: string, kind: "primary" | "backdrop", t: Title): string {
  return `${base}/v1/images/${kind}/${encodeURIComponent(metaTubeName(t.provider))}/${encodeURIComponent(t.record.contentId)}`;
}

/** A picture the catalog holds for the title (a gallery picture, an actress's), whole: through the backdrop route, or as the source gives it. */
export function pictureUrl(p: Pictures, t: Title, url: string): string {
  return p.from === "cut" ? `${routeOf(p.base, "backdrop", t)}?url=${encodeURIComponent(url)}` : url;
}

/** The title's Image array, best first: its cover, the whole jacket, then the gallery. None without a jacket or thumbnail. */
export function titleImages(p: Pictures, t: Title, alt: string): PlexImage[] {
  const r = t.record;
  const jacket = r.jacketFullUrl || r.jacketThumbUrl;
  if (jacket === "") return [];
  const gallery = r.extra.galleryFull.length > 0 ? r.extra.galleryFull : r.extra.galleryThumb;
  const [poster, backdrop] = p.from === "cut" ? [routeOf(p.base, "primary", t), routeOf(p.base, "backdrop", t)] : [frontCover(r) ?? jacket, jacket];
  return [
    { type: "coverPoster", url: poster, alt },
    { type: "background", url: backdrop, alt },
    ...gallery.map((url): PlexImage => ({ type: "snapshot", url: pictureUrl(p, t, url), alt })),
  ];
}

/** MetaTube's provider of actresses on the image routes: every provider's, each by her key. */
const ACTRESSES = "Gfriends";

/** A person's one picture, whole: through the backdrop route of her key, or as the source gives it (null for none Plex can fetch). */
export function personPicture(p: Pictures, key: string, url: string): string | null {
  if (p.from === "cut") return `${p.base}/v1/images/backdrop/${ACTRESSES}/${encodeURIComponent(key)}?url=${encodeURIComponent(url)}`;
  return /^https?:\/\//i.test(url) ? url : null;
}
