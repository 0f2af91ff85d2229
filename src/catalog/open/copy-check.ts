import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Db } from "../store/db.js";
import { endTurnSnapshot } from "../store/statements.js";
import { MIGRATIONS_DIR } from "./open-catalog.js";

/**
 * How a catalog's migrations differ from this build's (drizzle-kit's journal, whose
 * entries drizzle records by their `when` in __drizzle_migrations.created_at), or null
 * when they are exactly the same: a read-only copy (a replica's) is served only by the
 * build that made its schema, as it cannot be migrated.
 */
export function migrationsMismatch(db: Db): string | null {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as { entries: { when: number; tag: string }[] };
  const ours = journal.entries.map((e) => e.when);
  const hasTable = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'").get() !== undefined;
  const theirs = hasTable
    ? (db.prepare("SELECT created_at FROM __drizzle_migrations ORDER BY created_at").pluck().all() as (number | string)[]).map(Number)
    : [];
  if (theirs.length === ours.length && theirs.every((w, i) => w === ours[i])) return null;
  const tag = (w: number) => journal.entries.find((e) => e.when === w)?.tag ?? `one unknown to this build (${w})`;
  const missing = ours.filter((w) => !theirs.includes(w)).map(tag);
  const extra = theirs.filter((w) => !ours.includes(w)).map(tag);
  return [
    `the catalog has ${theirs.length} migrations, this build ${ours.length}`,
    ...(missing.length > 0 ? [`not applied: ${missing.join(", ")}`] : []),
    ...(extra.length > 0 ? [`newer than this build: ${extra.join(", ")}`] : []),
  ].join("; ");
}

/**
 * What is wrong with a copy of the catalog about to be served read-only (a replica's
 * restored file), or []: its migrations must be this build's, and SQLite's check must
 * pass: quick_check (every page and record; not the indexes against their tables,
 * which integrity_check adds at several times the time) or, `thorough`, integrity_check.
 */
export function checkCopy(db: Db, thorough = false): string[] {
  endTurnSnapshot(db);
  const problems: string[] = [];
  const rows = db.pragma(thorough ? "integrity_check" : "quick_check", { simple: false }) as Record<string, string>[];
  for (const row of rows) {
    const v = Object.values(row)[0];
    if (v !== "ok") problems.push(`${thorough ? "integrity_check" : "quick_check"}: ${v}`);
  }
  const migrations = migrationsMismatch(db);
  if (migrations) problems.push(migrations);
  return problems;
}
