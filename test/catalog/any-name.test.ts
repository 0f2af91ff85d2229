import { afterEach, describe, expect, it } from "vitest";
import { type Db, openCatalog, upsertRecords } from "../../src/catalog/index.js";
import { otherNamesOf, personOfText, widenNames } from "../../src/catalog/search/any-name.js";
import { EMPTY_FILTER } from "../../src/catalog/search/filter-sql.js";
import { makeIngest } from "../helpers/build-app.js";

const dbs: Db[] = [];
afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
});

const credited = (cid: string, release: string, actresses: string[], id: string | null, names: string[], provider = "fanza") =>
  makeIngest(
    { contentId: cid, dvdId: cid.toUpperCase(), releaseDate: `${release}T00:00:00.000Z`, actresses },
    { provider, credits: id === null ? undefined : [{ id, names, image: null }] },
  );

/** A renamed actress (1001), two みなみ (2001, 2002: the second renamed 南条ゆう), one actress of one name (3001). */
function catalog(): Db {
  const db = openCatalog(":memory:");
  dbs.push(db);
  upsertRecords(db, [
    credited("abc00001", "2019-04-01", ["旧名ゆき"], "1001", ["旧名ゆき"]),
    credited("abc00002", "2023-02-01", ["新名ゆき（旧名ゆき）"], "1001", ["新名ゆき（旧名ゆき）"]),
    credited("abc00003", "2022-01-01", ["Yuki Shinmei"], "1001", ["Yuki Shinmei", "新名ゆき"], "r18dev"),
    credited("abc00010", "2020-01-01", ["みなみ"], "2001", ["みなみ"]),
    credited("abc00011", "2021-01-01", ["みなみ"], "2002", ["みなみ"]),
    credited("abc00012", "2022-01-01", ["南条ゆう（みなみ）"], "2002", ["南条ゆう（みなみ）"]),
    credited("abc00020", "2022-01-01", ["波多野結衣"], "3001", ["波多野結衣"]),
  ]);
  return db;
}

describe("an actress filter by any of her names", () => {
  it("widens a name one person holds to her other full names and DMM's 名（旧名） spellings of hers", () => {
    const db = catalog();
    expect(otherNamesOf(db, "旧名ゆき").sort()).toEqual(["yuki shinmei", "新名ゆき", "新名ゆき(旧名ゆき)"].sort());
    expect(otherNamesOf(db, "yuki shinmei").sort()).toEqual(["旧名ゆき", "新名ゆき", "新名ゆき(旧名ゆき)"].sort());
  });

  it("never widens a name two people hold, nor to a name another person holds too", () => {
    const db = catalog();
    expect(otherNamesOf(db, "みなみ")).toEqual([]);
    expect(otherNamesOf(db, "南条ゆう")).toEqual(["南条ゆう(みなみ)"]);
    expect(otherNamesOf(db, "nobody at all")).toEqual([]);
  });

  it("widens actress names only, once: a name given widened already is left as it is", () => {
    const db = catalog();
    const f = widenNames(db, {
      ...EMPTY_FILTER,
      names: [
        { kind: "actress", name: "新名ゆき" },
        { kind: "director", name: "新名ゆき" },
        { kind: "actress", name: "旧名ゆき", also: [] },
      ],
    });
    expect(f.names.map((n) => n.also?.length ?? null)).toEqual([3, null, 0]);
  });
});

describe("a text that is one person's name", () => {
  it.each([
    ["her former name", "旧名ゆき", "旧名ゆき"],
    ["her Latin name, in any case", "YUKI Shinmei", "yuki shinmei"],
  ])("is her filter: %s", (_, text, folded) => {
    expect(personOfText(catalog(), text)).toEqual({ kind: "actress", name: folded });
  });

  it.each([
    ["a one-word name (a word of titles too)", "みなみ"],
    ["a name of a person known by that name alone", "波多野結衣"],
    ["a name no one holds", "新名ゆき 旧名ゆき"],
  ])("stays words: %s", (_, text) => {
    expect(personOfText(catalog(), text)).toBeNull();
  });
});
