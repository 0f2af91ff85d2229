import { createReadStream } from "node:fs";
import { open, readFile, stat } from "node:fs/promises";
import { createInterface } from "node:readline";
import type { Db } from "../catalog/db.js";
import type { IngestRecord } from "../catalog/record.js";
import { BulkLoad } from "../catalog/bulk-load.js";
import { prepareRecord } from "../catalog/movies-write.js";
import { importedIngestRecord, normalizeImported } from "./record-normalize.js";

export interface ImportProblem {
  line: number;
  message: string;
}

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
  batchSize?: number;
  onProblem?: (p: ImportProblem) => void;
  onProgress?: (s: ImportSummary) => void;
}

/** Items of a file with the line each starts on: NDJSON line by line, or one JSON value (array or object). */
async function* items(path: string): AsyncGenerator<{ line: number; value?: unknown; error?: string }> {
  const fh = await open(path, "r");
  const head = Buffer.alloc(4096);
  const { bytesRead } = await fh.read(head, 0, head.length, 0);
  await fh.close();
  const start = head.subarray(0, bytesRead).toString("utf8").replace(/^\uFEFF/, "").trimStart();
  const firstLine = start.split("\n", 1)[0].trim();
  const wholeJson = start.startsWith("[") || (start.startsWith("{") && !isJsonLine(firstLine));
  if (wholeJson) {
    const { size } = await stat(path);
    if (size > 512 * 1024 * 1024) {
      yield { line: 1, error: "a JSON array or object file over 512 MiB: use NDJSON (one record per line)" };
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse((await readFile(path, "utf8")).replace(/^\uFEFF/, ""));
    } catch (err) {
      yield { line: 1, error: `not valid JSON: ${(err as Error).message}` };
      return;
    }
    const list = Array.isArray(value) ? value : [value];
    for (let i = 0; i < list.length; i++) yield { line: i + 1, value: list[i] };
    return;
  }
  const rl = createInterface({ input: createReadStream(path, "utf8"), crlfDelay: Infinity });
  let line = 0;
  for await (const text of rl) {
    line++;
    const t = line === 1 ? text.replace(/^\uFEFF/, "").trim() : text.trim();
    if (t === "") continue;
    try {
      yield { line, value: JSON.parse(t) };
    } catch (err) {
      yield { line, error: `not valid JSON: ${(err as Error).message}` };
    }
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
 * nothing.
 */
export async function importFile(db: Db, path: string, options: ImportOptions): Promise<ImportSummary> {
  const summary: ImportSummary = { read: 0, added: 0, updated: 0, unchanged: 0, skipped: 0, problems: [] };
  const batchSize = options.batchSize ?? 1000;
  const now = Date.now();
  let batch: IngestRecord[] = [];
  const load = BulkLoad.begin(db);
  const flush = () => {
    if (batch.length === 0) return;
    const r = load.upsert(batch.map((b) => prepareRecord(b, now)));
    summary.added += r.added;
    summary.updated += r.updated;
    summary.unchanged += r.unchanged;
    batch = [];
    options.onProgress?.(summary);
  };
  const problem = (line: number, message: string) => {
    summary.skipped++;
    const p = { line, message };
    if (summary.problems.length < 1000) summary.problems.push(p);
    options.onProblem?.(p);
  };
  try {
    for await (const item of items(path)) {
      summary.read++;
      if (item.error !== undefined) {
        problem(item.line, item.error);
        continue;
      }
      const n = normalizeImported(item.value);
      if ("error" in n) {
        problem(item.line, n.error);
        continue;
      }
      batch.push(importedIngestRecord(n.record, options.provider));
      if (batch.length >= batchSize) flush();
    }
    flush();
    load.commit();
  } finally {
    load.end();
  }
  return summary;
}
