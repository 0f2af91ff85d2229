import { prepareRecord, type PreparedRecord } from "../../catalog/index.js";
import { importedIngestRecord, normalizeImported } from "./record-normalize.js";

export interface ImportProblem {
  line: number;
  message: string;
}

/** A stretch of the input for one thread to turn into records. */
export type ImportChunk =
  /** NDJSON text that ends at a line break (or the file's end); its first line has number firstLine. */
  | { kind: "lines"; index: number; firstLine: number; text: Uint8Array }
  /** Items of a JSON array, numbered from firstLine. */
  | { kind: "items"; index: number; firstLine: number; items: unknown[] };

/** A chunk made ready for the catalog: plain data, cheap to post between threads. */
export interface PreparedChunk {
  index: number;
  /** Items (non-empty lines) read. */
  read: number;
  records: PreparedRecord[];
  problems: ImportProblem[];
}

/**
 * Parses, normalises and prepares one chunk (the CPU side of `import`, run on worker
 * threads beside the writing thread). A bad item becomes a problem with its line.
 */
export function prepareChunk(chunk: ImportChunk, provider: string, now: number): PreparedChunk {
  const out: PreparedChunk = { index: chunk.index, read: 0, records: [], problems: [] };
  const take = (line: number, value: unknown) => {
    out.read++;
    const n = normalizeImported(value);
    if ("error" in n) out.problems.push({ line, message: n.error });
    else out.records.push(prepareRecord(importedIngestRecord(n.record, provider), now));
  };
  if (chunk.kind === "items") {
    chunk.items.forEach((item, i) => take(chunk.firstLine + i, item));
    return out;
  }
  // Buffer's decoder: TextDecoder took several times longer on text with Japanese in it.
  const text = Buffer.from(chunk.text.buffer, chunk.text.byteOffset, chunk.text.byteLength).toString("utf8");
  let line = chunk.firstLine;
  for (let start = 0; start < text.length; line++) {
    let end = text.indexOf("\n", start);
    if (end === -1) end = text.length;
    let t = text.slice(start, end);
    start = end + 1;
    if (line === 1 && t.charCodeAt(0) === 0xfeff) t = t.slice(1);
    t = t.trim();
    if (t === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(t);
    } catch (err) {
      out.read++;
      out.problems.push({ line, message: `not valid JSON: ${(err as Error).message}` });
      continue;
    }
    take(line, value);
  }
  return out;
}
