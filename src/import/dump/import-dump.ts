/**
 * import-dump: the r18.dev database dump (pg_dump COPY text, .sql or .sql.gz) into
 * the catalog as provider `r18dev` records.
 *
 * 1. read: the file is streamed once; the rows of the tables we use go to a staging
 *    SQLite file (StagingDb), whatever the table order, columns mapped by name from
 *    each COPY header. Broken rows are skipped and counted here, with their line.
 * 2. index: staging indexes the tables by content_id and plans batches of videos.
 * 3. write: two worker threads take alternate batches: each video, with its joins,
 *    becomes the JSON r18.dev's `combined` endpoint serves, is parsed by the r18dev
 *    provider's own parseR18Combined (so a dump import and a live lookup give the same
 *    record) and prepared for the catalog (document, hash, index text). This thread
 *    writes the prepared batches in plan order, all in ONE catalog transaction.
 *
 * Where the time goes (100k synthetic videos, CPU profile of all threads): SQLite
 * writes with the FTS index 23%, parseR18Combined and its validation 19%, index text
 * 17%, GC 9%, document JSON and hash 7%, staging reads and joins 6%, the combined JSON
 * 5%, posting batches between threads 3%, reading and staging the file 4%. Hence:
 * staging with multi-row INSERTs, no journal, link rows packed per video; the record
 * work on two threads beside the writer; prepared statements throughout (stmt());
 * the catalog writes in one BulkLoad (src/catalog/bulk/bulk-load.ts: no index merging
 * during the load, one merge at the end).
 *
 * Safety: nothing touches the catalog before the whole file has been read, and all
 * catalog writes commit together. A truncated file imports nothing (its missing part
 * may hold the link tables of every video: importing the rest would replace good
 * records with records that lost their actresses). A killed import leaves the catalog
 * as it was: WAL readers keep the old snapshot until the commit, and SQLite's recovery
 * drops an uncommitted transaction. Re-imports upsert by (r18dev, contentId) and skip
 * unchanged records by hash.
 */
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker, type MessagePort } from "node:worker_threads";
import {
  BulkLoad,
  isStagedTable,
  prepareRecord,
  STAGED_VIDEO_COLUMNS,
  stagedColumns,
  StagedVideos,
  StagingDb,
  stagingDirFor,
  type BatchStart,
  type Db,
  type PreparedRecord,
  type StagedTable,
  type StagedVideo,
} from "../../catalog/index.js";
import type { IngestRecord } from "../../model/record.js";
import { openDumpFile, readCopyDumpBatches, type CopyEvent } from "./copy-reader.js";
import { TABLE_COLUMNS, columnIndex, dumpImageUrl, galleryRange } from "./r18-dump-map.js";
import { calendarDay } from "../../providers/coerce.js";
import { ProviderParseError } from "../../providers/errors.js";
import { parseR18Combined } from "../../providers/r18dev/parse.js";

export interface ImportDumpProgress {
  phase: "read" | "index" | "write" | "commit";
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
  now?: number;
}

/** The file ended inside a COPY block: nothing was imported. */
export class DumpTruncatedError extends Error {
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
export class DumpFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DumpFormatError";
  }
}

const EXAMPLES_PER_REASON = 5;
/**
 * Videos per batch handed between threads. With WORKER_AHEAD and the workers' heaps this
 * bounds memory: at 1,000,000 videos, batches of 1,000 three ahead peaked at 950 MB of
 * RSS, of 400 two ahead at 720 MB, at the same speed.
 */
const BATCH_VIDEOS = 400;
/**
 * Two record builders and the writer share the 2 cores: building (joins, parsing,
 * document, hash, index text) costs more than writing, so one builder would leave
 * the writer waiting.
 */
const DEFAULT_WORKERS = 2;
const PROGRESS_EVERY_MS = 250;
const KNOWN_TABLES = Object.keys(TABLE_COLUMNS);

/** What a dump without the table loses. */
const MISSING_TABLE: Record<string, string> = {
  derived_video: "there are no videos to import",
  derived_actress: "videos are imported without actresses",
  derived_video_actress: "videos are imported without actresses",
  derived_category: "videos are imported without categories",
  derived_video_category: "videos are imported without categories",
  derived_director: "videos are imported without directors",
  derived_video_director: "videos are imported without directors",
  derived_maker: "videos are imported without maker names",
  derived_label: "videos are imported without label names",
  derived_series: "videos are imported without series names",
};

/**
 * pg_dump ends a plain dump with "-- PostgreSQL database dump complete". A .gz cut
 * short fails in gunzip; a plain file cut between two COPY blocks reads as a complete
 * dump, so its tail is checked.
 */
