import type { CatalogFilter } from "../../catalog/filter-sql.js";
import type { ServiceDeps } from "../../services/deps.js";
import { parseFilter } from "../../services/filter-parse.js";
import { parseProviders } from "../../services/providers-param.js";

/** What every route module receives from buildServer. */
export interface RouteContext {
  deps: ServiceDeps;
  /** Names valid in `providers` right now. */
  knownProviders: () => string[];
}

/** The records a request may see: its `providers` and `filter`, validated. */
export function scopeFilter(ctx: RouteContext, p: { providers?: string | string[]; filter?: unknown }): CatalogFilter {
  const known = ctx.knownProviders();
  return parseFilter(p.filter, parseProviders(p.providers, known), known);
}
