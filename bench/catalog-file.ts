import { existsSync, mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { openCatalog, titleCount, type Db } from "../src/catalog/index.js";
import { loadSampleRecords } from "../src/services/access/first-start.js";

export const CACHE_DIR = resolve(import.meta.dirname, ".cache");

/** A generated catalog of `records` titles, built once and reused across runs. */
export function benchCatalog(records: number, log = (s: string) => process.stderr.write(s + "\n")): { path: string; db: Db } {
  mkdirSync(CACHE_DIR, { recursive: true });
  const path = resolve(CACHE_DIR, `catalog-${records}.db`);
  const fresh = !existsSync(path);
  const db = openCatalog(path);
  const have = titleCount(db);
  if (fresh || have < records) {
    const started = Date.now();
    log(`building ${path} with ${records} sample records...`);
    loadSampleRecords(db, records, { batchSize: 10_000, onBatch: (n) => n % 100_000 === 0 && log(`  ${n}`) });
    log(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  return { path, db };
}
