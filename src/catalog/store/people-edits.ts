/**
 * A user's edits of people, each journalled in person_edits with what undoing it needs,
 * and kept apart from the sources' rows: a merge sets `merged_into` (the persons merged
 * stay whole underneath), a split moves one name and the titles credited under it to a
 * person of the user's own (made_by user) and leaves a person_splits row so that later
 * writes send that name's credits there too, an import of an alias table merges and adds
 * alias names as one edit. An undo is journalled too, and puts back exactly what its edit
 * changed, or refuses, saying why: a later edit still in force touches the same persons
 * (undo that first), or the sources have since joined or removed one of them.
 */
import type { IngestRecord } from "../../model/record.js";
import { creditsOf } from "../../people/credits.js";
import { foldName, isFullName, scriptOf } from "../../people/names.js";
import { stableCode, VideoCatalogError } from "../../lib/video-catalog-error.js";
import type { Db } from "./db.js";
import { decodeDoc } from "./doc-codec.js";
import { readPeopleNamed as peopleNamed } from "./people-read.js";
import { noteCatalogWrite } from "./version.js";
import { endTurnSnapshot, stmt } from "./statements.js";

/** An edit the catalog will not make or undo, with the reason as its message. */
export class PersonEditRefused extends VideoCatalogError {
  static {
    stableCode(PersonEditRefused, "VC_ERR_PERSON_EDIT");
  }
}

export type PersonEditKind = "merge" | "split" | "import" | "undo";

/** Persons merged into one: each `from` was shown as itself; `repointed` were merged into one of them. */
export interface MergeDetail {
  into: number;
  from: number[];
  repointed: { id: number; was: number }[];
}

/** A name split off `person` (as shown) to `to`: the rows moved, each with the person it came from. */
export interface SplitDetail {
  person: number;
  to: number;
  name: string;
  folded: string;
  names: { person: number; source: string }[];
  titles: { movie: number; position: number; person: number }[];
  /** The persons whose later credits under the name go to `to` (person_splits). */
  members: number[];
}

/** An alias table read in: its merges, and the alias names it gave (source javsp or mdcx). */
export interface ImportDetail {
  source: string;
  file: string;
  merges: MergeDetail[];
  aliases: { person: number; folded: string }[];
  skipped: number;
  ambiguous: string[];
}

export interface PersonEdit {
  id: number;
  kind: PersonEditKind;
  summary: string;
  createdAt: number;
  undoneAt: number | null;
  /** Every person the edit changed (an undo: its edit's). */
  persons: number[];
  detail: { merge?: MergeDetail; split?: SplitDetail; import?: ImportDetail; undid?: number };
}

interface EditRow {
  id: number;
  kind: string;
  detail: string;
  summary: string;
  created_at: number;
  undone_at: number | null;
}

const toEdit = (r: EditRow): PersonEdit => {
  const d = JSON.parse(r.detail) as PersonEdit["detail"] & { persons: number[] };
  const { persons, ...detail } = d;
  return { id: r.id, kind: r.kind as PersonEditKind, summary: r.summary, createdAt: r.created_at, undoneAt: r.undone_at, persons, detail };
};

/** Each person's own key (DMM's id, else `n` and ours), not the one a merge shows her as. */
export function ownKeys(db: Db, ids: readonly number[]): string[] {
  const row = (id: number) => stmt<[number], { dmm_id: string | null }>(db, "SELECT dmm_id FROM people WHERE id = ?").get(id);
  return ids.map((id) => row(id)?.dmm_id ?? `n${id}`);
}

/** The journal, newest first (`before`: older than that edit). */
export function listPersonEdits(db: Db, limit: number, before?: number): PersonEdit[] {
  const rows = stmt<[number, number], EditRow>(db, "SELECT * FROM person_edits WHERE id < ? ORDER BY id DESC LIMIT ?").all(
    before ?? Number.MAX_SAFE_INTEGER,
    limit,
  );
  return rows.map(toEdit);
}

export function getPersonEdit(db: Db, id: number): PersonEdit | null {
  const row = stmt<[number], EditRow>(db, "SELECT * FROM person_edits WHERE id = ?").get(id);
  return row === undefined ? null : toEdit(row);
}

