/**
 * The people's upkeep, in the transaction that writes their titles (RowWriter): each
 * changed title's credits replace its old ones, each credit finds or makes its person,
 * and her names and picture are gathered in memory and written at each flush (a bulk
 * load of a million titles upserts each name once per window, not once per title).
 *
 * Who a credit is: the person of its DMM id (made on first sight); without an id, the
 * one person who has one of its full names (people/names.ts isFullName); a one-word name,
 * or a full name two persons share, names no one. A full name with no person yet makes
 * one known by that name alone, which the person of an id takes in when she is first
 * credited under it. A user's split sends a name's credits to the person it made.
 */
import type { CreditNames, SeenName } from "../../people/credits.js";
import { isFullName } from "../../people/names.js";
import type { Db } from "./db.js";
import { stmt } from "./statements.js";

const DELETE_CREDITS = "DELETE FROM person_titles WHERE movie_id = ?";
const INSERT_CREDIT = "INSERT OR REPLACE INTO person_titles (movie_id, position, person_id) VALUES (?, ?, ?)";
const BY_DMM = "SELECT id FROM people WHERE dmm_id = ?";
const NEW_PERSON = "INSERT INTO people (dmm_id, created_at) VALUES (?, ?) RETURNING id";
/** The persons holding a name, with the person each is shown as (a user's merge followed). */
const NAMED = `SELECT DISTINCT p.id, coalesce(p.merged_into, p.id) AS shown FROM person_names n JOIN people p ON p.id = n.person_id
  WHERE n.folded = ?`;
const NAME_ONLY = `SELECT DISTINCT p.id FROM person_names n JOIN people p ON p.id = n.person_id
  WHERE n.folded = ? AND p.dmm_id IS NULL AND p.made_by = 'source' AND p.merged_into IS NULL`;
const UPSERT_NAME = `INSERT INTO person_names (person_id, folded, name, script, kind, source, first_release, last_release, seen_at)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (person_id, folded, source) DO UPDATE SET
    name = excluded.name,
    kind = CASE WHEN person_names.kind = 'former' OR excluded.kind = 'former' THEN 'former' ELSE excluded.kind END,
    first_release = CASE WHEN person_names.first_release IS NULL OR excluded.first_release < person_names.first_release
      THEN coalesce(excluded.first_release, person_names.first_release) ELSE person_names.first_release END,
    last_release = CASE WHEN person_names.last_release IS NULL OR excluded.last_release > person_names.last_release
      THEN coalesce(excluded.last_release, person_names.last_release) ELSE person_names.last_release END,
    seen_at = max(person_names.seen_at, excluded.seen_at)`;
const SET_PICTURE = `UPDATE people SET picture = ?, picture_release = ?
  WHERE id = ? AND (picture IS NULL OR picture_release IS NULL OR ? >= picture_release)`;

interface NameSeen {
  person: number;
  name: SeenName;
  source: string;
  first: string | null;
  last: string | null;
}

/** Keeps people in step with the titles one writer writes; flush() before the transaction commits. */
export class PeopleWriter {
  private byDmm: Map<string, number> | null = null;
  /** Whether the catalog may hold a person known by name alone (none: an id's first sight looks for none). */
  private nameOnly: boolean | null = null;
  private readonly names = new Map<string, NameSeen>();
  private readonly pictures = new Map<number, { url: string; release: string }>();
  private splits: Map<number, Map<string, number>> | null = null;
  /** folded name -> persons holding it -> whom each is shown as (holdersOf). */
  private holders: Map<string, Map<number, number>> | null = null;
  private shown: Map<number, number> | null = null;
  /** The folded names of `names`, not yet written. */
  private readonly gathered = new Set<string>();

  /**
   * @param bulk the writer lives for a whole load (one transaction): the persons' DMM ids are
   *   read once up front, instead of one lookup per actress first seen.
   */
  constructor(
    private readonly db: Db,
    private readonly now: number,
    private readonly bulk = false,
  ) {}

