import { catalogProviders } from "../catalog/movies-read.js";
import type { Db } from "../catalog/db.js";
import { invalidParameter } from "../lib/errors.js";

/** Names accepted in `providers`: the live providers and every provider with records. */
export function knownProviders(db: Db, live: readonly string[]): string[] {
  return [...new Set([...live, ...catalogProviders(db)])].sort();
}

/**
 * Normalises `providers` (comma-separated string, repeated parameter or array) to
 * an ordered list without repeats, or null when absent. Unknown names are a 400
 * that lists the valid ones.
 */
export function parseProviders(input: string | string[] | undefined, known: readonly string[]): string[] | null {
  if (input === undefined) return null;
  const names = (Array.isArray(input) ? input : [input])
    .flatMap((s) => s.split(","))
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  if (names.length === 0) return null;
  const unknown = names.filter((n) => !known.includes(n));
  if (unknown.length > 0) {
    throw invalidParameter(
      `unknown provider ${unknown.map((u) => `"${u}"`).join(", ")}; valid providers: ${known.join(", ") || "(none yet)"}`,
    );
  }
  return [...new Set(names)];
}
