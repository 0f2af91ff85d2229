import { buildMatch, buildPhrase, codePhrase } from "../catalog/search/fts-match.js";
import { isEmptyFilter, type CatalogFilter } from "../catalog/search/filter-sql.js";
import { getResultDocs, type StoredMovie } from "../catalog/store/movies-read.js";
import { fieldsOfDoc, resultFieldsOf, searchResultJson, type ResultFields } from "../catalog/store/result-json.js";
import type { Db } from "../catalog/store/db.js";
import { countMatches, isCommonWord, searchIds, type SortKey } from "../catalog/search/search.js";
import { readSnapshot } from "../catalog/store/statements.js";
import { findCode } from "../codes/index.js";
import type { ServiceDeps } from "./deps.js";

export interface SearchResult {
  id: string;
  dvdId: string;
  title: string;
  cover: string;
  releaseDate: string;
  /** The spec's studio and url, and what javinfo.dev clients print of a result. */
  extra: {
    studio: string;
    url: string;
    maker: string | null;
    actresses: { name: string; image: string | null }[];
    categories: string[];
    runtimeMins: number;
    series: string | null;
  };
}

export interface SearchInput {
  q: string;
  filter: CatalogFilter;
  sort: SortKey | undefined;
  page: number;
  num: number;
}

/**
 * A result as an object, or as its JSON exactly as the response schema writes it
 * (a catalog title read from its stored document: see result-json.ts).
 */
export type SearchResultOut = SearchResult | Uint8Array;

export interface SearchAnswer {
  body: { q: string; source: string; query: string; count: number; results: SearchResultOut[] };
  total: number;
  page: number;
  pageSize: number;
  lastPage: number;
}

/** A search result from the fields the catalog read for it. */
export function resultOf(f: ResultFields, pageUrl: string): SearchResult {
  return {
    id: f.contentId,
    dvdId: f.dvdId,
    title: f.titleEn || f.titleJa,
    cover: f.jacketThumbUrl,
    releaseDate: f.releaseDate.slice(0, 10),
    extra: {
      studio: f.maker ?? "",
      url: pageUrl,
      maker: f.maker,
      actresses: f.actresses,
      categories: f.categories,
      runtimeMins: f.runtimeMins,
      series: f.series,
    },
  };
}

/** A search result of a record in full (a live provider's answer). */
export function toSearchResult(m: StoredMovie): SearchResult {
  return resultOf(resultFieldsOf(m.record), m.pageUrl);
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
 * The words of q, all required; the last one also as a prefix (search as you type),
 * unless it is a common word on its own or q is a code: `ssis-1` means SSIS-001
 * (first, by its code phrase), not every number starting with 1 (which would merge
 * the postings of thousands of terms).
 */
function matchFor(db: Db, text: string, dvdId: string | null): string | null {
  const words = buildMatch(text, { prefixLast: dvdId === null, wholeWord: (w) => isCommonWord(db, w) });
  if (dvdId === null) return words;
  const exact = codePhrase(dvdId);
  if (words === null) return exact;
  return exact === null ? words : `(${words}) OR (${exact})`;
}

/**
 * /query over the catalog: a code-like q ranks its exact code first, then bm25;
 * page and num accept the spec's whole range (a page past the end is empty).
 * One read transaction: the total and the page agree, and the dozen statements of a
 * search take the file locks once.
 */
export function searchCatalog(deps: ServiceDeps, input: SearchInput): SearchAnswer {
  return readSnapshot(deps.db, () => searchInSnapshot(deps, input));
}

function searchInSnapshot(deps: ServiceDeps, input: SearchInput): SearchAnswer {
  const used = queryAsUsed(input.q);
  const match = used.text === "" ? null : matchFor(deps.db, input.q.normalize("NFKC").trim(), used.dvdId);
  const pageSize = Math.min(input.num, deps.config.maxPageSize);
  const noText = used.text === "" || match === null;
  const sort: SortKey = input.sort ?? (noText ? "release" : "relevance");
  const phrase = noText ? null : buildPhrase(input.q.normalize("NFKC").trim());
  const spec = { match: noText ? null : match, exactDvdId: used.dvdId, phrase, filter: input.filter, sort };
  // Text with nothing searchable in it (only punctuation) matches nothing rather than everything.
  const total = used.text !== "" && match === null ? 0 : countMatches(deps.db, spec);
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  const offset = (BigInt(input.page) - 1n) * BigInt(pageSize);
  let results: SearchResultOut[] = [];
  if (offset < BigInt(total)) {
    const ids = searchIds(deps.db, spec, pageSize, Number(offset));
    results = getResultDocs(deps.db, ids).map((d) => searchResultJson(d.doc, d.pageUrl) ?? resultOf(fieldsOfDoc(d.doc), d.pageUrl));
  }
  return {
    body: { q: input.q, source: "catalog", query: used.text, count: results.length, results },
    total,
    page: input.page,
    pageSize,
    lastPage,
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
  const results = live.records.slice(0, local.pageSize).map((r) => toSearchResult({ id: 0, provider: r.provider, serviceCode: r.record.serviceCode, pageUrl: r.pageUrl, record: r.record }));
  return {
    ...local,
    body: { ...local.body, source: live.provider, count: results.length, results },
    total: live.records.length,
    lastPage: 1,
  };
}
