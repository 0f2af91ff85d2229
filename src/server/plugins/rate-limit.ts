/**
 * Token buckets, one per key (an API key's id, a client's address): `ratePerMinute`
 * requests a minute, bursting up to the same number.
 */
export class KeyRateLimiter implements RateBudget {
  private readonly buckets = new Map<number | string, { tokens: number; at: number }>();

  constructor(
    private readonly now: () => number = Date.now,
    /** Past this many buckets, those idle for a minute (full again) are dropped: client addresses come and go. */
    private readonly maxBuckets = 10_000,
  ) {}

  /** Takes one token; returns 0 when allowed, else the seconds to wait. */
  take(key: number | string, ratePerMinute: number): number {
    const { granted, waitSeconds } = this.takeUpTo(key, ratePerMinute, 1);
    return granted > 0 ? 0 : waitSeconds;
  }

  /** Takes up to `want` whole tokens: how many it got, and when none, the seconds until one. */
  takeUpTo(key: number | string, ratePerMinute: number, want: number): { granted: number; waitSeconds: number } {
    const now = this.now();
    const perMs = ratePerMinute / 60_000;
    if (this.buckets.size >= this.maxBuckets && !this.buckets.has(key)) this.prune(now);
    const b = this.buckets.get(key) ?? { tokens: ratePerMinute, at: now };
    b.tokens = Math.min(ratePerMinute, b.tokens + (now - b.at) * perMs);
    b.at = now;
    this.buckets.set(key, b);
    const granted = Math.max(0, Math.min(want, Math.floor(b.tokens)));
    b.tokens -= granted;
    return { granted, waitSeconds: granted > 0 ? 0 : Math.max(1, Math.ceil((1 - b.tokens) / perMs / 1000)) };
  }

  private prune(now: number): void {
    for (const [key, b] of this.buckets) if (now - b.at >= 60_000) this.buckets.delete(key);
  }
}

/**
 * One rate budget per key, however many processes answer: here (one process) or
 * through the primary process (src/cluster). Resolves 0 when a request may go, else
 * the seconds to wait.
 */
export interface RateBudget {
  take(key: number | string, ratePerMinute: number): number | Promise<number>;
}