/** The undo edit that undid `id`, if any. */
export function undoOfPersonEdit(db: Db, id: number): number | null {
  const sql = "SELECT id FROM person_edits WHERE kind = 'undo' AND json_extract(detail, '$.undid') = ? ORDER BY id DESC LIMIT 1";
  return (stmt<[number], number>(db, sql).pluck().get(id) as number | undefined) ?? null;
}

function journal(db: Db, kind: PersonEditKind, summary: string, persons: number[], detail: PersonEdit["detail"], now: number): number {
  const json = JSON.stringify({ persons: [...new Set(persons)].sort((a, b) => a - b), ...detail });
  return stmt<[string, string, string, number], number>(db, "INSERT INTO person_edits (kind, detail, summary, created_at) VALUES (?, ?, ?, ?) RETURNING id")
    .pluck()
    .get(kind, json, summary, now) as number;
}

/** Runs an edit in one write transaction (the connection's turn-long read one ended first). */
function inEditTransaction<T>(db: Db, edit: () => T): T {
  endTurnSnapshot(db);
  const out = db.transaction(edit).immediate();
  // What this connection keeps of people (and the searches that widen a name to hers) is read again.
  noteCatalogWrite(db);
  return out;
}

const mergedInto = (db: Db, id: number) => stmt<[number], { merged_into: number | null }>(db, "SELECT merged_into FROM people WHERE id = ?").get(id);

/** Merges the shown persons `from` into the shown person `into`, in the caller's transaction: the rows it changed. */
function mergeRows(db: Db, into: number, from: readonly number[]): MergeDetail {
  const target = mergedInto(db, into);
  if (target === undefined) throw new PersonEditRefused(`no person ${into}`);
  if (target.merged_into !== null) throw new PersonEditRefused(`person ${into} is shown as person ${target.merged_into}: merge into that one`);
  const detail: MergeDetail = { into, from: [], repointed: [] };
  for (const id of new Set(from)) {
    const row = mergedInto(db, id);
    if (row === undefined) throw new PersonEditRefused(`no person ${id}`);
    if (id === into) throw new PersonEditRefused(`person ${id} cannot be merged into herself`);
    if (row.merged_into !== null) throw new PersonEditRefused(`person ${id} is shown as person ${row.merged_into} already`);
    const members = stmt<[number], number>(db, "SELECT id FROM people WHERE merged_into = ?").pluck().all(id) as number[];
    for (const m of members) detail.repointed.push({ id: m, was: id });
    stmt(db, "UPDATE people SET merged_into = ? WHERE merged_into = ?").run(into, id);
    stmt(db, "UPDATE people SET merged_into = ? WHERE id = ?").run(into, id);
    detail.from.push(id);
  }
  return detail;
}

const mergePersons = (m: MergeDetail) => [m.into, ...m.from, ...m.repointed.map((r) => r.id)];

/** `people merge`: the shown persons `from` shown as `into` from now on. Returns the edit's id. */
export function mergePeople(db: Db, into: number, from: readonly number[], summary: string, now = Date.now()): number {
  return inEditTransaction(db, () => {
    const merge = mergeRows(db, into, from);
    return journal(db, "merge", summary, mergePersons(merge), { merge }, now);
  });
}

/** Puts a merge back, in the caller's transaction; refuses when the rows are no longer as it left them. */
function unmergeRows(db: Db, m: MergeDetail): void {
  const exists = (id: number) => mergedInto(db, id) !== undefined;
  for (const id of [m.into, ...m.from, ...m.repointed.map((r) => r.id)]) {
    if (!exists(id)) throw new PersonEditRefused(`person ${id} is gone since (the sources joined her to another person)`);
  }
  for (const id of [...m.from, ...m.repointed.map((r) => r.id)]) {
    const now = mergedInto(db, id)?.merged_into;
    if (now !== m.into) throw new PersonEditRefused(`person ${id} is shown as ${now === null ? "herself" : `person ${now}`} since, not as person ${m.into}`);
  }
  for (const id of m.from) stmt(db, "UPDATE people SET merged_into = NULL WHERE id = ?").run(id);
  for (const r of m.repointed) stmt(db, "UPDATE people SET merged_into = ? WHERE id = ?").run(r.was, r.id);
}

