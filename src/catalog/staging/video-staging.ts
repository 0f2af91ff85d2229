/**
 * The derived_video part of import-dump's staging: a file of its own beside the staging
 * database (staging-db.ts), so that it can be written on another thread while the
 * reader of the dump stages the other tables. Each video is staged as its COPY line,
 * whole, beside the digest of the line and the columns the joins need: digesting and
 * inserting the videos was a large part of reading a dump on one thread (binding 20
 * columns per row instead of the line cost more still), and a refresh then reads only
 * the covering index of the narrow columns.
 */
import { type BatchStart, STAGED_VIDEO_COLUMNS, type StagingPlan, type StagingSink } from "./dump-tables.js";
import { StagingFile } from "./file.js";
import { BatchInsert, rowDigest, type Stager } from "./sinks.js";

/** Rows between commits (the file has no journal: commits only bound the dirty cache). */
const ROWS_PER_COMMIT = 50_000;

/** seq is the rowid; the index (finish()) holds it after content_id, so that it covers a batch's page. */
const VIDEO_TABLE_SQL = "CREATE TABLE derived_video (seq INTEGER PRIMARY KEY, line, block, content_id, row_hash, maker_id, label_id, series_id, text)";
const VIDEO_INDEX_SQL = "CREATE INDEX video_cid ON derived_video (content_id, seq, block, row_hash, maker_id, label_id, series_id)";
const VIDEO_COLUMNS = "(line, block, content_id, row_hash, maker_id, label_id, series_id, text)";

/** Values per video in VideoRows.rows: line, content_id, maker_id, label_id, series_id, text. */
export const VIDEO_ROW_WIDTH = 6;

/** Rows of one derived_video COPY block, flat (VIDEO_ROW_WIDTH values per row): cheap to post to another thread. */
export interface VideoRows {
  /** The block's number (StagingPlan.videoBlocks). */
  block: number;
  rows: unknown[];
}

export type VideoPlan = Omit<StagingPlan, "videoBlocks">;

export type VideoStager = Stager<VideoRows, VideoPlan>;

/** Videos per VideoRows handed to the stager (about 0.5 MB of text). */
const ROWS_PER_HANDOVER = 1024;
/** Where the staged video columns are in a row's values (STAGED_VIDEO_COLUMNS order). */
const V_JOIN = ["content_id", "maker_id", "label_id", "series_id"].map((c) => STAGED_VIDEO_COLUMNS.indexOf(c as (typeof STAGED_VIDEO_COLUMNS)[number]));

/** The sink of one derived_video COPY block: its rows go to the stager in VideoRows of ROWS_PER_HANDOVER. */
export class VideoSink implements StagingSink {
  private rows: unknown[] = [];

  constructor(
    private readonly stager: VideoStager,
    private readonly block: number,
  ) {}

  add(values: (string | null)[], line: number, text: string): void {
    const [cid, maker, label, series] = V_JOIN;
    this.rows.push(line, values[cid], values[maker], values[label], values[series], text);
    if (this.rows.length === ROWS_PER_HANDOVER * VIDEO_ROW_WIDTH) this.flush();
  }

  flush(): void {
    if (this.rows.length === 0) return;
    this.stager.add({ block: this.block, rows: this.rows });
    this.rows = [];
  }
}

export class VideoStaging extends StagingFile implements VideoStager {
  private readonly insert: BatchInsert;

  constructor(path: string, cacheSizeMb = 32) {
    super(path, ROWS_PER_COMMIT, cacheSizeMb, (db) => db.exec(VIDEO_TABLE_SQL));
    this.insert = new BatchInsert(this, this.db, "derived_video", 8, "INSERT", VIDEO_COLUMNS);
  }

  /**
   * A video's digest is of its line alone: its block's columns are staged beside it (and
   * read into its source hash), which saves copying each line behind them to digest it.
   */
  add({ block, rows }: VideoRows): void {
    for (let at = 0; at < rows.length; at += VIDEO_ROW_WIDTH) {
      const text = rows[at + 5] as string;
      this.insert.push([rows[at], block, rows[at + 1], rowDigest("", text), rows[at + 2], rows[at + 3], rows[at + 4], text]);
    }
  }

  /**
   * Ends loading: indexes the videos by content_id, plans the batches of `size` videos
   * (in content_id order) and closes the connection; StagedVideos reads the file next.
   */
  finish(size: number): VideoPlan {
    this.insert.flush();
    this.commitAndIndex(VIDEO_INDEX_SQL);
    // One pass over the index: where each batch starts, and the repeated content_ids (the first row wins).
    const plan: VideoPlan = { videos: 0, batches: [], duplicates: [] };
    const scan = this.db.prepare("SELECT content_id, seq FROM derived_video INDEXED BY video_cid ORDER BY content_id, seq").raw();
    const lineOf = this.db.prepare("SELECT line FROM derived_video WHERE seq = ?").pluck();
    let last: string | null = null;
    let prev: BatchStart = ["", -1];
    const dups: [string, number][] = [];
    // Iterated, not read whole: on a worker thread's bounded heap, 1,000,000 rows at once did not fit.
    for (const [cid, seq] of scan.iterate() as Iterable<[string, number]>) {
      if (plan.videos % size === 0) plan.batches.push(prev);
      plan.videos++;
      prev = [cid, seq];
      if (cid === last) dups.push([cid, seq]);
      last = cid;
    }
    plan.duplicates = dups.map(([contentId, rowid]) => ({ contentId, rowid, line: lineOf.get(rowid) as number }));
    this.db.close();
    return plan;
  }
}
