/**
 * A user's edits of people through the catalog's front door: a merge and its undo, a
 * split (her name, the titles credited under it, and later credits under it) and its
 * undo, each putting the rows back exactly; undos refused while a later edit depends on
 * them, and an undo of what is undone already.
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  type Db,
  getPerson,
  listPersonEdits,
  mergePeople,
  openCatalog,
  peopleNamed,
  personByKey,
  PersonEditRefused,
  personTitleIds,
  rebuildPeople,
  splitPerson,
  titleCredits,
  undoPersonEdit,
  upsertRecords,
} from "../../src/catalog/index.js";
import { makeIngest } from "../helpers/build-app.js";

const dbs: Db[] = [];
afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
});

const credited = (cid: string, release: string, credits: { id: string; names: string[] }[]) =>
  makeIngest(
    { contentId: cid, dvdId: cid.toUpperCase(), releaseDate: `${release}T00:00:00.000Z`, actresses: credits.map((c) => c.names[0]) },
    { provider: "fanza", credits: credits.map((c) => ({ id: c.id, names: c.names, image: null })) },
  );

/** Every row the people tables hold, in order: what an undo must give back. */
function snapshot(db: Db) {
  const all = (sql: string) => db.prepare(sql).all();
  return {
    people: all("SELECT id, dmm_id, merged_into, made_by FROM people ORDER BY id"),
    names: all("SELECT * FROM person_names ORDER BY person_id, folded, source"),
    titles: all("SELECT * FROM person_titles ORDER BY movie_id, position"),
    splits: all("SELECT * FROM person_splits ORDER BY person_id, folded"),
  };
}

/** Two actresses a source keeps apart (1001 renamed, 1002 her earlier self), and a third. */
function catalog(): Db {
  const db = openCatalog(":memory:");
  dbs.push(db);
  upsertRecords(db, [
    credited("abc00001", "2019-01-01", [{ id: "1001", names: ["新名ゆき"] }]),
    credited("abc00002", "2020-01-01", [{ id: "1001", names: ["新名ゆき"] }]),
    credited("abc00003", "2018-01-01", [{ id: "1002", names: ["旧名ゆき"] }]),
    credited("abc00004", "2017-06-01", [
      { id: "1003", names: ["河北彩花"] },
      { id: "1002", names: ["旧名ゆき"] },
    ]),
  ]);
  return db;
}

const id = (db: Db, key: string) => personByKey(db, key)!;
const movie = (db: Db, cid: string) => db.prepare("SELECT id FROM movies WHERE content_id = ?").pluck().get(cid) as number;

describe("a user's merges of people", () => {
  it("shows one person as another with both's names and titles, and an undo puts every row back", () => {
    const db = catalog();
    const before = snapshot(db);
    const edit = mergePeople(db, id(db, "1001"), [id(db, "1002")], "merged 1002 into 1001");
    expect(personByKey(db, "1002")).toBe(id(db, "1001"));
    const p = getPerson(db, id(db, "1001"))!;
    expect(p.titles).toBe(4);
    expect(p.names.map((n) => `${n.kind}:${n.name}`)).toEqual(["current:新名ゆき", "former:旧名ゆき"]);
    expect(titleCredits(db, movie(db, "abc00004")).get(1)).toBe(id(db, "1001"));
    undoPersonEdit(db, edit);
    expect(snapshot(db)).toEqual(before);
    expect(listPersonEdits(db, 10).map((e) => [e.kind, e.undoneAt === null])).toEqual([
      ["undo", true],
      ["merge", false],
    ]);
  });

  it("re-points the persons merged into the one merged, and refuses to undo a merge a later merge depends on, naming it", () => {
    const db = catalog();
    const [a, b, c] = ["1001", "1002", "1003"].map((k) => id(db, k));
    const before = snapshot(db);
    const first = mergePeople(db, b, [a], "a into b");
    const second = mergePeople(db, c, [b], "b into c");
    expect(db.prepare("SELECT merged_into FROM people WHERE id = ?").pluck().get(a)).toBe(c);
    expect(() => undoPersonEdit(db, first)).toThrow(new RegExp(`later edits touch the same persons: undo this first: ${second} \\(b into c\\)`));
    undoPersonEdit(db, second);
    expect(db.prepare("SELECT merged_into FROM people WHERE id = ?").pluck().get(a)).toBe(b);
    undoPersonEdit(db, first);
    expect(snapshot(db)).toEqual(before);
    expect(() => undoPersonEdit(db, first)).toThrow(/is undone already/);
    expect(() => undoPersonEdit(db, 99)).toThrow(PersonEditRefused);
  });

  it("refuses a merge of a person into herself or into one shown as another", () => {
    const db = catalog();
    const [a, b, c] = ["1001", "1002", "1003"].map((k) => id(db, k));
    expect(() => mergePeople(db, a, [a], "x")).toThrow(/into herself/);
    mergePeople(db, a, [b], "b into a");
    expect(() => mergePeople(db, b, [c], "x")).toThrow(`person ${b} is shown as person ${a}: merge into that one`);
  });
});

