/**
 * The CPU half of import-dump's write phase: staged videos -> validated records,
 * prepared for the catalog (document, hash, index text). Pure apart from reading the
 * staging file, so it runs on other threads than the writes (record-workers.ts).
 */
import { type BatchStart, type PreparedRecord, prepareChangedRecord, StagedVideos, type StagedVideo, StoredHashes } from "../../catalog/index.js";
import type { IngestRecord } from "../../model/record.js";
import { ProviderParseError } from "../../providers/errors.js";
import { parseR18Combined } from "../../providers/r18dev/parse.js";
import { combinedFromStaged } from "./combined.js";

/** The provider a dump's titles are stored as. */
const PROVIDER = "r18dev";

/** One staged video as the record the r18dev provider would give, or why it can't be one. */
function toRecord(v: StagedVideo): IngestRecord | { reason: string; detail: string } {
  try {
    return parseR18Combined(combinedFromStaged(v));
  } catch (err) {
    if (!(err instanceof ProviderParseError)) throw err;
    const reason = err.problems.length > 0 ? `invalid record (${err.problems.map((p) => p.replace(/\[\d+\]/g, "[]")).join("; ")})` : "invalid record";
    return { reason, detail: err.message };
  }
}

/** What the write phase gets per batch of staged videos. */
export interface RecordBatch {
  /** The batch's position in content_id order. */
  index: number;
  /** Ready for the catalog: plain strings and numbers, cheap to post between threads. */
  records: PreparedRecord[];
  /** [table, reason, line, detail] of the videos left out. */
  skips: [string, string, number, string][];
  /** Staged videos this batch covers. */
  videos: number;
  /** Titles whose record is the one the catalog holds: left out of `records`. */
  unchanged: number;
}

/** What a thread needs to turn batches of the plan into records. */
export interface RecordJob {
  stagingPath: string;
  batchSize: number;
  now: number;
  batches: BatchStart[];
  /** Staged rows left out as repeats of an earlier content_id. */
  duplicates: number[];
  /** The catalog file, read for the stored hashes of titles (null: every title is prepared). */
  catalogPath: string | null;
}

/** Turns batches of the plan into records, on one thread, over its own reader of the staging file. */
export class RecordBuilder {
  private readonly staged: StagedVideos;
  private readonly duplicates: Set<number>;
  private readonly stored: StoredHashes | null;

  constructor(private readonly job: RecordJob) {
    this.staged = new StagedVideos(job.stagingPath);
    this.duplicates = new Set(job.duplicates);
    this.stored = job.catalogPath === null ? null : StoredHashes.open(job.catalogPath);
  }

  batch(index: number): RecordBatch {
    const batch = this.staged.batch(this.job.batches[index], this.job.batchSize);
    const out: RecordBatch = { index, records: [], skips: [], videos: batch.length, unchanged: 0 };
    if (batch.length === 0) return out;
    // Staged batches come in content_id order: their stored hashes are one range of the catalog.
    const stored = this.stored?.between(PROVIDER, batch[0].video[0] as string, batch[batch.length - 1].video[0] as string);
    for (const v of batch) {
      if (this.duplicates.has(v.rowid)) continue;
      const r = toRecord(v);
      if ("reason" in r) {
        out.skips.push(["derived_video", r.reason, v.line, r.detail]);
        continue;
      }
      const prepared = prepareChangedRecord(r, this.job.now, (r.provider === PROVIDER && stored?.get(r.record.contentId)) || null);
      if (prepared) out.records.push(prepared);
      else out.unchanged++;
    }
    return out;
  }

  /** Links read so far that point to ids the dump doesn't have, by table. */
  dangling(): Record<string, number> {
    return { ...this.staged.dangling };
  }

  close(): void {
    this.staged.close();
    this.stored?.close();
  }
}

/** Every batch of the plan in order, on this thread. Returns the dangling links. */
export function* recordBatches(job: RecordJob): Generator<RecordBatch, Record<string, number>> {
  const builder = new RecordBuilder(job);
  try {
    for (let index = 0; index < job.batches.length; index++) yield builder.batch(index);
    return builder.dangling();
  } finally {
    builder.close();
  }
}
