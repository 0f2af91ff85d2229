/**
 * The staging database of `import-dump`: a throwaway SQLite file that receives the
 * COPY rows of the r18.dev tables (in whatever order the dump has them), is indexed
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
import Database from "better-sqlite3";
import type { Statement } from "better-sqlite3";
import { TABLE_COLUMNS } from "../../import/dump/r18-dump-map.js";
import type { Db } from "../store/db.js";

/** The columns of derived_video kept for the import, in the order StagedVideo.video uses. */
export const STAGED_VIDEO_COLUMNS = [
  "content_id",
  "dvd_id",
  "title_en",
  "title_ja",
  "comment_en",
  "comment_ja",
  "runtime_mins",
  "release_date",
  "sample_url",
  "maker_id",
  "label_id",
  "series_id",
  "jacket_full_url",
  "jacket_thumb_url",
  "gallery_full_first",
  "gallery_full_last",
  "gallery_thumb_first",
  "gallery_thumb_last",
  "site_id",
  "service_code",
] as const;

/**
 * Dimension tables and their columns, taken from the dump map so the two cannot
 * drift. The key column comes first (staging makes it the primary key).
 */
const DIMENSIONS = {
  derived_actress: TABLE_COLUMNS.derived_actress,
  derived_maker: TABLE_COLUMNS.derived_maker,
  derived_label: TABLE_COLUMNS.derived_label,
  derived_series: TABLE_COLUMNS.derived_series,
  derived_category: TABLE_COLUMNS.derived_category,
  derived_director: TABLE_COLUMNS.derived_director,
} as const satisfies Record<string, readonly ["id", ...string[]]>;

/** Link tables: content_id, the linked id, and the column that orders the links (if any). */
const LINKS = {
  derived_video_actress: { id: "actress_id", order: "ordinality", dimension: "derived_actress" },
  derived_video_category: { id: "category_id", order: null, dimension: "derived_category" },
  derived_video_director: { id: "director_id", order: null, dimension: "derived_director" },
} as const;

type DimensionTable = keyof typeof DIMENSIONS;
export type LinkTable = keyof typeof LINKS;
export type StagedTable = "derived_video" | DimensionTable | LinkTable;

/** Column values by name, as they came from the dump (null = SQL NULL). */
export type StagedRow = Record<string, string | null>;

export interface StagedVideo {
  /** The staged row's id (duplicates are named by it). */
  rowid: number;
  /** Line of the video's row in the .sql text. */
  line: number;
  /** The derived_video values, in STAGED_VIDEO_COLUMNS order. */
  video: (string | null)[];
  maker: StagedRow | null;
  label: StagedRow | null;
  series: StagedRow | null;
  /** In ordinality order; links to rows the dump doesn't have are left out. */
  actresses: StagedRow[];
  categories: StagedRow[];
  directors: StagedRow[];
}

/** A batch starts after this (content_id, rowid) of derived_video, in content_id order. */
export type BatchStart = [contentId: string, rowid: number];

export interface StagingPlan {
  /** Staged derived_video rows. */
  videos: number;
  /** Where each batch of the planned size starts. */
  batches: BatchStart[];
  /** Rows whose content_id an earlier row already has (by rowid, i.e. file order). */
  duplicates: { contentId: string; rowid: number; line: number }[];
}

/** Receives one COPY block's rows, already mapped to the staging columns. */
export interface StagingSink {
  /** `values` in the order of `columns` given to StagingDb.table(). */
  add(values: (string | null)[], line: number): void;
}

/** Dimension tables up to this many rows are held in memory by each reader; bigger ones are read per batch. */
const DIMENSION_IN_MEMORY = 50_000;
/** Rows per INSERT statement call. */
const ROWS_PER_INSERT = 64;
/** Rows between commits of the staging database (it has no journal: commits only bound the dirty cache). */
const ROWS_PER_COMMIT = 200_000;
const FILE_PREFIX = ".import-dump-";
const FILE_SUFFIX = ".staging.db";

