/**
 * People as the faces read them: a person by her key (DMM's id, or `n` and ours for a
 * person known by name alone), by any of her names, her names with their kinds, her
 * titles, and who is credited on a title. A user's merge is followed on every read: a
 * person merged into another is read as that one, with both's names and titles.
 */
import type { Db } from "./db.js";
import { cachesOf } from "./caches.js";
import { stmt } from "./statements.js";
import { catalogVersion } from "./version.js";
import type { Script } from "../../people/names.js";

export type NameKindOfPerson = "current" | "former" | "alias";

export interface PersonName {
  name: string;
  folded: string;
  script: Script;
  kind: NameKindOfPerson;
  /** The providers that gave it, or user, javsp, mdcx. */
  sources: string[];
  firstRelease: string | null;
  lastRelease: string | null;
}

export interface PersonRecord {
  /** Our id of her (people.id). */
  id: number;
  /** Her key in answers: DMM's id where she has one, else `n` and ours. */
  key: string;
  dmmId: string | null;
  /** The sources' picture of her, or null. */
  picture: string | null;
  names: PersonName[];
  titles: number;
  firstRelease: string | null;
  lastRelease: string | null;
  /** Persons a user merged into her (their ids). */
  merged: number[];
  madeBy: "source" | "user";
}

interface PersonRow {
  id: number;
  dmm_id: string | null;
  merged_into: number | null;
  picture: string | null;
  picture_release: string | null;
  made_by: string;
}

interface NameRow {
  folded: string;
  name: string;
  script: Script;
  kind: string;
  source: string;
  first_release: string | null;
  last_release: string | null;
  seen_at: number;
}

/** Hiragana alone (with its marks and spaces): how the sources write a name's reading. */
const isReading = (name: string): boolean => /^[\p{Script=Hiragana}\u30fc\u30fb\s]+$/u.test(name);

/** Faces and name holders kept per connection until the catalog changes (at most this many each): a library's scan reads the same persons title after title. */
const KEPT = 20_000;

function peopleKept(db: Db): NonNullable<ReturnType<typeof cachesOf>["people"]> {
  const caches = cachesOf(db);
  const version = catalogVersion(db);
  if (caches.people === null || caches.people.version !== version) caches.people = { version, faces: new Map(), named: new Map() };
  return caches.people;
}

export const personKey = (id: number, dmmId: string | null): string => dmmId ?? `n${id}`;

/** The person shown for `id` (a user's merge followed), or null when there is none. */
export function shownPerson(db: Db, id: number): number | null {
  const row = stmt<[number], { id: number; merged_into: number | null }>(db, "SELECT id, merged_into FROM people WHERE id = ?").get(id);
  return row === undefined ? null : (row.merged_into ?? row.id);
}

/** The person of a key (`1044099`: DMM's id; `n12`: ours), as shown; null for no such person. */
export function personByKey(db: Db, key: string): number | null {
  const k = key.trim();
  if (/^\d{1,12}$/.test(k)) {
    const id = stmt<[string], number>(db, "SELECT id FROM people WHERE dmm_id = ?").pluck().get(k) as number | undefined;
    return id === undefined ? null : shownPerson(db, id);
  }
  const m = /^n(\d{1,15})$/.exec(k);
  return m === null ? null : shownPerson(db, Number(m[1]));
}

/** The persons (as shown) who have this name, folded, of any kind. */
export function peopleNamed(db: Db, folded: string): number[] {
  const kept = peopleKept(db);
  let found = kept.named.get(folded);
  if (found === undefined) {
    if (kept.named.size >= KEPT) kept.named.clear();
    kept.named.set(folded, (found = readPeopleNamed(db, folded)));
  }
  return [...found];
}

/** peopleNamed read from the catalog as it is now (inside a write that changes who holds a name). */
export function readPeopleNamed(db: Db, folded: string): number[] {
  return stmt<[string], number>(db, "SELECT DISTINCT coalesce(p.merged_into, p.id) FROM person_names n JOIN people p ON p.id = n.person_id WHERE n.folded = ?")
    .pluck()
    .all(folded) as number[];
}

