/**
 * import-dump: the r18.dev database dump (pg_dump COPY text, .sql or .sql.gz) into
 * the catalog as provider `r18dev` records.
 *
 * 1. read (stage.ts): the file is streamed once; the rows of the tables we use go to a
 *    staging SQLite file (StagingDb), whatever the table order, columns mapped by name
 *    from each COPY header. Broken rows are skipped and counted (row-checks.ts), with
 *    their line.
 * 2. index: staging indexes the tables by content_id and plans batches of videos.
 * 3. write: worker threads (record-workers.ts) take alternate batches: each video, with
 *    its joins, becomes the JSON r18.dev's `combined` endpoint serves (combined.ts), is
 *    parsed by the r18dev provider's own parseR18Combined (so a dump import and a live
 *    lookup give the same record) and prepared for the catalog (records.ts: document,
 *    hash, index text). This thread writes the prepared batches in plan order, all in
 *    ONE catalog transaction.
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
 * unchanged records by hash: the record builders read the stored hashes of each batch's
 * range of content ids (their own read-only connection to the catalog) and leave a title
 * whose record hashes the same out before its index text is derived and posted. A
 * refresh of 200,000 unchanged videos went from ~17.5 s to ~11 s (5% changed: ~19 s to
 * ~12.3 s); what is left is reading the dump (~3 s) and building each record to hash it.
 */
import { BulkLoad, type Db, StagingDb, stagingDirFor } from "../../catalog/index.js";
import { recordBatchesOnWorkers } from "./record-workers.js";
import { recordBatches } from "./records.js";
import { stageDump } from "./stage.js";
import { DumpFormatError, type ImportDumpOptions, type ImportDumpProgress, type ImportDumpSummary, Tally } from "./summary.js";

export { DumpFormatError, DumpTruncatedError, type ImportDumpOptions, type ImportDumpProgress, type ImportDumpSummary } from "./summary.js";

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
    // The record builders skip titles the catalog already holds as they are (a refresh of
    // an unchanged dump derives no index text); a catalog only in memory cannot be shared.
    const catalogPath = db.name === "" || db.name === ":memory:" ? null : db.name;
    const duplicates = plan.duplicates.map((d) => d.rowid);
    const job = { stagingPath: staging.path, batchSize, now, batches: plan.batches, duplicates, catalogPath };
    const threads = options.workerThreads ?? DEFAULT_WORKERS;
    const batches = threads > 0 ? recordBatchesOnWorkers(job, threads) : recordBatches(job);
    const load = BulkLoad.begin(db);
    try {
      let r = await batches.next();
      for (; !r.done; r = await batches.next()) {
        const batch = r.value;
        for (const [table, reason, line, detail] of batch.skips) tally.skip(table, reason, line, detail);
        const result = load.upsert(batch.records);
        summary.added += result.added;
        summary.updated += result.updated;
        summary.unchanged += result.unchanged + batch.unchanged;
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
