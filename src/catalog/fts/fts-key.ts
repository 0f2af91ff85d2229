/**
 * The FTS index is keyed by release order, not by movies.id: an index row's rowid is
 *
 *   key = days(release_date) * 2^32 + id      (days since 1900-01-01, clamped to [0, 2^20))
 *
 * so FTS5, which yields matches in rowid order at no cost, yields them newest first
 * with `ORDER BY rowid DESC` (ties by id, as sort=release orders them). A page deep
 * into a term that matches half the catalog then reads a few hundred postings instead
 * of sorting every match. Keys stay below 2^53, so they are exact as JS numbers.
 * The same formula, in SQL, backfills existing rows in migrations/0002_fts_key.sql.
 */

export const ID_BITS = 2 ** 32;
const MAX_DAYS = 2 ** 20 - 1;
/** Days from 1900-01-01 to 1970-01-01. */
const EPOCH_1900 = 25_567;
const DAY_MS = 86_400_000;

/** The id of an FTS rowid, in SQL (`rowid % 2^32`). */
export const idOfKey = (rowid: string) => `(${rowid} % ${ID_BITS})`;

function days(releaseDate: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(releaseDate);
  if (!m) return 0;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (!Number.isFinite(ms)) return 0;
  return Math.min(MAX_DAYS, Math.max(0, Math.floor(ms / DAY_MS) + EPOCH_1900));
}

export function ftsKey(id: number, releaseDate: string): number {
  if (!Number.isSafeInteger(id) || id < 1 || id >= ID_BITS) throw new RangeError(`movie id out of range for the index key: ${id}`);
  return days(releaseDate) * ID_BITS + id;
}
