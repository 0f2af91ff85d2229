/**
 * The sinks of the staging database (staging-db.ts): how each kind of COPY row is
 * staged. Rows go in through multi-row INSERTs, one statement call per 64 rows.
 */
import { hash } from "node:crypto";
import type { Statement } from "better-sqlite3";
import Database from "better-sqlite3";
import type { StagingSink } from "./dump-tables.js";

/** Told how many rows went in (the staging database commits now and then). */
export interface RowCounter {
  wrote(rows: number): void;
}

/**
 * Where the rows of the big tables go: a file of their own (video-staging.ts,
 * link-staging.ts), written on this thread or on a worker thread behind this interface.
 */
export interface Stager<Rows, Result> {
  add(rows: Rows): void;
  /** Resolves when the stager has caught up enough for more rows; rejects when it failed. */
  drain(): Promise<void> | void;
  /** Ends loading: indexes the file (and plans the batches of `size` videos, for the videos). */
  finish(size: number): Promise<Result> | Result;
}

/** Opens a staging file: nothing in it has to survive a crash (the file is deleted whatever happens). */
export function openStagingFile(path: string, cacheSizeMb: number): Database.Database {
  const db = new Database(path);
  db.pragma("journal_mode = OFF");
  db.pragma("synchronous = OFF");
  db.pragma("locking_mode = EXCLUSIVE");
  // Sorts of CREATE INDEX spill to files, not to RAM.
  db.pragma("temp_store = FILE");
  db.pragma(`cache_size = -${cacheSizeMb * 1024}`);
  return db;
}

/** Rows per INSERT statement call. */
const ROWS_PER_INSERT = 64;

/**
 * The digest of a dump row: its COPY line and the column names of its block (`salt`),
 * so the same line under other columns is another row. 132 bits of SHA-1 in base64.
 */
export function rowDigest(salt: string, text: string): string {
  return hash("sha1", salt + text, "base64").slice(0, 22);
}

/** The digest salt of a COPY block's header. */
export function headerSalt(header: readonly string[]): string {
  return `${JSON.stringify(header)}\n`;
}

/** Appends rows through a multi-row INSERT, ROWS_PER_INSERT at a time. */
export class BatchInsert {
  private buf: unknown[] = [];
  private readonly many: Statement;
  private readonly one: Statement;

  constructor(
    private readonly staging: RowCounter,
    db: Database.Database,
    table: string,
    private readonly width: number,
    verb = "INSERT",
    columns = "",
  ) {
    const row = `(${new Array(width).fill("?").join(", ")})`;
    this.one = db.prepare(`${verb} INTO ${table} ${columns} VALUES ${row}`);
    this.many = db.prepare(`${verb} INTO ${table} ${columns} VALUES ${new Array(ROWS_PER_INSERT).fill(row).join(", ")}`);
  }

  /** One row: `lead` (if given), `values`, then `tail` (if given), `width` values in all. */
  push(values: unknown[], lead?: unknown, tail?: unknown): void {
    if (lead !== undefined) this.buf.push(lead);
    for (let i = 0; i < values.length; i++) this.buf.push(values[i]);
    if (tail !== undefined) this.buf.push(tail);
    if (this.buf.length === this.width * ROWS_PER_INSERT) {
      this.many.run(this.buf);
      this.buf = [];
      this.staging.wrote(ROWS_PER_INSERT);
    }
  }

  flush(): void {
    for (let at = 0; at < this.buf.length; at += this.width) this.one.run(this.buf.slice(at, at + this.width));
    this.staging.wrote(this.buf.length / this.width);
    this.buf = [];
  }
}

/** A dimension row: its values and its digest. */
export class RowSink implements StagingSink {
  constructor(
    private readonly insert: BatchInsert,
    private readonly salt: string,
  ) {}

  add(values: (string | null)[], _line: number, text: string): void {
    this.insert.push(values, undefined, rowDigest(this.salt, text));
  }

  flush(): void {
    this.insert.flush();
  }
}
