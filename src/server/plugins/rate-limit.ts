/**
 * Token buckets, one per key (an API key's id, a client's address): `ratePerMinute`
 * requests a minute, bursting up to the same number.
 */
export class KeyRateLimiter {
  private readonly buckets = new Map<number | string, { tokens: number; at: number }>();

  constructor(
    private readonly now: () => number = Date.now,
    /** Past this many buckets, those idle for a minute (full again) are dropped: client addresses come and go. */
    private readonly maxBuckets = 10_000,
  ) {}

  /** Takes one token; returns 0 when allowed, else the seconds to wait. */
  take(key: number | string, ratePerMinute: number): number {
    const now = this.now();
    const perMs = ratePerMinute / 60_000;
    if (this.buckets.size >= this.maxBuckets && !this.buckets.has(key)) this.prune(now);
    const b = this.buckets.get(key) ?? { tokens: ratePerMinute, at: now };
    b.tokens = Math.min(ratePerMinute, b.tokens + (now - b.at) * perMs);
    b.at = now;
    this.buckets.set(key, b);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - b.tokens) / perMs / 1000));
  }

  private prune(now: number): void {
    for (const [key, b] of this.buckets) if (now - b.at >= 60_000) this.buckets.delete(key);
  }
}
