import { readdirSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";

/**
 * The newest copy of the catalog that a read-only replica's server restored beside
 * DATABASE_PATH (`<name>.replica-<n>`, named by the replica's files), or null
 * when there is none. Only looks: a command never tidies the server's copies.
 */
export function newestReplicaCopy(databasePath: string): string | null {
  const path = resolve(databasePath);
  const base = basename(path);
  let names: string[];
  try {
    names = readdirSync(dirname(path));
  } catch {
    return null;
  }
  let newest = -1;
  for (const name of names) {
    if (!name.startsWith(`${base}.replica-`)) continue;
    const n = name.slice(base.length + ".replica-".length);
    if (/^\d{1,15}$/.test(n)) newest = Math.max(newest, Number(n));
  }
  return newest < 0 ? null : join(dirname(path), `${base}.replica-${newest}`);
}