  /** A title's credits, replacing those it had (`replace`: a title written before). */
  credit(movieId: number, release: string, source: string, credits: readonly CreditNames[], replace: boolean): void {
    if (replace) stmt(this.db, DELETE_CREDITS).run(movieId);
    const day = release === "" ? null : release.slice(0, 10);
    const seen = new Set<number>();
    credits.forEach((c, position) => {
      const person = this.personOf(c);
      if (person === null || seen.has(person)) return;
      seen.add(person);
      stmt(this.db, INSERT_CREDIT).run(movieId, position, person);
      for (const name of c.names) {
        this.sawName(person, name, source, day);
        this.holds(person, name.folded);
      }
      if (c.image !== null && day !== null) this.sawPicture(person, c.image, day);
    });
  }

  /** Writes the names and pictures gathered since the last flush. */
  flush(): void {
    if (this.names.size === 0 && this.pictures.size === 0) return;
    const upsert = stmt(this.db, UPSERT_NAME);
    for (const n of this.names.values()) {
      upsert.run(n.person, n.name.folded, n.name.name, n.name.script, n.name.kind, n.source, n.first, n.last, this.now);
    }
    this.names.clear();
    this.gathered.clear();
    const picture = stmt(this.db, SET_PICTURE);
    for (const [person, p] of this.pictures) picture.run(p.url, p.release, person, p.release);
    this.pictures.clear();
  }

  private personOf(c: CreditNames): number | null {
    const person = c.id !== null ? this.ofDmmId(c.id, c.names) : this.ofNames(c.names);
    return person === null ? null : this.splitOf(person, c.names);
  }

  private ofDmmId(dmmId: string, names: readonly SeenName[]): number {
    this.byDmm ??= this.bulk ? this.readDmmIds() : new Map();
    const known = this.byDmm.get(dmmId);
    if (known !== undefined) return known;
    let id = this.bulk ? undefined : (stmt<[string], number>(this.db, BY_DMM).pluck().get(dmmId) as number | undefined);
    if (id === undefined) id = stmt<[string, number], number>(this.db, NEW_PERSON).pluck().get(dmmId, this.now) as number;
    this.byDmm.set(dmmId, id);
    this.takeInNameOnly(id, names);
    return id;
  }

  private readDmmIds(): Map<string, number> {
    const rows = stmt<[], [string, number]>(this.db, "SELECT dmm_id, id FROM people WHERE dmm_id IS NOT NULL").raw().all() as [string, number][];
    return new Map(rows);
  }

  /** A person known by a full name alone, now credited with an id: her titles and names become the id's person's. */
  private takeInNameOnly(id: number, names: readonly SeenName[]): void {
    this.nameOnly ??= stmt(this.db, "SELECT 1 FROM people WHERE dmm_id IS NULL AND made_by = 'source' LIMIT 1").get() !== undefined;
    if (!this.nameOnly) return;
    // The names gathered so far are written first: a person made earlier in this write is found too.
    this.flush();
    for (const n of names) {
      if (n.kind !== "name" || !isFullName(n.name)) continue;
      const holders = stmt<[string], number>(this.db, NAME_ONLY).pluck().all(n.folded) as number[];
      if (holders.length !== 1) continue;
      const from = holders[0];
      // Who holds which name changed: what this writer kept of it is read again when next asked.
      this.holders = null;
      this.shown = null;
      stmt(this.db, "UPDATE OR IGNORE person_titles SET person_id = ? WHERE person_id = ?").run(id, from);
      stmt(this.db, "UPDATE OR IGNORE person_names SET person_id = ? WHERE person_id = ?").run(id, from);
      stmt(this.db, "DELETE FROM person_names WHERE person_id = ?").run(from);
      stmt(this.db, "UPDATE people SET merged_into = ? WHERE merged_into = ?").run(id, from);
      stmt(this.db, "DELETE FROM people WHERE id = ?").run(from);
    }
  }

  /** The one person holding a full name of the credit; a new one when none does; null when it is ambiguous or no name is full. */
  private ofNames(names: readonly SeenName[]): number | null {
    const full = names.filter((n) => n.kind === "name" && isFullName(n.name));
    if (full.length === 0) return null;
    const shown = new Set<number>();
    const raw = new Set<number>();
    for (const n of full) {
      for (const [id, as] of this.holdersOf(n.folded)) {
        shown.add(as);
        raw.add(id);
      }
    }
    if (shown.size > 1) return null;
    if (shown.size === 0) {
      this.nameOnly = true;
      return stmt<[null, number], number>(this.db, NEW_PERSON).pluck().get(null, this.now) as number;
    }
    // The person who holds the name, not the one a user's merge shows her as: an undo of the merge then leaves her titles hers.
    const [person] = shown;
    return raw.has(person) || raw.size !== 1 ? person : [...raw][0];
  }

