import { once } from "node:events";
import { createWriteStream, type WriteStream } from "node:fs";
import { finished, pipeline } from "node:stream/promises";
import { constants as zlibConstants, createGzip } from "node:zlib";
import { Rng, makeUniverse, type Universe } from "./data.js";
import { tableRows } from "./rows.js";
import { COPY_END, DUMP_FOOTER, DUMP_HEADER, SAMPLE_TABLES, copyHeaderSql, createTableSql, primaryKeySql } from "./schema.js";

export interface SampleDumpOptions {
  videos: number;
  /** A file path, or a stream the dump is written to. */
  out: string | NodeJS.WritableStream;
  seed?: number;
  /** Default: true when `out` is a path ending in .gz. */
  gzip?: boolean;
  /** zlib level; default 1, because a sample is written often and read once. */
  gzipLevel?: number;
  /** Write the COPY blocks in a seeded random order instead of pg_dump's alphabetical one. */
  shuffleTables?: boolean;
  /** Permute each table's columns (in its header and rows), as a schema change upstream would. */
  shuffleColumns?: boolean;
  /** End a caller-provided `out` stream when done (default true, like stream.pipe). */
  end?: boolean;
}

export interface SampleDumpResult {
  /** Bytes written to `out` (gzip output when gzipped). */
  bytes: number;
  /** Bytes of the .sql text before any gzip. */
  textBytes: number;
  videos: number;
  actresses: number;
  /** Data rows written per table. */
  rows: Record<string, number>;
}

/** Characters collected before they are encoded and written as one Buffer. */
const CHUNK_CHARS = 1 << 18;

/** Collects text, hands it to the stream in big Buffers, and waits for 'drain' when asked to. */
class Sink {
  textBytes = 0;
  private text = "";
  private error: unknown = null;

  constructor(private readonly target: NodeJS.WritableStream) {
    target.on("error", (err) => {
      this.error ??= err;
    });
  }

  /** Appends text; returns false when a chunk is complete and flush() should be awaited. */
  push(text: string): boolean {
    this.text += text;
    return this.text.length < CHUNK_CHARS;
  }

  async flush(): Promise<void> {
    if (this.error) throw this.error;
    if (this.text === "") return;
    const chunk = Buffer.from(this.text);
    this.text = "";
    this.textBytes += chunk.length;
    if (!this.target.write(chunk)) await once(this.target, "drain");
  }

  /** Flushes, then waits until the stream has handled every chunk (its last write's callback). */
  async finish(): Promise<void> {
    await this.flush();
    await new Promise<void>((resolve, reject) => {
      this.target.write("", (err) => (err ? reject(err) : resolve()));
    });
    if (this.error) throw this.error;
  }
}

function shuffled<T>(list: readonly T[], rng: Rng): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

async function writeBlock(sink: Sink, table: string, order: number[], rows: Iterable<string[]>): Promise<number> {
  const names = SAMPLE_TABLES[table].map((c) => c.name);
  sink.push(
    copyHeaderSql(
      table,
      order.map((k) => names[k]),
    ),
  );
  let count = 0;
  for (const fields of rows) {
    count++;
    // Concatenation (a rope the final Buffer.from flattens once) beats join() here.
    let line = fields[order[0]];
    for (let k = 1; k < order.length; k++) line += "\t" + fields[order[k]];
    if (!sink.push(line + "\n")) await sink.flush();
  }
  sink.push(COPY_END);
  return count;
}

async function writeTables(sink: Sink, u: Universe, opts: SampleDumpOptions, rows: Record<string, number>): Promise<void> {
  const rng = new Rng().reset(u.seed, 0, 9);
  const tables = Object.keys(SAMPLE_TABLES);
  sink.push(DUMP_HEADER + tables.map(createTableSql).join(""));
  for (const table of opts.shuffleTables ? shuffled(tables, rng) : tables) {
    const indexes = SAMPLE_TABLES[table].map((_, i) => i);
    const order = opts.shuffleColumns ? shuffled(indexes, rng) : indexes;
    rows[table] = await writeBlock(sink, table, order, tableRows(table, u));
  }
  const keys = [
    ["derived_actress", "id"],
    ["derived_video", "content_id"],
    ["machine_translation", "id"],
  ];
  sink.push(keys.map(([t, k]) => primaryKeySql(t, k)).join("") + DUMP_FOOTER);
  await sink.finish();
}

/**
 * Writes a synthetic r18.dev dump in the real pg_dump plain format: header, CREATE
 * TABLE statements, one COPY block per table (including ones the importer must
 * skip), keys, footer. Deterministic for a seed; streams with backpressure, so
 * memory stays flat whatever `videos` is.
 */
export async function writeSampleDump(opts: SampleDumpOptions): Promise<SampleDumpResult> {
  if (!Number.isSafeInteger(opts.videos) || opts.videos < 0) {
    throw new RangeError(`videos must be a whole number >= 0, got ${opts.videos}`);
  }
  const seed = opts.seed ?? 1;
  const toFile = typeof opts.out === "string";
  const gzip = opts.gzip ?? (toFile && (opts.out as string).endsWith(".gz"));
  const endOut = toFile || opts.end !== false;
  const out = typeof opts.out === "string" ? createWriteStream(opts.out) : opts.out;

  let bytes = 0;
  let target: NodeJS.WritableStream = out;
  let done: Promise<unknown>;
  const gz = gzip ? createGzip({ level: opts.gzipLevel ?? zlibConstants.Z_BEST_SPEED }) : null;
  if (gz) {
    gz.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
    });
    target = gz;
    if (endOut) done = pipeline(gz, out);
    else {
      gz.pipe(out, { end: false });
      done = finished(gz);
    }
  } else {
    done = endOut ? finished(out) : Promise.resolve();
  }
  // A write error also reaches the Sink; this only keeps an early rejection from being unhandled.
  done.catch(() => {});
  const sink = new Sink(target);
  const rows: Record<string, number> = {};
  try {
    await writeTables(sink, makeUniverse(opts.videos, seed), opts, rows);
    if (endOut || gz) target.end();
    await done;
  } catch (err) {
    // Don't leave our own streams (and the file descriptor) open behind a failure.
    gz?.destroy();
    if (toFile) (out as WriteStream).destroy();
    throw err;
  }
  return {
    bytes: gzip ? bytes : sink.textBytes,
    textBytes: sink.textBytes,
    videos: opts.videos,
    actresses: rows.derived_actress ?? 0,
    rows,
  };
}
