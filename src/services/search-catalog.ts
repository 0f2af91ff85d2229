import { isEmptyFilter, searchPage, type CatalogFilter, type SortKey } from "../catalog/index.js";
import { findCode } from "../codes/index.js";
import { toSearchResult, type SearchResultOut } from "../model/search-result.js";
import type { ServiceDeps } from "./deps.js";

export interface SearchInput {
  q: string;
  filter: CatalogFilter;
  sort: SortKey | undefined;
  page: number;
  num: number;
}

export interface SearchAnswer {
  body: { q: string; source: string; query: string; count: number; results: SearchResultOut[] };
  total: number;
  page: number;
  pageSize: number;
  lastPage: number;
}

/**
 * The text actually searched: trimmed, NFKC, single spaces; a q that is a code alone in
 * its canonical spelling. A code read amid other words (a file name, a title with its
 * code) ranks first too, and the words are searched as well.
 */
export function queryAsUsed(q: string): { text: string; dvdId: string | null } {
  const text = q.normalize("NFKC").trim().replace(/\s+/g, " ");
  const code = text === "" ? null : findCode(text);
  return { text: code?.exact ? code.dvdId : text, dvdId: code ? code.dvdId : null };
}

/**
 * /query over the catalog: a code-like q ranks its exact code first, then bm25;
 * page and num accept the spec's whole range (a page past the end is empty).
 */
export function searchCatalog(deps: ServiceDeps, input: SearchInput): SearchAnswer {
  const used = queryAsUsed(input.q);
  const pageSize = Math.min(input.num, deps.config.maxPageSize);
  const offset = (BigInt(input.page) - 1n) * BigInt(pageSize);
  const text = used.text === "" ? "" : input.q.normalize("NFKC").trim();
  const { total, results } = searchPage(deps.db, { text, dvdId: used.dvdId, filter: input.filter, sort: input.sort, limit: pageSize, offset });
  return {
    body: { q: input.q, source: "catalog", query: used.text, count: results.length, results },
    total,
    page: input.page,
    pageSize,
    lastPage: Math.max(1, Math.ceil(total / pageSize)),
  };
}

/**
 * /query: the catalog first; when it has no match at all for a text query without
 * filters, the live providers' search (whose records are written through).
 * A failing provider leaves the catalog's (empty) answer standing.
 */
export async function searchWithFallback(deps: ServiceDeps, input: SearchInput): Promise<SearchAnswer> {
  const local = deps.pool ? await deps.pool.search(input) : searchCatalog(deps, input);
  const { providers, ...rest } = input.filter;
  const unfiltered = isEmptyFilter({ ...rest, providers: null });
  if (local.total > 0 || !deps.live || local.body.query === "" || !unfiltered || input.page !== 1) return local;
  const sort: SortKey = input.sort ?? "relevance";
  const live = await deps.live.search(local.body.query, sort, providers);
  if (live.provider === null) return local;
  const results = live.records.slice(0, local.pageSize).map((r) => toSearchResult(r.record, r.pageUrl));
  // One page, whole: its total is what it shows, so no `next` link points at a page 2 that
  // would come from the catalog (empty on a replica, which stores no live answer).
  return {
    ...local,
    body: { ...local.body, source: live.provider, count: results.length, results },
    total: results.length,
    lastPage: 1,
  };
}
