import { hostname } from "node:os";

/**
 * Where a sink writes: process.stdout or process.stderr (on a pipe or a socket, a libuv
 * stream: a write the reader cannot take yet waits in memory, never in a blocked call),
 * or a test's stand-in. `done` says whether the bytes went out.
 */
export interface SinkTarget {
  write(chunk: string, done: (err?: Error | null) => void): unknown;
  on(event: "error", listener: (err: Error) => void): unknown;
}

export interface LogSinkOptions {
  /** Bytes handed out but not yet taken by the reader, past which new lines are dropped (and counted). */
  maxBytes?: number;
  /** How long after a secret's lines a later line must go through for the secret to count as read. */
  settleMs?: number;
  now?: () => number;
}

/** 1 MiB: some 3,000 log lines, a slow reader's hiccup; nothing next to the server's memory. */
export const LOG_BUFFER_BYTES = 1024 * 1024;
/** A reader that takes a few bytes and leaves (`| head -c 100`) is gone well within a second. */
export const SECRET_SETTLE_MS = 1000;

/** pino's level numbers, by the names the report gives them. */
const LEVEL_NAMES: Readonly<Record<string, string>> = { "10": "trace", "20": "debug", "30": "info", "40": "warn", "50": "error", "60": "fatal" };

/** The level of a pino line (`{"level":30,...`), by name; "other" for any other line. */
function levelOf(line: string): string {
  const m = /^\{"level":(\d+)/.exec(line);
  return (m && LEVEL_NAMES[m[1]]) ?? "other";
}

interface Watch {
  /** A line issued from this time on that goes through shows the reader was still there after the secret. */
  after: number;
  lost: () => void;
}

/**
 * Lines out of the server process that never block it: each line goes to the target at
 * once, and while the reader is slower than the writer they wait in memory up to
 * `maxBytes`; past it, lines are dropped and counted until half of that has drained, and
 * then one line says how many were dropped (in all and by level) and over what time. A reader that went away
 * (EPIPE, or any write error) ends the writing for good: later lines are counted, never
 * written, and the server goes on.
 */
export class LogSink {
  private readonly maxBytes: number;
  private readonly settleMs: number;
  private readonly now: () => number;
  private pendingBytes = 0;
  private dropping = false;
  private dropped = 0;
  private droppedLevels: Record<string, number> = {};
  private droppedFrom = 0;
  private droppedTo = 0;
  private gone = false;
  private watches: Watch[] = [];
  private idle: (() => void)[] = [];

  constructor(
    private readonly target: SinkTarget,
    options: LogSinkOptions = {},
  ) {
    this.maxBytes = options.maxBytes ?? LOG_BUFFER_BYTES;
    this.settleMs = options.settleMs ?? SECRET_SETTLE_MS;
    this.now = options.now ?? Date.now;
    // Without a listener an error on process.stdout would throw; here it only ends the writing.
    target.on("error", () => this.goneAway());
  }

  /** Lines dropped since the last report (all of them, once the reader went away). */
  get droppedLines(): number {
    return this.dropped;
  }

  /** Whether the reader went away: nothing more is written. */
  get closed(): boolean {
    return this.gone;
  }

  /** One line (with its newline); what pino calls for each log line. False when it was dropped. */
  write(line: string): boolean {
    return this.send(line);
  }

  /**
   * Lines a person must read once (a new key, a password). `lost` is called when they may
   * not have been: they were dropped or failed, or the reader went away before a line
   * issued `settleMs` after them went through (`| head -c 100` reads the secret, then
   * leaves: only the next lines' EPIPE tells). Lines merely waiting for a slow reader
   * are not lost.
   */
  writeSecret(lines: string[], lost: () => void): void {
    const watch: Watch = { after: Number.POSITIVE_INFINITY, lost };
    this.watches.push(watch);
    lines.forEach((line, i) => {
      this.send(line, (ok) => {
        if (!ok) this.lose(watch);
        else if (i === lines.length - 1) watch.after = this.now() + this.settleMs;
      });
    });
  }

  /** Waits until every line handed out went through, the reader went away, or `deadlineMs` passed. */
  end(deadlineMs: number): Promise<void> {
    if (this.dropping && !this.gone) this.resume();
    if (this.pendingBytes === 0 || this.gone) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, deadlineMs);
      this.idle.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private send(line: string, result?: (ok: boolean) => void): boolean {
    // The reader took half of what waited: say what was dropped, then go on.
    if (this.dropping && this.pendingBytes <= this.maxBytes / 2) this.resume();
    const bytes = Buffer.byteLength(line);
    if (this.gone || this.dropping || this.pendingBytes + bytes > this.maxBytes) {
      this.drop(line);
      result?.(false);
      return false;
    }
    this.put(line, bytes, result);
    return true;
  }

  private put(line: string, bytes: number, result?: (ok: boolean) => void): void {
    const issuedAt = this.now();
    this.pendingBytes += bytes;
    this.target.write(line, (err) => {
      this.pendingBytes -= bytes;
      if (err) {
        this.drop(line);
        this.goneAway();
      } else {
        this.watches = this.watches.filter((w) => issuedAt < w.after);
      }
      result?.(!err);
      if (this.dropping && !this.gone && this.pendingBytes <= this.maxBytes / 2) this.resume();
      if (this.pendingBytes === 0) this.wake();
    });
  }

  private drop(line: string): void {
    const t = this.now();
    if (this.dropped === 0) this.droppedFrom = t;
    this.dropped++;
    const level = levelOf(line);
    this.droppedLevels[level] = (this.droppedLevels[level] ?? 0) + 1;
    this.droppedTo = t;
    // Until the reader has taken half of what waits: no line-by-line trickle, one report.
    if (!this.gone) this.dropping = true;
  }

  private resume(): void {
    const report = {
      level: 40,
      time: this.now(),
      pid: process.pid,
      hostname: hostname(),
      dropped: this.dropped,
      levels: this.droppedLevels,
      from: this.droppedFrom,
      to: this.droppedTo,
      msg: "log lines dropped: their reader fell behind",
    };
    this.dropping = false;
    this.dropped = 0;
    this.droppedLevels = {};
    const line = `${JSON.stringify(report)}\n`;
    this.put(line, Buffer.byteLength(line));
  }

  private goneAway(): void {
    if (this.gone) return;
    this.gone = true;
    this.dropping = false;
    for (const w of this.watches) w.lost();
    this.watches = [];
    this.wake();
  }

  private lose(watch: Watch): void {
    if (!this.watches.includes(watch)) return;
    this.watches = this.watches.filter((w) => w !== watch);
    watch.lost();
  }

  private wake(): void {
    for (const fn of this.idle.splice(0)) fn();
  }
}
