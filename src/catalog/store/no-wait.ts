import type { Db } from "./db.js";
import { endTurnSnapshot } from "./statements.js";

/**
 * Runs a write transaction without waiting for the write lock: false when another
 * connection holds it (an import may hold it for minutes), and nothing is written.
 * For writes the server makes on its event loop, which must never block on the lock.
 */
export function writeWithoutWaiting(db: Db, write: () => void): boolean {
  // A write inside the turn's read transaction would be held back until the turn ends.
  endTurnSnapshot(db);
  const timeout = db.pragma("busy_timeout", { simple: true }) as number;
  db.pragma("busy_timeout = 0");
  try {
    db.transaction(write).immediate();
    return true;
  } catch (err) {
    if (isBusy(err)) return false;
    throw err;
  } finally {
    db.pragma(`busy_timeout = ${timeout}`);
  }
}

function isBusy(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("SQLITE_BUSY");
}
