import { open, readFile, stat } from "node:fs/promises";
import { BulkLoad, type CommitStep, type Db } from "../../catalog/index.js";
import type { ImportChunk, ImportProblem, PreparedChunk } from "./import-parse.js";
import { defaultImportWorkers, ImportPool } from "./import-pool.js";
import { stableCode, VideoCatalogError } from "../../lib/video-catalog-error.js";

export type { ImportProblem };

export interface ImportSummary {
  read: number;
  added: number;
  updated: number;
  unchanged: number;
  skipped: number;
  problems: ImportProblem[];
}

export interface ImportOptions {
  provider: string;
  /** Items of a JSON array per chunk handed to a thread. */
  batchSize?: number;
  /** Threads that parse and prepare records beside the writing one (default: cores - 1; 0: all on this thread). */
  workerThreads?: number;
  onProblem?: (p: ImportProblem) => void;
  onProgress?: (s: ImportSummary) => void;
  /** Each step of the commit after the last record, before it starts (they run long on a big import, printing nothing). */
  onCommitStep?: (step: CommitStep) => void;
}

/** NDJSON is handed to the threads in pieces of about this many bytes, cut at line breaks. */
const CHUNK_BYTES = 1 << 20;
const NEWLINE = 0x0a;

/** Whether the file is one JSON value (an array or an object) rather than NDJSON. */
async function isWholeJson(path: string): Promise<boolean> {
  const fh = await open(path, "r");
  const head = Buffer.alloc(4096);
  const { bytesRead } = await fh.read(head, 0, head.length, 0);
  await fh.close();
  const start = head
    .subarray(0, bytesRead)
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trimStart();
  const firstLine = start.split("\n", 1)[0].trim();
  return start.startsWith("[") || (start.startsWith("{") && !isJsonLine(firstLine));
}

/** The file as chunks for the threads: NDJSON text cut at line breaks, or the items of one JSON value. */
async function* chunks(path: string, batchSize: number): AsyncGenerator<ImportChunk> {
  let index = 0;
  if (await isWholeJson(path)) {
    const { size } = await stat(path);
    let value: unknown;
    let error: string | null = null;
    if (size > 512 * 1024 * 1024) error = "a JSON array or object file over 512 MiB: use NDJSON (one record per line)";
    else {
      try {
        value = JSON.parse((await readFile(path, "utf8")).replace(/^\uFEFF/, ""));
      } catch (err) {
        error = `not valid JSON: ${(err as Error).message}`;
      }
    }
    // Reported as one bad item at line 1, as a bad NDJSON line would be.
    if (error !== null) throw new ImportFileError(error);
    const list = Array.isArray(value) ? value : [value];
    for (let i = 0; i < list.length; i += batchSize) yield { kind: "items", index: index++, firstLine: i + 1, items: list.slice(i, i + batchSize) };
    return;
  }
  const fh = await open(path, "r");
  try {
    let carry = new Uint8Array(0);
    let line = 1;
    for (;;) {
      // Each chunk owns its buffer, so it can move to a worker without a copy.
      const buf = new Uint8Array(carry.length + CHUNK_BYTES);
      buf.set(carry);
      const { bytesRead } = await fh.read(buf, carry.length, CHUNK_BYTES, null);
      const len = carry.length + bytesRead;
      if (bytesRead === 0) {
        if (len > 0) yield { kind: "lines", index: index++, firstLine: line, text: buf.slice(0, len) };
        return;
      }
      const view = Buffer.from(buf.buffer, 0, len);
      const cut = view.lastIndexOf(NEWLINE);
      if (cut === -1) {
        carry = buf.slice(0, len); // a line longer than a chunk: read on
        continue;
      }
      yield { kind: "lines", index: index++, firstLine: line, text: buf.slice(0, cut + 1) };
      carry = buf.slice(cut + 1, len);
      for (let at = view.indexOf(NEWLINE); at !== -1 && at <= cut; at = view.indexOf(NEWLINE, at + 1)) line++;
    }
  } finally {
    await fh.close();
  }
}

/** The file can't be imported at all (not valid JSON, too big): nothing was written. */
export class ImportFileError extends VideoCatalogError {
  static {
    stableCode(ImportFileError, "VC_ERR_IMPORT_FILE");
  }
}

function isJsonLine(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Imports detailed records from NDJSON (or a JSON array / single object). A bad
 * item is reported with its line (array: item number) and skipped; everything
 * else lands, in ONE transaction (a BulkLoad): an interrupted import leaves the
 * catalog as it was, and readers see the whole file at once. Re-importing changes
 * nothing. Worker threads parse and prepare the records (import-parse.ts) while
 * this thread reads the file and writes.
 */
export async function importFile(db: Db, path: string, options: ImportOptions): Promise<ImportSummary> {
  const summary: ImportSummary = { read: 0, added: 0, updated: 0, unchanged: 0, skipped: 0, problems: [] };
  const workers = options.workerThreads ?? defaultImportWorkers();
  const pool = new ImportPool(workers, options.provider, Date.now());
  // Chunks in flight: enough to keep every worker busy while this thread writes, few enough to bound memory.
  const ahead = Math.max(2, 2 * workers + 1);
  const inflight: Promise<PreparedChunk>[] = [];
  const load = BulkLoad.begin(db);
  const write = (c: PreparedChunk) => {
    summary.read += c.read;
    for (const p of c.problems) {
      summary.skipped++;
      if (summary.problems.length < 1000) summary.problems.push(p);
      options.onProblem?.(p);
    }
    const r = load.upsert(c.records);
    summary.added += r.added;
    summary.updated += r.updated;
    summary.unchanged += r.unchanged;
    options.onProgress?.(summary);
  };
  try {
    for await (const chunk of chunks(path, options.batchSize ?? 1000)) {
      inflight.push(pool.submit(chunk));
      if (inflight.length >= ahead) write(await inflight.shift()!);
    }
    while (inflight.length > 0) write(await inflight.shift()!);
    load.commit(options.onCommitStep);
  } catch (err) {
    // Settle what is still in flight before the pool goes: no unhandled rejections.
    await Promise.allSettled(inflight);
    if (err instanceof ImportFileError) {
      summary.read++;
      summary.skipped++;
      const p = { line: 1, message: err.message };
      summary.problems.push(p);
      options.onProblem?.(p);
      return summary;
    }
    throw err;
  } finally {
    load.end();
    await pool.close();
  }
  return summary;
}
