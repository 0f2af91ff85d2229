/**
 * The staging database of `import-dump`, written: a throwaway SQLite file that
 * receives the COPY rows of the r18.dev tables (in whatever order the dump has them), is indexed
 * by content_id once everything is in, and hands videos back in content_id order
 * with their joined actresses, categories, directors, maker, label and series. It
 * is what keeps a 1.9M-video dump in bounded memory: a few batches of videos and
 * the small dimension tables are all that is ever held in JS.
 *
 * Speed: rows go in through multi-row INSERTs (one statement call per 64 rows) with
 * the journal and syncs off, and the link tables store one row per run of equal
 * content_ids (`id:ordinality,id:ordinality`) instead of one per link, which cuts
 * their inserts several-fold (pg_dump writes a video's links next to each other).
 */
import { randomBytes } from "node:crypto";
import { readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import type { Statement } from "better-sqlite3";
import Database from "better-sqlite3";
import type { Db } from "../store/db.js";
import { type BatchStart, DIMENSIONS, isDimension, LINKS, STAGED_VIDEO_COLUMNS, type StagedTable, type StagingPlan, type StagingSink } from "./dump-tables.js";

/** Rows per INSERT statement call. */
const ROWS_PER_INSERT = 64;
/** Rows between commits of the staging database (it has no journal: commits only bound the dirty cache). */
const ROWS_PER_COMMIT = 200_000;
const FILE_PREFIX = ".import-dump-";
const FILE_SUFFIX = ".staging.db";

const VIDEO_TABLE_SQL = `CREATE TABLE derived_video (line INTEGER, ${STAGED_VIDEO_COLUMNS.join(", ")})`;

/** Appends rows through a multi-row INSERT, ROWS_PER_INSERT at a time. */
class BatchInsert {
  private buf: unknown[] = [];
  private readonly many: Statement;
  private readonly one: Statement;

  constructor(
    private readonly staging: StagingDb,
    db: Database.Database,
    table: string,
    private readonly width: number,
    verb = "INSERT",
  ) {
    const row = `(${new Array(width).fill("?").join(", ")})`;
    this.one = db.prepare(`${verb} INTO ${table} VALUES ${row}`);
    this.many = db.prepare(`${verb} INTO ${table} VALUES ${new Array(ROWS_PER_INSERT).fill(row).join(", ")}`);
  }

  /** One row: `lead` (if given) then `values`, `width` values in all. */
  push(values: unknown[], lead?: unknown): void {
    if (lead !== undefined) this.buf.push(lead);
    for (let i = 0; i < values.length; i++) this.buf.push(values[i]);
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

/**
 * Link rows of one content_id are joined into one staged row while they come in a
 * run: `links` is `id:order,id:order,...` (order empty when the table has none).
 */
class LinkSink implements StagingSink {
  private cid: string | null = null;
  private links = "";

  constructor(
    private readonly insert: BatchInsert,
    private readonly ordered: boolean,
  ) {}

  add(values: (string | null)[]): void {
    const cid = values[0] as string;
    const link = this.ordered ? `${values[1]}:${values[2] ?? ""}` : (values[1] as string);
    if (cid === this.cid) {
      this.links += "," + link;
      return;
    }
    this.flushRun();
    this.cid = cid;
    this.links = link;
  }

  private flushRun(): void {
    if (this.cid !== null) this.insert.push([this.cid, this.links]);
    this.cid = null;
  }

  flush(): void {
    this.flushRun();
    this.insert.flush();
  }
}

class RowSink implements StagingSink {
  constructor(
    private readonly insert: BatchInsert,
    private readonly withLine: boolean,
  ) {}

  add(values: (string | null)[], line: number): void {
    this.insert.push(values, this.withLine ? line : undefined);
  }

  flush(): void {
    this.insert.flush();
  }
}

/** Deletes staging files left by import processes that no longer run (SIGKILL leaves them behind). */
function removeStaleFiles(dir: string): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const m = /^\.import-dump-(\d+)-[0-9a-f]+\.staging\.db(-journal|-wal|-shm)?$/.exec(name);
    if (!m || Number(m[1]) === process.pid) continue;
    try {
      process.kill(Number(m[1]), 0);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ESRCH") rmSync(join(dir, name), { force: true });
    }
  }
}

export interface StagingOptions {
  /** Where the staging file goes: default the catalog's directory (same disk), os.tmpdir() for an in-memory catalog. */
  dir?: string;
  cacheSizeMb?: number;
}

/** The directory a catalog file lives in, or the system temp dir for an in-memory catalog. */
export function stagingDirFor(catalog: Db): string {
  return catalog.memory || catalog.name === "" ? tmpdir() : dirname(resolve(catalog.name));
}

export class StagingDb {
  readonly path: string;
  private readonly db: Database.Database;
  private readonly sinks: { flush(): void }[] = [];
  private sinceCommit = 0;
  /** Staged rows per table. */
  readonly rows: Partial<Record<StagedTable, number>> = {};

  private constructor(path: string, cacheSizeMb: number) {
    this.path = path;
    this.db = new Database(path);
    try {
      // Nothing here has to survive a crash: the file is deleted whatever happens.
      this.db.pragma("journal_mode = OFF");
      this.db.pragma("synchronous = OFF");
      this.db.pragma("locking_mode = EXCLUSIVE");
      // Sorts of CREATE INDEX spill to files, not to RAM.
      this.db.pragma("temp_store = FILE");
      this.db.pragma(`cache_size = -${cacheSizeMb * 1024}`);
      this.createTables();
      this.db.exec("BEGIN");
    } catch (err) {
      this.close();
      throw err;
    }
  }

  /** Creates the staging file (removing stale ones of dead processes first). */
  static create(options: StagingOptions = {}): StagingDb {
    const dir = options.dir ?? tmpdir();
    removeStaleFiles(dir);
    const path = join(dir, `${FILE_PREFIX}${process.pid}-${randomBytes(4).toString("hex")}${FILE_SUFFIX}`);
    return new StagingDb(path, options.cacheSizeMb ?? 128);
  }

  private createTables(): void {
    const ddl = [VIDEO_TABLE_SQL];
    // TEXT PRIMARY KEY + INSERT OR REPLACE: a repeated id keeps its last row, and joins never fan out.
    for (const [table, cols] of Object.entries(DIMENSIONS)) {
      ddl.push(`CREATE TABLE ${table} (id TEXT PRIMARY KEY, ${cols.slice(1).join(", ")})`);
    }
    for (const table of Object.keys(LINKS)) ddl.push(`CREATE TABLE ${table} (content_id, links)`);
    this.db.exec(ddl.join(";\n"));
  }

  /** Called by the inserters: commits now and then so the dirty cache stays bounded. */
  wrote(rows: number): void {
    this.sinceCommit += rows;
    if (this.sinceCommit >= ROWS_PER_COMMIT) {
      this.sinceCommit = 0;
      this.db.exec("COMMIT; BEGIN");
    }
  }

  /**
   * A sink for one COPY block of `table`; give it values in stagedColumns(table)
   * order (null for a column the dump lacks). Call endTable() after the block.
   */
  table(table: StagedTable): StagingSink {
    if (!this.db.open) throw new Error("staging: rows after finish()");
    let sink: StagingSink & { flush(): void };
    if (table === "derived_video") {
      sink = new RowSink(new BatchInsert(this, this.db, table, STAGED_VIDEO_COLUMNS.length + 1), true);
    } else if (isDimension(table)) {
      sink = new RowSink(new BatchInsert(this, this.db, table, DIMENSIONS[table].length, "INSERT OR REPLACE"), false);
    } else {
      sink = new LinkSink(new BatchInsert(this, this.db, table, 2), LINKS[table].order !== null);
    }
    this.sinks.push(sink);
    const counted: StagingSink = {
      add: (values, line) => {
        this.rows[table] = (this.rows[table] ?? 0) + 1;
        sink.add(values, line);
      },
    };
    return counted;
  }

  /** Writes what the sinks still buffer; call at the end of each COPY block. */
  endTable(): void {
    for (const s of this.sinks.splice(0)) s.flush();
  }

  /**
   * Ends loading: indexes the tables by content_id, plans the batches of `size`
   * videos (in content_id order) and closes the writer's connection; StagedVideos
   * reads the file next, possibly on several threads, each batch on its own.
   */
  finish(size: number): StagingPlan {
    this.endTable();
    this.db.exec("COMMIT");
    this.db.exec(`CREATE INDEX video_cid ON derived_video (content_id);
      ${Object.keys(LINKS)
        .map((t) => `CREATE INDEX ${t}_cid ON ${t} (content_id);`)
        .join("\n")}
      ANALYZE;`);
    // One pass over the index: where each batch starts, and the repeated content_ids (the first row wins).
    const plan: StagingPlan = { videos: 0, batches: [], duplicates: [] };
    let last: string | null = null;
    const scan = this.db.prepare("SELECT content_id, rowid FROM derived_video INDEXED BY video_cid ORDER BY content_id, rowid").raw();
    const lineOf = this.db.prepare("SELECT line FROM derived_video WHERE rowid = ?").pluck();
    const dups: [string, number][] = [];
    let prev: BatchStart = ["", -1];
    for (const [cid, rowid] of scan.iterate() as Iterable<[string, number]>) {
      if (plan.videos % size === 0) plan.batches.push(prev);
      plan.videos++;
      prev = [cid, rowid];
      if (cid === last) dups.push([cid, rowid]);
      last = cid;
    }
    plan.duplicates = dups.map(([contentId, rowid]) => ({ contentId, rowid, line: lineOf.get(rowid) as number }));
    this.db.close();
    return plan;
  }

  /** Closes and deletes the staging file; safe to call twice. */
  close(): void {
    try {
      if (this.db.open) this.db.close();
    } finally {
      for (const suffix of ["", "-journal", "-wal", "-shm"]) rmSync(this.path + suffix, { force: true });
    }
  }
}
