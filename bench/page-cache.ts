/**
 * The catalog file in the OS page cache, or out of it.
 *
 * warmPageCache reads a catalog file through once, so that its pages are in the OS
 * page cache as on a server whose catalog fits in memory. Machines like the ones this
 * project runs on (VMs whose host reclaims idle page cache within a minute or so)
 * would otherwise serve every random record from disk after any pause, and the
 * figures would measure the disk.
 *
 * dropPageCache does the opposite for the cold runs: GNU dd with iflag=nocache and
 * count=0 calls posix_fadvise(POSIX_FADV_DONTNEED) on the whole file, which drops its
 * clean pages that no process has mapped (the server reads through the page cache,
 * SQLITE_MMAP_MB is 0). fincore (util-linux) tells how much stayed resident.
 */
import { execFileSync } from "node:child_process";
import { closeSync, existsSync, openSync, readSync } from "node:fs";

const CHUNK = 8 << 20;

/** The catalog and its write-ahead log (the -shm file is shared memory, not catalog pages). */
const catalogFiles = (path: string) => [path, `${path}-wal`].filter((f) => existsSync(f));

/** Reads the catalog and its WAL through; returns the seconds it took. */
export function warmPageCache(path: string): number {
  const t0 = performance.now();
  const buf = Buffer.allocUnsafe(CHUNK);
  for (const file of catalogFiles(path)) {
    const fd = openSync(file, "r");
    try {
      while (readSync(fd, buf, 0, CHUNK, null) > 0);
    } finally {
      closeSync(fd);
    }
  }
  return (performance.now() - t0) / 1000;
}

/** Bytes of a file in the page cache, by fincore; null when fincore is missing or fails. */
export function residentBytes(file: string): number | null {
  try {
    const out = execFileSync("fincore", ["--bytes", "--noheadings", "--output", "RES", file], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
    const n = Number(out.trim());
    return Number.isFinite(n) ? n : null;
  } catch {
    return null;
  }
}

export interface DropFigures {
  /** Resident bytes of the catalog and its WAL before and after; null where fincore could not tell. */
  before: number | null;
  after: number | null;
  /** Whether dd ran for every file. */
  dropped: boolean;
}

const sum = (values: (number | null)[]): number | null => (values.some((v) => v === null) ? null : values.reduce<number>((a, v) => a + v!, 0));

/** Drops the catalog's pages (and its WAL's) from the OS page cache. */
export function dropPageCache(path: string): DropFigures {
  const files = catalogFiles(path);
  const before = sum(files.map(residentBytes));
  let dropped = true;
  for (const file of files) {
    try {
      execFileSync("dd", [`if=${file}`, "iflag=nocache", "count=0", "status=none"], { stdio: "ignore" });
    } catch {
      dropped = false;
    }
  }
  return { before, after: sum(files.map(residentBytes)), dropped };
}
