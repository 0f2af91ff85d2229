/**
 * A bulk write into the catalog (`import`, `import-dump`, generated sample data): ONE
 * write transaction for the whole load, so an interrupted load (SIGKILL included)
 * leaves the catalog as it was, and WAL readers keep answering from the old snapshot
 * until the commit. For the duration of the load:
 * - FTS5 merges nothing (automerge 0, crisismerge at its maximum): with its default
 *   settings every segment written is merged again and again as the index grows,
 *   which took more than half of the load's time. The index text is written in
 *   windows of FLUSH_ROWS titles, each flushed as one segment (a savepoint makes FTS5
 *   write what it buffered: small buffers keep its inserts fast), and the commit
 *   merges the load's segments once (mergeIndexAfterLoad);
 * - new ids are counted here rather than read per title (the load holds the lock);
 * - a bigger page cache keeps the B-trees being filled in memory, and mmap is off so
 *   touched catalog pages don't count against the process;
 * - no automatic checkpoint: the commit is followed by one checkpoint that also
 *   truncates the WAL, which has grown to about the size of what was written; none on
 *   a connection that leaves checkpoints to others (a backup's Litestream copies the
 *   WAL first, then checkpoints it itself: store/checkpoint.ts).
 * FTS5 keeps these settings in movies_fts_config, so they are set inside the
 * transaction and put back before the commit: no reader ever sees them.
 *
 * Measured on generated titles: without merging during the load, the load and its
 * final merge together take far less time than a load with FTS5's defaults.
 */
import type { Db } from "../store/db.js";
import { RowWriter, type PreparedRecord, type UpsertResult } from "../store/movies-write.js";
import { checkpointsLeftToOthers } from "../store/checkpoint.js";
import { endTurnSnapshot, endTurnSnapshots, stmt } from "../store/statements.js";
import { noteCatalogWrite } from "../store/version.js";

/** Titles per FTS segment written during the load (about 3 MB of buffered terms). */
const FLUSH_ROWS = 2_000;
/**
 * After a load, a level of the index holding this many segments or more is merged into
 * one (FTS5's `usermerge`): as many as the load wrote windows, between FTS5's own
 * automerge (4) and its largest (16). See commit().
 */
export function mergeFanIn(windows: number): number {
  return Math.min(16, Math.max(4, windows));
}

type FtsSetting = "automerge" | "crisismerge" | "hashsize" | "usermerge";

/** FTS5's own defaults, put back when the catalog had no setting of its own. */
const FTS_DEFAULTS: Record<FtsSetting, number> = { automerge: 4, crisismerge: 16, hashsize: 1024 * 1024, usermerge: 4 };
/** During the load: nothing merged (1999 is FTS5's largest crisismerge), a buffer that holds a window. */
const FTS_LOADING: Partial<Record<FtsSetting, number>> = { automerge: 0, crisismerge: 1999, hashsize: 16 * 1024 * 1024 };

export interface BulkLoadOptions {
  /** Page cache of the loading connection, in MiB (default 128). */
  cacheSizeMb?: number;
  /** Titles per index window (default FLUSH_ROWS; tests write many windows with few titles). */
  flushRows?: number;
}

/**
 * The steps of a commit, each announced before it starts (merge only when the load wrote
 * titles): at a million titles the index merge, the commit and the checkpoint each
 * take long enough to look like a hang, on a thread that can print nothing meanwhile.
 */
export type CommitStep = "merge" | "commit" | "checkpoint";

/** How a load leaves the index: one segment when it rewrote much of the catalog, else its own segments merged. */
export type IndexMerge = "optimize" | "merge" | "none";

/**
 * After a load that wrote `written` titles into a catalog of `titles` (them included):
 * a load of a fifth of the catalog or more rewrites the whole index into one segment
 * (searches seek each segment: fewer is faster, and the merge costs little next to
 * the load); a smaller one merges only its own segments (cost: its own size).
 */
export function indexMergeFor(written: number, titles: number): IndexMerge {
  if (written === 0) return "none";
  if (written >= 10_000 && written * 5 >= titles) return "optimize";
  return "merge";
}

function setFts(db: Db, name: FtsSetting | "merge", value: number): void {
  // A literal: FTS5 wants an integer and better-sqlite3 binds JS numbers as REAL.
  db.exec(`INSERT INTO movies_fts (movies_fts, rank) VALUES ('${name}', ${Math.trunc(value)})`);
}

export class BulkLoad {
  private readonly writer: RowWriter;
  private readonly pragmas: [string, unknown][];
  private readonly ftsBefore: Record<FtsSetting, number>;
  /** The connection leaves checkpoints to others: the commit then runs none. */
  private readonly ownCheckpoint: boolean;
  private open = true;
  private readonly flushRows: number;
  /** Index windows written so far (each one segment). */
  private windows = 0;
  readonly result: UpsertResult = { added: 0, updated: 0, unchanged: 0 };