function endsLikePgDump(path: string): boolean {
  const fd = openSync(path, "r");
  try {
    const size = fstatSync(fd).size;
    const tail = Buffer.alloc(Math.min(size, 4096));
    readSync(fd, tail, 0, tail.length, size - tail.length);
    return tail.toString("latin1").includes("PostgreSQL database dump complete");
  } finally {
    closeSync(fd);
  }
}

/** Where a column of the dump goes: -1 when the header lacks it. */
interface BlockMap {
  table: StagedTable;
  sink: ReturnType<StagingDb["table"]>;
  /** For each staged column, its index in the dump row. */
  from: number[];
  check: RowCheck;
}

type RowCheck = (values: (string | null)[], from: number[]) => [reason: string, detail: string] | null;

const INTEGER = /^-?\d+$/;

/** Columns that must be there for a row to mean anything (the table's keys). */
const KEY_COLUMNS: Record<StagedTable, string[]> = {
  derived_video: ["content_id"],
  derived_actress: ["id"],
  derived_maker: ["id"],
  derived_label: ["id"],
  derived_series: ["id"],
  derived_category: ["id"],
  derived_director: ["id"],
  derived_video_actress: ["content_id", "actress_id"],
  derived_video_category: ["content_id", "category_id"],
  derived_video_director: ["content_id", "director_id"],
};

/** Per-row checks of the fields the import parses: a broken one skips the row. */
function rowCheck(table: StagedTable): RowCheck {
  const cols = stagedColumns(table);
  const keys = KEY_COLUMNS[table].map((k) => cols.indexOf(k));
  const integers = cols.flatMap((c, i) => (/(^|_)id$|^ordinality$|^runtime_mins$/.test(c) && c !== "content_id" && c !== "dvd_id" ? [i] : []));
  const date = table === "derived_video" ? cols.indexOf("release_date") : -1;
  return (values, from) => {
    for (const k of keys) {
      const v = values[from[k]];
      if (v === null || v.trim() === "") return [`missing ${cols[k]}`, `${cols[k]} is ${v === null ? "NULL" : "empty"}`];
    }
    for (const k of integers) {
      const v = from[k] < 0 ? null : values[from[k]];
      if (v !== null && !INTEGER.test(v)) return [`unparseable ${cols[k]}`, `${cols[k]} = ${JSON.stringify(v.slice(0, 40))}`];
    }
    if (date >= 0 && from[date] >= 0) {
      const v = values[from[date]];
      if (v !== null && calendarDay(v) === null) return ["unparseable release_date", `release_date = ${JSON.stringify(v.slice(0, 40))}`];
    }
    return null;
  };
}

