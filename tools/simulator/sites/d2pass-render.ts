/**
 * A site title (site-titles.ts) in the D2Pass family's JSON: movie_details with the keys and
 * key order of the real 1pondo and 10musume responses (test/fixtures/d2pass/), the two gallery
 * answers, and a listing page. URLs are absolute to the site's own host as the real sites
 * write them, but for some titles in the broken `https:///moviepages/...` form a few real
 * titles have. The genres' Japanese list is in the title's order while UC and the English
 * list run by id, as real responses do, so only UcNameList pairs them right.
 */
import { createHash } from "node:crypto";
import { CATEGORIES } from "../../../src/samples/titles/labels.js";
import { stableId } from "../ids.js";
import type { SiteTitle } from "../site-titles.js";

export interface D2PassSimSite {
  /** The provider's name and the site's path prefix. */
  name: string;
  siteId: number;
  /** Digits of the title number in its id: 3 (MMDDYY_NNN), 10musume's 2. */
  idDigits: 2 | 3;
  /** Whether the site's front end has a legacy gallery (Muramura's has none). */
  legacy: boolean;
}

export const LISTING_SPLIT = 50;
/** Pictures of a gallery anyone may see; the rest are members'. */
export const PUBLIC_PICTURES = 5;

const QUALITIES = [
  { file: "240p.mp4", size: 1_838_115 },
  { file: "480p.mp4", size: 4_549_500 },
  { file: "1080p.mp4", size: 18_520_889 },
];
/** Not genres: the membership tier and the picture quality (UC ids from 50000 up). */
const SVIP = { id: 50001, ja: "超VIP", en: "SVIP" };
const HD = [
  { id: 60000, ja: "1080p", en: "1080p" },
  { id: 60001, ja: "60fps", en: "60fps" },
];

export function d2passIdOf(t: SiteTitle, site: D2PassSimSite): string {
  const [y, m, d] = t.day.split("-");
  return `${m}${d}${y.slice(2)}_${String(t.ofDay).padStart(site.idDigits, "0")}`;
}

export function galleryKindOf(t: SiteTitle, site: D2PassSimSite): "gallery" | "legacy" | null {
  if (t.gallery === 0) return null;
  return site.legacy && t.index % 4 === 1 ? "legacy" : "gallery";
}

/** No series: JSON null, but the text "null" for some titles, as FSS's d2passutil finds in real records. */
const noSeries = (t: SiteTitle) => (t.index % 7 === 3 ? "null" : null);

/** Titles whose image URLs are written `https:///moviepages/...`. */
export const brokenUrls = (t: SiteTitle) => t.index % 9 === 4;

function uc(t: SiteTitle) {
  const genres = t.genres.map((g) => ({ id: CATEGORIES.indexOf(g) + 1, ja: g.ja, en: g.en }));
  const extra = [...(t.index % 3 === 0 ? [SVIP] : []), ...(t.index % 2 === 0 ? HD : [])];
  const byId = [...genres, ...extra].sort((a, b) => a.id - b.id);
  return {
    UC: byId.map((g) => g.id),
    UCNAME: [...genres, ...extra].map((g) => g.ja),
    UCNAMEEn: byId.map((g) => g.en),
    UcNameList: Object.fromEntries(byId.map((g) => [String(g.id), { NameEn: g.en, NameJa: g.ja }])),
  };
}

