import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** The bytes of every file under `path` (a backup directory, say). */
export function dirBytes(path: string): number {
  let total = 0;
  for (const e of readdirSync(path, { withFileTypes: true })) {
    const p = join(path, e.name);
    total += e.isDirectory() ? dirBytes(p) : statSync(p).size;
  }
  return total;
}
