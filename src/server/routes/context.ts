import type { CatalogFilter } from "../../catalog/index.js";
import type { ServiceDeps } from "../../services/deps.js";
import { parseFilter } from "../params/filter-parse.js";
import { parseProviders } from "../params/providers-param.js";

/** What every route module receives from buildServer. */
export interface RouteContext {
  deps: ServiceDeps;
  /** Names valid in `providers` right now. */
  knownProviders: () => string[];
}

/**
 * The records a request may see: its `providers` and `filter`, validated. The names
 * of providers cost a catalog read (a version check), so they are only read for a
 * request that names providers or has a filter.
 */
export function scopeFilter(ctx: RouteContext, p: { providers?: string | string[]; filter?: unknown }): CatalogFilter {
  const known = p.providers === undefined && p.filter === undefined ? [] : ctx.knownProviders();
  return parseFilter(p.filter, parseProviders(p.providers, known), known);
}

/** `providers` of a request, validated (null when it has none). */
export function scopeProviders(ctx: RouteContext, providers: string | string[] | undefined): string[] | null {
  return providers === undefined ? null : parseProviders(providers, ctx.knownProviders());
}
