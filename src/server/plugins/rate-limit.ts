/** Per-key token bucket: `ratePerMinute` requests a minute, bursting up to the same number. */
export class KeyRateLimiter {
  private readonly buckets = new Map<number, { tokens: number; at: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Takes one token; returns 0 when allowed, else the seconds to wait. */
  take(keyId: number, ratePerMinute: number): number {
    const now = this.now();
    const perMs = ratePerMinute / 60_000;
    const b = this.buckets.get(keyId) ?? { tokens: ratePerMinute, at: now };
    b.tokens = Math.min(ratePerMinute, b.tokens + (now - b.at) * perMs);
    b.at = now;
    this.buckets.set(keyId, b);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - b.tokens) / perMs / 1000));
  }
}
