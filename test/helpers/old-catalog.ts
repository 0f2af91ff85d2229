import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { MIGRATIONS_DIR } from "../../src/catalog/index.js";

/**
 * A catalog file in `dir` as an older version left it: the real migrations up to
 * index `lastIdx` (0 is 0000_init) applied to a fresh file, opened for writing in WAL
 * mode. The caller writes its rows as the old writer did, closes it, then opens it
 * with openCatalog to test the upgrade.
 */
export function catalogAtMigration(dir: string, lastIdx: number): { db: Database.Database; path: string } {
  const migrations = join(dir, "migrations");
  cpSync(MIGRATIONS_DIR, migrations, { recursive: true });
  const journalPath = join(migrations, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8"));
  journal.entries = journal.entries.filter((e: { idx: number }) => e.idx <= lastIdx);
  writeFileSync(journalPath, JSON.stringify(journal));
  const path = join(dir, "catalog.db");
  const db = new Database(path);
  db.pragma("journal_mode = WAL");
  migrate(drizzle(db), { migrationsFolder: migrations });
  return { db, path };
}
