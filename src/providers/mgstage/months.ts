/**
 * The months MGStage's crawl walks, and its cursor. The site's listing without words stops paging
 * long before its last title; the crawlers that take it whole ask it a month at a time instead,
 * by the search's `sale_start_range` (配信開始日 from-to, YYYY.MM.DD-YYYY.MM.DD, both days
 * included), newest month first. The cursor names the month and the page within it
 * ({"month":"2024-01","page":3}), opaque to the ingest, which stores it with each page's commit.
 * Months and days are Japan's, as the site's are. Pure.
 */
import { cursorObject } from "../crawl-cursor.js";

export interface MonthPage {
  /** YYYY-MM */
  month: string;
  /** From 1. */
  page: number;
}

export const MONTH = /^\d{4}-(?:0[1-9]|1[0-2])$/;

const JST_MS = 9 * 3_600_000;

/** The month (YYYY-MM) it is in Japan at `now`. */
export const monthAt = (now: Date): string => new Date(now.getTime() + JST_MS).toISOString().slice(0, 7);

/** The month before `month`. */
export function monthBefore(month: string): string {
  const [y, m] = month.split("-").map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, "0")}`;
}

/**
 * The days of `month` a crawl asks, YYYY-MM-DD: the whole month, or from `since` where the month
 * holds it (a crawl down to that day asks none before it).
 */
export function daysOf(month: string, since: string | undefined): { from: string; to: string } {
  const [y, m] = month.split("-").map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const from = since?.startsWith(month) ? since : `${month}-01`;
  return { from, to: `${month}-${String(last).padStart(2, "0")}` };
}

/** `sale_start_range`'s value for those days: 2024.01.01-2024.01.31. */
export const saleStartRange = (days: { from: string; to: string }): string => `${days.from.replaceAll("-", ".")}-${days.to.replaceAll("-", ".")}`;

export const encodeMonthPage = ({ month, page }: MonthPage): string => JSON.stringify({ month, page });

/**
 * A cursor's month and page; null for none, and for a cursor of the listing this crawl walked
 * before it went by months ({"page":N}: no month to resume in, so the crawl starts again at the
 * newest). Anything else is a RangeError.
 */
export function decodeMonthPage(cursor: string | null, provider: string): MonthPage | null {
  if (cursor === null) return null;
  const value = cursorObject(cursor);
  const keys = value === null ? [] : Object.keys(value).sort().join(",");
  const page = value?.page;
  const counted = typeof page === "number" && Number.isSafeInteger(page) && page >= 1;
  if (keys === "page" && counted) return null;
  if (keys === "month,page" && counted && typeof value?.month === "string" && MONTH.test(value.month)) return { month: value.month, page: page as number };
  throw new RangeError(`${provider}: invalid crawl cursor ${JSON.stringify(cursor)}`);
}
