import { readFileSync } from "node:fs";
import path from "node:path";
import { SAMPLES } from "../../helpers/sample-server.js";
import { readCopyDump, type CopyEvent, type CopyReaderOptions } from "../../../src/import/dump/copy-reader.js";

export const EXCERPT_PATH = path.resolve(SAMPLES, "r18dev/dump-excerpt.sql");

/** The real excerpt; throws (failing the test) when the fixture is missing. */
export function readExcerpt(): Buffer {
  try {
    return readFileSync(EXCERPT_PATH);
  } catch (err) {
    throw new Error(`r18.dev dump excerpt missing at ${EXCERPT_PATH}: ${(err as Error).message}`);
  }
}

/** Yields `bytes` in chunks of the given sizes (cycled), as a stream would. */
export async function* chunked(bytes: Uint8Array, sizes: readonly number[]): AsyncGenerator<Buffer> {
  let at = 0;
  for (let k = 0; at < bytes.length; k++) {
    const size = sizes[k % sizes.length];
    yield Buffer.from(bytes.subarray(at, at + size));
    at += size;
  }
}

export async function collect(
  input: string | Uint8Array | AsyncIterable<Uint8Array | string> | NodeJS.ReadableStream,
  opts?: CopyReaderOptions,
): Promise<CopyEvent[]> {
  const source = typeof input === "string" || input instanceof Uint8Array ? chunked(Buffer.from(input), [1 << 16]) : input;
  const events: CopyEvent[] = [];
  for await (const event of readCopyDump(source, opts)) events.push(event);
  return events;
}

export function rowsOf(events: CopyEvent[], table: string): (string | null)[][] {
  return events.flatMap((e) => (e.type === "row" && e.table === table ? [e.values] : []));
}

export function tablesOf(events: CopyEvent[]): string[] {
  return events.flatMap((e) => (e.type === "table" ? [e.table] : []));
}
