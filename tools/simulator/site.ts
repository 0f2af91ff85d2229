/**
 * A seller's site in the provider simulator: its own generated titles, served under the
 * path prefix of its provider (/1pondo/..., /caribbeancom/...) in the site's real format and
 * encoding. A provider's base URL is then the simulator's URL and that prefix, and the site's
 * root-relative paths resolve under it (providers/site-url.ts). Sites are listed in sites.ts.
 */
import type { IncomingHttpHeaders } from "node:http";

/** One answer of a site: JSON (serialised), or text sent in `charset` (UTF-8 unless said). */
export type SimAnswer =
  | { status: number; json: unknown; headers?: Record<string, string> }
  | { status: number; text: string; contentType: string; charset?: string; headers?: Record<string, string> };

export interface SimRequest {
  /** The path below the site's prefix, starting with / (/dyn/phpauto/movie_details/movie_id/010120_001.json). */
  path: string;
  url: URL;
  headers: IncomingHttpHeaders;
}

export interface SimSite {
  /** The provider the site stands in for: also its path prefix, /<name>. */
  readonly name: string;
  /** How many titles it holds. */
  readonly size: number;
  /** The route a request is for (counted in the simulator's stats), or null: a path of no route, a 404. */
  route(req: SimRequest): { name: string; answer: () => SimAnswer } | null;
}

export interface SiteOptions {
  /** Titles the site holds. */
  titles: number;
  /** Seed of its titles: the same seed, the same site. */
  seed: number;
}

export type SiteFactory = (options: SiteOptions) => SimSite;

/** The site's own "not found" page, as most sites send one: an HTML 404. */
export const HTML_NOT_FOUND: SimAnswer = {
  status: 404,
  text: "<!DOCTYPE html><html><head><title>404 Not Found</title></head><body><h1>Not Found</h1></body></html>",
  contentType: "text/html",
};
