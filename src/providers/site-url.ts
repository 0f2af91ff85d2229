/**
 * URLs found on a seller's page, made absolute the way that page meant them, with the
 * configured base URL standing for the site's root: a root-relative path (`/moviepages/...`)
 * lies under the base URL (so a base URL with a path, a mirror's or the simulator's
 * `/1pondo`, keeps it), a path without a slash under the page's folder, `//host/x` on https,
 * and the broken `https:///moviepages/...` some of the D2Pass sites write is the site's own
 * path. Anything that is no http(s) URL after that is null.
 */
export function siteUrl(baseUrl: string, pageUrl: string, href: string | null | undefined): string | null {
  if (href === null || href === undefined) return null;
  let h = href.trim();
  if (h === "" || h.startsWith("#") || /^(?:javascript|data|mailto):/i.test(h)) return null;
  h = h.replace(/^https?:\/\/\/+/i, "/");
  if (h.startsWith("//")) h = `https:${h}`;
  if (/^https?:\/\//i.test(h)) return wellFormed(h);
  const base = baseUrl.replace(/\/+$/, "");
  if (h.startsWith("/")) return wellFormed(base + h);
  try {
    return wellFormed(new URL(h, pageUrl).href);
  } catch {
    return null;
  }
}

function wellFormed(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === "http:" || u.protocol === "https:" ? u.href : null;
  } catch {
    return null;
  }
}
