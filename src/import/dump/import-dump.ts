/**
 * import-dump: the r18.dev database dump (pg_dump COPY text, .sql or .sql.gz) into
 * the catalog as provider `r18dev` records.
 *
 * 1. read (stage.ts): the file is streamed once; the rows of the tables we use go to
 *    staging SQLite files (StagingDb), whatever the table order, columns mapped by name
 *    from each COPY header. Broken rows are skipped and counted (row-checks.ts), with
 *    their line. The videos (each its line, whole, and its digest) and the links go to
 *    files of their own, staged by worker threads beside this one (record-workers.ts).
 * 2. index: each staging file is indexed by content_id, the videos' one by its stager,
 *    which plans the batches of videos.
 * 3. write: the worker threads take alternate batches. A video's source hash (its row's
 *    digest, those of the rows it links to, RECORD_FORMAT: source-hash.ts) is compared
 *    with the one stored beside its title; a video whose rows changed, or that the
 *    catalog lacks, becomes the JSON r18.dev's `combined` endpoint serves (combined.ts),
 *    is parsed by the r18dev provider's own parseR18Combined (so a dump import and a
 *    live lookup give the same record) and prepared for the catalog (records.ts:
 *    document, hash, index text). This thread writes the prepared batches in plan
 *    order, all in ONE catalog transaction.
 *
 * A refresh (an unchanged dump, into a catalog that holds it) parses nothing, where it
 * once parsed every video. Where its time went before (CPU profile of all threads):
 * reading and staging the dump on this thread, and on the builders' staging reads and
 * joins, parse and validation, document and hash, GC. The changes that cut it, one
 * step each: no parse for a title whose rows are unchanged; a video staged as its line
 * instead of 20 columns, links and video pages read from covering indexes, readers that
 * keep their file lock (else a read of a video's row by rowid takes and drops it, which
 * costs more than the read), a whole batch's source hashes compared with the catalog's
 * in one string; the videos and the links staged on the worker threads while this one
 * reads, their files indexed side by side. What is left: reading and parsing the COPY
 * text on this thread (gunzip runs beside it), indexing the staging files, and building
 * the source hashes (on two threads).
 *
 * A first import keeps both cores full: a CPU profile of the three threads has this one
 * (writing rows, and the search index: inserts, window flushes, the final merge) and
 * both builders busy nearly all of the write phase, the merge and checkpoint after it on
 * this thread alone. Making one side cheaper moves little: dropping the secondary
 * indexes of movies for the load (built again after it) or index windows of 10,000
 * titles left its time as it was. Going faster needs less CPU in all: the index text,
 * the record build, GC.
 *
 * Safety: nothing touches the catalog before the whole file has been read, and all
 * catalog writes commit together. A truncated file imports nothing (its missing part
 * may hold the link tables of every video: importing the rest would replace good
 * records with records that lost their actresses). A killed import leaves the catalog
 * as it was: WAL readers keep the old snapshot until the commit, and SQLite's recovery
 * drops an uncommitted transaction. Re-imports upsert by (r18dev, contentId) and skip
 * unchanged records: by source hash before parsing, else by record hash before the
 * index text is derived and posted (the record builders read both from their own
 * read-only connection to the catalog, one range of content ids per batch). A title
 * whose record is unchanged but whose source hash moved gets only the new source hash.
 */
import { BulkLoad, type CommitStep, type Db, StagingDb, stagingDirFor } from "../../catalog/index.js";
import { DumpWorkers } from "./record-workers.js";
import { type RecordBatch, recordBatches } from "./records.js";
import { stageDump } from "./stage.js";
import { DumpFormatError, type ImportDumpOptions, type ImportDumpProgress, type ImportDumpSummary, Tally } from "./summary.js";

export { DumpFormatError, DumpTruncatedError, type ImportDumpOptions, type ImportDumpProgress, type ImportDumpSummary } from "./summary.js";

/**
 * Videos per batch handed between threads. With WORKER_AHEAD and the workers' heaps this
 * bounds memory: batches of 400 two ahead peak lower than batches of 1,000 three ahead,
 * at the same speed.
 */
const BATCH_VIDEOS = 400;
/**
 * Two record builders and the writer share the 2 cores: building (joins, parsing,
 * document, hash, index text) costs more than writing, so one builder would leave
 * the writer waiting. While the dump is read, the same two stage its videos and links.
 */
const DEFAULT_WORKERS = 2;
const PROGRESS_EVERY_MS = 250;

