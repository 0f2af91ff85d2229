/** Stopping worker processes: each is sent SIGTERM (it answers what it holds, then exits), and SIGKILL if it is still there after `graceMs`. */
import cluster, { type Worker } from "node:cluster";

/** How long SIGTERM waits for workers to answer what they hold before they are killed. */
export const DRAIN_MS = 30_000;

/** Resolves once every worker of `workers` has exited. */
export async function drainWorkers(workers: Iterable<Worker>, graceMs: number = DRAIN_MS): Promise<void> {
  const list = [...workers];
  const exited = list.map((w) => new Promise<void>((r) => (w.isDead() ? r() : w.once("exit", () => r()))));
  for (const w of list) w.process.kill("SIGTERM");
  const killer = setTimeout(() => {
    for (const w of list) if (!w.isDead()) w.process.kill("SIGKILL");
  }, graceMs);
  await Promise.all(exited);
  clearTimeout(killer);
}

/** Every worker process of this primary. */
export function everyWorker(): Worker[] {
  return Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
}