class Tally {
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

/** The parser's error reasons, grouped ("expected 20 fields, got 19" -> "wrong number of fields"). */
function parserReason(reason: string): string {
  if (/^expected \d+ fields/.test(reason)) return "wrong number of fields";
  if (reason.startsWith("invalid escape")) return "invalid escape";
  return reason;
}

/** Phase 1: the whole file into staging. Returns the derived_actress row count. */
async function stageDump(
  path: string,
  staging: StagingDb,
  tally: Tally,
  progress: (p: Partial<ImportDumpProgress>, force?: boolean) => void | Promise<void>,
): Promise<void> {
  const input = openDumpFile(path);
  await progress({ phase: "read", totalBytes: input.progress.totalBytes }, true);
  const seen = new Set<string>();
  let block: BlockMap | null = null;
  let videos = 0;
  const onUnknown = (s: { line: number; text: string; kind: string }) => {
    if (s.kind === "copy") tally.note(`line ${s.line}: a COPY block in a format the reader can't read was skipped: ${s.text.slice(0, 120)}`);
  };
  try {
    for await (const events of readCopyDumpBatches(input, { tables: KNOWN_TABLES, onUnknown })) {
      for (let i = 0; i < events.length; i++) {
        const e: CopyEvent = events[i];
        if (e.type === "row") {
          if (block === null) continue;
          const bad = block.check(e.values, block.from);
          if (bad !== null) {
            tally.skip(e.table, bad[0], e.line, bad[1]);
            continue;
          }
          const from = block.from;
          const mapped: (string | null)[] = new Array(from.length);
          for (let k = 0; k < from.length; k++) mapped[k] = from[k] < 0 ? null : e.values[from[k]];
          block.sink.add(mapped, e.line);
          if (block.table === "derived_video") videos++;
        } else if (e.type === "table") {
          block = openBlock(e, staging, tally, seen);
        } else if (e.type === "end") {
          staging.endTable();
          block = null;
        } else if (e.type === "error") {
          tally.skip(e.table, parserReason(e.reason), e.line, e.reason);
        } else {
          throw new DumpTruncatedError(e.table, e.line);
        }
      }
      await progress({ phase: "read", bytesRead: input.progress.bytesRead, videosRead: videos });
    }
  } finally {
    input.destroy();
  }
  for (const table of KNOWN_TABLES) {
    if (!seen.has(table)) tally.note(`the dump has no ${table} table: ${MISSING_TABLE[table]}`);
  }
  if (!input.progress.gzip && !endsLikePgDump(path)) {
    tally.note(
      'the file does not end with pg_dump\'s "dump complete" line: if it was cut between two tables, the tables after the cut are missing (see the notes above)',
    );
  }
  await progress({ phase: "read", bytesRead: input.progress.totalBytes, videosRead: videos }, true);
}

function openBlock(e: Extract<CopyEvent, { type: "table" }>, staging: StagingDb, tally: Tally, seen: Set<string>): BlockMap | null {
  if (!isStagedTable(e.table)) {
    tally.note(`line ${e.line}: table ${e.table} is not used by the import; skipped`);
    return null;
  }
  seen.add(e.table);
  const cols = stagedColumns(e.table);
  const { index, missing, unknown } = columnIndex(e.columns, cols);
  const missingKeys = KEY_COLUMNS[e.table].filter((k) => missing.includes(k));
  if (missingKeys.length > 0) {
    tally.note(`line ${e.line}: table ${e.table} has no ${missingKeys.join(", ")} column; its rows were skipped`);
    return null;
  }
  // Columns of r18.dev's schema that the import has no use for (release_date of the links) go unmentioned.
  const schema: readonly string[] = TABLE_COLUMNS[e.table];
  const unexpected = unknown.filter((c) => !schema.includes(c));
  if (unexpected.length > 0) tally.note(`line ${e.line}: ${e.table}: unknown columns skipped: ${unexpected.join(", ")}`);
  if (missing.length > 0) tally.note(`line ${e.line}: ${e.table}: no ${missing.join(", ")} column (imported as empty)`);
  return { table: e.table, sink: staging.table(e.table), from: cols.map((c) => index[c] ?? -1), check: rowCheck(e.table) };
}

const num = (v: string | null): number | null => (v === null ? null : Number(v));
/** Positions in StagedVideo.video by column name. */
const V = Object.fromEntries(STAGED_VIDEO_COLUMNS.map((c, i) => [c, i])) as Record<(typeof STAGED_VIDEO_COLUMNS)[number], number>;

/**
 * The JSON r18.dev's `.../combined={content_id}/json` serves for a video, rebuilt from
 * its dump rows: names joined in, image paths made URLs, the gallery expanded from its
 * first/last pair. parseR18Combined then makes the record exactly as a live lookup would.
 */
export function combinedFromStaged(v: StagedVideo): Record<string, unknown> {
  const c = v.video;
  const full = galleryRange(c[V.gallery_full_first], c[V.gallery_full_last]);
  const thumb = galleryRange(c[V.gallery_thumb_first], c[V.gallery_thumb_last]);
  const gallery = Array.from({ length: Math.max(full.length, thumb.length) }, (_, i) => ({
    image_full: full[i] ?? null,
    image_thumb: thumb[i] ?? null,
  }));
  return {
    content_id: c[V.content_id],
    dvd_id: c[V.dvd_id],
    title_en: c[V.title_en],
    title_ja: c[V.title_ja],
    comment_en: c[V.comment_en],
    comment_ja: c[V.comment_ja],
    runtime_mins: num(c[V.runtime_mins]),
    release_date: c[V.release_date],
    sample_url: c[V.sample_url],
    maker_id: num(c[V.maker_id]),
    maker_name_en: v.maker?.name_en ?? null,
    maker_name_ja: v.maker?.name_ja ?? null,
    label_id: num(c[V.label_id]),
    label_name_en: v.label?.name_en ?? null,
    label_name_ja: v.label?.name_ja ?? null,
    series_id: num(c[V.series_id]),
    series_name_en: v.series?.name_en ?? null,
    series_name_ja: v.series?.name_ja ?? null,
    jacket_full_url: dumpImageUrl(c[V.jacket_full_url]),
    jacket_thumb_url: dumpImageUrl(c[V.jacket_thumb_url]),
    gallery,
    site_id: num(c[V.site_id]),
    service_code: c[V.service_code],
    actresses: v.actresses.map((a) => ({
      id: num(a.id),
      name_romaji: a.name_romaji,
      name_kanji: a.name_kanji,
      name_kana: a.name_kana,
      image_url: a.image_url,
    })),
    actors: [],
    authors: [],
    histrions: [],
    categories: v.categories.map((g) => ({ id: num(g.id), name_en: g.name_en, name_ja: g.name_ja })),
    directors: v.directors.map((d) => ({
      id: num(d.id),
      name_kanji: d.name_kanji,
      name_kana: d.name_kana,
      name_romaji: d.name_romaji,
    })),
  };
}

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
}

