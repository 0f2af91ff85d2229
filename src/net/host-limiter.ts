/** Per-host admission: at most `concurrency` in flight, and at most `rps` starts per second, evenly spaced. */

export type Release = () => void;

interface Waiter {
  grant: (release: Release) => void;
  fail: (err: Error) => void;
  detach: () => void;
}

interface HostState {
  rps: number;
  inFlight: number;
  lastStartAt: number | undefined;
  queue: Waiter[];
  timer: NodeJS.Timeout | undefined;
}

export interface HostLimiterOptions {
  concurrency: number;
  rates?: Record<string, number>;
  now?: () => number;
}

export class HostLimiter {
  private readonly hosts = new Map<string, HostState>();
  private readonly rates = new Map<string, number>();
  private readonly concurrency: number;
  private readonly now: () => number;

  constructor(opts: HostLimiterOptions) {
    if (!(opts.concurrency >= 1)) throw new RangeError("hostConcurrency must be >= 1");
    this.concurrency = Math.floor(opts.concurrency);
    this.now = opts.now ?? (() => performance.now());
    for (const [host, rps] of Object.entries(opts.rates ?? {})) this.setRate(host, rps);
  }

  /** 0 (or a negative or non-finite value) means unlimited. Applies to requests already queued. */
  setRate(host: string, rps: number): void {
    const rate = Number.isFinite(rps) && rps > 0 ? rps : 0;
    this.rates.set(host, rate);
    const state = this.hosts.get(host);
    if (state) {
      state.rps = rate;
      this.pump(state);
    }
  }

  /** Waits for a slot on `host`; the returned function gives it back (idempotent). */
  acquire(host: string, signal?: AbortSignal, onAbort?: () => Error): Promise<Release> {
    const state = this.stateFor(host);
    return new Promise<Release>((resolve, reject) => {
      const abort = (): void => {
        const i = state.queue.indexOf(waiter);
        if (i >= 0) state.queue.splice(i, 1);
        reject(onAbort ? onAbort() : new Error("aborted"));
      };
      const waiter: Waiter = {
        grant: resolve,
        fail: reject,
        detach: () => signal?.removeEventListener("abort", abort),
      };
      if (signal?.aborted) return abort();
      signal?.addEventListener("abort", abort, { once: true });
      state.queue.push(waiter);
      this.pump(state);
    });
  }

  /** Fails every queued waiter and stops the timers. */
  close(err: Error): void {
    for (const state of this.hosts.values()) {
      if (state.timer) clearTimeout(state.timer);
      state.timer = undefined;
      for (const waiter of state.queue.splice(0)) {
        waiter.detach();
        waiter.fail(err);
      }
    }
  }

  private stateFor(host: string): HostState {
    let state = this.hosts.get(host);
    if (!state) {
      state = { rps: this.rates.get(host) ?? 0, inFlight: 0, lastStartAt: undefined, queue: [], timer: undefined };
      this.hosts.set(host, state);
    }
    return state;
  }

  private pump(state: HostState): void {
    if (state.timer) {
      clearTimeout(state.timer);
      state.timer = undefined;
    }
    while (state.queue.length > 0 && state.inFlight < this.concurrency) {
      const now = this.now();
      // Spacing from the last start (a bucket of one token) keeps the rate smooth, with no bursts.
      const readyAt = state.rps > 0 && state.lastStartAt !== undefined ? state.lastStartAt + 1000 / state.rps : now;
      if (readyAt > now) {
        state.timer = setTimeout(
          () => {
            state.timer = undefined;
            this.pump(state);
          },
          Math.ceil(readyAt - now),
        );
        return;
      }
      const waiter = state.queue.shift()!;
      waiter.detach();
      state.inFlight += 1;
      state.lastStartAt = now;
      let released = false;
      waiter.grant(() => {
        if (released) return;
        released = true;
        state.inFlight -= 1;
        this.pump(state);
      });
    }
  }
}
