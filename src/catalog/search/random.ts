import type { Db } from "../store/db.js";
import { getMoviesByIds, getRecordById, movieIdRange, type RecordDoc } from "../store/movies-read.js";
import { readSnapshot } from "../store/statements.js";
import { countMatches } from "./counts.js";
import { type CatalogFilter, isEmptyFilter } from "./filter-sql.js";
import { filteredIds, idMatches } from "./search.js";
import { widenNames } from "./any-name.js";

/** Below this share of the id range, sampling lists the matching ids instead of probing. */
const MIN_PROBE_DENSITY = 0.02;

function shuffleTake<T>(items: T[], n: number, random: () => number): T[] {
  const a = items.slice();
  const k = Math.min(n, a.length);
  for (let i = 0; i < k; i++) {
    const j = i + Math.floor(random() * (a.length - i));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a.slice(0, k);
}

/**
 * `num` distinct records, uniformly sampled: random rowid probes over the id
 * range (each present id is equally likely; misses are retried), or, for a
 * filter that matches few records, a draw from the list of matching ids.
 * Never ORDER BY random() over the table. All reads in one read transaction (one
 * set of file locks for the dozens of statements), and a probe reads the stored
 * record alone.
 */
export function randomDocs(db: Db, num: number, filter: CatalogFilter, random: () => number = Math.random): RecordDoc[] {
  return readSnapshot(db, () => draw(db, num, widenNames(db, filter), random));
}

function draw(db: Db, num: number, filter: CatalogFilter, random: () => number): RecordDoc[] {
  const range = movieIdRange(db);
  if (!range) return [];
  const span = range.max - range.min + 1;
  const unfiltered = isEmptyFilter(filter);
  const total = countMatches(db, { match: null, filter });
  if (total === 0) return [];
  const want = Math.min(num, total);
  if (total / span >= MIN_PROBE_DENSITY) {
    const chosen = new Set<number>();
    const out: RecordDoc[] = [];
    const maxProbes = Math.ceil((want * span) / total) * 4 + 64;
    for (let probe = 0; probe < maxProbes && out.length < want; probe++) {
      const id = range.min + Math.floor(random() * span);
      if (chosen.has(id)) continue;
      if (!unfiltered && !idMatches(db, id, filter)) continue;
      const m = getRecordById(db, id);
      if (!m) continue;
      chosen.add(id);
      out.push(m);
    }
    if (out.length === want) return out;
  }
  const ids = shuffleTake(filteredIds(db, filter), want, random);
  return getMoviesByIds(db, ids);
}
