import type { DetailedRecord, NameKind } from "../../model/record.js";
import { cachesOf, type ProviderStats } from "./caches.js";
import type { Db } from "./db.js";
import { decodeDoc } from "./doc-codec.js";
import { readSnapshot, stmt } from "./statements.js";
import { catalogVersion } from "./version.js";

/** A stored record: decoded when read, or served as the JSON it is stored as. */
export interface RecordDoc {
  readonly record: DetailedRecord;
  /**
   * The stored document: the record's JSON (UTF-8) as SQLite holds it (doc-codec.ts),
   * which the answers send as it is where it is laid out so (wire/record-json.ts:
   * recordJsonOf). Absent on records that do not come from the catalog.
   */
  docBytes?(): Buffer;
}

export interface StoredMovie extends RecordDoc {
  id: number;
  provider: string;
  serviceCode: string;
  pageUrl: string;
  /** The source's average rating (FANZA's reviews, 0 to 5), null when it gives none. */
  ratingAvg: number | null;
  /** How many reviews that average is of, null when the source does not say. */
  ratingCount?: number | null;
}

/** A record kept as its stored bytes (UTF-8), decoded only if someone reads `record`. */
class StoredDoc implements RecordDoc {
  private decoded: DetailedRecord | null = null;

  constructor(private readonly doc: Buffer) {}

  get record(): DetailedRecord {
    return (this.decoded ??= decodeDoc(this.doc.toString("utf8")));
  }

  docBytes(): Buffer {
    return this.doc;
  }
}

/**
 * A title found by its columns: the document (and page) are read by id when first
 * needed, and only for the title that answers. Two point reads cost less than one
 * join of movies and movie_docs (measured at 1,000,000 titles), and
 * the records of a code that lose to the preferred service code are never read.
 */
class CatalogMovie implements StoredMovie {
  private loaded: { pageUrl: string; doc: StoredDoc } | null = null;

  constructor(
    private readonly db: Db,
    readonly id: number,
    readonly provider: string,
    readonly serviceCode: string,
    readonly ratingAvg: number | null,
    readonly ratingCount: number | null,
  ) {}

  private load(): { pageUrl: string; doc: StoredDoc } {
    if (this.loaded === null) {
      const row = stmt<[number], { page_url: string; doc: Buffer }>(this.db, `SELECT page_url, ${DOC} AS doc FROM movie_docs d WHERE id = ?`).get(this.id);
      // movies and movie_docs rows are written and deleted together (movies-write.ts, the delete trigger).
      if (row === undefined) throw new Error(`the catalog has no document for title ${this.id}`);
      this.loaded = { pageUrl: row.page_url, doc: new StoredDoc(row.doc) };
    }
    return this.loaded;
  }

  get pageUrl(): string {
    return this.load().pageUrl;
  }

  get record(): DetailedRecord {
    return this.load().doc.record;
  }

  docBytes(): Buffer {
    return this.load().doc.docBytes();
  }
}

// Documents are read as the bytes SQLite stores (UTF-8): answers send them as they are.
const DOC = "CAST(d.doc AS BLOB)";
const COLUMNS = "id, provider, service_code, rating_avg, rating_count";
type Row = [id: number, provider: string, serviceCode: string, ratingAvg: number | null, ratingCount: number | null];

const movieOf =
  (db: Db) =>
  (row: Row): StoredMovie =>
    new CatalogMovie(db, row[0], row[1], row[2], row[3], row[4]);

/** Every stored record with this canonical dvdId (several when DVD, digital and rental differ). */
export function findByDvdId(db: Db, dvdId: string): StoredMovie[] {
  return (stmt<[string], Row>(db, `SELECT ${COLUMNS} FROM movies WHERE dvd_id = ?`).raw().all(dvdId) as Row[]).map(movieOf(db));
}

/** Whether any record has this canonical dvdId. */
export function hasDvdId(db: Db, dvdId: string): boolean {
  return stmt<[string]>(db, "SELECT 1 FROM movies WHERE dvd_id = ? LIMIT 1").pluck().get(dvdId) !== undefined;
}

/** Whether any record's dvdId starts with this label and a hyphen (ABP -> ABP-123): one step in the dvd_id index. */
export function hasLabel(db: Db, label: string): boolean {
  // "." is the character after "-": the range holds exactly the dvdIds starting "LABEL-".
  return stmt<[string, string]>(db, "SELECT 1 FROM movies WHERE dvd_id >= ? AND dvd_id < ? LIMIT 1").pluck().get(`${label}-`, `${label}.`) !== undefined;
}

export function findByContentId(db: Db, provider: string, contentId: string): StoredMovie | null {
  const row = stmt<[string, string], Row>(db, `SELECT ${COLUMNS} FROM movies WHERE provider = ? AND content_id = ?`).raw().get(provider, contentId) as
    | Row
    | undefined;
  return row ? movieOf(db)(row) : null;
}

export function getMovieById(db: Db, id: number): StoredMovie | null {
  const row = stmt<[number], Row>(db, `SELECT ${COLUMNS} FROM movies WHERE id = ?`).raw().get(id) as Row | undefined;
  return row ? movieOf(db)(row) : null;
}

/** The record of this id alone, without the columns beside it (one row of movie_docs). */
export function getRecordById(db: Db, id: number): RecordDoc | null {
  const doc = stmt<[number], Buffer>(db, `SELECT ${DOC} FROM movie_docs d WHERE id = ?`).pluck().get(id) as Buffer | undefined;
  return doc === undefined ? null : new StoredDoc(doc);
}

