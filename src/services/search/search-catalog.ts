import { searchPage } from "../../catalog/index.js";
import { findCode } from "../../codes/index.js";
import type { SearchAnswer, SearchInput } from "../search-pool/answers.js";
import type { ServiceDeps } from "../deps.js";

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
