import type { Db } from "../store/db.js";
import { stmt } from "../store/statements.js";
import type { IdBits } from "../store/id-bits.js";
import { WALK_PREFIX_MAX, walkPrefix } from "./match-bits.js";
import { and } from "./search-plan.js";

const WALK_CHUNK_MAX = 16_384;

/**
 * Walks the sort index (with the row conditions, if any) in growing chunks from the
 * top and keeps the rows in every bitset, until the page is full or the index ends.
 * A chunk's ids come back as one comma-separated string: half the cost of a row at a
 * time through the driver. The matches found from the top are kept with the bitsets
 * (walkPrefix, up to WALK_PREFIX_MAX of them), so the next page of the same search, or
 * the same page again, continues where the last walk stopped instead of starting over.
 */
export function walkBits(
  db: Db,
  order: { index: string; by: string },
  parts: string[],
  sets: IdBits[],
  plan: { where: string[]; params: unknown[] },
  walked: number,
  limit: number,
  offset: number,
): number[] {
  const bits = sets.reduce((a, b) => a.and(b));
  if (bits.count <= offset) return [];
  const sql = `SELECT group_concat(id) FROM (SELECT m.id FROM movies m INDEXED BY ${order.index} ${and(plan.where)}
    ORDER BY ${order.by} LIMIT ? OFFSET ?)`;
  const chunkOf = (rows: number, found: number, need: number, first: boolean) =>
    // Small first: matches are often denser at the top of an order than on average;
    // then as many rows as the density seen so far says the page still needs, at most
    // WALK_CHUNK_MAX (strings of megabytes, made by SQLite's allocator and copied into
    // the heap, left the server holding tens of MB more).
    first ? Math.min(Math.ceil(walked * 1.2) + 64, 4096) : Math.min(WALK_CHUNK_MAX, Math.max(1024, Math.ceil((need * rows * 1.2) / Math.max(found, 1)) + 64));
  const end = offset + limit;
  if (end <= WALK_PREFIX_MAX) {
    const w = walkPrefix(db, `${order.index}\u0000${parts.join("\u0000")}\u0000${plan.where.join(" AND ")}\u0000${JSON.stringify(plan.params)}`);
    while (!w.done && w.ids.length < end) {
      const chunk = chunkOf(w.at, w.ids.length, end - w.ids.length, w.at === 0);
      let full = false;
      // Stops at the row that completes the page: `at` counts the rows whose matches are in `ids`.
      const rows = scanChunk(db, sql, plan.params, chunk, w.at, (id) => {
        if (bits.has(id) && w.ids.push(id) >= end) full = true;
        return !full;
      });
      w.at += rows;
      if (!full && rows < chunk) w.done = true;
    }
    return w.ids.slice(offset, end);
  }
  const out: number[] = [];
  let skip = offset;
  let at = 0;
  let kept = 0;
  for (;;) {
    const chunk = chunkOf(at, kept, skip + limit - out.length, at === 0);
    const rows = scanChunk(db, sql, plan.params, chunk, at, (id) => {
      if (!bits.has(id)) return true;
      kept++;
      if (skip > 0) skip--;
      else out.push(id);
      return out.length < limit;
    });
    if (out.length === limit || rows < chunk) return out;
    at += rows;
  }
}

/** Reads `chunk` ids of the walk from row `at`, handing each to `take` until it returns false; returns the rows read. */
function scanChunk(db: Db, sql: string, params: unknown[], chunk: number, at: number, take: (id: number) => boolean): number {
  const list = stmt(db, sql)
    .pluck()
    .get(...params, chunk, at) as string | null;
  if (list === null) return 0;
  let rows = 0;
  let id = 0;
  for (let i = 0, n = list.length; i <= n; i++) {
    const ch = i < n ? list.charCodeAt(i) : 44;
    if (ch !== 44) {
      id = id * 10 + ch - 48;
      continue;
    }
    rows++;
    if (!take(id)) return rows;
    id = 0;
  }
  return rows;
}