  /**
   * The persons holding a name (each with the person she is shown as), as the catalog has
   * them with this writer's names: a bulk load reads every name once and keeps the map up
   * to date as it credits; a small write asks the catalog per name, after writing its own.
   */
  private holdersOf(folded: string): Map<number, number> {
    if (this.holders === null && this.bulk) this.holders = this.readHolders();
    this.holders ??= new Map();
    let found = this.holders.get(folded);
    if (found === undefined && !this.bulk) {
      // The catalog answers for the names already written: a name this write gathered is written first.
      if (this.gathered.has(folded)) this.flush();
      const rows = stmt<[string], { id: number; shown: number }>(this.db, NAMED).all(folded);
      this.holders.set(folded, (found = new Map(rows.map((r) => [r.id, r.shown]))));
    }
    return found ?? new Map();
  }

  private readHolders(): Map<string, Map<number, number>> {
    const out = new Map<string, Map<number, number>>();
    const rows = stmt<[], [string, number, number]>(
      this.db,
      "SELECT DISTINCT n.folded, p.id, coalesce(p.merged_into, p.id) FROM person_names n JOIN people p ON p.id = n.person_id",
    )
      .raw()
      .all() as [string, number, number][];
    for (const [folded, id, shown] of rows) {
      if (!out.has(folded)) out.set(folded, new Map());
      out.get(folded)!.set(id, shown);
    }
    return out;
  }

  /** A name this writer credits `person` with, into the holders it keeps (a new name of a bulk load, or one already asked). */
  private holds(person: number, folded: string): void {
    if (this.holders === null) return;
    let found = this.holders.get(folded);
    if (found === undefined) {
      if (!this.bulk) return;
      this.holders.set(folded, (found = new Map()));
    }
    if (!found.has(person)) found.set(person, this.shownAs(person));
  }

  /** Whom `person` is shown as (a user's merge); read once per person this writer meets. */
  private shownAs(person: number): number {
    this.shown ??= new Map();
    let as = this.shown.get(person);
    if (as === undefined) {
      as = (stmt<[number], number>(this.db, "SELECT coalesce(merged_into, id) FROM people WHERE id = ?").pluck().get(person) as number | undefined) ?? person;
      this.shown.set(person, as);
    }
    return as;
  }

  /** The person a user's split sent this credit's name to, else `person`. */
  private splitOf(person: number, names: readonly SeenName[]): number {
    this.splits ??= this.readSplits();
    const byName = this.splits.get(person);
    if (byName === undefined) return person;
    for (const n of names) {
      const to = byName.get(n.folded);
      if (to !== undefined) return to;
    }
    return person;
  }

  private readSplits(): Map<number, Map<string, number>> {
    const out = new Map<number, Map<string, number>>();
    const rows = stmt<[], { person_id: number; folded: string; to_person_id: number }>(
      this.db,
      "SELECT person_id, folded, to_person_id FROM person_splits",
    ).all();
    for (const r of rows) {
      if (!out.has(r.person_id)) out.set(r.person_id, new Map());
      out.get(r.person_id)!.set(r.folded, r.to_person_id);
    }
    return out;
  }

  private sawName(person: number, name: SeenName, source: string, day: string | null): void {
    this.gathered.add(name.folded);
    const key = `${person}\u0000${name.folded}\u0000${source}`;
    const had = this.names.get(key);
    if (had === undefined) {
      this.names.set(key, { person, name, source, first: day, last: day });
      return;
    }
    if (name.kind === "former") had.name = { ...had.name, kind: "former" };
    else had.name = { ...name, kind: had.name.kind };
    if (day !== null && (had.first === null || day < had.first)) had.first = day;
    if (day !== null && (had.last === null || day > had.last)) had.last = day;
  }

  private sawPicture(person: number, url: string, day: string): void {
    const had = this.pictures.get(person);
    if (had === undefined || day >= had.release) this.pictures.set(person, { url, release: day });
  }
}
