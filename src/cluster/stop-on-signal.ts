/**
 * How a serving process stops (the single one, a worker, a primary): on SIGINT or
 * SIGTERM, or whatever else it names (a worker: its primary gone), once, whatever comes
 * after. It says "shutting down", stops its parts the last first (lib/lifecycle.ts),
 * says "shut down" with what that took, lets the log's reader take the last lines
 * (for a while: a reader that stalls never holds the exit), and exits 0.
 */
import type { Lifecycle, Stopped } from "../lib/lifecycle.js";
import type { Log } from "../lib/log.js";
import { endServerOutput } from "../lib/server-output.js";

/** How long a stop waits for the log's reader to take what is left before exiting anyway. */
const OUTPUT_DRAIN_MS = 2000;

export interface StopOptions {
  /** What stops the process: SIGINT and SIGTERM unless set. */
  on?: string[];
  /** More fields of the "shutting down" line (how many workers it stops). */
  shuttingDown?: () => object;
  /** More fields of the "shut down" line, from what the stop took (the HTTP server's close). */
  shutDown?: (stopped: Stopped) => object;
}

export function stopOnSignal(life: Lifecycle, log: Pick<Log, "info">, o: StopOptions = {}): void {
  const stop = async (signal: string) => {
    if (life.stopping) return;
    log.info({ signal, ...o.shuttingDown?.() }, "shutting down");
    const stopped = await life.stop();
    log.info({ signal, ...o.shutDown?.(stopped), totalMs: stopped.totalMs }, "shut down");
    await endServerOutput(OUTPUT_DRAIN_MS);
    process.exit(0);
  };
  for (const signal of o.on ?? ["SIGINT", "SIGTERM"]) process.on(signal, () => void stop(signal));
}
