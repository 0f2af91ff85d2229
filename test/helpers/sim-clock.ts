import type { Clock } from "../../src/services/access/rate-budget.js";

/**
 * Simulated time for many clients driven at once against the real server: the clock
 * stands still while any client is working and, once every client is asleep (on its own
 * pace between requests, or on the server's rate budget pacing its request), jumps to the
 * earliest wake-up. So a run of an hour of requests takes as long as the server takes to
 * answer them, and the rate budget sees the hour.
 */
export class SimClock implements Clock {
  private t = 0;
  private seq = 0;
  /** Sleepers, earliest (then first asleep) last. */
  private readonly sleepers: { at: number; seq: number; wake: () => void }[] = [];
  private running = 0;

  now(): number {
    return this.t;
  }

  sleep(ms: number): Promise<void> {
    return new Promise((wake) => {
      const s = { at: this.t + ms, seq: this.seq++, wake };
      const i = this.sleepers.findIndex((o) => o.at < s.at || (o.at === s.at && o.seq < s.seq));
      this.sleepers.splice(i === -1 ? this.sleepers.length : i, 0, s);
      this.advance();
    });
  }

  /** Runs the clients to their end, each on this clock. */
  async run(clients: (() => Promise<void>)[]): Promise<void> {
    this.running += clients.length;
    await Promise.all(
      clients.map(async (client) => {
        try {
          await client();
        } finally {
          this.running--;
          this.advance();
        }
      }),
    );
  }

  /** Wakes the earliest sleeper once no client is working. */
  private advance(): void {
    if (this.running === 0 || this.sleepers.length < this.running) return;
    const next = this.sleepers.pop()!;
    this.t = Math.max(this.t, next.at);
    next.wake();
  }
}
