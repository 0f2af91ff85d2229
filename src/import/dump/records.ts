/**
 * The CPU half of import-dump's write phase: staged videos -> validated records,
 * prepared for the catalog (document, hash, index text). Pure apart from reading the
 * staging file and the catalog, so it runs on other threads than the writes
 * (record-workers.ts).
 */
import {
  type BatchStart,
  type PreparedRecord,
  prepareChangedRecord,
  STAGED_VIDEO_COLUMNS,
  StagedVideos,
  type JoinedVideo,
  type StagedVideo,
  type StagedVideoText,
  StoredHashes,
  type StoredTitle,
} from "../../catalog/index.js";
import type { IngestRecord } from "../../model/record.js";
import { ProviderParseError } from "../../providers/errors.js";
import { parseR18Combined } from "../../providers/r18dev/parse.js";
import { combinedFromStaged } from "./combined.js";
import { decodeCopyRow } from "./copy-parser.js";
import { columnIndex } from "./r18-dump-map.js";
import { SourceHashes } from "./source-hash.js";

/** The provider a dump's titles are stored as. */
const PROVIDER = "r18dev";

/** One staged video (its derived_video values `c`) as the record the r18dev provider would give, or why it can't be one. */
function toRecord(v: JoinedVideo, c: (string | null)[]): IngestRecord | { reason: string; detail: string } {
  try {
    return parseR18Combined(combinedFromStaged(v, c));
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
  /** [catalog id, source hash] of titles whose record is unchanged but whose stored source hash is not this one. */
  sources: [number, string][];
  /** [table, reason, line, detail] of the videos left out. */
  skips: [string, string, number, string][];
  /** Staged videos this batch covers. */
  videos: number;
  /** Titles whose rows (source hash) or record is the one the catalog holds: left out of `records`. */
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
  /** The columns of each derived_video COPY block (StagingPlan.videoBlocks). */
  videoBlocks: string[][];
  /** The record format of the source hashes (RECORD_FORMAT unless a test moves it). */
  recordFormat?: number;
  /** The catalog file, read for the stored hashes of titles (null: every title is parsed and prepared). */
  catalogPath: string | null;
}

/** Turns batches of the plan into records, on one thread, over its own reader of the staging file. */
export class RecordBuilder {
  private readonly staged: StagedVideos;
  private readonly duplicates: Set<number>;
  private readonly stored: StoredHashes | null;
  /** Per derived_video block: its width, and where each of STAGED_VIDEO_COLUMNS is in its lines (-1: absent; null: in place). */
  private readonly blocks: { width: number; from: number[] | null }[];
  private readonly sources: SourceHashes;

  constructor(private readonly job: RecordJob) {
    this.staged = new StagedVideos(job.stagingPath);
    this.duplicates = new Set(job.duplicates);
    this.stored = job.catalogPath === null ? null : StoredHashes.open(job.catalogPath);
    this.sources = new SourceHashes(job.videoBlocks, job.recordFormat);
    this.blocks = job.videoBlocks.map((header) => {
      const { index } = columnIndex(header, STAGED_VIDEO_COLUMNS);
      const from = STAGED_VIDEO_COLUMNS.map((c) => index[c] ?? -1);
      return { width: header.length, from: header.length === from.length && from.every((k, i) => k === i) ? null : from };
    });
  }

  batch(index: number): RecordBatch {
    const start = this.job.batches[index];
    // The batch ends where the next one starts (its last content_id), or with the plan.
    const end = this.job.batches[index + 1]?.[0] ?? null;
    const out: RecordBatch = { index, records: [], sources: [], skips: [], videos: 0, unchanged: 0 };
    if (this.stored === null || this.stored.noneBetween(PROVIDER, start[0], end)) this.buildAll(out, start);
    else this.refresh(out, start);
    return out;
  }

  /** A batch the catalog has no title of (a first import): every video is built, read with its linked rows at once. */
  private buildAll(out: RecordBatch, start: BatchStart): void {
    const { videos, texts } = this.staged.wholeBatch(start, this.job.batchSize);
    out.videos = videos.length;
    const built = this.duplicates.size > 0 ? videos.flatMap((v, i) => (this.duplicates.has(v.rowid) ? [] : [i])) : null;
    const pick = <T>(all: T[]) => (built ? built.map((i) => all[i]) : all);
    const kept = pick(videos);
    this.build(
      out,
      kept,
      pick(texts),
      kept.map((v) => this.sources.of(v)),
      undefined,
    );
  }

  /**
   * A batch of titles the catalog may hold: a title whose source hash is the stored one
   * is left out unparsed (a whole batch of them with one comparison); the others are
   * built, and written unless their record is the stored one.
   */
  private refresh(out: RecordBatch, start: BatchStart): void {
    const batch = this.staged.batch(start, this.job.batchSize);
    out.videos = batch.length;
    if (batch.length === 0) return;
    // Staged batches come in content_id order: their stored titles are one range of the catalog.
    const [first, last] = [batch[0].contentId, batch[batch.length - 1].contentId];
    const videos = this.duplicates.size > 0 ? batch.filter((v) => !this.duplicates.has(v.rowid)) : batch;
    const sources = videos.map((v) => this.sources.of(v));
    const stored = this.stored as StoredHashes;
    if (
      stored.sameSources(
        PROVIDER,
        first,
        last,
        videos.map((v, i) => [v.contentId, sources[i]] as const),
      )
    ) {
      out.unchanged = videos.length;
      return;
    }
    const titles = stored.between(PROVIDER, first, last);
    const changed: StagedVideo[] = [];
    const changedSources: string[] = [];
    for (let i = 0; i < videos.length; i++) {
      if (titles.get(videos[i].contentId)?.sourceHash === sources[i]) continue;
      changed.push(videos[i]);
      changedSources.push(sources[i]);
    }
    out.unchanged = videos.length - changed.length;
    if (changed.length > 0) this.build(out, this.staged.join(changed), this.staged.texts(changed.map((v) => v.rowid)), changedSources, titles);
  }

  /** Parses and prepares these videos (their own rows `texts`, their source hashes `sources`) into `out`; `stored`: the catalog's titles of the batch. */
  private build(out: RecordBatch, videos: JoinedVideo[], texts: StagedVideoText[], sources: string[], stored: Map<string, StoredTitle> | undefined): void {
    for (let k = 0; k < videos.length; k++) {
      const source = sources[k];
      const r = toRecord(videos[k], this.values(texts[k]));
      if ("reason" in r) {
        out.skips.push(["derived_video", r.reason, texts[k].line, r.detail]);
        continue;
      }
      const title = (r.provider === PROVIDER && stored?.get(r.record.contentId)) || null;
      const prepared = prepareChangedRecord(r, this.job.now, title?.hash ?? null, source);
      if (prepared) out.records.push(prepared);
      else {
        out.unchanged++;
        if (title && title.sourceHash !== source) out.sources.push([title.id, source]);
      }
    }
  }

  /** A staged video's derived_video values, in STAGED_VIDEO_COLUMNS order. */
  private values(t: StagedVideoText): (string | null)[] {
    const b = this.blocks[t.block];
    const fields = decodeCopyRow(t.text, b.width);
    return b.from === null ? fields : b.from.map((k) => (k < 0 ? null : fields[k]));
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