describe("a merge of persons known by name alone", () => {
  it("keeps each her own later titles and survives a rebuild, so its undo leaves each what is hers", () => {
    const db = catalog();
    const heyzo = (cid: string, name: string) =>
      makeIngest({ contentId: cid, dvdId: cid.toUpperCase(), releaseDate: "2020-01-01T00:00:00.000Z", actresses: [name] }, { provider: "heyzo" });
    upsertRecords(db, [heyzo("heyzo0001", "波多野結衣"), heyzo("heyzo0002", "酒井愛美")]);
    const [a] = peopleNamed(db, "波多野結衣");
    const [b] = peopleNamed(db, "酒井愛美");
    const edit = mergePeople(db, a, [b], "b into a");
    upsertRecords(db, [heyzo("heyzo0003", "酒井愛美")]);
    expect(titleCredits(db, movie(db, "heyzo0003")).get(0)).toBe(a);
    expect(db.prepare("SELECT person_id FROM person_titles WHERE movie_id = ?").pluck().get(movie(db, "heyzo0003"))).toBe(b);
    rebuildPeople(db);
    expect(getPerson(db, a)!.titles).toBe(3);
    undoPersonEdit(db, edit);
    expect([getPerson(db, a)!.titles, getPerson(db, b)!.titles]).toEqual([1, 2]);
  });
});

describe("a user's splits", () => {
  it("moves a name and the titles credited under it to a person of the user's, later credits follow, and an undo puts it back", () => {
    const db = catalog();
    const a = id(db, "1001");
    upsertRecords(db, [credited("abc00005", "2022-01-01", [{ id: "1001", names: ["Yuki Shinmei"] }])]);
    const before = snapshot(db);
    const { edit, to } = splitPerson(db, a, "Yuki Shinmei");
    expect(getPerson(db, a)!.titles).toBe(2);
    const split = getPerson(db, to)!;
    expect([split.key, split.madeBy, split.titles, split.names.map((n) => n.name)]).toEqual([`n${to}`, "user", 1, ["Yuki Shinmei"]]);
    // A later ingest of a title credited to her id under that name goes to the split person.
    upsertRecords(db, [credited("abc00006", "2023-01-01", [{ id: "1001", names: ["Yuki Shinmei"] }])]);
    expect(personTitleIds(db, to, 10)).toHaveLength(2);
    expect(getPerson(db, a)!.titles).toBe(2);
    // A rebuild reads the credits again: the split holds.
    rebuildPeople(db);
    expect([getPerson(db, a)!.titles, getPerson(db, to)!.titles]).toEqual([2, 2]);
    undoPersonEdit(db, edit);
    expect(getPerson(db, a)!.titles).toBe(4);
    expect(db.prepare("SELECT count(*) FROM people WHERE id = ?").pluck().get(to)).toBe(0);
    // As before, with the title written since credited to her.
    const after = snapshot(db);
    expect(after.titles.filter((t) => (t as { movie_id: number }).movie_id !== movie(db, "abc00006"))).toEqual(before.titles);
    expect(after.splits).toEqual([]);
    expect(after.people).toEqual(before.people);
    expect(after.names.map((n) => (n as { folded: string }).folded)).toEqual(before.names.map((n) => (n as { folded: string }).folded));
  });

  it("refuses a name she does not have, and her only name", () => {
    const db = catalog();
    expect(() => splitPerson(db, id(db, "1001"), "河北彩花")).toThrow(/has no name "河北彩花"/);
    expect(() => splitPerson(db, id(db, "1003"), "河北彩花")).toThrow(/is the only name/);
  });
});
