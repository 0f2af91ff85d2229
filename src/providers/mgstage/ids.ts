/**
 * MGStage's product ids and the catalog's codes. A product's page is
 * /product/product_detail/{id}/, the id in the site's spelling, upper case (261ARA-168,
 * ABP-647, SIRO-4718: the libredmm capture, JavSP's recorded pages, MetaTube's
 * NormalizeMovieID); the amateur lines keep their maker's digits (259LUXU-1234, 300MIUM-123,
 * 200GANA-2701), SIRO and Prestige's labels have none. The record's contentId is the id lower
 * case (MetaTube's id is the same upper case); its dvdId is the code as src/codes reads the
 * page's 品番, which adds the digits to an unprefixed amateur code of a known line (LUXU-1234 ->
 * 259LUXU-1234) and drops them from a line it does not know (320MMGH-123 -> MMGH-123): such a
 * product is found through the site's search. Pure.
 */
import type { CodeKind } from "../../codes/index.js";
import { encodeSourceId } from "../errors.js";

export const PROVIDER = "mgstage";

/** A product id as the site's URLs write it: letters, digits, hyphens (nothing a path could be made of). */
export const PRODUCT_ID = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/** The kinds of code the site can hold: DMM-style labels and the amateur lines. */
export const ASKED_KINDS: ReadonlySet<CodeKind> = new Set<CodeKind>(["standard", "amateur"]);

/** The id in the site's spelling (upper case), for its URLs. */
export const siteId = (id: string): string => id.trim().toUpperCase();

/** The record's contentId of a product id: lower case. */
export const contentIdOf = (id: string): string => id.trim().toLowerCase();

/** The product page's path below the base URL. */
export const productPath = (id: string): string => `/product/product_detail/${encodeSourceId(PROVIDER, siteId(id))}/`;

/** A path that is product `id`'s page (the site's ids compared without case). */
export function isProductPath(path: string | null, id: string): boolean {
  const m = /^\/product\/product_detail\/([^/?#]+)\/?$/.exec(path ?? "");
  if (m === null) return false;
  try {
    return decodeURIComponent(m[1]).toUpperCase() === siteId(id);
  } catch {
    return false;
  }
}

/** The product id a link names (/product/product_detail/261ARA-168/), upper case, or null. */
export function linkedProductId(href: string | undefined): string | null {
  const m = /\/product\/product_detail\/([^/?#]+)/.exec(href ?? "");
  if (m === null) return null;
  try {
    const id = decodeURIComponent(m[1]).trim();
    return PRODUCT_ID.test(id) ? siteId(id) : null;
  } catch {
    return null;
  }
}
