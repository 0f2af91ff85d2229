import { createHash } from "node:crypto";
import type { Db } from "./db.js";
import type { IngestRecord } from "./record.js";
import { encodeDoc } from "./doc-codec.js";
import { ftsFields } from "./fts-fields.js";
import { ftsKey } from "./fts-key.js";
import { stmt } from "./statements.js";
import { noteCatalogWrite } from "./version.js";

export interface UpsertResult {
  added: number;
  updated: number;
  unchanged: number;
}

interface Existing {
  id: number;
  hash: string;
  fts_key: number;
}

const INSERT_SQL = `INSERT INTO movies (id, provider, content_id, dvd_id, service_code, site, release_date, runtime_mins,
  censored, rating_avg, rating_count, popularity, hash, created_at, updated_at, fts_key)
  VALUES (@id, @provider, @contentId, @dvdId, @serviceCode, @site, @releaseDate, @runtimeMins, @censored, @ratingAvg,
  @ratingCount, @popularity, @hash, @now, @now, @ftsKey)`;

const UPDATE_SQL = `UPDATE movies SET dvd_id = @dvdId, service_code = @serviceCode, site = @site,
  release_date = @releaseDate, runtime_mins = @runtimeMins, censored = @censored, rating_avg = @ratingAvg,
  rating_count = @ratingCount, popularity = @popularity, hash = @hash, updated_at = @now, fts_key = @ftsKey WHERE id = @id`;

const INSERT_DOC_SQL = "INSERT INTO movie_docs (id, page_url, doc, alt_names) VALUES (@id, @pageUrl, @doc, @altNames)";
const UPDATE_DOC_SQL = "UPDATE movie_docs SET page_url = @pageUrl, doc = @doc, alt_names = @altNames WHERE id = @id";
// Keys are bound through CAST: better-sqlite3 binds JS numbers as REAL, and FTS5 ignores
// a REAL rowid constraint next to MATCH (it returns every match).
const INSERT_FTS_SQL =
  "INSERT INTO movies_fts (rowid, code, title, people, org, cat, comment, tags) VALUES (CAST(? AS INTEGER), ?, ?, ?, ?, ?, ?, ?)";
const DELETE_FTS_SQL = "DELETE FROM movies_fts WHERE rowid = CAST(? AS INTEGER)";
/** The next id, chosen before the insert because the index key contains it. Writers are serialised by SQLite's lock. */
const NEXT_ID_SQL = "SELECT coalesce(max(id), 0) + 1 FROM movies";

function rowOf(r: IngestRecord, now: number) {
  const doc = encodeDoc(r.record);
  const altNames = JSON.stringify(r.altNames ?? {});
  const hash = createHash("sha1")
    .update(doc)
    .update("\u0000")
    .update(altNames)
    .update(`\u0000${r.pageUrl}\u0000${r.ratingAvg}\u0000${r.ratingCount}\u0000${r.popularity}\u0000${r.censored}`)
    .digest("base64");
  return {
    provider: r.provider,
    contentId: r.record.contentId,
    dvdId: r.record.dvdId,
    serviceCode: r.record.serviceCode,
    site: r.record.site,
    releaseDate: r.record.releaseDate.slice(0, 10),
    runtimeMins: r.record.runtimeMins,
    censored: r.censored ? 1 : 0,
    ratingAvg: r.ratingAvg,
    ratingCount: r.ratingCount,
    popularity: r.popularity,
    pageUrl: r.pageUrl,
    doc,
    altNames,
    hash,
    now,
  };
}

type Row = ReturnType<typeof rowOf>;

const fieldsOf = (r: IngestRecord) =>
  ftsFields(r.record, r.altNames ?? {}, { provider: r.provider, site: r.record.site, censored: r.censored });

/**
 * Index rows of one batch, written after its table rows in key order: FTS5 flushes
 * its pending terms into a new segment whenever a rowid is lower than the one before,
 * and release keys come in any order (a flush every other title: writes ~30% slower,
 * and dozens of segments for searches to visit).
 */