/** The persons a shown person stands for: herself and those merged into her. */
const membersOf = (db: Db, id: number) =>
  stmt<[number, number], number>(db, "SELECT id FROM people WHERE id = ? OR merged_into = ?").pluck().all(id, id) as number[];

interface DocRow {
  provider: string;
  doc: string;
  alt_names: string;
  credits: string | null;
}

/** Whether the credit at `position` of a stored title names her by `folded` (its names as the writer read them). */
function creditNames(db: Db, movie: number, position: number, folded: string): boolean {
  const r = stmt<[number], DocRow>(db, "SELECT m.provider, d.doc, d.alt_names, d.credits FROM movies m JOIN movie_docs d ON d.id = m.id WHERE m.id = ?").get(
    movie,
  );
  if (r === undefined) return false;
  const record = { record: decodeDoc(r.doc), altNames: JSON.parse(r.alt_names), credits: r.credits === null ? undefined : JSON.parse(r.credits) };
  const credit = creditsOf(record as IngestRecord)[position];
  return credit?.names.some((n) => n.folded === folded) === true;
}

const inList = (ids: readonly number[]) => ids.map(() => "?").join(", ");

/** The rows a split of `folded` off the shown person `person` would move; refuses a name she lacks or her only name. */
function splitPlan(db: Db, person: number, name: string): Omit<SplitDetail, "to"> {
  const folded = foldName(name);
  const members = membersOf(db, person);
  const rows = db.prepare(`SELECT person_id AS person, folded, source FROM person_names WHERE person_id IN (${inList(members)})`).all(...members) as {
    person: number;
    folded: string;
    source: string;
  }[];
  const names = rows.filter((r) => r.folded === folded).map((r) => ({ person: r.person, source: r.source }));
  if (names.length === 0) throw new PersonEditRefused(`person ${person} has no name "${name}"`);
  if (rows.every((r) => r.folded === folded)) throw new PersonEditRefused(`"${name}" is the only name of person ${person}: there is nothing to split it from`);
  const credited = db
    .prepare(`SELECT movie_id AS movie, position, person_id AS person FROM person_titles WHERE person_id IN (${inList(members)}) ORDER BY movie_id, position`)
    .all(...members) as SplitDetail["titles"];
  const titles = credited.filter((t) => creditNames(db, t.movie, t.position, folded));
  const holders = new Set([...names.map((n) => n.person), ...titles.map((t) => t.person)]);
  return { person, name, folded, names, titles, members: [...holders].sort((a, b) => a - b) };
}

/** `people split`: a name of the shown person `person` and the titles credited under it, to a new person. Returns the edit and the new person. */
export function splitPerson(db: Db, person: number, name: string, now = Date.now()): { edit: number; to: number } {
  return inEditTransaction(db, () => {
    const row = mergedInto(db, person);
    if (row === undefined) throw new PersonEditRefused(`no person ${person}`);
    if (row.merged_into !== null) throw new PersonEditRefused(`person ${person} is shown as person ${row.merged_into}: split from that one`);
    const plan = splitPlan(db, person, name);
    const to = stmt<[number], number>(db, "INSERT INTO people (dmm_id, made_by, created_at) VALUES (NULL, 'user', ?) RETURNING id").pluck().get(now) as number;
    for (const n of plan.names)
      stmt(db, "UPDATE person_names SET person_id = ? WHERE person_id = ? AND folded = ? AND source = ?").run(to, n.person, plan.folded, n.source);
    for (const t of plan.titles) stmt(db, "UPDATE person_titles SET person_id = ? WHERE movie_id = ? AND position = ?").run(to, t.movie, t.position);
    const split: SplitDetail = { ...plan, to };
    const edit = journal(db, "split", `split "${name}" off ${ownKeys(db, [person])[0]} to n${to}`, [person, ...plan.members, to], { split }, now);
    for (const m of plan.members) {
      stmt(db, "INSERT OR REPLACE INTO person_splits (person_id, folded, to_person_id, edit_id) VALUES (?, ?, ?, ?)").run(m, plan.folded, to, edit);
    }
    return { edit, to };
  });
}

