import { schedule, type ScheduledTask } from "node-cron";

export interface Schedule {
  stop(): Promise<void>;
}

/**
 * Runs `task` on a cron expression. A tick that comes while the previous run is
 * still going is skipped here; across processes the ingest lock keeps runs apart.
 */
export function startSchedule(expression: string, task: () => Promise<void>, onError: (err: unknown) => void): Schedule {
  let running: Promise<void> | null = null;
  const job: ScheduledTask = schedule(
    expression,
    () => {
      if (running) return;
      running = task()
        .catch(onError)
        .finally(() => {
          running = null;
        });
    },
    { name: "ingest", noOverlap: true },
  );
  return {
    async stop() {
      await job.stop();
      await running;
    },
  };
}
