/**
 * What a serving process runs, as parts: each started after the one before it, all
 * stopped the other way round, once. The single process (cli/serve-http.ts), the
 * primary of several workers (cluster/primary.ts) and a replica's primary
 * (cluster/replica/replica.ts) each compose theirs; cluster/stop-on-signal.ts stops them.
 */

/** One thing a process runs: the catalog, the WAL checkpoints, the HTTP server... */
export interface Part {
  /** What it is: the stop's times are told by it. */
  readonly name: string;
  /** What it returns is awaited (a promise), else ignored. */
  start?(): unknown;
  /**
   * Told at once when the stop begins, before any part stops (last part first): what
   * must hear of it early, as a run asked to end after its page while the HTTP server
   * still answers.
   */
  stopping?(): void;
  /**
   * What it returns is awaited, as start's. Called even when the stop came before the
   * part's start ran (a replica stopped during its first restore): nothing to stop is then a no-op.
   */
  stop?(): unknown;
}

/** What a stop took. */
export interface Stopped {
  /** Ms from the stop's first step to the end of each part's stop, by the part's name. */
  after: Record<string, number>;
  totalMs: number;
}

export class Lifecycle {
  private readonly parts: Part[];
  private began = false;
  private stopped: Promise<Stopped> | null = null;

  /** The parts in start order; absent ones (null, false: a part this process does not run) are left out. */
  constructor(parts: (Part | null | false | undefined)[]) {
    this.parts = parts.filter((p): p is Part => !!p);
  }

  /** Whether the stop has begun. */
  get stopping(): boolean {
    return this.began;
  }

  /** Starts each part after the one before it; none after the stop has begun. */
  async start(): Promise<void> {
    for (const part of this.parts) {
      if (this.began) return;
      await part.start?.();
    }
  }

  /** Stops every part, the last first, once: a second call gets the first one's answer. */
  stop(): Promise<Stopped> {
    this.stopped ??= this.stopAll();
    return this.stopped;
  }

  private async stopAll(): Promise<Stopped> {
    this.began = true;
    const last = [...this.parts].reverse();
    for (const part of last) part.stopping?.();
    const t0 = Date.now();
    const after: Record<string, number> = {};
    for (const part of last) {
      await part.stop?.();
      after[part.name] = Date.now() - t0;
    }
    return { after, totalMs: Date.now() - t0 };
  }
}
