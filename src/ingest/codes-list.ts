import { readFileSync } from "node:fs";

/** The codes or content ids a list file holds, one a line; blank lines and `#` comments skipped. Throws when it cannot be read. */
export function readCodesList(path: string): string[] {
  return readFileSync(path, "utf8")
    .split(/\r?\n/)
    .map((l) => l.replace(/#.*/, "").trim())
    .filter(Boolean);
}
