import { joinJson, randomDocs, type CatalogFilter, type RecordDoc, type RecordJson } from "../catalog/index.js";
import type { DetailedRecord } from "../model/record.js";
import type { ServiceDeps } from "./deps.js";

/** /random: `num` distinct records drawn uniformly from those the filter matches (see catalog randomDocs). */
export function randomRecords(deps: ServiceDeps, num: number, filter: CatalogFilter, random: () => number = Math.random): RecordDoc[] {
  return randomDocs(deps.db, num, filter, random);
}

/**
 * A /random answer: the JSON array of the records as the response schema writes it
 * (UTF-8), built from their stored bytes; or the records themselves, for the
 * serialiser, when one of them is stored otherwise (see catalog record-json).
 */
export type RandomAnswer = { json: Uint8Array } | { records: DetailedRecord[] };

const OPEN = Buffer.from("[");
const COMMA = Buffer.from(",");
const CLOSE = Buffer.from("]");

/** The records' JSON array, or null when one of them has no stored JSON to send as it is. */
export function recordsJson(docs: readonly RecordDoc[]): Buffer | null {
  const parts: (Buffer | RecordJson)[] = [OPEN];
  for (let i = 0; i < docs.length; i++) {
    const json = docs[i].recordJson?.() ?? null;
    if (json === null) return null;
    if (i > 0) parts.push(COMMA);
    parts.push(json);
  }
  parts.push(CLOSE);
  return joinJson(parts);
}

/** One draw, answered on this thread. */
export function drawRandom(deps: ServiceDeps, num: number, filter: CatalogFilter): RandomAnswer {
  const docs = randomRecords(deps, num, filter);
  const json = recordsJson(docs);
  return json === null ? { records: docs.map((d) => d.record) } : { json };
}

/**
 * /random, on a worker thread when the server has them: a draw of 50 reads 50 stored
 * records (~4 us each from SQLite) and joins their bytes, ~0.5 ms that would otherwise
 * hold the event loop every /movie and /health waits on.
 */
export function randomAnswer(deps: ServiceDeps, num: number, filter: CatalogFilter): Promise<RandomAnswer> | RandomAnswer {
  return deps.pool ? deps.pool.random(num, filter) : drawRandom(deps, num, filter);
}