/** The persons a shown person stands for: herself and those merged into her. */
function members(db: Db, id: number): number[] {
  return stmt<[number, number], number>(db, "SELECT id FROM people WHERE id = ? OR merged_into = ?").pluck().all(id, id) as number[];
}

const inList = (ids: readonly number[]) => ids.map(() => "?").join(", ");

/** Every name of a shown person, once per folded spelling, with its kind. */
export function personNames(db: Db, id: number): PersonName[] {
  const ids = members(db, id);
  const rows = db
    .prepare(`SELECT folded, name, script, kind, source, first_release, last_release, seen_at FROM person_names WHERE person_id IN (${inList(ids)})`)
    .all(...ids) as NameRow[];
  return namesWithKinds(rows);
}

/**
 * Her names, one per folded spelling: an alias when only a user's table gives it, former
 * when a source says so or when another name of its script was credited later (her
 * newest release, then the newest write), else current: one current name per script.
 */
export function namesWithKinds(rows: readonly NameRow[]): PersonName[] {
  const byFolded = new Map<string, { rows: NameRow[] }>();
  for (const r of rows) {
    const had = byFolded.get(r.folded);
    if (had === undefined) byFolded.set(r.folded, { rows: [r] });
    else had.rows.push(r);
  }
  const names: (PersonName & { seen: number })[] = [];
  for (const [folded, { rows: rs }] of byFolded) {
    const credited = rs.filter((r) => r.kind === "name");
    const shown = [...(credited.length > 0 ? credited : rs)].sort((a, b) => b.seen_at - a.seen_at)[0];
    const days = rs
      .flatMap((r) => [r.first_release, r.last_release])
      .filter((d): d is string => d !== null && d !== "")
      .sort();
    const kind: NameKindOfPerson = rs.every((r) => r.kind === "alias") ? "alias" : rs.some((r) => r.kind === "former") ? "former" : "current";
    names.push({
      name: shown.name,
      folded,
      script: shown.script,
      kind,
      sources: [...new Set(rs.map((r) => r.source))].sort(),
      firstRelease: days[0] ?? null,
      lastRelease: days.at(-1) ?? null,
      seen: Math.max(...rs.map((r) => r.seen_at)),
    });
  }
  const newestFirst = (a: { lastRelease: string | null; seen: number }, b: { lastRelease: string | null; seen: number }) =>
    (b.lastRelease ?? "").localeCompare(a.lastRelease ?? "") || b.seen - a.seen;
  // Of kana names credited alike, one in hiragana alone is the reading DMM and r18.dev give beside her name (ティア, てぃあ).
  const nameBeforeReading = (a: PersonName & { seen: number }, b: PersonName & { seen: number }) =>
    (b.lastRelease ?? "").localeCompare(a.lastRelease ?? "") || Number(isReading(a.name)) - Number(isReading(b.name)) || b.seen - a.seen;
  for (const script of ["kanji", "kana", "latin"] as const) {
    const current = names.filter((n) => n.script === script && n.kind === "current").sort(script === "kana" ? nameBeforeReading : newestFirst);
    for (const n of current.slice(1)) n.kind = "former";
  }
  const order: Record<NameKindOfPerson, number> = { current: 0, former: 1, alias: 2 };
  return names.sort((a, b) => order[a.kind] - order[b.kind] || newestFirst(a, b)).map(({ seen: _, ...n }) => n);
}

/** A person as a title's credit shows her: her key, names and picture, without her titles (which a prolific actress makes slow to count). */
export type PersonFace = Omit<PersonRecord, "titles" | "firstRelease" | "lastRelease">;

/** A shown person's key, names and picture (a user's merge followed); null for no such person. */
export function getPersonFace(db: Db, id: number): PersonFace | null {
  const kept = peopleKept(db);
  const had = kept.faces.get(id) as PersonFace | null | undefined;
  if (had !== undefined) return had;
  if (kept.faces.size >= KEPT) kept.faces.clear();
  const face = readPersonFace(db, id);
  kept.faces.set(id, face);
  return face;
}

