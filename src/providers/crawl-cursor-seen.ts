/**
 * A listing cursor that carries, besides the next page, the ids the page before it gave
 * ({"page":3,"seen":["050422-001",...]}): a site that answers a page past its end with one it
 * already gave is told by them (FSS's caribbeancom scraper ends where a page brings no id it had
 * not seen), and the titles a page repeats from the one before (a listing that shifted as new
 * titles came in) are not fetched twice. Opaque to the ingest, like crawl-cursor.ts's.
 */
import { cursorObject } from "./crawl-cursor.js";

export interface SeenCursorValue {
  page: number;
  /** The ids of the page before, in its order. */
  seen: string[];
}

/** More than any listing page holds: a cursor beyond it is not one of ours. */
const MAX_SEEN = 500;
const MAX_ID_LENGTH = 64;

export interface SeenCursor {
  encode(value: SeenCursorValue): string;
  /** The cursor's value (`first` and nothing seen for none); a cursor that is not one of these is a RangeError. */
  decode(cursor: string | null, provider: string): SeenCursorValue;
}

function isSeen(v: unknown): v is string[] {
  return Array.isArray(v) && v.length <= MAX_SEEN && v.every((id) => typeof id === "string" && id.length > 0 && id.length <= MAX_ID_LENGTH);
}

/** Listing pages counted from `first`, each cursor with the ids of the page before. */
export function seenCursor(first: number): SeenCursor {
  return {
    encode: ({ page, seen }) => JSON.stringify({ page, seen }),
    decode(cursor, provider) {
      if (cursor === null) return { page: first, seen: [] };
      const value = cursorObject(cursor);
      const page = value?.page;
      if (value === null || Object.keys(value).length !== 2 || typeof page !== "number" || !Number.isSafeInteger(page) || page < first || !isSeen(value.seen)) {
        throw new RangeError(`${provider}: invalid crawl cursor ${JSON.stringify(cursor)}`);
      }
      return { page, seen: [...value.seen] };
    },
  };
}

/** Listing pages counted from 1 (Caribbeancom, Caribbeancom Premium). */
export const SEEN_PAGE_CURSOR = seenCursor(1);
