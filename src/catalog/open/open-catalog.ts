/**
 * Opening the catalog: a connection with the pragmas every one needs, the migrations
 * from migrations/, and the search index refilled when a migration recreated it.
 */
import { existsSync, mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { rebuildFtsIfFlagged } from "../search/fts-rebuild.js";
import { rebuildPeopleIfFlagged } from "../store/people-rebuild.js";
import { leaveCheckpointsToOthers } from "../store/checkpoint.js";
import type { Db } from "../store/db.js";

/**
 * The repository's migrations/ folder, the nearest one above this module: three levels
 * up from src/catalog/open/open-catalog.ts, one level up from the dist/ bundle it is compiled into.
 */
export const MIGRATIONS_DIR = findMigrationsDir(dirname(fileURLToPath(import.meta.url)));

function findMigrationsDir(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, "migrations");
    if (existsSync(join(candidate, "meta", "_journal.json"))) return candidate;
    if (dirname(dir) === dir) throw new Error(`no migrations/ folder above ${from}`);
  }
}

export interface OpenOptions {
  cacheSizeMb?: number;
  mmapSizeMb?: number;
  readonly?: boolean;
  /** The most the file may grow to, in MiB (0 or absent: no limit); a write past it fails as on a full disk. */
  maxSizeMb?: number;
  /** Run no checkpoint of the WAL, not even on migrating: a backup's Litestream runs them (see store/checkpoint.ts). */
  leaveCheckpointsToOthers?: boolean;
}

/**
 * Opens the catalog with the pragmas every connection needs (WAL so readers never
 * wait for the ingester, NORMAL sync, a busy timeout so two writers queue instead
 * of failing).
 */
export function openDatabase(path: string, options: OpenOptions = {}): Db {
  if (path !== ":memory:") mkdirSync(dirname(resolve(path)), { recursive: true });
  const db = new Database(path, { readonly: options.readonly ?? false });
  db.pragma("busy_timeout = 10000");
  if (options.leaveCheckpointsToOthers) leaveCheckpointsToOthers(db);
  if (!options.readonly) db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("foreign_keys = ON");
  db.pragma("temp_store = MEMORY");
  db.pragma(`cache_size = -${(options.cacheSizeMb ?? 64) * 1024}`);
  db.pragma(`mmap_size = ${(options.mmapSizeMb ?? 1024) * 1024 * 1024}`);
  if (options.maxSizeMb) {
    const pageSize = db.pragma("page_size", { simple: true }) as number;
    db.pragma(`max_page_count = ${Math.max(1, Math.floor((options.maxSizeMb * 2 ** 20) / pageSize))}`);
  }
  return db;
}

/**
 * Applies every pending migration from migrations/ (drizzle-kit's journal), then
 * refills the search index if a migration recreated it (progress goes to stderr).
 */
export function migrateDatabase(db: Db): void {
  migrate(drizzle(db), { migrationsFolder: MIGRATIONS_DIR });
  rebuildFtsIfFlagged(db, (line) => process.stderr.write(`${line}\n`));
  rebuildPeopleIfFlagged(db, (line) => process.stderr.write(`${line}\n`));
}

export function openCatalog(path: string, options: OpenOptions = {}): Db {
  const db = openDatabase(path, options);
  migrateDatabase(db);
  return db;
}
