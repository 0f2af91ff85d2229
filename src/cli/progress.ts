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

  /** Clears the line drawn in place, so that another stream's line can be written there. */
  clear(): void {
    if (this.drawn) this.stream.write("\r\u001b[K");
  }

  done(): void {
    if (this.drawn) this.stream.write("\n");
  }
}