/** Puts a split back: the names and titles to whom they came from; what the sources credited to her since, to the person they would have gone to. */
function unsplitRows(db: Db, s: SplitDetail, edit: number): void {
  const row = mergedInto(db, s.to);
  if (row === undefined) throw new PersonEditRefused(`person ${s.to} is gone since`);
  if (row.merged_into !== null) throw new PersonEditRefused(`person ${s.to} is shown as person ${row.merged_into} since`);
  if (s.members.some((m) => mergedInto(db, m) === undefined)) throw new PersonEditRefused(`a person "${s.name}" was split from is gone since`);
  const home = s.members.includes(s.person) ? s.person : s.members[0];
  for (const n of s.names)
    stmt(db, "UPDATE OR REPLACE person_names SET person_id = ? WHERE person_id = ? AND folded = ? AND source = ?").run(n.person, s.to, s.folded, n.source);
  for (const t of s.titles)
    stmt(db, "UPDATE person_titles SET person_id = ? WHERE movie_id = ? AND position = ? AND person_id = ?").run(t.person, t.movie, t.position, s.to);
  stmt(db, "UPDATE OR REPLACE person_names SET person_id = ? WHERE person_id = ?").run(home, s.to);
  stmt(db, "UPDATE person_titles SET person_id = ? WHERE person_id = ?").run(home, s.to);
  stmt(db, "DELETE FROM person_splits WHERE edit_id = ?").run(edit);
  stmt(db, "DELETE FROM people WHERE id = ?").run(s.to);
}

/** Alias names of a person (source javsp, mdcx or user), in the caller's transaction: those already hers are left. */
function addAliases(db: Db, person: number, names: readonly string[], source: string, now: number): { person: number; folded: string }[] {
  const added: { person: number; folded: string }[] = [];
  for (const name of names) {
    const folded = foldName(name);
    if (folded === "") continue;
    const sql = `INSERT INTO person_names (person_id, folded, name, script, kind, source, seen_at) VALUES (?, ?, ?, ?, 'alias', ?, ?)
      ON CONFLICT (person_id, folded, source) DO NOTHING`;
    if (stmt(db, sql).run(person, folded, name.trim(), scriptOf(name), source, now).changes > 0) added.push({ person, folded });
  }
  return added;
}

/** What an import did, for its summary. */
export interface ImportOutcome {
  edit: number | null;
  entries: number;
  /** Persons merged into another (each once). */
  merged: number;
  aliases: number;
  /** Entries none of whose names is a person's. */
  skipped: number;
  /** Names two persons or more hold: left out. */
  ambiguous: string[];
}

/** The shown persons an entry's names resolve to, its names no one holds, and those two persons hold. */
function resolveEntry(db: Db, names: readonly string[]) {
  const persons = new Set<number>();
  const unknown: string[] = [];
  const ambiguous: string[] = [];
  const seen = new Set<string>();
  for (const name of names) {
    const folded = foldName(name);
    if (folded === "" || seen.has(folded)) continue;
    seen.add(folded);
    const holders = peopleNamed(db, folded);
    if (holders.length === 0) unknown.push(name.trim());
    else if (holders.length > 1) ambiguous.push(name.trim());
    // A one-word name joins no two persons, as with the sources: it only names one already found.
    else if (isFullName(name)) persons.add(holders[0]);
  }
  return { persons: [...persons], unknown, ambiguous };
}

/** The person the others of an entry are merged into: one with DMM's id first, then the oldest. */
function mergeTarget(db: Db, persons: readonly number[]): number {
  const rows = db.prepare(`SELECT id, dmm_id FROM people WHERE id IN (${inList(persons)}) ORDER BY dmm_id IS NULL, id`).all(...persons) as { id: number }[];
  return rows[0].id;
}

