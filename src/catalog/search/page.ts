import { resultOf, type SearchResultOut } from "../../model/search-result.js";
import type { Db } from "../store/db.js";
import { getResultDocs } from "../store/movies-read.js";
import { fieldsOfDoc, searchResultJson } from "../wire/result-json.js";
import { readSnapshot } from "../store/statements.js";
import { countMatches } from "./counts.js";
import type { CatalogFilter } from "./filter-sql.js";
import { EMPTY_FILTER } from "./filter-sql.js";
import { buildMatch, buildPhrase, codePhrase } from "./fts-match.js";
import { isCommonWord, type SortKey, searchIds } from "./search.js";
import { personOfText, widenNames } from "./any-name.js";
import { closestTextId } from "./search-relevance.js";

/** A page of a text search: what /query asks the catalog. */
export interface PageQuery {
  /** The text as typed (NFKC, trimmed); "" for none. */
  text: string;
  /** A code read from the text: its exact match ranks first. */
  dvdId: string | null;
  filter: CatalogFilter;
  /** Undefined: by relevance for a text, by release without one. */
  sort: SortKey | undefined;
  limit: number;
  offset: bigint;
}

export interface Page {
  total: number;
  results: SearchResultOut[];
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
 * The total and one page of a search, in one read transaction: the two agree, and the
 * dozen statements of a search take the file locks once. Text with nothing searchable
 * in it (only punctuation) matches nothing rather than everything.
 */
export function searchPage(db: Db, q: PageQuery): Page {
  return readSnapshot(db, () => {
    const { total, ids } = pageIds(db, q);
    return { total, results: titleResults(db, ids) };
  });
}

/** The search results of titles by id, in that order (a person's titles), in one read transaction. */
export function titleResults(db: Db, ids: number[]): SearchResultOut[] {
  return readSnapshot(db, () => getResultDocs(db, ids).map((d) => searchResultJson(d.doc, d.pageUrl) ?? resultOf(fieldsOfDoc(d.doc), d.pageUrl)));
}

/** The total and the ids of one page of a search, in one read transaction (for answers built from whole records). */
export function searchTitleIds(db: Db, q: PageQuery): { total: number; ids: number[] } {
  return readSnapshot(db, () => pageIds(db, q));
}

function pageIds(db: Db, asked: PageQuery): { total: number; ids: number[] } {
  const q = anyName(db, asked);
  const match = q.text === "" ? null : matchFor(db, q.text, q.dvdId);
  const noText = match === null;
  const sort: SortKey = q.sort ?? (noText ? "release" : "relevance");
  const spec = { match, exactDvdId: q.dvdId, phrase: noText ? null : buildPhrase(q.text), filter: q.filter, sort };
  const total = q.text !== "" && match === null ? 0 : countMatches(db, spec);
  if (q.offset >= BigInt(total)) return { total, ids: [] };
  return { total, ids: searchIds(db, spec, q.limit, Number(q.offset)) };
}

/** The query with its actress names widened to each person's other names, and a text that is one person's name as her filter (any-name.ts). */
function anyName(db: Db, q: PageQuery): PageQuery {
  const person = q.text === "" || q.dvdId !== null ? null : personOfText(db, q.text);
  const filter = person === null ? q.filter : { ...q.filter, names: [...q.filter.names, person] };
  return { ...q, text: person === null ? q.text : "", filter: widenNames(db, filter) };
}

/**
 * Id of the title closest to a text (see closestTextId: an exact title or name, then
 * the phrase in one field, then every word over code, titles, people and makers), or
 * null when none is close.
 */
export function closestTitleId(db: Db, text: string, providers: string[] | null): number | null {
  const words = buildMatch(text, { prefixLast: false });
  const phrase = buildPhrase(text);
  if (words === null || phrase === null) return null;
  return readSnapshot(db, () => closestTextId(db, words, phrase, { ...EMPTY_FILTER, providers }));
}