/** The batches one thread turns into records: every `workers`-th of the plan, from `worker`. */
export interface RecordJob {
  stagingPath: string;
  batchSize: number;
  now: number;
  batches: BatchStart[];
  /** Staged rows left out as repeats of an earlier content_id. */
  duplicates: number[];
  worker: number;
  workers: number;
}

/**
 * The CPU half of the write phase: staged videos -> validated records, prepared for
 * the catalog (document, hash, index text). Pure apart from reading the staging
 * file, so it runs on other threads than the writes. Returns the dangling links.
 */
export function* recordBatches(job: RecordJob): Generator<RecordBatch, Record<string, number>> {
  const staged = new StagedVideos(job.stagingPath);
  const duplicates = new Set(job.duplicates);
  try {
    for (let index = job.worker; index < job.batches.length; index += job.workers) {
      const batch = staged.batch(job.batches[index], job.batchSize);
      const out: RecordBatch = { index, records: [], skips: [], videos: batch.length };
      for (const v of batch) {
        if (duplicates.has(v.rowid)) continue;
        const r = toRecord(v);
        if ("reason" in r) out.skips.push(["derived_video", r.reason, v.line, r.detail]);
        else out.records.push(prepareRecord(r, job.now));
      }
      yield out;
    }
    return { ...staged.dangling };
  } finally {
    staged.close();
  }
}

type WorkerMessage =
  | { type: "batch"; batch: RecordBatch }
  | { type: "done"; dangling: Record<string, number> }
  | { type: "error"; message: string; stack?: string };

/** Batches a worker may be ahead of the writer: enough to keep the threads busy, few enough to bound memory. */
const WORKER_AHEAD = 2;

/** A worker thread's side: runs recordBatches, WORKER_AHEAD batches at most unacknowledged. */
export async function runRecordWorker(job: RecordJob, port: MessagePort): Promise<void> {
  let credits = WORKER_AHEAD;
  let wake: (() => void) | null = null;
  port.on("message", () => {
    credits++;
    wake?.();
  });
  try {
    const batches = recordBatches(job);
    for (let r = batches.next(); ; r = batches.next()) {
      if (r.done) {
        port.postMessage({ type: "done", dangling: r.value } satisfies WorkerMessage);
        break;
      }
      while (credits === 0) await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
      credits--;
      port.postMessage({ type: "batch", batch: r.value } satisfies WorkerMessage);
    }
  } catch (err) {
    const e = err as Error;
    port.postMessage({ type: "error", message: e.message, stack: e.stack } satisfies WorkerMessage);
  } finally {
    port.close();
  }
}

/** The ESM entry of tsx's register API (a data: URL module can't resolve bare specifiers). */
function tsxApiUrl(): string {
  const cjs = createRequire(import.meta.url).resolve("tsx/esm/api");
  return pathToFileURL(cjs.replace(/\.cjs$/, ".mjs")).href;
}