/** `/dyn/phpauto/movie_details/movie_id/{id}.json` of a title; `origin` the site's root (http://host/prefix). */
export function renderD2PassDetails(t: SiteTitle, site: D2PassSimSite, origin: string): Record<string, unknown> {
  const id = d2passIdOf(t, site);
  const root = brokenUrls(t) ? "https://" : origin;
  const picture = `${root}/moviepages/${id}/images/str.jpg`;
  const kind = galleryKindOf(t, site);
  const actorIds = t.actresses.map((a) => stableId(`actress:${a.ja}`, 1000, 9000));
  const meta = stableId(`${site.name}:${id}`, 10_000, 90_000);
  const blank = t.index % 2 === 0 ? "" : null;
  return {
    Actor: t.actresses.map((a) => a.ja).join(","),
    ActorID: actorIds,
    ActressesJa: t.actresses.map((a) => a.ja),
    ActressesEn: t.actresses.map((a) => a.en),
    ActressesList: Object.fromEntries(t.actresses.map((a, i) => [String(actorIds[i]), { NameJa: a.ja, NameEn: a.en, Sizes: "0-0-0", Age: 0 }])),
    AvgRating: t.rating,
    CanStream: true,
    Conditions: null,
    Desc: t.descJa,
    DescEn: t.descEn ?? blank,
    Duration: t.runtimeMins * 60 + (t.index % 30),
    Expire: null,
    HasFlash: true,
    NoListDisplay: false,
    SampleExcludeFlag: false,
    Gallery: kind === "gallery",
    AffZip: false,
    HasGallery: kind === "legacy",
    HasMemberGalleryZip: false,
    HasSampleGalleryZip: false,
    MetaMovieID: meta,
    MovieID: id,
    MovieSeq: null,
    MovieThumb: `${root}/moviepages/${id}/images/thum_b.jpg`,
    RealMetaMovieID: null,
    Release: t.day,
    Series: t.series?.ja ?? noSeries(t),
    SeriesEn: t.series?.en ?? noSeries(t),
    SeriesID: t.series === null ? null : stableId(`series:${t.series.ja}`, 1, 900),
    SiteID: site.siteId,
    Status: true,
    ThumbHigh: picture,
    ThumbLow: picture,
    ThumbMed: picture,
    ThumbUltra: picture,
    Title: t.titleJa,
    TitleEn: t.titleEn ?? blank,
    Type: 0,
    Year: t.day.slice(0, 4),
    ...uc(t),
    IsTicketOnly: false,
    MemberFiles: [],
    SampleFiles: t.sample
      ? QUALITIES.map((q) => ({
          FileName: q.file,
          FileSize: q.size + t.index,
          MetaMovieID: meta,
          SiteID: String(site.siteId),
          URL: `${origin}/sample/movies/${id}/${q.file}`,
        }))
      : [],
    PPVPrice: { Regular: 0, Discount: 0, Campaign: 0 },
  };
}

const pictureName = (id: string, k: number) => createHash("md5").update(`${id}:${k}`).digest("hex");

/** `/dyn/dla/json/movie_gallery/{id}.json`: the first pictures public, the rest members'. */
export function renderD2PassGallery(t: SiteTitle, site: D2PassSimSite): Record<string, unknown> {
  const id = d2passIdOf(t, site);
  const rows = Array.from({ length: t.gallery }, (_, k) => {
    const locked = k >= PUBLIC_PICTURES;
    return { Img: `movie_gallery/${locked ? "member" : "sample"}/${id}/${pictureName(id, k)}.jpg`, Protected: locked };
  });
  return { MovieID: id, Rows: rows };
}

/** `/dyn/phpauto/movie_galleries/movie_id/{id}.json`: numbered files, the first ones public. */
export function renderD2PassLegacyGallery(t: SiteTitle, site: D2PassSimSite): Record<string, unknown> {
  const id = d2passIdOf(t, site);
  return { Rows: Array.from({ length: t.gallery }, (_, k) => ({ MovieID: id, Filename: `${k + 1}.jpg`, Protected: k >= PUBLIC_PICTURES })) };
}

/** `/dyn/phpauto/movie_lists/list_newest_{offset}.json` over the site's titles, newest first. */
export function renderD2PassListing(titles: readonly SiteTitle[], offset: number, site: D2PassSimSite, origin: string): Record<string, unknown> {
  return {
    TotalRows: titles.length,
    SplitSize: LISTING_SPLIT,
    Rows: titles.slice(offset, offset + LISTING_SPLIT).map((t) => renderD2PassDetails(t, site, origin)),
  };
}
