import { BulkLoad, createKey, getMeta, isCatalogEmpty, listKeys, prepareRecord, setMeta, type CommitStep, type Db } from "../catalog/index.js";
import { generateSampleRecords, SAMPLE_PROVIDER } from "../samples/titles/generate.js";
import type { Config } from "../config/load.js";

/** With no key at all in the database, creates one; returns its token (to print once) or null. */
export function ensureFirstKey(db: Db, config: Config): string | null {
  if (listKeys(db).length > 0) return null;
  return createKey(db, "default", config.keyRatePerMinute).token;
}

/** Writes `count` generated records in one bulk load; returns how many were added. */
export function loadSampleRecords(
  db: Db,
  count: number,
  options: { seed?: number; batchSize?: number; onBatch?: (done: number) => void; onCommitStep?: (step: CommitStep) => void } = {},
): number {
  const batchSize = options.batchSize ?? 5000;
  const now = Date.now();
  const load = BulkLoad.begin(db);
  try {
    for (let start = 0; start < count; start += batchSize) {
      const batch = [...generateSampleRecords({ count: Math.min(batchSize, count - start), start, seed: options.seed })];
      load.upsert(batch.map((r) => prepareRecord(r, now)));
      options.onBatch?.(start + batch.length);
    }
    load.commit(options.onCommitStep);
    return load.result.added;
  } finally {
    load.end();
  }
}

/**
 * On the very first start with an empty catalog, loads the sample catalog so every
 * endpoint answers at once. Remembered in meta: once purged, it does not come back.
 */
export function ensureSampleData(db: Db, config: Config): number {
  if (!config.sampleData || getMeta(db, "sample_loaded") !== null) return 0;
  const empty = isCatalogEmpty(db);
  if (!empty) return 0;
  const added = loadSampleRecords(db, config.sampleCount);
  setMeta(db, "sample_loaded", new Date().toISOString());
  return added;
}

export { SAMPLE_PROVIDER };
