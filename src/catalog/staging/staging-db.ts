/**
 * The staging database of `import-dump`, written: a throwaway SQLite file that
 * receives the COPY rows of the r18.dev tables (in whatever order the dump has them), is indexed
 * by content_id once everything is in, and hands videos back in content_id order
 * with their joined actresses, categories, directors, maker, label and series. It
 * is what keeps a 1.9M-video dump in bounded memory: a few batches of videos and
 * the small dimension tables are all that is ever held in JS.
 *
 * This file holds the dimension tables (names by id). The videos and the links, the
 * big tables, go to files of their own beside it (video-staging.ts, link-staging.ts),
 * each written and indexed by a stager of its own: on worker threads when import-dump
 * has them, so that reading the dump, staging the videos and staging the links run
 * side by side. Rows go in through multi-row INSERTs (one statement call per 64 rows)
 * with the journal and syncs off.
 */
import { randomBytes } from "node:crypto";
import { readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import type Database from "better-sqlite3";
import type { Db } from "../store/db.js";
import { DIMENSIONS, isDimension, type StagedTable, type StagingPlan, type StagingSink } from "./dump-tables.js";
import { type LinkStager, LinkSink, LinkStaging } from "./link-staging.js";
import { BatchInsert, headerSalt, openStagingFile, RowSink } from "./sinks.js";
import { type VideoStager, VideoSink, VideoStaging } from "./video-staging.js";

/** Rows between commits of the staging database (it has no journal: commits only bound the dirty cache). */
const ROWS_PER_COMMIT = 200_000;
const FILE_PREFIX = ".import-dump-";
const FILE_SUFFIX = ".staging.db";

/** The file of the videos (video-staging.ts) or of the links (link-staging.ts) beside a staging file. */
export function sideFileOf(stagingPath: string, side: "videos" | "links"): string {
  return `${stagingPath.slice(0, -FILE_SUFFIX.length)}-${side}${FILE_SUFFIX}`;
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
    const m = /^\.import-dump-(\d+)-[0-9a-f]+(-videos|-links)?\.staging\.db(-journal|-wal|-shm)?$/.exec(name);
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
  /** Who stages the videos, into the file at `path` (default: a VideoStaging on this thread). */
  videos?: (path: string) => VideoStager;
  /** Who stages the links, into the file at `path` (default: a LinkStaging on this thread). */
  links?: (path: string) => LinkStager;
}

/** The directory a catalog file lives in, or the system temp dir for an in-memory catalog. */
export function stagingDirFor(catalog: Db): string {
  return catalog.memory || catalog.name === "" ? tmpdir() : dirname(resolve(catalog.name));
}

export class StagingDb {
  readonly path: string;
  /** The videos' file (see video-staging.ts). */
  readonly videosPath: string;
  /** The links' file (see link-staging.ts). */
  readonly linksPath: string;
  private readonly videos: VideoStager;
  private readonly links: LinkStager;
  private readonly db: Database.Database;
  private readonly sinks: { flush(): void }[] = [];
  private sinceCommit = 0;
  private readonly videoBlocks: string[][] = [];
  /** Staged rows per table. */
  readonly rows: Partial<Record<StagedTable, number>> = {};

  private constructor(path: string, cacheSizeMb: number, options: StagingOptions) {
    this.path = path;
    this.videosPath = sideFileOf(path, "videos");
    this.linksPath = sideFileOf(path, "links");
    this.db = openStagingFile(path, cacheSizeMb);
    try {
      this.createTables();
      this.db.exec("BEGIN");
      this.videos = (options.videos ?? ((p) => new VideoStaging(p)))(this.videosPath);
      this.links = (options.links ?? ((p) => new LinkStaging(p)))(this.linksPath);
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
    return new StagingDb(path, options.cacheSizeMb ?? 32, options);
  }

  private createTables(): void {
    const ddl: string[] = [];
    // TEXT PRIMARY KEY + INSERT OR REPLACE: a repeated id keeps its last row, and joins never fan out.
    for (const [table, cols] of Object.entries(DIMENSIONS)) {
      ddl.push(`CREATE TABLE ${table} (id TEXT PRIMARY KEY, ${cols.slice(1).join(", ")}, row_hash)`);
    }
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
   * A sink for one COPY block of `table` whose header has `header` (the column names);
   * give it values in stagedColumns(table) order (null for a column the dump lacks),
   * the row's line number and its text. Call endTable() after the block.
   */
  table(table: StagedTable, header: readonly string[]): StagingSink {
    if (!this.db.open) throw new Error("staging: rows after finish()");
    let sink: StagingSink & { flush(): void };
    if (table === "derived_video") {
      sink = new VideoSink(this.videos, this.videoBlocks.length);
      this.videoBlocks.push([...header]);
    } else if (isDimension(table)) {
      sink = new RowSink(new BatchInsert(this, this.db, table, DIMENSIONS[table].length + 1, "INSERT OR REPLACE"), headerSalt(header));
    } else {
      sink = new LinkSink(this.links, table);
    }
    this.sinks.push(sink);
    const counted: StagingSink = {
      add: (values, line, text) => {
        this.rows[table] = (this.rows[table] ?? 0) + 1;
        sink.add(values, line, text);
      },
    };
    return counted;
  }

  /** Writes what the sinks still buffer; call at the end of each COPY block. */
  endTable(): void {
    for (const s of this.sinks.splice(0)) s.flush();
  }

  /** Waits while a stager is behind (call between windows of input); throws when one failed. */
  async drain(): Promise<void> {
    await this.videos.drain();
    await this.links.drain();
  }

  /**
   * Ends loading: indexes the tables by content_id, plans the batches of `size`
   * videos (in content_id order) and closes the writers' connections; StagedVideos
   * reads the files next, possibly on several threads, each batch on its own. A video
   * stager on another thread indexes its file meanwhile.
   */
  async finish(size: number): Promise<StagingPlan> {
    this.endTable();
    const videos = this.videos.finish(size);
    const links = this.links.finish(size);
    // Seen, so that a failure of a stager while this thread commits is not reported as unhandled.
    for (const p of [videos, links]) if (p instanceof Promise) p.catch(() => {});
    this.db.exec("COMMIT");
    this.db.close();
    const [plan] = await Promise.all([videos, links]);
    return { ...plan, videoBlocks: this.videoBlocks };
  }

  /** Closes and deletes the staging files; safe to call twice. */
  close(): void {
    try {
      if (this.db?.open) this.db.close();
      if (this.videos instanceof VideoStaging) this.videos.close();
      if (this.links instanceof LinkStaging) this.links.close();
    } finally {
      for (const path of [this.path, this.videosPath, this.linksPath]) {
        for (const suffix of ["", "-journal", "-wal", "-shm"]) rmSync(path + suffix, { force: true });
      }
    }
  }
}
