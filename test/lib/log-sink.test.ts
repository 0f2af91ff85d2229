import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { LogSink } from "../../src/lib/log-sink.js";

/** A reader we steer: writes wait until `take` (the reader read them) or `breakPipe` (it left). */
class FakeReader extends EventEmitter {
  readonly written: string[] = [];
  private waiting: { chunk: string; done: (err?: Error | null) => void }[] = [];

  write(chunk: string, done: (err?: Error | null) => void): boolean {
    this.waiting.push({ chunk, done });
    return true;
  }

  /** The reader takes the next `n` waiting writes. */
  take(n = Number.POSITIVE_INFINITY): void {
    for (const w of this.waiting.splice(0, n)) {
      this.written.push(w.chunk);
      w.done();
    }
  }

  /** The reader went away: every waiting write fails with EPIPE, as a Node stream on a pipe says it. */
  breakPipe(): void {
    const err = Object.assign(new Error("write EPIPE"), { code: "EPIPE" });
    for (const w of this.waiting.splice(0)) w.done(err);
    this.emit("error", err);
  }

  get handedOut(): number {
    return this.written.length + this.waiting.length;
  }
}

const line = (i: number) => `line ${String(i).padStart(4, "0")}\n`; // 10 bytes

function setup(maxBytes = 100) {
  let t = 1_000;
  const reader = new FakeReader();
  const sink = new LogSink(reader, { maxBytes, settleMs: 1000, now: () => t });
  return { reader, sink, tick: (ms: number) => (t += ms) };
}

describe("LogSink", () => {
  it("hands each line out at once while the reader keeps up", () => {
    const { reader, sink } = setup();
    for (let i = 0; i < 50; i++) {
      expect(sink.write(line(i))).toBe(true);
      reader.take();
    }
    expect(reader.written).toHaveLength(50);
    expect(sink.droppedLines).toBe(0);
  });

  it("holds at most maxBytes for a reader that stops, then drops and counts", () => {
    const { reader, sink } = setup(100);
    const accepted = Array.from({ length: 25 }, (_, i) => sink.write(line(i)));
    expect(accepted.filter(Boolean)).toHaveLength(10);
    expect(reader.handedOut).toBe(10);
    expect(sink.droppedLines).toBe(15);
  });

  it("counts the dropped lines by their level, so a lost warning or error shows", () => {
    const { reader, sink } = setup(200);
    const pino = (level: number, msg: string) => `{"level":${level},"time":1,"msg":"${msg}"}\n`;
    while (sink.write(pino(10, "client error"))) {}
    for (const [level, n] of [
      [10, 4],
      [30, 2],
      [40, 1],
      [50, 1],
    ] as const)
      for (let i = 0; i < n; i++) sink.write(pino(level, "x"));
    reader.take();
    sink.write(pino(30, "after"));
    reader.take();
    const report = JSON.parse(reader.written.find((l) => l.includes("log lines dropped"))!);
    expect(report.dropped).toBe(9);
    expect(report.levels).toEqual({ trace: 5, info: 2, warn: 1, error: 1 });
  });

  it("says once how many were dropped and over what time, when the reader has taken half", () => {
    const { reader, sink, tick } = setup(1000);
    for (let i = 0; i < 100; i++) sink.write(line(i));
    sink.write(line(100)); // first dropped, at t=1000
    tick(500);
    sink.write(line(101)); // last dropped, at t=1500
    reader.take(30); // 700 bytes still wait: more than half, so still dropping
    expect(sink.write(line(102))).toBe(false);
    reader.take(20); // 500 bytes: half
    expect(sink.write(line(103))).toBe(true);
    reader.take();
    const reports = reader.written.filter((l) => l.startsWith("{"));
    expect(reports).toHaveLength(1);
    const report = JSON.parse(reports[0]);
    expect(report).toMatchObject({ level: 40, dropped: 3, levels: { other: 3 }, from: 1000, to: 1500, msg: "log lines dropped: their reader fell behind" });
    // In the order it happened: what waited, the report, then the new line.
    expect(reader.written.slice(-3)).toEqual([line(99), reports[0], line(103)]);
    expect(sink.droppedLines).toBe(0);
  });

  it("stops writing for good when the reader went away (EPIPE), counting what it does not write", () => {
    const { reader, sink } = setup();
    sink.write(line(0));
    sink.write(line(1));
    reader.breakPipe();
    expect(sink.closed).toBe(true);
    expect(sink.write(line(2))).toBe(false);
    expect(reader.handedOut).toBe(0);
    expect(sink.droppedLines).toBe(3); // the two that failed and the one never written
  });

  it("ends at once when all went out or the reader left, else at the deadline", async () => {
    const { reader, sink } = setup();
    await sink.end(10_000);
    sink.write(line(0));
    const t0 = Date.now();
    await sink.end(50);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(40);
    const ending = sink.end(10_000);
    reader.take();
    await ending;
    sink.write(line(1));
    const broken = sink.end(10_000);
    reader.breakPipe();
    await broken;
  });

  describe("secrets", () => {
    it("are lost when their own lines are dropped", () => {
      const { sink } = setup(100);
      for (let i = 0; i < 10; i++) sink.write(line(i));
      let lost = 0;
      sink.writeSecret(["the key\n"], () => lost++);
      expect(lost).toBe(1);
    });

    it("are lost when the reader leaves right after reading them (| head -c 100)", () => {
      const { reader, sink, tick } = setup(1000);
      let lost = 0;
      sink.writeSecret(["the key is\n", "  vc_secret\n"], () => lost++);
      reader.take();
      tick(200);
      sink.write("listening on\n");
      reader.breakPipe();
      expect(lost).toBe(1);
    });

    it("count as read once a line issued a settle time later went through", () => {
      const { reader, sink, tick } = setup(1000);
      let lost = 0;
      sink.writeSecret(["  vc_secret\n"], () => lost++);
      reader.take();
      tick(200);
      sink.write("listening on\n");
      reader.take();
      tick(1000);
      sink.write("shutting down\n");
      reader.take();
      sink.write("later\n");
      reader.breakPipe();
      expect(lost).toBe(0);
    });

    it("are not lost while they only wait for a slow reader", () => {
      const { reader, sink } = setup(100);
      let lost = 0;
      sink.writeSecret(["  vc_secret\n"], () => lost++);
      for (let i = 0; i < 30; i++) sink.write(line(i)); // later lines dropped: the key still waits, first in line
      expect(lost).toBe(0);
      reader.take();
      expect(reader.written[0]).toBe("  vc_secret\n");
    });
  });
});
