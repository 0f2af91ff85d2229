/**
 * Query parameters as MetaTube's clients write them: the Jellyfin and Emby plugins
 * are .NET (booleans `True`/`False`, numbers in invariant culture, `pos=-1` for "not
 * given", `url=` and `badge=` empty or without a value), the Plex plugin Python
 * (`True`/`False`, absent when None). Parameters nobody reads are ignored, as
 * MetaTube's server ignores them (newer clients send `lang`).
 */
import type { CutOptions, ImageKind } from "../../images/index.js";
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

/** An image request's query as MetaTube's route binds it (route/image.go imageQuery), with its presets: ratio -1, pos -1, quality 90. */
export interface ImageQuery {
  url: string | undefined;
  ratio: number;
  pos: number;
  quality: number;
}

/**
 * Reads an image request's query. Only what MetaTube cannot bind is a 400 (not a number, a
 * quality that is no integer, `auto` not a boolean): a ratio or pos out of range is no
 * error there (the cut takes it, imageCut), and a quality outside 1..100 is taken as the
 * nearest end, as Go's JPEG encoder takes it (the plugins' setting starts at 0).
 */
export function imageQuery(q: Query): ImageQuery {
  const raw = text(q, "quality")?.trim();
  if (raw !== undefined && raw !== "" && !/^[+-]?\d+$/.test(raw)) throw badRequest(`quality must be an integer, got "${raw}"`);
  const quality = raw === undefined || raw === "" ? 90 : Math.min(100, Math.max(1, Number(raw)));
  // Read for its spelling only: face detection (auto) is not done here, and the cut stays at pos.
  bool(q, "auto", false);
  return { url: text(q, "url")?.trim() || undefined, ratio: number(q, "ratio") ?? -1, pos: number(q, "pos") ?? -1, quality };
}

/** Where an image route's picture comes from: the `url` asked, a title's own cover, an actress's own first picture. */
export type ImageFrom = "url" | "title" | "actor";

/** MetaTube's place for an actress's own picture (engine/image.go defaultActorPrimaryImagePosition). */
const ACTOR_POS = 0.5;

/**
 * The cut MetaTube makes for a request (route/image.go getImage, engine/image.go): with `url`,
 * the primary at the asked ratio (negative: 2:3) and every kind at the asked pos as it is, so
 * the preset -1 puts the box flush left or top; a title's own primary at the asked ratio and
 * pos (negative: 2:3, and 1); a title's own thumb and backdrop, and an actress's own picture,
 * at MetaTube's fixed cut, whatever the query says.
 */
export function imageCut(kind: ImageKind, query: ImageQuery, from: ImageFrom): CutOptions {
  const quality = query.quality;
  if (from === "actor") return { kind: "primary", pos: ACTOR_POS, quality };
  const ratio = kind === "primary" && query.ratio >= 0 ? query.ratio : undefined;
  if (from === "url") return { kind, ratio, pos: query.pos, quality };
  return kind === "primary" ? { kind, ratio, pos: query.pos >= 0 ? query.pos : undefined, quality } : { kind, quality };
}
