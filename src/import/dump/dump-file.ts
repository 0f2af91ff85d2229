import { closeSync, createReadStream, fstatSync, openSync, readSync } from "node:fs";
import { pipeline, type Readable } from "node:stream";
import { createGunzip } from "node:zlib";

/** Live counters for a progress bar: compare `bytesRead` with `totalBytes` (both on-disk bytes). */
export interface DumpProgress {
  readonly path: string;
  readonly gzip: boolean;
  readonly totalBytes: number;
  /** Bytes read from the file so far (compressed bytes for a .gz); runs a little ahead of parsing. */
  readonly bytesRead: number;
}

export type DumpFileStream = Readable & { readonly progress: DumpProgress };

const READ_CHUNK = 1 << 20;

/** Reads the first two bytes (gzip magic 1f 8b) and the size, from one open. */
function inspect(path: string): { gzip: boolean; size: number } {
  const fd = openSync(path, "r");
  try {
    const head = Buffer.alloc(2);
    const gzip = readSync(fd, head, 0, 2, 0) === 2 && head[0] === 0x1f && head[1] === 0x8b;
    return { gzip, size: fstatSync(fd).size };
  } finally {
    closeSync(fd);
  }
}

/**
 * Opens a dump for readCopyDump: the plain .sql text, gunzipped on the fly when the
 * file starts with the gzip magic bytes (whatever its name). Errors of the file or of
 * gunzip surface on the returned stream.
 */
export function openDumpFile(path: string): DumpFileStream {
  const { gzip, size } = inspect(path);
  const file = createReadStream(path, { highWaterMark: READ_CHUNK });
  const progress: DumpProgress = {
    path,
    gzip,
    totalBytes: size,
    get bytesRead() {
      return file.bytesRead;
    },
  };
  let out: Readable = file;
  if (gzip) {
    // Errors reach the consumer through the gunzip stream, which pipeline destroys with them.
    out = pipeline(file, createGunzip({ chunkSize: READ_CHUNK }), () => {});
  }
  return Object.assign(out, { progress });
}
