import { foldName, tagToken } from "../fts/name-tags.js";
import type { NameKind } from "../../model/record.js";

/** One name of a filter, folded; `also`: the other folded names that match as well (a person's, any-name.ts). */
export interface NameFilter {
  kind: NameKind;
  name: string;
  also?: string[];
}

/** A parsed /query or /random filter. Names are already folded (foldName). */
export interface CatalogFilter {
  names: NameFilter[];
  censored?: boolean;
  runtimeMin?: number;
  runtimeMax?: number;
  /** YYYY-MM-DD, inclusive */
  releaseAfter?: string;
  releaseBefore?: string;
  sites: string[];
  /** Allowed providers (null = any). An empty list matches nothing. */
  providers: string[] | null;
}

export const EMPTY_FILTER: CatalogFilter = { names: [], sites: [], providers: null };

export interface FilterParts {
  /** SQL conditions on `movies m` (ranges), with their bound parameters. */
  where: string[];
  params: unknown[];
  /** An FTS5 expression over the `tags` column for the exact values, or null. */
  tags: string | null;
  /** The filter can match nothing (an empty providers list). */
  none: boolean;
}

const q = (token: string) => `"${token}"`;

/** A name's tag, or the tags of all its spellings as one OR group (one expression per name: its bitset's key too). */
function nameTags(n: NameFilter): string {
  if (n.also === undefined || n.also.length === 0) return q(tagToken(n.kind, n.name));
  return `(${[n.name, ...n.also].map((name) => q(tagToken(n.kind, name))).join(" OR ")})`;
}

/**
 * Splits a filter: exact values (names, site, censorship, providers) become tag
 * tokens matched by FTS5; ranges become SQL on indexed columns. Every value is a
 * bound parameter or a hashed token, never user text.
 */
export function filterParts(f: CatalogFilter): FilterParts {
  const where: string[] = [];
  const params: unknown[] = [];
  const tags: string[] = [];
  for (const n of f.names) tags.push(nameTags(n));
  for (const site of f.sites) tags.push(q(tagToken("site", foldName(site))));
  if (f.censored !== undefined) tags.push(q(tagToken("censored", f.censored ? "1" : "0")));
  if (f.providers !== null && f.providers.length > 0) {
    const any = f.providers.map((p) => q(tagToken("provider", p)));
    tags.push(any.length === 1 ? any[0] : `(${any.join(" OR ")})`);
  }
  const range = (cond: string, v: unknown) => {
    where.push(cond);
    params.push(v);
  };
  if (f.runtimeMin !== undefined) range("m.runtime_mins >= ?", f.runtimeMin);
  if (f.runtimeMax !== undefined) range("m.runtime_mins <= ?", f.runtimeMax);
  if (f.releaseAfter !== undefined) range("m.release_date >= ?", f.releaseAfter);
  if (f.releaseBefore !== undefined) range("m.release_date <= ?", f.releaseBefore);
  return {
    where,
    params,
    tags: tags.length ? `tags : (${tags.join(" AND ")})` : null,
    none: f.providers !== null && f.providers.length === 0,
  };
}

/**
 * The same filter as conditions on the row alone, when it has only censorship,
 * providers and ranges (columns of movies too; names and sites are folded, so they
 * stay tokens). Walking a sort index, such a test costs well under a microsecond a
 * row, where a tag token costs an FTS5 seek.
 */
export function rowConditions(f: CatalogFilter): { where: string[]; params: unknown[] } | null {
  if (f.names.length > 0 || f.sites.length > 0) return null;
  const { where, params } = filterParts({ ...f, censored: undefined, providers: null });
  if (f.censored !== undefined) {
    where.push("m.censored = ?");
    params.push(f.censored ? 1 : 0);
  }
  if (f.providers !== null) {
    where.push(`m.provider IN (${f.providers.map(() => "?").join(", ") || "NULL"})`);
    params.push(...f.providers);
  }
  return { where, params };
}

/**
 * The filter as a walk with bitsets takes it: each name and site as an FTS expression
 * of its own (a bitset each, reused by every search with that value), censorship,
 * providers and ranges as conditions on the row.
 */
export function bitsParts(f: CatalogFilter): { tagExprs: string[]; where: string[]; params: unknown[] } {
  const tagExprs = [...f.names.map((n) => `tags : (${nameTags(n)})`), ...f.sites.map((site) => `tags : (${q(tagToken("site", foldName(site)))})`)];
  const { where, params } = rowConditions({ ...f, names: [], sites: [] })!;
  return { tagExprs, where, params };
}

export function isEmptyFilter(f: CatalogFilter): boolean {
  const p = filterParts(f);
  return p.where.length === 0 && p.tags === null && !p.none;
}

/** One MATCH expression from user text (kept out of the tags column) and filter tags. */
export function combineMatch(text: string | null, tags: string | null): string | null {
  const t = text === null ? null : `- {tags} : (${text})`;
  if (t && tags) return `(${t}) AND (${tags})`;
  return t ?? tags;
}
