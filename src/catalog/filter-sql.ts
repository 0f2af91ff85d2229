import type { NameKind } from "./record.js";

/** A parsed /query or /random filter, ready for SQL. Names are already folded (foldName). */
export interface CatalogFilter {
  names: { kind: NameKind; name: string }[];
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

export interface SqlPart {
  where: string[];
  params: unknown[];
}

/** WHERE conditions on `movies m` for a filter; every value is a bound parameter. */
export function filterSql(f: CatalogFilter): SqlPart {
  const where: string[] = [];
  const params: unknown[] = [];
  for (const n of f.names) {
    where.push("m.id IN (SELECT movie_id FROM movie_names WHERE kind = ? AND name = ?)");
    params.push(n.kind, n.name);
  }
  if (f.censored !== undefined) {
    where.push("m.censored = ?");
    params.push(f.censored ? 1 : 0);
  }
  if (f.runtimeMin !== undefined) {
    where.push("m.runtime_mins >= ?");
    params.push(f.runtimeMin);
  }
  if (f.runtimeMax !== undefined) {
    where.push("m.runtime_mins <= ?");
    params.push(f.runtimeMax);
  }
  if (f.releaseAfter !== undefined) {
    where.push("m.release_date >= ?");
    params.push(f.releaseAfter);
  }
  if (f.releaseBefore !== undefined) {
    where.push("m.release_date <= ?");
    params.push(f.releaseBefore);
  }
  for (const site of f.sites) {
    where.push("m.site = ? COLLATE NOCASE");
    params.push(site);
  }
  if (f.providers !== null) {
    if (f.providers.length === 0) where.push("0");
    else {
      where.push(`m.provider IN (${f.providers.map(() => "?").join(", ")})`);
      params.push(...f.providers);
    }
  }
  return { where, params };
}

export function isEmptyFilter(f: CatalogFilter): boolean {
  return filterSql(f).where.length === 0;
}
