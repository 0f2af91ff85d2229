import { ensureBuilt } from "../scripts/build.mjs";
import { nodeRefusal } from "../src/lib/node-version.js";

/**
 * The tests that start a process run dist/, what `npm start` and `npm run cli` run:
 * built here when a source changed since the last build (npm install builds it too).
 * An unsupported Node is refused first, in the line `npm start` gives: on Node 20 the
 * first test to open a catalog would end its worker with a bare segmentation fault.
 */
export async function setup(): Promise<void> {
  const refusal = nodeRefusal(process.versions.node);
  if (refusal !== null) throw new Error(refusal);
  await ensureBuilt();
}
