/**
 * A user's alias tables read in (test/fixtures/people/alias-tables/: JavSP's and mdcx's
 * shapes, made-up names): each format told by its content, an entry's persons merged and
 * its unknown names added as her aliases, an entry naming no one skipped, a name two
 * actresses hold left out and reported; the whole import undone as one edit, every row
 * back; a second import of the same table changes nothing.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type Db, getPerson, listPersonEdits, openCatalog, peopleNamed, personByKey, upsertRecords } from "../../../src/catalog/index.js";
import { AliasTableError, readAliasTable } from "../../../src/people/alias-tables.js";
import { importAliases, mergeNamed, personNamedBy, undoEdit } from "../../../src/services/people/edits.js";
import { makeIngest } from "../../helpers/build-app.js";

const FIXTURES = join(import.meta.dirname, "../../fixtures/people/alias-tables");
const fixture = (name: string) => readFileSync(join(FIXTURES, name), "utf8");

const dbs: Db[] = [];
afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
});

const credited = (cid: string, release: string, id: string, names: string[]) =>
  makeIngest(
    { contentId: cid, dvdId: cid.toUpperCase(), releaseDate: `${release}T00:00:00.000Z`, actresses: [names[0]] },
    { provider: "fanza", credits: [{ id, names, image: null }] },
  );

/** The made-up actresses the tables name: one renamed (two ids), one known, two of the one-word name みなみ. */
function catalog(): Db {
  const db = openCatalog(":memory:");
  dbs.push(db);
  upsertRecords(db, [
    credited("abc00001", "2021-01-01", "1001", ["新名ゆき"]),
    credited("abc00002", "2018-01-01", "1002", ["旧名ゆき"]),
    credited("abc00003", "2020-01-01", "1003", ["河北彩花"]),
    credited("abc00004", "2019-01-01", "2001", ["みなみ"]),
    credited("abc00005", "2019-02-01", "2002", ["みなみ"]),
  ]);
  return db;
}

function snapshot(db: Db) {
  const all = (sql: string) => db.prepare(sql).all();
  return [all("SELECT id, dmm_id, merged_into FROM people ORDER BY id"), all("SELECT * FROM person_names ORDER BY person_id, folded, source")];
}

describe("people import-aliases", () => {
  for (const [file, format, aliases] of [
    ["actress_alias.json", "javsp", ["しんめいゆき", "かわきたさいか"]],
    ["mapping_actor.xml", "mdcx", ["新名由紀", "新名由纪", "かわきたさいか"]],
  ] as const) {
    it(`reads ${format}'s ${file}: merges, aliases, skips, ambiguous names; undone as one edit`, () => {
      const db = catalog();
      const before = snapshot(db);
      const r = importAliases({ db }, fixture(file), file);
      expect(r).toMatchObject({ format, entries: 4, merged: 1, aliases: aliases.length, skipped: 2, ambiguous: ["みなみ"] });
      const yuki = personByKey(db, "1001")!;
      expect(personByKey(db, "1002")).toBe(yuki);
      const names = getPerson(db, yuki)!.names;
      expect(names.filter((n) => n.kind === "alias").map((n) => [n.name, n.sources])).toEqual(
        aliases.filter((a) => a !== "かわきたさいか").map((a) => [a, [format]]),
      );
      expect(personNamedBy({ db }, "かわきたさいか")).toBe(personByKey(db, "1003"));
      expect(peopleNamed(db, "みなみ")).toHaveLength(2);
      expect(listPersonEdits(db, 1)[0]).toMatchObject({ id: r.edit, kind: "import", undoneAt: null });
      // The same table again: nothing left to do, no edit.
      expect(importAliases({ db }, fixture(file), file)).toMatchObject({ edit: null, merged: 0, aliases: 0 });
      undoEdit({ db }, r.edit!);
      expect(snapshot(db)).toEqual(before);
      expect(personByKey(db, "1002")).not.toBe(personByKey(db, "1001"));
    });
  }

  it("refuses to undo an import a later merge of its persons depends on, naming that merge", () => {
    const db = catalog();
    const r = importAliases({ db }, fixture("actress_alias.json"), "actress_alias.json");
    const m = mergeNamed({ db }, "1001", ["1003"]);
    expect(() => undoEdit({ db }, r.edit!)).toThrow(`undo this first: ${m.edit} (merged 1003 into 1001)`);
    undoEdit({ db }, m.edit);
    undoEdit({ db }, r.edit!);
  });

  it("tells a table that is neither format", () => {
    expect(() => readAliasTable("[1, 2]")).toThrow(AliasTableError);
    expect(() => readAliasTable('{"a": "b"}')).toThrow(/array of names/);
    expect(() => readAliasTable("<html><body/></html>")).toThrow(/no <a> element under <actor>/);
    expect(readAliasTable('\uFEFF{"A B": ["C D"]}')).toEqual({ format: "javsp", entries: [["A B", "C D"]] });
  });
});
