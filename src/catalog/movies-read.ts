import type { Db } from "./db.js";
import { decodeDoc } from "./doc-codec.js";
import type { DetailedRecord } from "./record.js";
import { recordJson, resultFields, type ResultFields } from "./record-json.js";
import { stmt } from "./statements.js";
import { catalogVersion } from "./version.js";

/** A stored record: decoded when read, or served as the JSON it is stored as. */
export interface RecordDoc {
  readonly record: DetailedRecord;
  /**
   * The record's JSON exactly as the response schema writes it, when its stored
   * document already is that (see record-json.ts); null otherwise. Absent on records
   * that do not come from the catalog.
   */
  recordJson?(): string | null;
}

export interface StoredMovie extends RecordDoc {
  id: number;
  provider: string;
  serviceCode: string;
  pageUrl: string;
}

/** A record whose document is decoded only if someone reads `record`. */
class StoredDoc implements RecordDoc {
  private decoded: DetailedRecord | null = null;

  constructor(private readonly doc: string) {}

  get record(): DetailedRecord {
    return (this.decoded ??= decodeDoc(this.doc));
  }

  recordJson(): string | null {
    return recordJson(this.doc);
  }
}

class CatalogMovie extends StoredDoc implements StoredMovie {
  constructor(
    readonly id: number,
    readonly provider: string,
    readonly serviceCode: string,
    readonly pageUrl: string,
    doc: string,
  ) {
    super(doc);
  }
}

interface Row {
  id: number;
  provider: string;
  service_code: string;
  page_url: string;
  doc: string;
}

const COLUMNS = "m.id AS id, m.provider AS provider, m.service_code AS service_code, d.page_url AS page_url, d.doc AS doc";
const FROM = "movies m JOIN movie_docs d ON d.id = m.id";

function toMovie(row: Row): StoredMovie {
  return new CatalogMovie(row.id, row.provider, row.service_code, row.page_url, row.doc);
}

/** Every stored record with this canonical dvdId (several when DVD, digital and rental differ). */
export function findByDvdId(db: Db, dvdId: string): StoredMovie[] {
  return stmt<[string], Row>(db, `SELECT ${COLUMNS} FROM ${FROM} WHERE m.dvd_id = ?`).all(dvdId).map(toMovie);
}

export function findByContentId(db: Db, provider: string, contentId: string): StoredMovie | null {
  const row = stmt<[string, string], Row>(db, `SELECT ${COLUMNS} FROM ${FROM} WHERE m.provider = ? AND m.content_id = ?`).get(
    provider,
    contentId,
  );
  return row ? toMovie(row) : null;
}

export function getMovieById(db: Db, id: number): StoredMovie | null {
  const row = stmt<[number], Row>(db, `SELECT ${COLUMNS} FROM ${FROM} WHERE m.id = ?`).get(id);
  return row ? toMovie(row) : null;
}

/** The record of this id alone, without the columns beside it (one row of movie_docs). */
export function getRecordById(db: Db, id: number): RecordDoc | null {
  const doc = stmt<[number], string>(db, "SELECT doc FROM movie_docs WHERE id = ?").pluck().get(id) as string | undefined;
  return doc === undefined ? null : new StoredDoc(doc);
}

/** What a search result needs of a title: its page and a few fields of its record. */
export interface ResultDoc {
  id: number;
  pageUrl: string;
  fields: ResultFields;
}

/**
 * The search-result fields of these titles, in this order (missing ids left out):
 * one movie_docs row each (not the movies row beside it), and only the fields shown
 * parsed out of the document.
 */
export function getResultDocs(db: Db, ids: number[]): ResultDoc[] {
  const read = stmt<[number], { page_url: string; doc: string }>(db, "SELECT page_url, doc FROM movie_docs WHERE id = ?");
  const out: ResultDoc[] = [];
  for (const id of ids) {
    const row = read.get(id) as { page_url: string; doc: string } | undefined;
    if (!row) continue;
    out.push({ id, pageUrl: row.page_url, fields: resultFields(row.doc) ?? fieldsOf(decodeDoc(row.doc)) });
  }
  return out;
}

function fieldsOf(r: DetailedRecord): ResultFields {
  return {
    contentId: r.contentId,
    dvdId: r.dvdId,
    titleEn: r.titleEn,
    titleJa: r.titleJa,
    releaseDate: r.releaseDate,
    maker: r.makers[0] ?? null,
    jacketThumbUrl: r.jacketThumbUrl,
  };
}

export function getMoviesByIds(db: Db, ids: number[]): StoredMovie[] {
  const out: StoredMovie[] = [];
  for (const id of ids) {
    const m = getMovieById(db, id);
    if (m) out.push(m);
  }
  return out;
}

const cache = new WeakMap<Db, { version: string; providers: string[]; counts?: Record<string, number> }>();

function cached(db: Db) {
  const version = catalogVersion(db);
  let c = cache.get(db);
  if (!c || c.version !== version) {
    c = { version, providers: distinctProviders(db) };
    cache.set(db, c);
  }
  return c;
}

/** Providers that have records, by an index skip-scan (cheap at any size). */
function distinctProviders(db: Db): string[] {
  return stmt<[], string>(
    db,
    `WITH RECURSIVE p(x) AS (
       SELECT min(provider) FROM movies
       UNION ALL SELECT (SELECT min(provider) FROM movies WHERE provider > x) FROM p WHERE x IS NOT NULL)
     SELECT x FROM p WHERE x IS NOT NULL`,
  )
    .pluck()
    .all() as string[];
}

/** Names of providers with records in the catalog (cached until the catalog changes). */
export function catalogProviders(db: Db): string[] {
  return cached(db).providers;
}

/** Records per provider (cached until the catalog changes). */
export function catalogCounts(db: Db): Record<string, number> {
  const c = cached(db);
  if (!c.counts) {
    const counts: Record<string, number> = {};
    const count = stmt<[string], number>(db, "SELECT count(*) FROM movies WHERE provider = ?").pluck();
    for (const p of c.providers) counts[p] = count.get(p) as number;
    c.counts = counts;
  }
  return c.counts;
}

/** Lowest and highest id: two queries, as SQLite answers a lone min() or max() from the index end. */
export function movieIdRange(db: Db): { min: number; max: number } | null {
  const min = stmt(db, "SELECT min(id) FROM movies").pluck().get() as number | null;
  const max = stmt(db, "SELECT max(id) FROM movies").pluck().get() as number | null;
  return min !== null && max !== null ? { min, max } : null;
}
