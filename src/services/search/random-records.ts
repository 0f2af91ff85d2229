import { isEmptyFilter, randomDocs, recordsJson, type CatalogFilter, type RecordDoc } from "../../catalog/index.js";
import type { DetailedRecord } from "../../model/record.js";
import type { RandomAnswer } from "../search-pool/answers.js";
import type { ServiceDeps } from "../deps.js";

/** /random: `num` distinct records drawn uniformly from those the filter matches (see catalog randomDocs). */
export function randomRecords(deps: ServiceDeps, num: number, filter: CatalogFilter, random: () => number = Math.random): RecordDoc[] {
  return randomDocs(deps.db, num, filter, random);
}

/** A draw's answer as it is sent: the JSON bytes, or the records for the serialiser. */
export function randomBody(a: RandomAnswer): Buffer | DetailedRecord[] {
  return "records" in a ? a.records : a.json;
}

/** One draw, answered on this thread. */
export function drawRandom(deps: ServiceDeps, num: number, filter: CatalogFilter): RandomAnswer {
  const docs = randomRecords(deps, num, filter);
  const json = recordsJson(docs);
  return json === null ? { records: docs.map((d) => d.record) } : { json };
}

/**
 * Draws the search worker has in flight before an unfiltered draw is made on this
 * thread instead. With every /random sent to the one worker of a 2-core machine, the
 * worker was the bottleneck (busy while the event loop sat idle) and each draw paid the
 * hop (copies, messages, GC of the bytes). Drawing here once 4 wait there answers more
 * draws a second, of num=20 and num=50 alike, at a lower p99 and with less CPU a
 * request (measured with wrk).
 */
const DRAW_HERE_WHEN_QUEUED = 4;

/**
 * Draws made on the event loop in one turn, at most: a turn takes every request that
 * arrived meanwhile, and with 200 clients (npm run soak) unbounded draws held single
 * turns long enough to show as event-loop stalls; four draws of 50 keep a turn short.
 */
const MAX_DRAWS_HERE_PER_TURN = 4;
let drawsHereThisTurn = 0;

function mayDrawHere(): boolean {
  if (drawsHereThisTurn >= MAX_DRAWS_HERE_PER_TURN) return false;
  if (drawsHereThisTurn++ === 0) setImmediate(() => (drawsHereThisTurn = 0));
  return true;
}

/**
 * /random, on a worker thread when the server has them: a draw of 50 reads 50 stored
 * records from SQLite and joins their bytes, work that holds the event loop every
 * /movie and /health waits on. When the worker is already DRAW_HERE_WHEN_QUEUED
 * draws behind, an unfiltered draw (bounded: `num` probes and reads) is made
 * here, MAX_DRAWS_HERE_PER_TURN at most a turn: the answer then comes sooner than the
 * worker's queue would give it. A filtered draw may list the matching ids, which is
 * unbounded, so it always goes to the worker.
 */
export function randomAnswer(deps: ServiceDeps, num: number, filter: CatalogFilter): Promise<RandomAnswer> | RandomAnswer {
  if (!deps.pool) return drawRandom(deps, num, filter);
  if (deps.pool.queued >= DRAW_HERE_WHEN_QUEUED && isEmptyFilter(filter) && mayDrawHere()) return drawRandom(deps, num, filter);
  return deps.pool.random(num, filter);
}
