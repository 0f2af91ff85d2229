/**
 * The dashboard's sign-in limits, in memory, per client address: wrong passwords slowed
 * down, then refused for a while. Kept by the one process answering, or by the primary
 * for every worker (src/cluster).
 */
/** How wrong passwords are slowed down and limited, per client address. */
export interface ThrottleOptions {
  /** The wait before answering a wrong password grows by this much with each one (1 s, 2 s, ...). */
  stepMs: number;
  /** The longest such wait. */
  maxDelayMs: number;
  /** Wrong passwords within `windowMs` after which the client is refused outright until the window ends. */
  limit: number;
  windowMs: number;
}

export const DEFAULT_THROTTLE: ThrottleOptions = { stepMs: 1000, maxDelayMs: 5000, limit: 10, windowMs: 15 * 60_000 };

/**
 * How long an attempt counts as being checked. Its answer (failed, succeeded) may never
 * come: the worker process that checked it died, or the check threw. Forgotten then,
 * rather than held against the client for good (a checking takes well under a second).
 */
export const PENDING_MS = 60_000;

interface Entry {
  failures: number;
  /** When each attempt being checked now began: counted against the limit, so parallel guesses gain nothing. */
  pending: number[];
  since: number;
}

/** The sign-in limits as the sign-in route uses them: here, or kept by the primary process for every worker (src/cluster). */
export interface SignInThrottle {
  /** Seconds until the client may try again, or 0 when it may try now (the attempt is then counted as pending). */
  begin(client: string): number | Promise<number>;
  /** A wrong password: how long to wait before answering, in ms. */
  failed(client: string): number | Promise<number>;
  succeeded(client: string): void | Promise<void>;
}

/**
 * Sign-in attempts per client. A wrong password is answered after a wait that grows
 * with each one; after `limit` of them in `windowMs` the client is refused without
 * its password being checked, until the window ends. A right one clears the count.
 */
export class LoginThrottle implements SignInThrottle {
  private readonly clients = new Map<string, Entry>();

  constructor(
    private readonly options: ThrottleOptions = DEFAULT_THROTTLE,
    private readonly now: () => number = Date.now,
  ) {}

  private entry(client: string): Entry | undefined {
    const e = this.clients.get(client);
    if (!e) return undefined;
    const now = this.now();
    if (e.pending.length > 0 && now - e.pending[0] >= PENDING_MS) e.pending = e.pending.filter((at) => now - at < PENDING_MS);
    if (now - e.since >= this.options.windowMs && e.pending.length === 0) {
      this.clients.delete(client);
      return undefined;
    }
    return e;
  }

  /** Seconds until the client may try again, or 0 when it may try now (the attempt is then counted as pending). */
  begin(client: string): number {
    const e = this.entry(client);
    if (e && e.failures + e.pending.length >= this.options.limit) {
      return Math.max(1, Math.ceil((e.since + this.options.windowMs - this.now()) / 1000));
    }
    if (this.clients.size >= 10_000) this.prune();
    const entry = e ?? { failures: 0, pending: [], since: this.now() };
    entry.pending.push(this.now());
    this.clients.set(client, entry);
    return 0;
  }

  /** A wrong password: returns how long to wait before answering. */
  failed(client: string): number {
    const e = this.clients.get(client);
    if (!e) return this.options.stepMs;
    e.pending.shift();
    e.failures++;
    return Math.min(this.options.maxDelayMs, e.failures * this.options.stepMs);
  }

  succeeded(client: string): void {
    this.clients.delete(client);
  }

  private prune(): void {
    for (const client of [...this.clients.keys()]) this.entry(client);
  }
}
