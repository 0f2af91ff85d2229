/**
 * Where a request ended after the client followed its redirects (getText's `finalUrl`), as a
 * path of the site: what a provider compares with the path it asked for, to tell its title's
 * page from the site's top or list page (some sites' way of saying "no such title", as JavSP
 * reads HEYZO's) and from anything else (fix rule 5).
 */
import { ProviderParseError } from "./errors.js";

/**
 * The path of `url` below the base URL (`/moviepages/0841/index.html`, the base URL's own path
 * such as the simulator's `/heyzo` taken off), "/" for the base URL itself; null when `url` is
 * not under the base URL (another host or another prefix) or is no URL.
 */
export function sitePath(url: string, baseUrl: string): string | null {
  try {
    const u = new URL(url);
    const b = new URL(baseUrl);
    const prefix = b.pathname.replace(/\/+$/, "");
    if (u.origin !== b.origin) return null;
    if (u.pathname !== prefix && !u.pathname.startsWith(`${prefix}/`)) return null;
    return u.pathname.slice(prefix.length) || "/";
  } catch {
    return null;
  }
}

/**
 * Where an answer landed, by its path below the base URL: the page asked for (`own`), the
 * site's way of saying it has no such page (`none`: a redirect to its top page or a listing,
 * where the site answers so), or anywhere else (another title's page, a login, another host).
 */
export function landing(
  finalUrl: string,
  baseUrl: string,
  own: (path: string) => boolean,
  none: (path: string) => boolean = () => false,
): "own" | "none" | "elsewhere" {
  const path = sitePath(finalUrl, baseUrl);
  if (path === null) return "elsewhere";
  if (own(path)) return "own";
  return none(path) ? "none" : "elsewhere";
}

/** An answer from another page than `url`: a failure of the source, never that page's content filed under what was asked, nor a "no match". */
export function notAsked(provider: string, url: string, finalUrl: string, what = "the page asked for"): ProviderParseError {
  return new ProviderParseError(provider, `${url} was answered by ${finalUrl}, not ${what}`);
}

/** Throws notAsked unless the answer to `url` landed on the page asked for. */
export function mustBeAt(provider: string, url: string, finalUrl: string, baseUrl: string, own: (path: string) => boolean, what?: string): void {
  if (landing(finalUrl, baseUrl, own) !== "own") throw notAsked(provider, url, finalUrl, what);
}
