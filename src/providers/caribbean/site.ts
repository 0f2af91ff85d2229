/**
 * What tells Caribbeancom and Caribbeancom Premium apart: one page format on two sites
 * (metatube-sdk-go's provider/caribbeancom/core serves both), which differ in the id's
 * separator (Caribbeancom 010120-001, Premium 010120_001), the maker a page names when it
 * names no studio, and the path of the listing of all titles.
 */
import type { Seller } from "../../codes/index.js";
import { calendarDay } from "../coerce.js";
import { landing } from "../final-url.js";

export interface CaribbeanSite {
  /** The provider's name (and the seller it answers for). */
  readonly provider: Seller;
  /** The record's `site`. */
  readonly site: string;
  /** The maker when the page names no スタジオ (MetaTube's DefaultMaker). */
  readonly maker: string;
  readonly separator: "-" | "_";
  /** The site's listing of all its titles, newest first, page `page` (from 1). */
  listingPath(page: number): string;
}

/** The site's own id shape: MMDDYY, its separator, a three-digit title number. */
export function isSiteId(site: CaribbeanSite, id: string): boolean {
  return new RegExp(`^\\d{6}${site.separator}\\d{3}$`).test(id);
}

/** The title page of an id, under the base URL (which may carry a path: a mirror's, the simulator's). */
export function titlePath(id: string): string {
  return `/moviepages/${id}/index.html`;
}

/**
 * The release day the id spells (MMDDYY): MetaTube's fallback when the page gives none.
 * Both sites began after 2000, so YY is 20YY; an impossible day is none.
 */
export function dayOfId(id: string): string | null {
  const m = /^(\d\d)(\d\d)(\d\d)[-_]\d+$/.exec(id);
  return m ? calendarDay(`20${m[3]}-${m[1]}-${m[2]}`) : null;
}

/** The site's top page as public readers name it (EastSunrise/tools-py's Caribbean starts at /index2.htm). */
const TOP_PAGES = new Set(["/", "/index.html", "/index.htm", "/index2.htm", "/index2.html"]);

/**
 * Where a request for the title page of `id` landed (`finalUrl` after redirects): its own page;
 * the site's top page or a listing, which is the site saying it has no such title (a reader
 * that follows redirects, Movie Data Capture's carib.py, takes any page without the title's
 * `movie-info` for none); or another page (another title's, another host's), which is no
 * answer for this id.
 */
export function landingOf(baseUrl: string, finalUrl: string, id: string): ReturnType<typeof landing> {
  return landing(
    finalUrl,
    baseUrl,
    (path) => path === titlePath(id) || path === `/moviepages/${id}/`,
    (path) => TOP_PAGES.has(path) || path.startsWith("/listpages/"),
  );
}