/** What a search result needs of a title: its page and its stored document (see wire/result-json.ts). */
export interface ResultDoc {
  id: number;
  pageUrl: string;
  doc: Buffer;
}

/** These titles' pages and documents, in this order (missing ids left out): one movie_docs row each, not the movies row beside it. */
export function getResultDocs(db: Db, ids: number[]): ResultDoc[] {
  const read = stmt<[number], { page_url: string; doc: Buffer }>(db, `SELECT page_url, ${DOC} AS doc FROM movie_docs d WHERE id = ?`);
  const out: ResultDoc[] = [];
  for (const id of ids) {
    const row = read.get(id) as { page_url: string; doc: Buffer } | undefined;
    if (row) out.push({ id, pageUrl: row.page_url, doc: row.doc });
  }
  return out;
}

/** The other spellings of a title's names (its people in Japanese, say), by kind. */
export function altNamesOf(db: Db, id: number): Partial<Record<NameKind, string[]>> {
  const raw = stmt<[number], string>(db, "SELECT alt_names FROM movie_docs WHERE id = ?").pluck().get(id) as string | undefined;
  return raw === undefined ? {} : (JSON.parse(raw) as Partial<Record<NameKind, string[]>>);
}

export function getMoviesByIds(db: Db, ids: number[]): StoredMovie[] {
  const out: StoredMovie[] = [];
  for (const id of ids) {
    const m = getMovieById(db, id);
    if (m) out.push(m);
  }
  return out;
}

function cached(db: Db) {
  const version = catalogVersion(db);
  const caches = cachesOf(db);
  let c = caches.providers;
  if (!c || c.version !== version) caches.providers = c = { version, providers: distinctProviders(db) };
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

/** True when the catalog holds no title at all. */
export function isCatalogEmpty(db: Db): boolean {
  return stmt(db, "SELECT 1 FROM movies LIMIT 1").get() === undefined;
}

/** How many titles the catalog holds, counted now (not cached). */
export function titleCount(db: Db): number {
  return stmt(db, "SELECT count(*) FROM movies").pluck().get() as number;
}

/** The codes of every `step`-th title by id, at most `limit` of them: titles that exist, spread over the catalog. */
export function everyNthTitle(db: Db, step: number, limit: number): { dvdId: string; contentId: string }[] {
  return stmt(db, "SELECT dvd_id AS dvdId, content_id AS contentId FROM movies WHERE id % ? = 0 LIMIT ?").all(Math.max(1, step), limit) as {
    dvdId: string;
    contentId: string;
  }[];
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

/**
 * Titles, newest release and last change of each provider, most titles first (cached
 * until the catalog changes). The newest values come from walking the release and
 * updated indexes down from the top to the provider's first row (at once for a provider
 * that holds the newest titles), or, for a provider whose titles are not near the top,
 * from reading its titles through its own index. No index of its own: the count and
 * the walks make a first call slow at a large catalog, hence the cache (see statsOf
 * for the costs).
 */
export function providerStats(db: Db): ProviderStats[] {
  return readSnapshot(db, () => {
    const c = cached(db);
    if (!c.stats) {
      const counts = catalogCounts(db);
      const total = Object.values(counts).reduce((a, n) => a + n, 0);
      c.stats = c.providers.map((p) => statsOf(db, p, counts[p], total));
      c.stats.sort((a, b) => b.titles - a.titles || (a.provider < b.provider ? -1 : 1));
    }
    return c.stats;
  });
}

const NEWEST_IN = (column: string, index: string) =>
  `SELECT v FROM (SELECT ${column} AS v, provider AS p FROM movies INDEXED BY ${index} ORDER BY ${column} DESC, id DESC LIMIT ?) WHERE p = ? LIMIT 1`;
const NEWEST_RELEASE = NEWEST_IN("release_date", "movies_release");
const NEWEST_CHANGE = NEWEST_IN("updated_at", "movies_updated");
const NEWEST_OF_PROVIDER = "SELECT max(release_date), max(updated_at) FROM movies INDEXED BY movies_provider_content_id WHERE provider = ?";

function statsOf(db: Db, provider: string, titles: number, total: number): ProviderStats {
  const others = total - titles;
  // The walk meets one of the provider's rows within others + 1 rows. For a provider
  // with fewer titles than that, a row of its own comes within about total / titles
  // rows when its titles are spread among the others; when they are not, its own index
  // (a row a title, each cheaper than a row of the walk) is the cheaper way.
  const budget = titles > others ? others + 1 : Math.min(titles, 16 * Math.ceil(total / Math.max(1, titles)));
  const newest = (sql: string) => stmt<[number, string], string | number>(db, sql).pluck().get(budget, provider) ?? null;
  let newestRelease = newest(NEWEST_RELEASE) as string | null;
  let lastChange = newest(NEWEST_CHANGE) as number | null;
  if (titles > 0 && (newestRelease === null || lastChange === null)) {
    [newestRelease, lastChange] = stmt<[string], [string | null, number | null]>(db, NEWEST_OF_PROVIDER).raw().get(provider) as [string | null, number | null];
  }
  return { provider, titles, newestRelease, lastChange };
}

/** Lowest and highest id: two queries, as SQLite answers a lone min() or max() from the index end. */
export function movieIdRange(db: Db): { min: number; max: number } | null {
  const min = stmt(db, "SELECT min(id) FROM movies").pluck().get() as number | null;
  const max = stmt(db, "SELECT max(id) FROM movies").pluck().get() as number | null;
  return min !== null && max !== null ? { min, max } : null;
}
