/** What import-dump reports: its progress, its summary, the rows it left out and why, its errors. */
import { stableCode, VideoCatalogError } from "../../lib/video-catalog-error.js";

export interface ImportDumpProgress {
  /** Then the steps of the commit (BulkLoad's CommitStep): merge only when titles were written. */
  phase: "read" | "index" | "write" | "merge" | "commit" | "checkpoint";
  /** On-disk bytes read so far (compressed bytes for a .gz) and the file size. */
  bytesRead: number;
  totalBytes: number;
  /** derived_video rows staged so far. */
  videosRead: number;
  /** Staged videos to write (known from the index phase on). */
  videosTotal: number | null;
  videosWritten: number;
  seconds: number;
}

export interface SkipExample {
  line: number;
  table: string;
  detail: string;
}

export interface SkipGroup {
  count: number;
  /** The first few rows skipped for this reason. */
  examples: SkipExample[];
}

export interface ImportDumpSummary {
  /** Videos imported: added + updated + unchanged. */
  videos: number;
  added: number;
  updated: number;
  unchanged: number;
  /** derived_actress rows in the dump. */
  actresses: number;
  /** Rows left out, by reason. */
  skipped: Record<string, SkipGroup>;
  /** Things worth knowing that skipped no row: unknown tables and columns, missing tables. */
  notes: string[];
  seconds: number;
}

export interface ImportDumpOptions {
  /** May return a promise: the import waits for it (the catalog transaction stays open meanwhile). */
  onProgress?: (p: ImportDumpProgress) => void | Promise<void>;
  onNote?: (note: string) => void;
  /** Where the staging file goes (default: beside the catalog). */
  stagingDir?: string;
  /** Videos per write batch. */
  batchSize?: number;
  /** Aborting stops the import at its next progress point: nothing is imported. */
  signal?: AbortSignal;
  /** Worker threads that build records while this one writes (default 2; 0: all on this thread). */
  workerThreads?: number;
  /** The record format source hashes are computed for (default RECORD_FORMAT): tests move it to see a refresh parse again. */
  recordFormat?: number;
  now?: number;
}

/** The file ended inside a COPY block: nothing was imported. */
export class DumpTruncatedError extends VideoCatalogError {
  static {
    stableCode(DumpTruncatedError, "VC_ERR_DUMP_TRUNCATED");
  }

  constructor(
    readonly table: string,
    readonly line: number,
  ) {
    super(
      `the dump is truncated: it ends inside the COPY data of ${table} at line ${line}. Nothing was imported ` +
        "(the catalog is unchanged): a cut dump may lack the actresses, categories and directors of every video. " +
        "Download it again, then re-run import-dump.",
    );
    this.name = "DumpTruncatedError";
  }
}

/** The dump has no videos to import (not an r18.dev dump, or no derived_video data). */
export class DumpFormatError extends VideoCatalogError {
  static {
    stableCode(DumpFormatError, "VC_ERR_DUMP_FORMAT");
  }

  constructor(message: string) {
    super(message);
    this.name = "DumpFormatError";
  }
}

const EXAMPLES_PER_REASON = 5;

/** Counts the rows left out by reason, with the first few of each, and the notes. */
export class Tally {
  readonly skipped: Record<string, SkipGroup> = {};
  readonly notes: string[] = [];

  constructor(private readonly onNote?: (note: string) => void) {}

  skip(table: string, reason: string, line: number, detail: string): void {
    const key = `${table}: ${reason}`;
    const group = (this.skipped[key] ??= { count: 0, examples: [] });
    group.count++;
    if (group.examples.length < EXAMPLES_PER_REASON) group.examples.push({ line, table, detail });
  }

  note(text: string): void {
    this.notes.push(text);
    this.onNote?.(text);
  }
}
