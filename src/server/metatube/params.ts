/**
 * Query parameters as MetaTube's clients write them: the Jellyfin and Emby plugins
 * are .NET (booleans `True`/`False`, numbers in invariant culture, `pos=-1` for "not
 * given", `url=` and `badge=` empty or without a value), the Plex plugin Python
 * (`True`/`False`, absent when None). Parameters nobody reads are ignored, as
 * MetaTube's server ignores them (newer clients send `lang`).
 */
import { badRequest } from "./envelope.js";

export type Query = Record<string, string | string[] | undefined>;

/** The parameter's text: the first of a repeated one, "" for a key without a value, undefined when absent. */
export function text(q: Query, name: string): string | undefined {
  const v = q[name];
  return Array.isArray(v) ? v[0] : v;
}

/** A boolean in any of the spellings clients send; `fallback` when absent or empty. */
export function bool(q: Query, name: string, fallback: boolean): boolean {
  const v = text(q, name)?.trim().toLowerCase();
  if (v === undefined || v === "") return fallback;
  if (v === "true" || v === "1") return true;
  if (v === "false" || v === "0") return false;
  throw badRequest(`${name} must be true or false, got "${text(q, name)}"`);
}

/** A number, or undefined when absent or empty; not a number is a 400. */
export function number(q: Query, name: string): number | undefined {
  const raw = text(q, name)?.trim();
  if (raw === undefined || raw === "") return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n)) throw badRequest(`${name} must be a number, got "${raw}"`);
  return n;
}

/** The search text: required and non-blank (MetaTube's `binding:"required"`), at most 512 characters. */
export function searchText(q: Query): string {
  const v = text(q, "q");
  if (v === undefined || v.trim() === "") throw badRequest("q is required");
  if (v.length > 512) throw badRequest("q must be at most 512 characters");
  return v;
}

/**
 * The cut an image route asks for: ratio (primary only) > 0, or negative for the default;
 * pos 0..1, or -1; quality 0..100, where 0 is 1 (the plugins' setting starts at 0, and
 * MetaTube's JPEG encoder takes anything below 1 as 1).
 */
export function imageCut(q: Query): { ratio?: number; pos?: number; quality: number } {
  const ratio = number(q, "ratio");
  if (ratio !== undefined && (ratio === 0 || ratio > 100))
    throw badRequest(`ratio must be above 0 and at most 100 (or negative for the default), got ${ratio}`);
  const pos = number(q, "pos");
  if (pos !== undefined && pos !== -1 && (pos < 0 || pos > 1)) throw badRequest(`pos must be between 0 and 1 (or -1 for the default), got ${pos}`);
  const asked = number(q, "quality") ?? 90;
  if (!Number.isInteger(asked) || asked < 0 || asked > 100) throw badRequest(`quality must be an integer from 0 to 100, got ${asked}`);
  const quality = Math.max(1, asked);
  // Read for their spelling only: face detection (auto) and badges fall back to the default cut.
  bool(q, "auto", false);
  return { ratio: ratio !== undefined && ratio > 0 ? ratio : undefined, pos: pos !== undefined && pos >= 0 ? pos : undefined, quality };
}
