import { hash } from "node:crypto";
import type { Db } from "./db.js";
import type { IngestRecord } from "../../model/record.js";
import { encodeDoc } from "./doc-codec.js";
import { ftsFields } from "../fts/fts-fields.js";
import { ftsKey } from "../fts/fts-key.js";
import { writeWithoutWaiting } from "./no-wait.js";
import { endTurnSnapshot, stmt } from "./statements.js";
import { noteCatalogWrite } from "./version.js";
import { creditsOf } from "../../people/credits.js";
import { PeopleWriter } from "./people-write.js";

export interface UpsertResult {
  added: number;
  updated: number;
  unchanged: number;
}

interface Existing {
  id: number;
  hash: string;
  source_hash: string | null;
  fts_key: number;
}

// Positional parameters: binding a fresh object per row (and spreading the row into
// it) cost more than the inserts of the narrow row itself.
const INSERT_SQL = `INSERT INTO movies (id, provider, content_id, dvd_id, service_code, site, release_date, runtime_mins,
  censored, rating_avg, rating_count, popularity, hash, created_at, updated_at, fts_key, source_hash)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

const UPDATE_SQL = `UPDATE movies SET dvd_id = ?, service_code = ?, site = ?, release_date = ?, runtime_mins = ?, censored = ?,
  rating_avg = ?, rating_count = ?, popularity = ?, hash = ?, updated_at = ?, fts_key = ?, source_hash = ? WHERE id = ?`;
/** A title whose record is unchanged, rebuilt from other dump rows (or by an older import): only the digest moves. */
const UPDATE_SOURCE_SQL = "UPDATE movies SET source_hash = ? WHERE id = ?";

const INSERT_DOC_SQL = "INSERT INTO movie_docs (id, page_url, doc, alt_names, credits) VALUES (?, ?, ?, ?, ?)";
const UPDATE_DOC_SQL = "UPDATE movie_docs SET page_url = ?, doc = ?, alt_names = ?, credits = ? WHERE id = ?";
// Keys are bound through CAST: better-sqlite3 binds JS numbers as REAL, and FTS5 ignores
// a REAL rowid constraint next to MATCH (it returns every match).
const INSERT_FTS_SQL = "INSERT INTO movies_fts (rowid, code, title, people, org, cat, comment, tags) VALUES (CAST(? AS INTEGER), ?, ?, ?, ?, ?, ?, ?)";
const DELETE_FTS_SQL = "DELETE FROM movies_fts WHERE rowid = CAST(? AS INTEGER)";
const FIND_SQL = "SELECT id, hash, source_hash, fts_key FROM movies WHERE provider = ? AND content_id = ?";
/** The next id, chosen before the insert because the index key contains it. Writers are serialised by SQLite's lock. */
const NEXT_ID_SQL = "SELECT coalesce(max(id), 0) + 1 FROM movies";

/**
 * `sourceHash`: import-dump's digest of the rows the record came from; null from every
 * other path, so that a title they rewrite is parsed again by the next dump refresh.
 */
function rowOf(r: IngestRecord, now: number, sourceHash: string | null = null) {
  const doc = encodeDoc(r.record);
  const altNames = JSON.stringify(r.altNames ?? {});
  // The sources' ids of the actresses count as the record: a title that gains them is written again.
  const credits = r.credits === undefined ? null : JSON.stringify(r.credits);
  // One call over the joined text: the same digest as updating a Hash part by part, at
  // half the cost (no Hash object per record).
  const digest = hash(
    "sha1",
    `${doc}\u0000${altNames}\u0000${r.pageUrl}\u0000${r.ratingAvg}\u0000${r.ratingCount}\u0000${r.popularity}\u0000${r.censored}${credits === null ? "" : `\u0000${credits}`}`,
    "base64",
  );
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
    credits,
    people: creditsOf(r),
    hash: digest,
    sourceHash,
    now,
  };
}

type Row = ReturnType<typeof rowOf>;

const fieldsOf = (r: IngestRecord) => ftsFields(r.record, r.altNames ?? {}, { provider: r.provider, site: r.record.site, censored: r.censored });

/**
 * A record as the catalog stores it (columns, document, hash, index text), computed
 * without the database: bulk writers prepare records on worker threads and post
 * these plain strings and numbers to the thread that writes.
 */
export interface PreparedRecord {
  row: Row;
  fields: string[];
}

export function prepareRecord(r: IngestRecord, now = Date.now()): PreparedRecord {
  return { row: rowOf(r, now), fields: fieldsOf(r) };
}

/**
 * prepareRecord, or null when the record hashes to `storedHash` (the write would skip it
 * as unchanged): its index text, a good part of a record's preparation, is then not derived.
 * `sourceHash` is stored with the record (import-dump's digest of its rows).
 */
export function prepareChangedRecord(r: IngestRecord, now: number, storedHash: string | null, sourceHash: string | null = null): PreparedRecord | null {
  const row = rowOf(r, now, sourceHash);
  return row.hash === storedHash ? null : { row, fields: fieldsOf(r) };
}

/**
 * Writes rows into the caller's transaction. Index rows are held back and written in
 * key order by flushIndex: FTS5 writes its buffered terms out as a new segment
 * whenever a rowid is lower than the one before, and release keys come in any order
 * (a flush every other title: slower writes, and dozens of segments for searches to
 * visit).
 */
export class RowWriter {
  private readonly pending = new Map<number, { key: number; fields: () => string[] }>();
  private nextId: number | null = null;
  private readonly people: PeopleWriter;

  /**
   * @param ownsIds the caller holds the write lock for the writer's whole life (a bulk
   *   load's one transaction): ids are counted here instead of read per row.
   */
  constructor(
    private readonly db: Db,
    private readonly ownsIds = false,
    now = Date.now(),
  ) {
    this.people = new PeopleWriter(db, now, ownsIds);
  }

  private newId(): number {
    if (!this.ownsIds) return stmt<[], number>(this.db, NEXT_ID_SQL).pluck().get() as number;
    this.nextId ??= stmt<[], number>(this.db, NEXT_ID_SQL).pluck().get() as number;
    return this.nextId++;
  }

  /** One row, unless unchanged; the index text (`fields`) is derived only for a row that changed. */
  write(row: Row, fields: () => string[], result: UpsertResult): void {
    const existing = stmt<[string, string], Existing>(this.db, FIND_SQL).get(row.provider, row.contentId);
    if (existing && existing.hash === row.hash) {
      if (row.sourceHash !== null && existing.source_hash !== row.sourceHash) this.setSourceHash(existing.id, row.sourceHash);
      result.unchanged++;
      return;
    }
    if (existing) {
      const id = existing.id;
      const key = ftsKey(id, row.releaseDate);
      stmt(this.db, UPDATE_SQL).run(
        row.dvdId,
        row.serviceCode,
        row.site,
        row.releaseDate,
        row.runtimeMins,
        row.censored,
        row.ratingAvg,
        row.ratingCount,
        row.popularity,
        row.hash,
        row.now,
        key,
        row.sourceHash,
        id,
      );
      stmt(this.db, UPDATE_DOC_SQL).run(row.pageUrl, row.doc, row.altNames, row.credits, id);
      this.people.credit(id, row.releaseDate, row.provider, row.people, true);
      // A title written earlier in this flush has no index row yet: its pending one is replaced.
      if (!this.pending.has(id)) stmt(this.db, DELETE_FTS_SQL).run(existing.fts_key);
      this.pending.set(id, { key, fields });
      result.updated++;
      return;
    }
    const id = this.newId();
    const key = ftsKey(id, row.releaseDate);
    stmt(this.db, INSERT_SQL).run(
      id,
      row.provider,
      row.contentId,
      row.dvdId,
      row.serviceCode,
      row.site,
      row.releaseDate,
      row.runtimeMins,
      row.censored,
      row.ratingAvg,
      row.ratingCount,
      row.popularity,
      row.hash,
      row.now,
      row.now,
      key,
      row.sourceHash,
    );
    stmt(this.db, INSERT_DOC_SQL).run(id, row.pageUrl, row.doc, row.altNames, row.credits);
    this.people.credit(id, row.releaseDate, row.provider, row.people, false);
    this.pending.set(id, { key, fields });
    result.added++;
  }

  /** Stores the source digest of a title whose record stays as it is (its id, from the catalog). */
  setSourceHash(id: number, sourceHash: string): void {
    stmt(this.db, UPDATE_SOURCE_SQL).run(sourceHash, id);
  }

  /** Rows written since the last flushIndex. */
  get pendingRows(): number {
    return this.pending.size;
  }

  /** Writes the people's names and pictures gathered (once per write: a name is upserted once, not per title). */
  flushPeople(): void {
    this.people.flush();
  }

  /** Writes the held-back index rows, in key order. */
  flushIndex(): void {
    if (this.pending.size === 0) return;
    const rows = [...this.pending.values()].sort((a, b) => a.key - b.key);
    this.pending.clear();
    const insert = stmt(this.db, INSERT_FTS_SQL);
    for (const r of rows) insert.run(r.key, ...r.fields());
  }
}

/** Writes the records that changed, in the caller's transaction (or none). Unchanged ones are skipped. */
export function upsertRecordsInTx(db: Db, records: IngestRecord[], now = Date.now()): UpsertResult {
  const result: UpsertResult = { added: 0, updated: 0, unchanged: 0 };
  const writer = new RowWriter(db, false, now);
  for (const r of records) writer.write(rowOf(r, now), () => fieldsOf(r), result);
  writer.flushIndex();
  writer.flushPeople();
  if (result.added + result.updated > 0) noteCatalogWrite(db);
  return result;
}

/** One transaction for the whole batch: all of it lands, or none. */
export function upsertRecords(db: Db, records: IngestRecord[], now = Date.now()): UpsertResult {
  endTurnSnapshot(db);
  return db.transaction(() => upsertRecordsInTx(db, records, now)).immediate();
}

/**
 * upsertRecords unless another connection holds the write lock (an import): then
 * nothing is written and the result is null. The server's write-through of live
 * answers uses it, so that a lookup never waits on an import.
 */
export function tryUpsertRecords(db: Db, records: IngestRecord[], now = Date.now()): UpsertResult | null {
  let result: UpsertResult | null = null;
  return writeWithoutWaiting(db, () => (result = upsertRecordsInTx(db, records, now))) ? result : null;
}

/** Removes every record of one provider (e.g. the sample data), index entries included. Returns how many. */
export function purgeProvider(db: Db, provider: string): number {
  endTurnSnapshot(db);
  const removed = db.transaction(() => stmt(db, "DELETE FROM movies WHERE provider = ?").run(provider).changes).immediate();
  if (removed > 0) noteCatalogWrite(db);
  return removed;
}