const V_MAKER = STAGED_VIDEO_COLUMNS.indexOf("maker_id");
const V_LABEL = STAGED_VIDEO_COLUMNS.indexOf("label_id");
const V_SERIES = STAGED_VIDEO_COLUMNS.indexOf("series_id");

const VIDEO_TABLE_SQL = `CREATE TABLE derived_video (line INTEGER, ${STAGED_VIDEO_COLUMNS.join(", ")})`;

function isDimension(table: string): table is DimensionTable {
  return Object.hasOwn(DIMENSIONS, table);
}

function isLink(table: string): table is LinkTable {
  return Object.hasOwn(LINKS, table);
}

/** The columns StagingDb.table() expects for a table, key columns first. */
export function stagedColumns(table: StagedTable): readonly string[] {
  if (table === "derived_video") return STAGED_VIDEO_COLUMNS;
  if (isDimension(table)) return DIMENSIONS[table];
  const link = LINKS[table];
  return link.order ? ["content_id", link.id, link.order] : ["content_id", link.id];
}

export function isStagedTable(table: string): table is StagedTable {
  return table === "derived_video" || isDimension(table) || isLink(table);
}

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

/**
 * One dimension table for the joins. Small ones (makers, labels, categories,
 * directors: thousands of rows) are held in a Map; a big one (actresses, series:
 * hundreds of thousands) is read per batch, for just the ids the batch needs, so
 * each worker thread's memory stays flat.
 */
class Dimension {
  private readonly all: Map<string, StagedRow> | null = null;
  private readonly some: Statement | null = null;

  constructor(db: Database.Database, table: DimensionTable, inMemory: number) {
    const count = db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
    if (count <= inMemory) {
      this.all = new Map();
      for (const row of db.prepare(`SELECT * FROM ${table}`).iterate() as Iterable<StagedRow>) this.all.set(row.id as string, row);
    } else {
      this.some = db.prepare(`SELECT d.* FROM json_each(?) j JOIN ${table} d ON d.id = j.value`);
    }
  }

  /** The rows of these ids that the table has. */
  rows(ids: Set<string>): Map<string, StagedRow> {
    const out = new Map<string, StagedRow>();
    if (this.all) {
      for (const id of ids) {
        const row = this.all.get(id);
        if (row) out.set(id, row);
      }
    } else if (ids.size > 0) {
      for (const row of this.some!.all(JSON.stringify([...ids])) as StagedRow[]) out.set(row.id as string, row);
    }
    return out;
  }
}

/** Links of one batch: the linked ids of each content_id, in link order. */
type BatchLinks = Map<string, string[]>;

/**
 * Reads a finished staging file: batches of videos in content_id order, each video
 * with its joined rows. A batch costs one range query per table on content_id and
 * one lookup per dimension, whatever its size.
 */
export class StagedVideos {
  private readonly db: Database.Database;
  private readonly dims: Record<DimensionTable, Dimension>;
  private readonly page: Statement;
  private readonly links: Record<LinkTable, Statement>;
  /** Links of the videos read so far whose id has no row in its table (left out), by link table. */
  readonly dangling: Record<LinkTable, number> = { derived_video_actress: 0, derived_video_category: 0, derived_video_director: 0 };

  /** `dimensionsInMemory`: the row count up to which a dimension table is held in memory. */
  constructor(path: string, { dimensionsInMemory = DIMENSION_IN_MEMORY } = {}) {
    this.db = new Database(path, { readonly: true, fileMustExist: true });
    // Batches read a few hundred videos' rows each, in content_id order: a small cache will do.
    this.db.pragma("cache_size = -16384");
    this.dims = Object.fromEntries((Object.keys(DIMENSIONS) as DimensionTable[]).map((t) => [t, new Dimension(this.db, t, dimensionsInMemory)])) as Record<
      DimensionTable,
      Dimension
    >;
    const v = STAGED_VIDEO_COLUMNS.join(", ");
    this.page = this.db.prepare(`SELECT rowid, line, ${v} FROM derived_video WHERE (content_id, rowid) > (?, ?) ORDER BY content_id, rowid LIMIT ?`).raw();
    this.links = Object.fromEntries(
      (Object.keys(LINKS) as LinkTable[]).map((t) => [
        t,
        this.db.prepare(`SELECT content_id, links FROM ${t} WHERE content_id BETWEEN ? AND ? ORDER BY content_id, rowid`).raw(),
      ]),
    ) as Record<LinkTable, Statement>;
  }

