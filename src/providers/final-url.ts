/**
 * Where a request ended after the client followed its redirects (getText's `finalUrl`), as a
 * path of the site: what a provider compares with the path it asked for, to tell its title's
 * page from the site's top or list page (some sites' way of saying "no such title", as JavSP
 * reads HEYZO's) and from anything else (fix rule 5).
 */

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
