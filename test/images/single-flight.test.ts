import { describe, expect, it } from "vitest";
import { SingleFlight } from "../../src/images/single-flight.js";

const gone = (reason: unknown) => new Error(`gone: ${String(reason)}`);

/** Work that ends when told, and says whether it was aborted. */
function pending() {
  let finish!: (value: string) => void;
  const state = { runs: 0, aborted: false };
  const work = (signal: AbortSignal) => {
    state.runs += 1;
    signal.addEventListener("abort", () => (state.aborted = true));
    return new Promise<string>((resolve) => (finish = resolve));
  };
  return { work, state, finish: (v: string) => finish(v) };
}

describe("SingleFlight", () => {
  it("runs the work once for concurrent askers of a key, and again once it has landed", async () => {
    const flights = new SingleFlight<string>(gone);
    const p = pending();
    const asks = [flights.run("k", p.work), flights.run("k", p.work), flights.run("k", p.work, new AbortController().signal)];
    await Promise.resolve();
    p.finish("done");
    expect(await Promise.all(asks)).toEqual(["done", "done", "done"]);
    expect(p.state.runs).toBe(1);
    expect(flights.size).toBe(0);
    const again = flights.run("k", p.work);
    await Promise.resolve();
    p.finish("again");
    expect(await again).toBe("again");
    expect(p.state.runs).toBe(2);
  });

  it("shares a failure with every asker, and forgets it", async () => {
    const flights = new SingleFlight<string>(gone);
    const fail = async () => {
      throw new Error("boom");
    };
    await expect(Promise.all([flights.run("k", fail), flights.run("k", fail)])).rejects.toThrow("boom");
    expect(flights.size).toBe(0);
  });

  it("lets an asker leave on its signal; aborts the work only when the last one leaves", async () => {
    const flights = new SingleFlight<string>(gone);
    const p = pending();
    const first = new AbortController();
    const second = new AbortController();
    const a = flights.run("k", p.work, first.signal);
    const b = flights.run("k", p.work, second.signal);
    first.abort("first");
    await expect(a).rejects.toThrow("gone: first");
    expect(p.state.aborted).toBe(false);
    second.abort("second");
    await expect(b).rejects.toThrow("gone: second");
    await Promise.resolve();
    expect(p.state.aborted).toBe(true);
    expect(flights.size).toBe(0);
  });

  it("refuses an asker whose signal is already aborted, starting nothing", async () => {
    const flights = new SingleFlight<string>(gone);
    const p = pending();
    await expect(flights.run("k", p.work, AbortSignal.abort("early"))).rejects.toThrow("gone: early");
    expect(p.state.runs).toBe(0);
  });
});
