/**
 * The cursor of a crawl that walks a site's listing: one counter as JSON ({"page":3},
 * {"offset":100}), opaque to the ingest, which stores it with each page's checkpoint.
 */
import { isObject, type JsonObject } from "./coerce.js";

/** A cursor's JSON object, or null when it is no JSON object. */
export function cursorObject(cursor: string): JsonObject | null {
  try {
    const v: unknown = JSON.parse(cursor);
    return isObject(v) ? v : null;
  } catch {
    return null;
  }
}

export interface ListingCursor {
  encode(n: number): string;
  /** The counter a cursor holds (`first` for none); a cursor that is not one of these is a RangeError. */
  decode(cursor: string | null, provider: string): number;
}

export function listingCursor(key: "page" | "offset", first: number): ListingCursor {
  return {
    encode: (n) => JSON.stringify({ [key]: n }),
    decode(cursor, provider) {
      if (cursor === null) return first;
      const parsed = cursorObject(cursor);
      const n = parsed !== null && Object.keys(parsed).length === 1 ? parsed[key] : undefined;
      if (typeof n !== "number" || !Number.isSafeInteger(n) || n < first) {
        throw new RangeError(`${provider}: invalid crawl cursor ${JSON.stringify(cursor)}`);
      }
      return n;
    },
  };
}

/** Listing pages counted from 1 (Caribbeancom, HEYZO, Tokyo-Hot). */
export const PAGE_CURSOR = listingCursor("page", 1);
