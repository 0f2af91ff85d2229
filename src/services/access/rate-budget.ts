/**
 * Each API key's (and each client address's) rate budget, in memory: the token buckets,
 * the budget as the routes ask it (here, or through the primary process of several
 * workers: src/cluster), and the wait of a paced request for its turn.
 */
import { setTimeout as sleep } from "node:timers/promises";

/** Where a budget takes its time from: the wall clock, or a simulated one (a test of a whole library scan). */
export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const SYSTEM_CLOCK: Clock = { now: () => Date.now(), sleep: (ms) => sleep(ms) };

/** A request's turn: granted, the ms until it may go (0: now); refused, the ms until a token is free (retry-after). */
export interface Turn {
  granted: boolean;
  waitMs: number;
}

/**
 * Token buckets, one per key (an API key's id, a client's address): `ratePerMinute`
 * requests a minute, bursting up to the same number. A reservation may take the next
 * tokens before they are there (the bucket goes into debt), so paced requests go in the
 * order they came, each at its own time.
 */
export class KeyRateLimiter implements RateBudget {
  private readonly buckets = new Map<number | string, { tokens: number; at: number }>();

  constructor(
    private readonly clock: Clock = SYSTEM_CLOCK,
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
    const b = this.bucket(key, ratePerMinute);
    const granted = Math.max(0, Math.min(want, Math.floor(b.tokens)));
    b.tokens -= granted;
    return { granted, waitSeconds: granted > 0 ? 0 : wholeSeconds(untilToken(b.tokens, ratePerMinute)) };
  }

  /** Takes a token, or reserves the next one while at most `maxQueued` reserved tokens are ahead of it. */
  reserve(key: number | string, ratePerMinute: number, maxQueued: number): Turn {
    const b = this.bucket(key, ratePerMinute);
    if (b.tokens - 1 < -maxQueued) return { granted: false, waitMs: untilToken(b.tokens, ratePerMinute) };
    b.tokens -= 1;
    return { granted: true, waitMs: Math.max(0, -b.tokens) / (ratePerMinute / 60_000) };
  }

  sleep(ms: number): Promise<void> {
    return this.clock.sleep(ms);
  }

  /** The key's bucket, refilled up to now. */
  private bucket(key: number | string, ratePerMinute: number): { tokens: number; at: number } {
    const now = this.clock.now();
    if (this.buckets.size >= this.maxBuckets && !this.buckets.has(key)) this.prune(now);
    const b = this.buckets.get(key) ?? { tokens: ratePerMinute, at: now };
    b.tokens = Math.min(ratePerMinute, b.tokens + (now - b.at) * (ratePerMinute / 60_000));
    b.at = now;
    this.buckets.set(key, b);
    return b;
  }

  private prune(now: number): void {
    for (const [key, b] of this.buckets) if (now - b.at >= 60_000) this.buckets.delete(key);
  }
}

/** Ms until a bucket holding `tokens` (less than one, perhaps in debt) has a whole token. */
function untilToken(tokens: number, ratePerMinute: number): number {
  return (1 - tokens) / (ratePerMinute / 60_000);
}

/** A wait as retry-after says it: whole seconds, at least one. */
function wholeSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/**
 * One rate budget per key, however many processes answer: here (one process) or
 * through the primary process (src/cluster). `take` resolves 0 when a request may go,
 * else the seconds to wait; `reserve` as KeyRateLimiter's.
 */
export interface RateBudget {
  take(key: number | string, ratePerMinute: number): number | Promise<number>;
  reserve(key: number | string, ratePerMinute: number, maxQueued: number): Turn | Promise<Turn>;
  /** How a paced request waits: the budget's own clock when it has one (a simulated one in tests), else the timers. */
  sleep?(ms: number): Promise<void>;
}

/**
 * How long a paced request may wait for its turn: at most this many seconds of its
 * key's rate may be queued. Far below what the plugins wait for an answer (Jellyfin's
 * HttpClient: 100 s; Plex's requests: no limit), and room at the default rates for every
 * request a media server's scan has in flight; a client with more waiting than that is
 * refused, as a client over its rate always was.
 */
export const MAX_WAIT_SECONDS = 2;

/**
 * Takes a token for a client that never retries (MetaTube's plugins: a 429 leaves a
 * title unidentified until the next scan): over its rate, the request waits for its turn
 * instead of being refused, in the order requests came, while no more than
 * MAX_WAIT_SECONDS of the rate is queued. The rate holds all the same: a client gets no
 * more than its budget a minute, later rather than never. Resolves 0 once the request
 * may go, else the seconds to tell the client (retry-after).
 */
export async function waitTurn(budget: RateBudget, key: number | string, ratePerMinute: number): Promise<number> {
  const turn = await budget.reserve(key, ratePerMinute, Math.floor((MAX_WAIT_SECONDS * ratePerMinute) / 60));
  if (!turn.granted) return wholeSeconds(turn.waitMs);
  if (turn.waitMs > 0) await (budget.sleep ? budget.sleep(turn.waitMs) : sleep(turn.waitMs));
  return 0;
}
