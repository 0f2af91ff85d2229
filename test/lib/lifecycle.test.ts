/** The parts of a serving process (src/lib/lifecycle.ts): the order they start and stop in, the stop done once, a stop that comes during the start. */
import { describe, expect, it } from "vitest";
import { Lifecycle, type Part } from "../../src/lib/lifecycle.js";

/** A part that notes what happens to it in `seen`. */
function part(name: string, seen: string[], o: { early?: boolean; slowStop?: Promise<void> } = {}): Part {
  return {
    name,
    start: async () => void seen.push(`start ${name}`),
    ...(o.early && { stopping: () => void seen.push(`stopping ${name}`) }),
    stop: async () => {
      await o.slowStop;
      seen.push(`stop ${name}`);
    },
  };
}

describe("Lifecycle: parts started in order, stopped the other way round, once", () => {
  it("starts each part after the one before, leaves out absent ones, tells the early ones first and stops the last first", async () => {
    const seen: string[] = [];
    const life = new Lifecycle([part("a", seen), null, part("b", seen, { early: true }), false, part("c", seen, { early: true })]);
    await life.start();
    expect(seen).toEqual(["start a", "start b", "start c"]);
    seen.length = 0;
    const stopped = await life.stop();
    expect(seen).toEqual(["stopping c", "stopping b", "stop c", "stop b", "stop a"]);
    expect(Object.keys(stopped.after)).toEqual(["c", "b", "a"]);
    expect(stopped.totalMs).toBeGreaterThanOrEqual(stopped.after.a);
  });

  it("stops once, whatever asks again while it stops", async () => {
    const seen: string[] = [];
    let release!: () => void;
    const life = new Lifecycle([part("a", seen, { slowStop: new Promise((r) => (release = r)) })]);
    await life.start();
    const first = life.stop();
    expect(life.stopping).toBe(true);
    const second = life.stop();
    release();
    expect(await second).toBe(await first);
    expect(seen.filter((s) => s === "stop a")).toHaveLength(1);
  });

  it("a stop during the start: the parts after the one starting never start, and every part is stopped", async () => {
    const seen: string[] = [];
    let started!: () => void;
    const slow: Part = { name: "slow", start: () => new Promise<void>((r) => (started = r)), stop: () => void seen.push("stop slow") };
    const life = new Lifecycle([part("a", seen), slow, part("b", seen)]);
    const starting = life.start();
    await new Promise((r) => setImmediate(r));
    const stopping = life.stop();
    started();
    await starting;
    await stopping;
    expect(seen).toEqual(["start a", "stop b", "stop slow", "stop a"]);
  });
});
