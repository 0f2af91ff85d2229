import type { Db } from "../store/db.js";
import { decodeDoc } from "../store/doc-codec.js";
import { ftsFields } from "../fts/fts-fields.js";
import { optimizeIndex } from "./fts-maintenance.js";
import { onceFlagged, pagesById } from "../store/meta.js";
import { stmt } from "../store/statements.js";
import { noteCatalogWrite } from "../store/version.js";

const FLAG = "fts_rebuild";
const BATCH = 2000;
const PAGE_SQL = `SELECT m.id, m.fts_key, m.provider, m.site, m.censored, d.doc, d.alt_names
  FROM movies m JOIN movie_docs d ON d.id = m.id WHERE m.id > ? ORDER BY m.id LIMIT ?`;

interface Row {
  id: number;
  fts_key: number;
  provider: string;
  site: string;
  censored: number;
  doc: string;
  alt_names: string;
}

/**
 * Refills movies_fts from the stored documents when a migration recreated it (the
 * `fts_rebuild` meta row). One transaction: a process killed half-way leaves the flag
 * set and the next open starts again. Returns how many titles were indexed.
 */
export function rebuildFtsIfFlagged(db: Db, log: (line: string) => void = () => {}): number {
  return onceFlagged(db, FLAG, () => {
    const total = stmt(db, "SELECT count(*) FROM movies").pluck().get() as number;
    log(`rebuilding the search index for ${total} titles (once, after an upgrade)`);
    const insert = stmt(db, "INSERT INTO movies_fts (rowid, code, title, people, org, cat, comment, tags) VALUES (CAST(? AS INTEGER), ?, ?, ?, ?, ?, ?, ?)");
    let done = 0;
    for (const rows of pagesById<Row>(db, PAGE_SQL, BATCH)) {
      for (const r of rows) {
        const fields = ftsFields(decodeDoc(r.doc), JSON.parse(r.alt_names), { provider: r.provider, site: r.site, censored: r.censored === 1 });
        insert.run(r.fts_key, ...fields);
      }
      done += rows.length;
      if (done % 100_000 < BATCH) log(`  ${done} / ${total}`);
    }
    optimizeIndex(db);
    noteCatalogWrite(db);
    log(`search index rebuilt: ${done} titles`);
    return done;
  });
}
