import { closeSync, openSync, readSync } from "node:fs";

/**
 * Where the catalog's write-ahead log ends, read from SQLite's shared-memory file
 * (`-shm`) without opening a connection or taking a lock: what a backup must hold to
 * hold every commit. The WAL-index header (sqlite.org/walformat.html, 2.2.1) is kept
 * twice, bytes 0-47 and 48-95; a writer updates both at each commit, so two equal
 * copies are a consistent reading. It counts committed frames only (mxFrame), never
 * the frames of a transaction still being written.
 */
export interface WalEnd {
  /** The WAL's salt (bytes 16-23 of its header): it changes each time the WAL restarts from the start. */
  salt: Buffer;
  /** Committed frames in the WAL. */
  frames: number;
  pageSize: number;
  /** The byte offset just past the last committed frame (32-byte header, then 24 + pageSize a frame). */
  bytes: number;
}

const HEADER = 48;
const WAL_HEADER = 32;
const FRAME_HEADER = 24;

/** The catalog's WAL end, or null when there is no readable `-shm` (no connection has the catalog open) or its two copies differ. */
export function readWalEnd(catalogPath: string): WalEnd | null {
  const buf = readStart(`${catalogPath}-shm`, 2 * HEADER);
  if (buf === null || buf.length < 2 * HEADER) return null;
  const first = buf.subarray(0, HEADER);
  // isInit (byte 12) is 0 until a connection has built the index; a torn read shows two different copies.
  if (first[12] === 0 || !first.equals(buf.subarray(HEADER, 2 * HEADER))) return null;
  // Native byte order: the file is SQLite's memory, mapped; 1 stands for 65536.
  const le = first.readUInt32LE(0) === 3007000;
  const rawPage = le ? first.readUInt16LE(14) : first.readUInt16BE(14);
  const pageSize = rawPage === 1 ? 65536 : rawPage;
  const frames = le ? first.readUInt32LE(16) : first.readUInt32BE(16);
  return { salt: Buffer.from(first.subarray(32, 40)), frames, pageSize, bytes: WAL_HEADER + frames * (FRAME_HEADER + pageSize) };
}

/** The salt in the header of a WAL file (or a copy of one, as Litestream's shadow WAL is), or null when it has none. */
export function walFileSalt(walPath: string): Buffer | null {
  const buf = readStart(walPath, WAL_HEADER);
  return buf !== null && buf.length === WAL_HEADER ? Buffer.from(buf.subarray(16, 24)) : null;
}

function readStart(path: string, length: number): Buffer | null {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch {
    return null;
  }
  try {
    const buf = Buffer.alloc(length);
    return buf.subarray(0, readSync(fd, buf, 0, length, 0));
  } finally {
    closeSync(fd);
  }
}