/**
 * An alias table read in (each entry one person's names), as one edit: the persons an
 * entry's names resolve to are merged into one, its names no one holds become her alias
 * names (`source`: javsp, mdcx). An entry that names no person is skipped; a name two
 * persons hold is left out and reported. No edit is journalled when nothing changed.
 */
export function importAliasTable(db: Db, entries: readonly (readonly string[])[], source: string, file: string, now = Date.now()): ImportOutcome {
  return inEditTransaction(db, () => {
    const d: ImportDetail = { source, file, merges: [], aliases: [], skipped: 0, ambiguous: [] };
    for (const names of entries) {
      const { persons, unknown, ambiguous } = resolveEntry(db, names);
      d.ambiguous.push(...ambiguous);
      if (persons.length === 0) {
        d.skipped++;
        continue;
      }
      const into = mergeTarget(db, persons);
      if (persons.length > 1)
        d.merges.push(
          mergeRows(
            db,
            into,
            persons.filter((p) => p !== into),
          ),
        );
      d.aliases.push(...addAliases(db, into, unknown, source, now));
    }
    d.ambiguous = [...new Set(d.ambiguous)];
    const merged = d.merges.reduce((n, m) => n + m.from.length, 0);
    const changed = d.merges.length > 0 || d.aliases.length > 0;
    const summary = `imported ${file} (${source}): ${merged} merged, ${d.aliases.length} aliases`;
    const persons = [...d.merges.flatMap(mergePersons), ...d.aliases.map((a) => a.person)];
    const edit = changed ? journal(db, "import", summary, persons, { import: d }, now) : null;
    return { edit, entries: entries.length, merged, aliases: d.aliases.length, skipped: d.skipped, ambiguous: d.ambiguous };
  });
}

/** Later edits still in force that touch one of `persons`. */
function laterEdits(db: Db, edit: PersonEdit): PersonEdit[] {
  const rows = stmt<[number], EditRow>(db, "SELECT * FROM person_edits WHERE id > ? AND undone_at IS NULL AND kind <> 'undo' ORDER BY id").all(edit.id);
  const mine = new Set(edit.persons);
  return rows.map(toEdit).filter((e) => e.persons.some((p) => mine.has(p)));
}

function undoRows(db: Db, edit: PersonEdit): void {
  const d = edit.detail;
  if (d.merge) unmergeRows(db, d.merge);
  if (d.split) unsplitRows(db, d.split, edit.id);
  if (d.import) {
    for (const a of d.import.aliases)
      stmt(db, "DELETE FROM person_names WHERE person_id = ? AND folded = ? AND source = ? AND kind = 'alias'").run(a.person, a.folded, d.import.source);
    for (const m of [...d.import.merges].reverse()) unmergeRows(db, m);
  }
}

/** `people undo`: puts an edit back and journals the undo. Returns the undo's id; refuses, saying why, what cannot be put back cleanly. */
export function undoPersonEdit(db: Db, id: number, now = Date.now()): number {
  return inEditTransaction(db, () => {
    const edit = getPersonEdit(db, id);
    if (edit === null) throw new PersonEditRefused(`no edit ${id}`);
    if (edit.kind === "undo") throw new PersonEditRefused(`edit ${id} is an undo: make the edit again instead`);
    if (edit.undoneAt !== null) throw new PersonEditRefused(`edit ${id} is undone already (by edit ${undoOfPersonEdit(db, id)})`);
    const later = laterEdits(db, edit);
    if (later.length > 0) {
      const list = later.map((e) => `${e.id} (${e.summary})`).join(", ");
      throw new PersonEditRefused(
        `edit ${id} cannot be undone while later edits touch the same persons: undo ${later.length > 1 ? "these" : "this"} first: ${list}`,
      );
    }
    try {
      undoRows(db, edit);
    } catch (e) {
      if (e instanceof PersonEditRefused) throw new PersonEditRefused(`edit ${id} cannot be undone cleanly: ${e.message}`);
      throw e;
    }
    stmt(db, "UPDATE person_edits SET undone_at = ? WHERE id = ?").run(now, id);
    return journal(db, "undo", `undid edit ${id}: ${edit.summary}`, edit.persons, { undid: id }, now);
  });
}
