/**
 * The sites' own listing of every title, newest first, as their front ends page through it:
 * `/dyn/phpauto/movie_lists/list_newest_{offset}.json` -> `{TotalRows, SplitSize, Rows}`, the
 * offset a multiple of SplitSize (50), each row a title's details with the same keys as
 * movie_details (real pages of 1pondo's in test/fixtures/d2pass/; the path as FSS's d2passutil
 * and the sites' Bifrost API read it).
 */
import { listingCursor } from "../crawl-cursor.js";
import { isObject, nonNegInt, type JsonObject } from "../coerce.js";
import { ProviderParseError } from "../errors.js";

export const listingPath = (offset: number) => `/dyn/phpauto/movie_lists/list_newest_${offset}.json`;

/** The listing's page size when a page does not say it. */
export const DEFAULT_SPLIT = 50;

export interface ListingPage {
  total: number;
  split: number;
  rows: JsonObject[];
}

export function parseListing(json: unknown, provider: string): ListingPage {
  if (!isObject(json) || !Array.isArray(json.Rows)) throw new ProviderParseError(provider, "movie_lists: expected {TotalRows, SplitSize, Rows: [...]}");
  const rows = json.Rows.filter(isObject);
  const split = nonNegInt(json.SplitSize) ?? 0;
  return { total: nonNegInt(json.TotalRows) ?? rows.length, split: split > 0 ? split : DEFAULT_SPLIT, rows };
}

/** Where a crawl resumes: the listing's row offset. */
export const OFFSET_CURSOR = listingCursor("offset", 0);