  /** The `size` staged videos after `start`, in content_id order (a repeated content_id once per row). */
  batch(start: BatchStart, size: number): StagedVideo[] {
    const rows = this.page.all(start[0], start[1], size) as unknown[][];
    if (rows.length === 0) return [];
    const width = STAGED_VIDEO_COLUMNS.length;
    const videos = rows.map((r) => r.slice(2, 2 + width) as (string | null)[]);
    const first = videos[0][0] as string;
    const last = videos[videos.length - 1][0] as string;
    const links = {
      actresses: this.linksOf("derived_video_actress", first, last),
      categories: this.linksOf("derived_video_category", first, last),
      directors: this.linksOf("derived_video_director", first, last),
    };
    const idsOf = (column: number) => new Set(videos.flatMap((v) => (v[column] === null ? [] : [v[column] as string])));
    const makers = this.dims.derived_maker.rows(idsOf(V_MAKER));
    const labels = this.dims.derived_label.rows(idsOf(V_LABEL));
    const series = this.dims.derived_series.rows(idsOf(V_SERIES));
    const actresses = this.resolve("derived_video_actress", links.actresses);
    const categories = this.resolve("derived_video_category", links.categories);
    const directors = this.resolve("derived_video_director", links.directors);
    return rows.map((r, i) => {
      const video = videos[i];
      const cid = video[0] as string;
      return {
        rowid: r[0] as number,
        line: r[1] as number,
        video,
        maker: makers.get(video[V_MAKER] as string) ?? null,
        label: labels.get(video[V_LABEL] as string) ?? null,
        series: series.get(video[V_SERIES] as string) ?? null,
        actresses: actresses.get(cid) ?? [],
        categories: categories.get(cid) ?? [],
        directors: directors.get(cid) ?? [],
      };
    });
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  /** The linked ids of the content_ids in [first, last], in link order (rows packed as `id:order,...` or `id,...`). */
  private linksOf(table: LinkTable, first: string, last: string): BatchLinks {
    const ordered = LINKS[table].order !== null;
    const byCid: BatchLinks = new Map();
    for (const [cid, packed] of this.links[table].all(first, last) as [string, string][]) {
      const list = byCid.get(cid);
      if (list) list.push(...packed.split(","));
      else byCid.set(cid, packed.split(","));
    }
    if (!ordered) return byCid;
    for (const [cid, list] of byCid) {
      // Ordinality, then file order; links without one go last.
      const keyed = list.map((l, i) => {
        const colon = l.indexOf(":");
        return { id: l.slice(0, colon), ord: colon === l.length - 1 ? Infinity : Number(l.slice(colon + 1)), i };
      });
      keyed.sort((a, b) => (a.ord === b.ord ? a.i - b.i : a.ord < b.ord ? -1 : 1));
      byCid.set(
        cid,
        keyed.map((k) => k.id),
      );
    }
    return byCid;
  }

  /** The linked rows, per content_id; links to ids the dump lacks are counted and left out. */
  private resolve(table: LinkTable, links: BatchLinks): Map<string, StagedRow[]> {
    const ids = new Set<string>();
    for (const list of links.values()) for (const id of list) ids.add(id);
    const rows = this.dims[LINKS[table].dimension].rows(ids);
    const out = new Map<string, StagedRow[]>();
    for (const [cid, list] of links) {
      const found: StagedRow[] = [];
      for (const id of list) {
        const row = rows.get(id);
        if (row) found.push(row);
        else this.dangling[table]++;
      }
      out.set(cid, found);
    }
    return out;
  }
}