function readPersonFace(db: Db, id: number): PersonFace | null {
  const row = stmt<[number], PersonRow>(db, "SELECT id, dmm_id, merged_into, picture, picture_release, made_by FROM people WHERE id = ?").get(id);
  if (row === undefined) return null;
  if (row.merged_into !== null) return readPersonFace(db, row.merged_into);
  const ids = members(db, id);
  return {
    id,
    key: personKey(id, row.dmm_id),
    dmmId: row.dmm_id,
    picture: row.picture ?? memberPicture(db, ids),
    names: personNames(db, id),
    merged: ids.filter((m) => m !== id),
    madeBy: row.made_by === "user" ? "user" : "source",
  };
}

/** A shown person's record: names, picture, titles and the releases they span; null for no such person. */
export function getPerson(db: Db, id: number): PersonRecord | null {
  const face = getPersonFace(db, id);
  if (face === null) return null;
  const ids = [face.id, ...face.merged];
  const span = db
    .prepare(
      `SELECT count(DISTINCT t.movie_id) AS titles, min(nullif(m.release_date, '')) AS first, max(nullif(m.release_date, '')) AS last
       FROM person_titles t JOIN movies m ON m.id = t.movie_id WHERE t.person_id IN (${inList(ids)})`,
    )
    .get(...ids) as { titles: number; first: string | null; last: string | null };
  return { ...face, titles: span.titles, firstRelease: span.first, lastRelease: span.last };
}

/** The newest picture among the persons merged into her, when she has none of her own. */
function memberPicture(db: Db, ids: readonly number[]): string | null {
  const sql = `SELECT picture FROM people WHERE id IN (${inList(ids)}) AND picture IS NOT NULL ORDER BY picture_release DESC LIMIT 1`;
  return (
    (db
      .prepare(sql)
      .pluck()
      .get(...ids) as string | undefined) ?? null
  );
}

/** Who is credited on a title, by position in its record, each as shown. */
export function titleCredits(db: Db, movieId: number): Map<number, number> {
  const rows = stmt<[number], { position: number; person: number }>(
    db,
    `SELECT t.position, coalesce(p.merged_into, p.id) AS person FROM person_titles t JOIN people p ON p.id = t.person_id
     WHERE t.movie_id = ? ORDER BY t.position`,
  ).all(movieId);
  return new Map(rows.map((r) => [r.position, r.person]));
}

/** A shown person's titles, newest first. */
export function personTitleIds(db: Db, id: number, limit: number, offset = 0): number[] {
  const ids = members(db, id);
  const sql = `SELECT DISTINCT m.id FROM person_titles t JOIN movies m ON m.id = t.movie_id
    WHERE t.person_id IN (${inList(ids)}) ORDER BY m.release_date DESC, m.id DESC LIMIT ? OFFSET ?`;
  return db
    .prepare(sql)
    .pluck()
    .all(...ids, limit, offset) as number[];
}

/** The providers of a shown person's titles, the one of her newest title first. */
export function personProviders(db: Db, id: number): string[] {
  const ids = members(db, id);
  const sql = `SELECT m.provider FROM person_titles t JOIN movies m ON m.id = t.movie_id
    WHERE t.person_id IN (${inList(ids)}) GROUP BY m.provider ORDER BY max(m.release_date) DESC, m.provider`;
  return db
    .prepare(sql)
    .pluck()
    .all(...ids) as string[];
}

/**
 * Persons (as shown) with a name holding `folded`: those with it as a whole name first,
 * then as its start, then anywhere in it; the total is of all three.
 */
export function searchPeople(db: Db, folded: string, limit: number, offset: number): { total: number; ids: number[] } {
  const like = `%${folded.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = stmt<[string, string, string, string], number>(
    db,
    `SELECT coalesce(p.merged_into, p.id) AS id,
       min(CASE WHEN n.folded = ? THEN 0 WHEN substr(n.folded, 1, length(?)) = ? THEN 1 ELSE 2 END) AS tier
     FROM person_names n JOIN people p ON p.id = n.person_id
     WHERE n.folded LIKE ? ESCAPE '\\' GROUP BY 1 ORDER BY tier, id`,
  )
    .pluck()
    .all(folded, folded, folded, like) as number[];
  return { total: rows.length, ids: rows.slice(offset, offset + limit) };
}
