/**
 * The first time each /query URL of a mix is asked, one request at a time, on a server
 * whose search caches are empty (bitsets, kept walks and counts are filled by the
 * searches themselves): what a search nobody asked before costs, where the load runs
 * measure the same URLs asked again and again.
 */
import { summarize } from "./stats.js";
import type { TaggedPath } from "./workloads.js";

export interface FirstTimeFigures {
  name: string;
  urls: number;
  p50: number;
  p99: number;
  max: number;
  /** The slowest URLs, slowest first: [ms, path]. */
  slowest: [number, string][];
  /** Answers that were not 200. */
  errors: number;
}

export async function firstTimes(origin: string, key: string, name: string, paths: readonly TaggedPath[]): Promise<FirstTimeFigures> {
  const times: [number, string][] = [];
  let errors = 0;
  for (const p of new Set(paths.map((x) => x.path))) {
    const t0 = performance.now();
    const res = await fetch(origin + p, { headers: { "x-service-key": key } });
    await res.arrayBuffer();
    times.push([performance.now() - t0, p]);
    if (res.status !== 200) errors++;
  }
  const s = summarize(times.map((t) => t[0]));
  const slowest = times.sort((a, b) => b[0] - a[0]).slice(0, 3);
  return { name, urls: times.length, p50: s.p50, p99: s.p99, max: s.max, slowest, errors };
}
