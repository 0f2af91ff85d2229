import { monitorEventLoopDelay } from "node:perf_hooks";
import type { Log } from "../lib/log.js";

/** A stall of the event loop longer than this is logged: every request waited that long. */
export const STALL_MS = 100;

/**
 * Watches the event loop's delay and logs a warning ("event loop stalled") for each
 * second in which it went over `thresholdMs`: the figure to look at when latency
 * spikes. Returns the function that stops watching.
 */
export function watchEventLoop(log: Pick<Log, "warn">, thresholdMs = STALL_MS): () => void {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const timer = setInterval(() => {
    const maxMs = delay.max / 1e6;
    if (maxMs > thresholdMs) log.warn({ maxMs: Math.round(maxMs) }, "event loop stalled");
    delay.reset();
  }, 1000);
  timer.unref();
  return () => {
    clearInterval(timer);
    delay.disable();
  };
}
