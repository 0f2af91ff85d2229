/**
 * What a search and a draw answer, on the HTTP thread or a search worker's: the types
 * the services and the search pool share, apart from the services' dependencies (deps.ts
 * names the pool, so the pool cannot import the services that take deps).
 */
import type { CatalogFilter, SortKey } from "../../catalog/index.js";
import type { DetailedRecord } from "../../model/record.js";
import type { SearchResultOut } from "../../model/search-result.js";

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
 * A /random answer: the JSON array of the records as the response schema writes it
 * (UTF-8), built from their stored bytes (catalog recordsJson); or the records
 * themselves, for the serialiser, when one of them is stored otherwise.
 */
export type RandomAnswer = { json: Buffer } | { records: DetailedRecord[] };
