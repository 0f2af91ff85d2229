import { catalogProviders, type Db } from "../../catalog/index.js";
import { AppError, invalidParameter } from "../../lib/errors.js";

/** Names accepted in `providers`: the live providers and every provider with records. */
export function knownProviders(db: Db, live: readonly string[]): string[] {
  return [...new Set([...live, ...catalogProviders(db)])].sort();
}

/**
 * javinfo.dev's names for DMM data, which its clients (the javinfo MCP server and CLI)
 * pin: here, the records that came from DMM data, the `fanza` and `r18dev` providers,
 * in the catalog and live. `r18` is what older clients called r18.dev.
 */
const DMM_DATA = ["fanza", "r18dev"];
export const JAVINFO_ALIASES: Readonly<Record<string, readonly string[]>> = {
  fanza: DMM_DATA,
  dmm: DMM_DATA,
  r18: ["r18dev", "fanza"],
};

/** javinfo.dev's sources this service does not have, and what they give there. */
const JAVINFO_ONLY: Readonly<Record<string, string>> = {
  javdb: "download links and scores",
  missav: "video streams",
  javdatabase: "descriptions and sample images",
};

const listed = (names: readonly string[]) => names.map((n) => `"${n}"`).join(", ");

function servable(known: readonly string[]): string {
  const aliases = Object.keys(JAVINFO_ALIASES).map((a) => `${a} (DMM data: ${JAVINFO_ALIASES[a].join(", ")})`);
  return [...aliases, ...known].join(", ") || "(none yet)";
}

/**
 * Provider names as asked, in order and without repeats, each javinfo.dev alias replaced
 * by the providers it stands for that exist here (none: it matches nothing). A javinfo.dev
 * source this service does not serve is a 422 naming what it serves; any other unknown
 * name a 400 listing the valid ones.
 */
export function resolveProviders(names: readonly string[], known: readonly string[], where = ""): string[] {
  const missing = names.filter((n) => !known.includes(n) && !Object.hasOwn(JAVINFO_ALIASES, n));
  const unsupported = missing.filter((n) => Object.hasOwn(JAVINFO_ONLY, n));
  if (unsupported.length > 0) {
    const what = unsupported.map((n) => `${n} (${JAVINFO_ONLY[n]} at javinfo.dev)`).join(", ");
    throw new AppError("UNSUPPORTED_PROVIDER", `this service cannot serve provider ${listed(unsupported)}${where}: ${what}; it serves ${servable(known)}`);
  }
  if (missing.length > 0) throw invalidParameter(`unknown provider ${listed(missing)}${where}; valid providers: ${servable(known)}`);
  const out = names.flatMap((n) => (Object.hasOwn(JAVINFO_ALIASES, n) ? JAVINFO_ALIASES[n].filter((p) => known.includes(p)) : [n]));
  return [...new Set(out)];
}

/**
 * Normalises `providers` (comma-separated string, repeated parameter or array) to
 * an ordered list without repeats, or null when absent (see resolveProviders).
 */
export function parseProviders(input: string | string[] | undefined, known: readonly string[]): string[] | null {
  if (input === undefined) return null;
  const names = (Array.isArray(input) ? input : [input])
    .flatMap((s) => s.split(","))
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  if (names.length === 0) return null;
  return resolveProviders(names, known);
}
