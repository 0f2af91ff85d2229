import { existsSync, statfsSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { Db } from "./db.js";

/** A write that found no room: the disk is full, or the catalog reached CATALOG_MAX_MB. */
export function isCatalogFull(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === "SQLITE_FULL" || code === "SQLITE_IOERR_WRITE" || code === "ENOSPC";
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

/**
 * What to tell the person whose write hit a full disk: which file, how big it is,
 * how much room its disk has left, and how much it needs (`needBytes`, when the
 * command can tell: an import needs about its input's size again).
 */
export function catalogFullMessage(path: string, options: { maxSizeMb?: number; needBytes?: number; what?: string } = {}): string {
  const file = resolve(path);
  const size = (p: string) => (existsSync(p) ? statSync(p).size : 0);
  const used = size(file) + size(`${file}-wal`);
  let free = "unknown";
  try {
    const s = statfsSync(dirname(file));
    free = mb(s.bavail * s.bsize);
  } catch {
    // statfs is not everywhere: the message goes without it.
  }
  const limit = options.maxSizeMb ? ` or reached CATALOG_MAX_MB=${options.maxSizeMb}` : "";
  const need = options.needBytes ? `; ${options.what ?? "this"} needs about ${mb(options.needBytes)} more` : "";
  return (
    `the catalog ${file} could not grow: its disk is full${limit}. It takes ${mb(used)}, and ${free} is free on its disk${need}. ` +
    "Free some space (or raise CATALOG_MAX_MB) and run the same command again: what was committed before is kept, and nothing half-written is visible."
  );
}

/** catalogFullMessage for an open catalog: its file, and its CATALOG_MAX_MB limit if it has one. */
export function catalogFullMessageOf(db: Db, options: { needBytes?: number; what?: string } = {}): string {
  const pages = db.pragma("max_page_count", { simple: true }) as number;
  const pageSize = db.pragma("page_size", { simple: true }) as number;
  // SQLite's own ceiling (2^32 - 2 pages) means no limit was set.
  const maxSizeMb = pages < 4294967294 ? Math.round((pages * pageSize) / 2 ** 20) : undefined;
  return catalogFullMessage(db.name, { ...options, maxSizeMb });
}