  private constructor(
    private readonly db: Db,
    options: BulkLoadOptions,
  ) {
    endTurnSnapshot(db);
    this.ownCheckpoint = !checkpointsLeftToOthers(db);
    this.pragmas = ["cache_size", "mmap_size", "wal_autocheckpoint"].map((p) => [p, db.pragma(p, { simple: true })]);
    this.flushRows = options.flushRows ?? FLUSH_ROWS;
    db.pragma(`cache_size = -${(options.cacheSizeMb ?? 128) * 1024}`);
    db.pragma("mmap_size = 0");
    db.pragma("wal_autocheckpoint = 0");
    db.exec("BEGIN IMMEDIATE");
    const stored = new Map(
      stmt<[], { k: string; v: number }>(db, "SELECT k, v FROM movies_fts_config")
        .all()
        .map((r) => [r.k, r.v]),
    );
    this.ftsBefore = { ...FTS_DEFAULTS };
    for (const k of Object.keys(FTS_DEFAULTS) as FtsSetting[]) {
      const v = stored.get(k);
      if (typeof v === "number") this.ftsBefore[k] = v;
    }
    for (const [k, v] of Object.entries(FTS_LOADING)) setFts(db, k as FtsSetting, v);
    this.writer = new RowWriter(db, true);
    db.exec("SAVEPOINT bulk_window");
  }

  /** Starts a load: takes the write lock (waiting up to the busy timeout). Always call end(). */
  static begin(db: Db, options: BulkLoadOptions = {}): BulkLoad {
    return new BulkLoad(db, options);
  }

  /** Titles added or updated so far: the commit merges the index only when there are some. */
  get written(): number {
    return this.result.added + this.result.updated;
  }

  /** Writes a batch (any size) into the load; returns its counts. Unchanged titles are skipped. */
  upsert(records: PreparedRecord[]): UpsertResult {
    if (!this.open) throw new Error("the bulk load is over");
    const result: UpsertResult = { added: 0, updated: 0, unchanged: 0 };
    for (const p of records) {
      this.writer.write(p.row, () => p.fields, result);
      if (this.writer.pendingRows >= this.flushRows) this.nextWindow();
    }
    this.result.added += result.added;
    this.result.updated += result.updated;
    this.result.unchanged += result.unchanged;
    return result;
  }

  /**
   * Stores the source digest (import-dump's) of titles whose record stays as it is, by
   * catalog id: a column of the narrow row, no document or index text.
   */
  setSourceHashes(pairs: readonly (readonly [id: number, sourceHash: string])[]): void {
    if (!this.open) throw new Error("the bulk load is over");
    for (const [id, sourceHash] of pairs) this.writer.setSourceHash(id, sourceHash);
  }

  /** Writes the window's index rows; the next SAVEPOINT makes FTS5 write them out as one segment. */
  private nextWindow(): void {
    this.flushWindow();
    this.db.exec("RELEASE bulk_window");
    this.db.exec("SAVEPOINT bulk_window");
  }

  private flushWindow(): void {
    if (this.writer.pendingRows > 0) this.windows++;
    this.writer.flushIndex();
  }

  /** Merges the index, puts FTS5's settings back, commits and checkpoints, telling `onStep` each step. Returns what the merge did. */
  commit(onStep?: (step: CommitStep) => void): IndexMerge {
    this.flushWindow();
    this.writer.flushPeople();
    this.db.exec("RELEASE bulk_window");
    const written = this.written;
    const titles = stmt<[], number>(this.db, "SELECT count(*) FROM movies").pluck().get() as number;
    const merge = indexMergeFor(written, titles);
    if (merge !== "none") onStep?.("merge");
    if (merge === "optimize") this.db.exec("INSERT INTO movies_fts (movies_fts) VALUES ('optimize')");
    if (merge === "merge") {
      // Merges this load's windows, all at level 0, into one segment. The catalog's big
      // segment sits a level up, alone or beside a few earlier loads, and is rewritten
      // only once as many have gathered there (with a fan-in of 2 it was rewritten by
      // every load, which cost far more than merging the load's own segments).
      setFts(this.db, "usermerge", mergeFanIn(this.windows));
      setFts(this.db, "merge", 1_000_000_000);
    }
    onStep?.("commit");
    for (const [k, v] of Object.entries(this.ftsBefore)) setFts(this.db, k as FtsSetting, v);
    this.db.exec("COMMIT");
    this.open = false;
    if (written > 0) noteCatalogWrite(this.db);
    // Best effort: with a reader still on an old snapshot the WAL is only partly copied, and reused later.
    if (!this.ownCheckpoint) return merge;
    endTurnSnapshots();
    onStep?.("checkpoint");
    this.db.pragma("wal_checkpoint(TRUNCATE)");
    return merge;
  }

  /** Rolls back unless committed, and restores the connection's pragmas. Always call it. */
  end(): void {
    try {
      if (this.open && this.db.inTransaction) this.db.exec("ROLLBACK");
      this.open = false;
    } finally {
      for (const [name, value] of this.pragmas) this.db.pragma(`${name} = ${Number(value)}`);
    }
  }
}
