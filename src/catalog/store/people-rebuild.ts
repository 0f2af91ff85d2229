/**
 * People read again from the stored titles: once after the upgrade that brought people
 * (the `people_rebuild` meta row the migration sets), or when asked (`people rebuild`).
 * The sources' names and credits are read afresh; the persons stay (a person of DMM's id
 * keeps her row, one known by a name alone is found again by that name), so the user's
 * edits, which name persons by their ids, hold as they did.
 */
import type { IngestRecord } from "../../model/record.js";
import { creditsOf } from "../../people/credits.js";
import type { Db } from "./db.js";
import { decodeDoc } from "./doc-codec.js";
import { PeopleWriter } from "./people-write.js";
import { onceFlagged, pagesById } from "./meta.js";
import { endTurnSnapshot, stmt } from "./statements.js";
import { noteCatalogWrite } from "./version.js";

const FLAG = "people_rebuild";
const BATCH = 2000;
const PAGE_SQL = `SELECT m.id, m.provider, m.release_date, d.doc, d.alt_names, d.credits
  FROM movies m JOIN movie_docs d ON d.id = m.id WHERE m.id > ? ORDER BY m.id LIMIT ?`;

interface Row {
  id: number;
  provider: string;
  release_date: string;
  doc: string;
  alt_names: string;
  credits: string | null;
}

/** Credits of every stored title into people, in the caller's transaction. Returns the titles read. */
function readAllCredits(db: Db, log: (line: string) => void): number {
  const writer = new PeopleWriter(db, Date.now(), true);
  let done = 0;
  for (const rows of pagesById<Row>(db, PAGE_SQL, BATCH)) {
    for (const r of rows) {
      const record = { record: decodeDoc(r.doc), altNames: JSON.parse(r.alt_names), credits: r.credits === null ? undefined : JSON.parse(r.credits) };
      writer.credit(r.id, r.release_date, r.provider, creditsOf(record as IngestRecord), false);
    }
    done += rows.length;
    if (done % 100_000 < BATCH) log(`  ${done} titles`);
  }
  writer.flush();
  return done;
}

/** Makes the sources' people again from the stored titles (the user's edits stay). One transaction. */
export function rebuildPeople(db: Db, log: (line: string) => void = () => {}): number {
  endTurnSnapshot(db);
  const done = db.transaction(() => rebuildInTx(db, log)).immediate();
  noteCatalogWrite(db);
  return done;
}

function rebuildInTx(db: Db, log: (line: string) => void): number {
  db.exec("DELETE FROM person_titles");
  db.exec("DELETE FROM person_names WHERE kind <> 'alias' AND person_id IN (SELECT id FROM people WHERE dmm_id IS NOT NULL)");
  // A person known by a name alone is found again by her names (a user's merge of her stays hers): they stay,
  // marked, while the credits are read; those no title gave again go.
  db.exec("UPDATE person_names SET kind = 'name', first_release = NULL, last_release = NULL, seen_at = -1 WHERE kind <> 'alias'");
  const done = readAllCredits(db, log);
  db.exec("DELETE FROM person_names WHERE kind <> 'alias' AND seen_at = -1");
  // Persons known by a name alone were made again where still credited: the old rows nothing names go.
  db.exec(`DELETE FROM people WHERE made_by = 'source' AND dmm_id IS NULL AND merged_into IS NULL
    AND id NOT IN (SELECT person_id FROM person_names) AND id NOT IN (SELECT person_id FROM person_titles)
    AND id NOT IN (SELECT merged_into FROM people WHERE merged_into IS NOT NULL)`);
  stmt(db, "DELETE FROM meta WHERE key = ?").run(FLAG);
  return done;
}

/** rebuildPeople when the migration that brought people asked for it; 0 otherwise. */
export function rebuildPeopleIfFlagged(db: Db, log: (line: string) => void = () => {}): number {
  return onceFlagged(db, FLAG, () => {
    const total = stmt(db, "SELECT count(*) FROM movies").pluck().get() as number;
    if (total > 0) log(`reading the people of ${total} titles (once, after an upgrade)`);
    const done = rebuildInTx(db, log);
    if (total > 0) log(`people read: ${done} titles`);
    return done;
  });
}
