/** Latency and throughput arithmetic for the benchmark: pure, so it is tested. */

/** Nearest-rank percentile (0 < p <= 100) of ascending-sorted values; NaN when empty. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export interface LatencySummary {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

/** Summary of latencies in ms (any order; the input is not changed). */
export function summarize(latencies: readonly number[]): LatencySummary {
  const sorted = Float64Array.from(latencies).sort();
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1] : Number.NaN,
  };
}

/** a / b, or null when either is unknown or b is 0. */
export function ratio(a: number | null, b: number | null): number | null {
  if (a === null || b === null || !Number.isFinite(a) || !Number.isFinite(b) || b === 0) return null;
  return a / b;
}

/** Median of a non-empty list. */
export function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Rounds for reports: 2 decimals below 10, 1 below 100, else integers. */
export function round(v: number | null): number | null {
  if (v === null || !Number.isFinite(v)) return null;
  const digits = Math.abs(v) < 10 ? 2 : Math.abs(v) < 100 ? 1 : 0;
  const f = 10 ** digits;
  return Math.round(v * f) / f;
}