/** Imports an r18.dev dump into the catalog `db` (see the top of this file). */
export async function importDump(db: Db, path: string, options: ImportDumpOptions = {}): Promise<ImportDumpSummary> {
  const progress = new Progress(options);
  const tally = new Tally(options.onNote);
  const summary: ImportDumpSummary = { videos: 0, added: 0, updated: 0, unchanged: 0, actresses: 0, skipped: tally.skipped, notes: tally.notes, seconds: 0 };
  const threads = options.workerThreads ?? DEFAULT_WORKERS;
  const workers = threads > 0 ? new DumpWorkers(threads) : null;
  let staging: StagingDb | null = null;
  try {
    staging = StagingDb.create({
      dir: options.stagingDir ?? stagingDirFor(db),
      videos: workers ? (p) => workers.videoStager(p) : undefined,
      links: workers ? (p) => workers.linkStager(p) : undefined,
    });
    const batchSize = options.batchSize ?? BATCH_VIDEOS;
    const plan = await readDump(path, staging, batchSize, tally, progress);
    summary.actresses = staging.rows.derived_actress ?? 0;
    await progress.report({ phase: "write", videosTotal: plan.videos }, true);
    // The record builders skip titles the catalog already holds as they are (a refresh of
    // an unchanged dump derives no index text); a catalog only in memory cannot be shared.
    const catalogPath = db.name === "" || db.name === ":memory:" ? null : db.name;
    const duplicates = plan.duplicates.map((d) => d.rowid);
    const { batches: starts, videoBlocks } = plan;
    const now = options.now ?? progress.started;
    const job = { stagingPath: staging.path, batchSize, now, batches: starts, duplicates, videoBlocks, recordFormat: options.recordFormat, catalogPath };
    await writeBatches(db, workers ? workers.batches(job) : recordBatches(job), workers, tally, summary, progress);
  } finally {
    await workers?.close();
    staging?.close();
  }
  summary.videos = summary.added + summary.updated + summary.unchanged;
  summary.seconds = (Date.now() - progress.started) / 1000;
  return summary;
}

/** Phases 1 and 2: the dump read into the staging files, then indexed, and the write's plan. */
async function readDump(path: string, staging: StagingDb, batchSize: number, tally: Tally, progress: Progress) {
  await stageDump(path, staging, tally, progress.report);
  await progress.report({ phase: "index" }, true);
  const plan = await staging.finish(batchSize);
  if (plan.videos === 0) throw new DumpFormatError(`no derived_video rows in ${path}: is it an r18.dev dump? Nothing was imported.`);
  for (const d of plan.duplicates) {
    tally.skip("derived_video", "duplicate content_id", d.line, `${d.contentId} appears more than once; its first row was imported`);
  }
  return plan;
}

/** Phase 3: the builders' batches written in plan order, in one catalog transaction, then its commit. */
async function writeBatches(
  db: Db,
  batches: Generator<RecordBatch, Record<string, number>> | AsyncGenerator<RecordBatch, Record<string, number>>,
  workers: DumpWorkers | null,
  tally: Tally,
  summary: ImportDumpSummary,
  progress: Progress,
): Promise<void> {
  const load = BulkLoad.begin(db);
  try {
    let r = await batches.next();
    for (; !r.done; r = await batches.next()) {
      const batch = r.value;
      for (const [table, reason, line, detail] of batch.skips) tally.skip(table, reason, line, detail);
      const result = load.upsert(batch.records);
      load.setSourceHashes(batch.sources);
      summary.added += result.added;
      summary.updated += result.updated;
      summary.unchanged += result.unchanged + batch.unchanged;
      await progress.report({ videosWritten: progress.state.videosWritten + batch.videos });
    }
    for (const [table, n] of Object.entries(r.value)) {
      if (n > 0) tally.note(`${table}: ${n} links point to ids the dump doesn't have; left out`);
    }
    // The builders are done: their memory goes back before the commit's merge and checkpoint.
    await workers?.close();
    // Everything is written, the transaction still open: the last point where a report may wait or abort.
    if (load.written > 0) await progress.report({ phase: "merge" }, true);
    // Inside the commit the steps are only reported (the merge just was).
    load.commit((step) => (step === "merge" ? undefined : progress.tell(step)));
  } catch (err) {
    await batches.return?.({});
    throw err;
  } finally {
    load.end();
  }
}

/** The import's progress: each report a point where it may abort, passed on at most every PROGRESS_EVERY_MS unless forced. */
class Progress {
  readonly started = Date.now();
  readonly state: ImportDumpProgress = { phase: "read", bytesRead: 0, totalBytes: 0, videosRead: 0, videosTotal: null, videosWritten: 0, seconds: 0 };
  private lastReport = 0;

  constructor(private readonly options: ImportDumpOptions) {}

  readonly report = (p: Partial<ImportDumpProgress>, force = false): void | Promise<void> => {
    this.options.signal?.throwIfAborted();
    Object.assign(this.state, p);
    const t = Date.now();
    if (!this.options.onProgress || (!force && t - this.lastReport < PROGRESS_EVERY_MS)) return;
    this.lastReport = t;
    this.state.seconds = (t - this.started) / 1000;
    return this.options.onProgress({ ...this.state });
  };

  /** A step of the commit, told without waiting. */
  tell(phase: CommitStep): void {
    void this.options.onProgress?.({ ...this.state, phase, seconds: (Date.now() - this.started) / 1000 });
  }
}
