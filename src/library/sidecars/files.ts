/**
 * The file operations of the sidecars: a file's first bytes (to read a mark), and a
 * write that never leaves half a file: to a hidden temporary name beside the target,
 * flushed, then renamed over it (a kill leaves at most that temporary file, which the
 * next write of the same target removes first).
 */
import { closeSync, fsyncSync, linkSync, openSync, readSync, renameSync, rmSync, writeSync } from "node:fs";
import path from "node:path";

/** The first `bytes` bytes of a file, or null when there is no file there. */
export function readHead(file: string, bytes: number): Buffer | null {
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
  try {
    const buf = Buffer.alloc(bytes);
    const n = readSync(fd, buf, 0, bytes, 0);
    return buf.subarray(0, n);
  } finally {
    closeSync(fd);
  }
}

/** Where a target is written before it is renamed into place. */
export function tempNameOf(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.vc-tmp`);
}

/** Writes `data` to `file` whole or not at all. */
export function writeAtomically(file: string, data: string | Buffer): void {
  const temp = tempNameOf(file);
  rmSync(temp, { force: true });
  // 0o666 less the process's umask, as any program's new file: UMASK=002 in the container makes them group-writable.
  const fd = openSync(temp, "wx", 0o666);
  try {
    const bytes = typeof data === "string" ? Buffer.from(data, "utf8") : data;
    let written = 0;
    while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written);
    fsyncSync(fd);
  } catch (err) {
    closeSync(fd);
    rmSync(temp, { force: true });
    throw err;
  }
  closeSync(fd);
  try {
    renameSync(temp, file);
  } catch (err) {
    rmSync(temp, { force: true });
    throw err;
  }
}

/**
 * Makes `file` a second name of `existing` (a hard link), put in place as a write is; false
 * when the file system makes no links (FAT, some network shares), and nothing is changed.
 */
export function linkAtomically(existing: string, file: string): boolean {
  const temp = tempNameOf(file);
  rmSync(temp, { force: true });
  try {
    linkSync(existing, temp);
  } catch {
    return false;
  }
  try {
    renameSync(temp, file);
  } catch (err) {
    rmSync(temp, { force: true });
    throw err;
  }
  return true;
}

/** A file-system error as the line of a report says it: "permission denied (EACCES)". */
export function fsReason(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  const reasons: Record<string, string> = {
    EACCES: "permission denied",
    EPERM: "not permitted",
    EROFS: "read-only file system",
    ENOSPC: "no space left on the disk",
    EDQUOT: "disk quota exceeded",
    ENOTDIR: "a part of the path is not a folder",
    EISDIR: "a folder is in the way",
    ENAMETOOLONG: "the name is too long",
  };
  return e?.code && reasons[e.code] ? `${reasons[e.code]} (${e.code})` : (e?.message ?? String(err));
}
