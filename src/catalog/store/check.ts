import type { Db } from "./db.js";
import { endTurnSnapshot } from "./statements.js";

/**
 * What is wrong with a catalog file, or [] when nothing is: SQLite's own integrity
 * check, FTS5's check of the search index, and the catalog's invariant that every
 * title has its document and every document its title (a half-written title would
 * break it). Reads the whole file: long at millions of titles.
 */
export function checkCatalog(db: Db): string[] {
  endTurnSnapshot(db);
  const problems: string[] = [];
  const integrity = db.pragma("integrity_check", { simple: false }) as { integrity_check: string }[];
  for (const row of integrity) if (row.integrity_check !== "ok") problems.push(`integrity_check: ${row.integrity_check}`);
  try {
    db.prepare("INSERT INTO movies_fts(movies_fts, rank) VALUES ('integrity-check', 0)").run();
  } catch (err) {
    problems.push(`search index: ${(err as Error).message}`);
  }
  const orphanRows = db.prepare("SELECT count(*) FROM movies m WHERE NOT EXISTS (SELECT 1 FROM movie_docs d WHERE d.id = m.id)").pluck().get() as number;
  const orphanDocs = db.prepare("SELECT count(*) FROM movie_docs d WHERE NOT EXISTS (SELECT 1 FROM movies m WHERE m.id = d.id)").pluck().get() as number;
  if (orphanRows > 0) problems.push(`${orphanRows} titles without their document`);
  if (orphanDocs > 0) problems.push(`${orphanDocs} documents without their title`);
  return problems;
}

/** `provider contentId hash` of every title, sorted: equal lists, equal catalogs. */
export function titleHashes(db: Db): string[] {
  endTurnSnapshot(db);
  return db.prepare("SELECT provider || ' ' || content_id || ' ' || hash FROM movies ORDER BY 1").pluck().all() as string[];
}