type PendingIndex = Map<number, { key: number; fields: () => string[] }>;

/** One row, unless unchanged; the index text (`fields`) is derived only for a row that changed. */
function writeRow(db: Db, row: Row, fields: () => string[], result: UpsertResult, pending: PendingIndex): void {
  const find = stmt<[string, string], Existing>(db, "SELECT id, hash, fts_key FROM movies WHERE provider = ? AND content_id = ?");
  const existing = find.get(row.provider, row.contentId);
  if (existing && existing.hash === row.hash) {
    result.unchanged++;
    return;
  }
  // The index text is derived from the record in hand (deletions are kept in step by triggers).
  if (existing) {
    const id = existing.id;
    const key = ftsKey(id, row.releaseDate);
    stmt(db, UPDATE_SQL).run({ ...row, id, ftsKey: key });
    stmt(db, UPDATE_DOC_SQL).run({ id, pageUrl: row.pageUrl, doc: row.doc, altNames: row.altNames });
    // A title written earlier in this batch has no index row yet: its pending one is replaced.
    if (!pending.has(id)) stmt(db, DELETE_FTS_SQL).run(existing.fts_key);
    pending.set(id, { key, fields });
    result.updated++;
  } else {
    const id = stmt<[], number>(db, NEXT_ID_SQL).pluck().get() as number;
    const key = ftsKey(id, row.releaseDate);
    stmt(db, INSERT_SQL).run({ ...row, id, ftsKey: key });
    stmt(db, INSERT_DOC_SQL).run({ id, pageUrl: row.pageUrl, doc: row.doc, altNames: row.altNames });
    pending.set(id, { key, fields });
    result.added++;
  }
}

function writeIndexRows(db: Db, pending: PendingIndex): void {
  const rows = [...pending.values()].sort((a, b) => a.key - b.key);
  const insert = stmt(db, INSERT_FTS_SQL);
  for (const r of rows) insert.run(r.key, ...r.fields());
}

/** Writes the records that changed, in the caller's transaction (or none). Unchanged ones are skipped. */
export function upsertRecordsInTx(db: Db, records: IngestRecord[], now = Date.now()): UpsertResult {
  const result: UpsertResult = { added: 0, updated: 0, unchanged: 0 };
  const pending: PendingIndex = new Map();
  for (const r of records) writeRow(db, rowOf(r, now), () => fieldsOf(r), result, pending);
  writeIndexRows(db, pending);
  if (result.added + result.updated > 0) noteCatalogWrite(db);
  return result;
}

/**
 * A record as the catalog stores it (columns, document, hash, index text), computed
 * without the database: a bulk writer (import-dump) prepares records on a worker
 * thread and posts these plain strings and numbers to the thread that writes.
 */
export interface PreparedRecord {
  row: Row;
  fields: string[];
}

export function prepareRecord(r: IngestRecord, now = Date.now()): PreparedRecord {
  return { row: rowOf(r, now), fields: fieldsOf(r) };
}

/** upsertRecordsInTx for prepared records. */
export function upsertPreparedInTx(db: Db, prepared: PreparedRecord[]): UpsertResult {
  const result: UpsertResult = { added: 0, updated: 0, unchanged: 0 };
  const pending: PendingIndex = new Map();
  for (const p of prepared) writeRow(db, p.row, () => p.fields, result, pending);
  writeIndexRows(db, pending);
  if (result.added + result.updated > 0) noteCatalogWrite(db);
  return result;
}

/** One transaction for the whole batch: all of it lands, or none. */
export function upsertRecords(db: Db, records: IngestRecord[], now = Date.now()): UpsertResult {
  return db.transaction(() => upsertRecordsInTx(db, records, now))();
}

/** Removes every record of one provider (e.g. the sample data), index entries included. Returns how many. */
export function purgeProvider(db: Db, provider: string): number {
  const removed = db.transaction(() => stmt(db, "DELETE FROM movies WHERE provider = ?").run(provider).changes)();
  if (removed > 0) noteCatalogWrite(db);
  return removed;
}
