import { type BitsCache, cachesOf, type WalkPrefix } from "../store/caches.js";
import type { Db } from "../store/db.js";
import { IdBits } from "../store/id-bits.js";
import { ID_BITS } from "../fts/fts-key.js";
import { hasPrefixTerm } from "./fts-match.js";
import { readSnapshot, stmt } from "../store/statements.js";
import { catalogVersion } from "../store/version.js";

/**
 * The titles an FTS expression matches, as a bitset by movies.id, cached per connection
 * until the catalog changes (as Elasticsearch caches filter bitsets). A sorted search
 * over many matches then walks its sort index and keeps the rows whose bit is set, a bit
 * test a row, far cheaper than testing each row against the FTS index or having SQLite
 * list every match on every request (the costs are search.ts's PLAN_COSTS).
 *
 * Exactness: an entry is only used at the catalog version it was read at (PRAGMA
 * data_version and this connection's own writes, see store/version.ts), inside the caller's
 * read transaction, so it holds exactly the matches a query would find at that moment.
 * Memory: one bit per id up to the highest (125 KiB at 1,000,000 titles); at most
 * BITS_CACHE_BYTES (8 MiB) a connection, least recently used entries dropped first.
 */
export const BITS_CACHE_BYTES = 8 * 1024 * 1024;

export const WALK_PREFIX_MAX = 2000;
const WALK_PREFIXES = 256;

/** The catalog counts as settled once its version has held this long. */
export const SETTLED_MS = 10_000;

function cacheOf(db: Db): BitsCache {
  const version = catalogVersion(db);
  const caches = cachesOf(db);
  let c = caches.bits;
  if (!c || c.version !== version) caches.bits = c = { version, since: Date.now(), entries: new Map(), bytes: 0, walks: new Map() };
  return c;
}

/**
 * Whether the catalog has not changed for SETTLED_MS: a bitset read now will likely
 * serve several searches. While an ingest writes, every commit drops the cache.
 */
export function catalogSettled(db: Db): boolean {
  return Date.now() - cacheOf(db).since >= SETTLED_MS;
}

/** The walk kept under `key` at the catalog's current version (a new, empty one if none). */
export function walkPrefix(db: Db, key: string): WalkPrefix {
  const c = cacheOf(db);
  let w = c.walks.get(key);
  if (w) c.walks.delete(key);
  else w = { ids: [], at: 0, done: false };
  c.walks.set(key, w);
  if (c.walks.size > WALK_PREFIXES) c.walks.delete(c.walks.keys().next().value as string);
  return w;
}

/** The cached bitset of an FTS expression at the catalog's current version, if any. */
export function cachedBits(db: Db, fts: string): IdBits | undefined {
  const c = cacheOf(db);
  const hit = c.entries.get(fts);
  if (hit) {
    c.entries.delete(fts);
    c.entries.set(fts, hit);
  }
  return hit;
}

/**
 * Reads every match of an FTS expression into a bitset and caches it. The ids come
 * back as comma-separated strings of BUILD_CHUNK each, in key order (a row at a time
 * through the driver costs more; strings of megabytes, made by SQLite's allocator and
 * copied into the heap, left the server holding more memory).
 */
export function buildBits(db: Db, fts: string): IdBits {
  return readSnapshot(db, () => build(db, fts));
}

const BUILD_CHUNK = 16_384;

function build(db: Db, fts: string): IdBits {
  const c = cacheOf(db);
  const maxId = (stmt(db, "SELECT max(id) FROM movies").pluck().get() as number | null) ?? 0;
  const words = new Uint32Array((maxId >>> 5) + 1);
  // Keys are bound through CAST: a JS number is bound as REAL, which FTS5 does not take as a rowid bound.
  const chunk = stmt<[string, number, number], { ids: string | null; last: number | null; n: number }>(
    db,
    `SELECT group_concat(rowid % ${ID_BITS}) AS ids, max(rowid) AS last, count(*) AS n FROM
       (SELECT rowid FROM movies_fts WHERE movies_fts MATCH ? AND rowid > CAST(? AS INTEGER) ORDER BY rowid LIMIT ?)`,
  );
  let count = 0;
  const set = (v: number) => {
    // In one read transaction no match has an id above max(id).
    if (v > maxId) return;
    const w = v >>> 5;
    const bit = 1 << (v & 31);
    if ((words[w] & bit) === 0) count++;
    words[w] |= bit;
  };
  if (hasPrefixTerm(fts)) {
    // Each chunk's query would merge the prefix's postings again (a one-kana word in a
    // large catalog is many chunks, each paying the whole merge): one pass, a row at a time.
    for (const v of stmt(db, `SELECT rowid % ${ID_BITS} FROM movies_fts WHERE movies_fts MATCH ?`).pluck().iterate(fts)) set(v as number);
    return keep(c, fts, new IdBits(words, count));
  }
  let above = -1;
  for (;;) {
    const { ids, last, n } = chunk.get(fts, above, BUILD_CHUNK) as { ids: string | null; last: number | null; n: number };
    if (ids !== null) {
      let v = 0;
      for (let i = 0, len = ids.length; i <= len; i++) {
        const ch = i < len ? ids.charCodeAt(i) : 44;
        if (ch !== 44) {
          v = v * 10 + ch - 48;
          continue;
        }
        set(v);
        v = 0;
      }
    }
    if (n < BUILD_CHUNK || last === null) break;
    above = last;
  }
  return keep(c, fts, new IdBits(words, count));
}

/** Caches a bitset just read (least recently used ones dropped past BITS_CACHE_BYTES). */
function keep(c: BitsCache, fts: string, bits: IdBits): IdBits {
  const bytes = bits.words.byteLength + fts.length * 2 + 64;
  if (bytes <= BITS_CACHE_BYTES) {
    const old = c.entries.get(fts);
    if (old) c.bytes -= old.words.byteLength + fts.length * 2 + 64;
    c.entries.delete(fts);
    c.entries.set(fts, bits);
    c.bytes += bytes;
    for (const [key, gone] of c.entries) {
      if (c.bytes <= BITS_CACHE_BYTES) break;
      c.entries.delete(key);
      c.bytes -= gone.words.byteLength + key.length * 2 + 64;
    }
  }
  return bits;
}
