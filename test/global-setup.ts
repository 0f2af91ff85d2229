import { ensureBuilt } from "../scripts/build.mjs";

/**
 * The tests that start a process run dist/, what `npm start` and `npm run cli` run:
 * built here when a source changed since the last build (npm install builds it too).
 */
export async function setup(): Promise<void> {
  await ensureBuilt();
}
