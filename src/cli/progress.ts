import type { CommitStep } from "../catalog/index.js";

/** What a bulk load's commit is doing, for the commands that print it (import, import-dump, sample). */
export const COMMIT_STEP_TEXT: Record<CommitStep, string> = {
  merge: "merging the search index ...",
  commit: "committing ...",
  checkpoint: "copying the write-ahead log into the catalog file ...",
};

/**
 * Progress for long commands: a line redrawn in place on a TTY, plain log lines
 * (at most one every few seconds) otherwise.
 */
export class Progress {
  private lastPlain = 0;
  private readonly started = Date.now();
  private drawn = false;

  constructor(
    private readonly label: string,
    private readonly stream: NodeJS.WriteStream = process.stderr,
    private readonly plainEveryMs = 5000,
    private readonly unit = "records",
  ) {}

  elapsedSeconds(): number {
    return (Date.now() - this.started) / 1000;
  }

  rate(done: number): number {
    const s = this.elapsedSeconds();
    return s > 0 ? done / s : 0;
  }

  update(done: number, total: number | null, detail = ""): void {
    const rate = Math.round(this.rate(done));
    if (this.stream.isTTY) {
      const width = 24;
      const bar = total && total > 0 ? "[" + "#".repeat(Math.round((width * Math.min(done, total)) / total)).padEnd(width, ".") + "] " : "";
      const of = total ? `/${total}` : "";
      this.stream.write(`\r${this.label} ${bar}${done}${of} ${this.unit}  ${rate}/s ${detail}\u001b[K`);
      this.drawn = true;
      return;
    }
    const now = Date.now();
    if (now - this.lastPlain >= this.plainEveryMs) {
      this.lastPlain = now;
      this.stream.write(`${this.label}: ${done}${total ? `/${total}` : ""} ${this.unit}, ${rate}/s ${detail}\n`);
    }
  }

  /** A step that reports no count (a commit): the text and the time so far, on its own line when not a TTY. */
  step(text: string): void {
    const line = `${this.label}: ${text}  (${Math.round(this.elapsedSeconds())} s so far)`;
    if (this.stream.isTTY) {
      this.stream.write(`\r${line}\u001b[K`);
      this.drawn = true;
      return;
    }
    this.lastPlain = Date.now();
    this.stream.write(`${line}\n`);
  }

  /** Clears the line drawn in place, so that another stream's line can be written there. */
  clear(): void {
    if (this.drawn) this.stream.write("\r\u001b[K");
  }

  done(): void {
    if (this.drawn) this.stream.write("\n");
  }
}
