/**
 * /people and /people/{id}: people found by any of their names, and one person with every
 * name she is known by and a page of her titles (newest first, as /query's results). Names
 * are answered as the API answers titles: in both languages where she has them (`nameJa`,
 * `nameEn`), and `name` English first, as a search result's `title` is.
 */
import { foldName, personByKey, personTitleIds, type PersonName, searchPeople, titleResults } from "../../catalog/index.js";
import { ImageError } from "../../images/index.js";
import { AppError, invalidParameter } from "../../lib/errors.js";
import type { SearchResult, SearchResultOut } from "../../model/search-result.js";
import type { ServiceDeps } from "../deps.js";
import { type Person, personById } from "./person.js";

/** A person as /people lists her. */
export interface PersonSummary {
  key: string;
  name: string;
  nameJa: string | null;
  nameEn: string | null;
  picture: string | null;
  titles: number;
  firstRelease: string | null;
  lastRelease: string | null;
}

/** One of her names as /people/{id} shows it. */
export type ShownName = Omit<PersonName, "folded">;

/** A person as /people/{id} answers her: her names, and one page of her titles. */
export interface PersonDetail extends PersonSummary {
  names: ShownName[];
  count: number;
  results: SearchResult[];
}

/** A page of an answer: what the route needs for x-total-count and the links. */
export interface Paged<T> {
  body: T;
  total: number;
  page: number;
  pageSize: number;
}

type Deps = Pick<ServiceDeps, "db" | "config" | "pool" | "pictureTree">;

const current = (names: readonly PersonName[], scripts: readonly PersonName["script"][]): string | null => {
  for (const script of scripts) {
    const n = names.find((x) => x.kind === "current" && x.script === script);
    if (n !== undefined) return n.name;
  }
  return null;
};

/**
 * Her picture as a client can fetch it: a source's (or a tree's) http(s) URL as it is; a
 * picture of a tree on this machine (a file: URL) through /people/{key}/picture.
 */
const pictureUrl = (p: Person): string | null =>
  p.picture === null || /^https?:/i.test(p.picture) ? p.picture : `/people/${encodeURIComponent(p.key)}/picture`;

function summaryOf(p: Person): PersonSummary {
  const nameJa = current(p.names, ["kanji", "kana"]);
  const nameEn = current(p.names, ["latin"]);
  return {
    key: p.key,
    name: nameEn ?? nameJa ?? p.names[0]?.name ?? "",
    nameJa,
    nameEn,
    picture: pictureUrl(p),
    titles: p.titles,
    firstRelease: p.firstRelease,
    lastRelease: p.lastRelease,
  };
}

/** The page's size (at most MAX_PAGE_SIZE) and where it starts; a start past any list is clamped, it finds nothing anyway. */
function window(deps: Deps, page: number, num: number): { pageSize: number; offset: number } {
  const pageSize = Math.min(num, deps.config.maxPageSize);
  const offset = (BigInt(page) - 1n) * BigInt(pageSize);
  return { pageSize, offset: offset > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(offset) };
}

/** /people: the people with a name holding `q` (folded as name filters are), whole names first, then names it starts. */
export async function findPeople(
  deps: Deps,
  q: string,
  page: number,
  num: number,
): Promise<Paged<{ q: string; query: string; count: number; results: PersonSummary[] }>> {
  const folded = foldName(q);
  if (folded === "") throw invalidParameter("q must hold a name");
  const { pageSize, offset } = window(deps, page, num);
  const found = deps.pool ? await deps.pool.people(folded, pageSize, offset) : searchPeople(deps.db, folded, pageSize, offset);
  const results: PersonSummary[] = [];
  for (const id of found.ids) {
    const p = await personById(deps, id, "en");
    if (p !== null) results.push(summaryOf(p));
  }
  return { body: { q, query: folded, count: results.length, results }, total: found.total, page, pageSize };
}

/** A stored result as an object for the serialiser (the catalog may give its JSON bytes). */
const asObject = (r: SearchResultOut): SearchResult => (r instanceof Uint8Array ? (JSON.parse(Buffer.from(r).toString("utf8")) as SearchResult) : r);

/** /people/{id}: the person of a key (DMM's id, or `n` and ours), with a page of her titles; NOT_FOUND for no such person. */
export async function personAnswer(deps: Deps, key: string, page: number, num: number): Promise<Paged<PersonDetail>> {
  const id = personByKey(deps.db, key);
  const p = id === null ? null : await personById(deps, id, "en");
  if (p === null) throw new AppError("NOT_FOUND", `no person with the key ${key}`);
  const { pageSize, offset } = window(deps, page, num);
  const results = offset >= p.titles ? [] : titleResults(deps.db, personTitleIds(deps.db, p.id, pageSize, offset)).map(asObject);
  const names = p.names.map(({ folded: _, ...n }) => n);
  return { body: { ...summaryOf(p), names, count: results.length, results }, total: p.titles, page, pageSize };
}

/** /people/{id}/picture: her one picture's bytes and type (the image cache's copy); NOT_FOUND without a person or a picture. */
export async function personPicture(deps: Deps & Pick<ServiceDeps, "images">, key: string): Promise<{ bytes: Buffer; type: string }> {
  const id = personByKey(deps.db, key);
  const p = id === null ? null : await personById(deps, id, "en");
  if (p === null) throw new AppError("NOT_FOUND", `no person with the key ${key}`);
  if (p.picture === null) throw new AppError("NOT_FOUND", `no picture of ${key}`);
  if (!deps.images) throw new AppError("UPSTREAM_FAILED", "pictures are not served by this process");
  try {
    const image = await deps.images.original(p.picture);
    return { bytes: image.bytes, type: `image/${image.format === "jpg" ? "jpeg" : image.format}` };
  } catch (e) {
    if (e instanceof ImageError && e.kind === "not_found") throw new AppError("NOT_FOUND", `her picture is gone from its source`);
    if (e instanceof ImageError) throw new AppError("UPSTREAM_FAILED", `her picture could not be fetched: ${e.message}`);
    throw e;
  }
}