function startWorker(job: RecordJob): Worker {
  const fromSource = import.meta.url.endsWith(".ts");
  // Beside this module in src/services/, or beside the bundle in dist/ (a build entry point of its own).
  const workerFile = new URL(fromSource ? "./import-dump-worker.ts" : "./import-dump-worker.js", import.meta.url).href;
  // From TypeScript sources the worker registers tsx first: `node --import tsx` does not reach worker threads.
  const entry = [fromSource ? `(await import(${JSON.stringify(tsxApiUrl())})).register();` : "", `await import(${JSON.stringify(workerFile)});`].join("\n");
  // Left alone, V8 lets a worker's heap grow to gigabytes of garbage before it collects;
  // the live set is well under 100 MB. Records are short-lived garbage: a young generation
  // of 64 MB collects them at half the cost of V8's default.
  const resourceLimits = { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 64 };
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(entry)}`), { workerData: job, resourceLimits });
}

/**
 * recordBatches on `count` worker threads, handed out in plan order (so catalog ids
 * follow content_id order whatever the timing): preparing the next batches overlaps
 * writing this one. Returns the dangling links, summed.
 */
async function* recordBatchesOnWorkers(job: Omit<RecordJob, "worker" | "workers">, count: number): AsyncGenerator<RecordBatch, Record<string, number>> {
  const workers = Array.from({ length: count }, (_, worker) => startWorker({ ...job, worker, workers: count }));
  const ready = new Map<number, RecordBatch>();
  const dangling: Record<string, number> = {};
  let finished = 0;
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  workers.forEach((w) => {
    let done = false;
    w.on("message", (m: WorkerMessage) => {
      if (m.type === "batch") ready.set(m.batch.index, m.batch);
      else if (m.type === "done") {
        done = true;
        finished++;
        for (const [k, n] of Object.entries(m.dangling)) dangling[k] = (dangling[k] ?? 0) + n;
      } else failure ??= Object.assign(new Error(m.message), { stack: m.stack });
      wake?.();
    });
    w.on("error", (err) => {
      failure ??= err;
      wake?.();
    });
    w.on("exit", (code) => {
      if (!done) failure ??= new Error(`an import worker exited (code ${code}) before it finished`);
      wake?.();
    });
  });
  try {
    for (let next = 0; next < job.batches.length; next++) {
      while (!ready.has(next)) {
        if (failure) throw failure;
        await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
      }
      const batch = ready.get(next)!;
      ready.delete(next);
      yield batch;
      workers[next % count].postMessage("next");
    }
    while (finished < count) {
      if (failure) throw failure;
      await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
    }
    return dangling;
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

/** Imports an r18.dev dump into the catalog `db` (see the top of this file). */
export async function importDump(db: Db, path: string, options: ImportDumpOptions = {}): Promise<ImportDumpSummary> {
  const started = Date.now();
  const now = options.now ?? started;
  const tally = new Tally(options.onNote);
  const state: ImportDumpProgress = {
    phase: "read",
    bytesRead: 0,
    totalBytes: 0,
    videosRead: 0,
    videosTotal: null,
    videosWritten: 0,
    seconds: 0,
  };
  let lastReport = 0;
  const progress = (p: Partial<ImportDumpProgress>, force = false): void | Promise<void> => {
    options.signal?.throwIfAborted();
    Object.assign(state, p);
    const t = Date.now();
    if (!options.onProgress || (!force && t - lastReport < PROGRESS_EVERY_MS)) return;
    lastReport = t;
    state.seconds = (t - started) / 1000;
    return options.onProgress({ ...state });
  };
  const summary: ImportDumpSummary = {
    videos: 0,
    added: 0,
    updated: 0,
    unchanged: 0,
    actresses: 0,
    skipped: tally.skipped,
    notes: tally.notes,
    seconds: 0,
  };
  const staging = StagingDb.create({ dir: options.stagingDir ?? stagingDirFor(db) });
  try {
    await stageDump(path, staging, tally, progress);
    await progress({ phase: "index" }, true);
    const batchSize = options.batchSize ?? BATCH_VIDEOS;
    const plan = staging.finish(batchSize);
    summary.actresses = staging.rows.derived_actress ?? 0;
    if (plan.videos === 0) throw new DumpFormatError(`no derived_video rows in ${path}: is it an r18.dev dump? Nothing was imported.`);
    for (const d of plan.duplicates) {
      tally.skip("derived_video", "duplicate content_id", d.line, `${d.contentId} appears more than once; its first row was imported`);
    }
    await progress({ phase: "write", videosTotal: plan.videos }, true);
    const job = { stagingPath: staging.path, batchSize, now, batches: plan.batches, duplicates: plan.duplicates.map((d) => d.rowid) };
    const threads = options.workerThreads ?? DEFAULT_WORKERS;
    const batches = threads > 0 ? recordBatchesOnWorkers(job, threads) : recordBatches({ ...job, worker: 0, workers: 1 });
    const load = BulkLoad.begin(db);
    try {
      let r = await batches.next();
      for (; !r.done; r = await batches.next()) {
        const batch = r.value;
        for (const [table, reason, line, detail] of batch.skips) tally.skip(table, reason, line, detail);
        const result = load.upsert(batch.records);
        summary.added += result.added;
        summary.updated += result.updated;
        summary.unchanged += result.unchanged;
        await progress({ videosWritten: state.videosWritten + batch.videos });
      }
      for (const [table, n] of Object.entries(r.value)) {
        if (n > 0) tally.note(`${table}: ${n} links point to ids the dump doesn't have; left out`);
      }
      await progress({ phase: "commit" }, true);
      load.commit();
    } catch (err) {
      await batches.return?.({});
      throw err;
    } finally {
      load.end();
    }
  } finally {
    staging.close();
  }
  summary.videos = summary.added + summary.updated + summary.unchanged;
  summary.seconds = (Date.now() - started) / 1000;
  return summary;
}
