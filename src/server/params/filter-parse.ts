import { EMPTY_FILTER, foldName, type CatalogFilter } from "../../catalog/index.js";
import type { NameKind } from "../../model/record.js";
import { AppError, invalidParameter } from "../../lib/errors.js";
import { resolveProviders } from "./providers-param.js";
import { parseFilterText, type RawFilter } from "./filter-terms.js";

const NAME_KEYS: readonly NameKind[] = ["genre", "actress", "actor", "director", "author", "maker", "label", "series"];
const OTHER_KEYS = ["censored", "runtimeMin", "runtimeMax", "releaseAfter", "releaseBefore", "site", "provider"] as const;
export const FILTER_KEYS: readonly string[] = [...NAME_KEYS, ...OTHER_KEYS];

type Scalar = string | number | boolean;

function values(key: string, raw: unknown): Scalar[] {
  const list = Array.isArray(raw) ? raw : [raw];
  if (list.length === 0 || list.length > 20) throw invalidParameter(`filter ${key} must have 1 to 20 values`);
  for (const v of list) {
    if (typeof v !== "string" && typeof v !== "number" && typeof v !== "boolean") {
      throw invalidParameter(`filter ${key} must be a string, number or boolean`);
    }
  }
  return list as Scalar[];
}

function single(key: string, raw: unknown): Scalar {
  const list = values(key, raw);
  if (list.length !== 1) throw invalidParameter(`filter ${key} takes one value`);
  return list[0];
}

function minutes(key: string, raw: unknown): number {
  const v = String(single(key, raw)).trim();
  if (!/^\d{1,6}$/.test(v)) throw invalidParameter(`filter ${key} must be a whole number of minutes, got "${v}"`);
  return Number(v);
}

function day(key: string, raw: unknown): string {
  const v = String(single(key, raw)).trim();
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  const d = m ? new Date(`${v}T00:00:00Z`) : null;
  if (!m || !d || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== v) {
    throw invalidParameter(`filter ${key} must be a date YYYY-MM-DD, got "${v}"`);
  }
  return v;
}

function name(key: string, v: Scalar): string {
  const s = foldName(String(v));
  if (s === "" || s.length > 200) throw invalidParameter(`filter ${key} must be a name of 1 to 200 characters`);
  return s;
}

/**
 * Turns a `filter` (object, JSON text or key:value terms) into a CatalogFilter.
 * `providers` (already validated) and the filter's `provider` key intersect.
 */
export function parseFilter(input: unknown, providers: string[] | null, knownProviders: readonly string[]): CatalogFilter {
  const raw: RawFilter = input === undefined || input === null ? {} : typeof input === "string" ? parseFilterText(input) : (input as RawFilter);
  const f: CatalogFilter = { ...EMPTY_FILTER, names: [], sites: [], providers };
  for (const [key, value] of Object.entries(raw)) {
    if ((NAME_KEYS as readonly string[]).includes(key)) {
      for (const v of values(key, value)) f.names.push({ kind: key as NameKind, name: name(key, v) });
      continue;
    }
    switch (key) {
      case "censored": {
        const v = String(single(key, value)).trim().toLowerCase();
        if (v === "censored" || v === "true") f.censored = true;
        else if (v === "uncensored" || v === "false") f.censored = false;
        else throw invalidParameter(`filter censored must be censored or uncensored, got "${v}"`);
        break;
      }
      case "runtimeMin":
        f.runtimeMin = minutes(key, value);
        break;
      case "runtimeMax":
        f.runtimeMax = minutes(key, value);
        break;
      case "releaseAfter":
        f.releaseAfter = day(key, value);
        break;
      case "releaseBefore":
        f.releaseBefore = day(key, value);
        break;
      case "site":
        for (const v of values(key, value)) f.sites.push(String(v).trim());
        break;
      case "provider": {
        // Each value is one provider (or javinfo.dev alias) the record must come from.
        for (const v of values(key, value)) {
          const allowed = resolveProviders([String(v).trim().toLowerCase()], knownProviders, " in filter");
          f.providers = (f.providers ?? allowed).filter((p) => allowed.includes(p));
        }
        break;
      }
      case "availability":
        throw new AppError(
          "UNSUPPORTED_FILTER",
          `this service cannot serve filter "availability" (javinfo.dev's javdb filter: playable, magnets, subtitle, single); it serves ${FILTER_KEYS.join(", ")}`,
        );
      default:
        throw invalidParameter(`unknown filter key "${key}"; valid keys: ${FILTER_KEYS.join(", ")}`);
    }
  }
  return f;
}
