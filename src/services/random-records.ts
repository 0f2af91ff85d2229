import { isEmptyFilter, type CatalogFilter } from "../catalog/search/filter-sql.js";
import { getMoviesByIds, getRecordById, movieIdRange, type RecordDoc } from "../catalog/store/movies-read.js";
import { countMatches, filteredIds, idMatches } from "../catalog/search/search.js";
import { readSnapshot } from "../catalog/store/statements.js";
import type { ServiceDeps } from "./deps.js";

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
export function randomRecords(deps: ServiceDeps, num: number, filter: CatalogFilter, random: () => number = Math.random): RecordDoc[] {
  return readSnapshot(deps.db, () => draw(deps, num, filter, random));
}

function draw(deps: ServiceDeps, num: number, filter: CatalogFilter, random: () => number): RecordDoc[] {
  const range = movieIdRange(deps.db);
  if (!range) return [];
  const span = range.max - range.min + 1;
  const unfiltered = isEmptyFilter(filter);
  const total = countMatches(deps.db, { match: null, filter });
  if (total === 0) return [];
  const want = Math.min(num, total);
  if (total / span >= MIN_PROBE_DENSITY) {
    const chosen = new Set<number>();
    const out: RecordDoc[] = [];
    const maxProbes = Math.ceil((want * span) / total) * 4 + 64;
    for (let probe = 0; probe < maxProbes && out.length < want; probe++) {
      const id = range.min + Math.floor(random() * span);
      if (chosen.has(id)) continue;
      if (!unfiltered && !idMatches(deps.db, id, filter)) continue;
      const m = getRecordById(deps.db, id);
      if (!m) continue;
      chosen.add(id);
      out.push(m);
    }
    if (out.length === want) return out;
  }
  const ids = shuffleTake(filteredIds(deps.db, filter), want, random);
  return getMoviesByIds(deps.db, ids);
}
