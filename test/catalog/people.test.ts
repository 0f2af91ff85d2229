import { afterEach, describe, expect, it } from "vitest";
import {
  type Db,
  getPerson,
  openCatalog,
  peopleNamed,
  personByKey,
  personTitleIds,
  purgeProvider,
  rebuildPeople,
  titleCredits,
  upsertRecords,
} from "../../src/catalog/index.js";
import { makeIngest } from "../helpers/build-app.js";

const dbs: Db[] = [];
afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
});
const catalog = () => {
  const db = openCatalog(":memory:");
  dbs.push(db);
  return db;
};

const credited = (cid: string, release: string, actresses: string[], credits?: { id: string | null; names: string[]; image?: string }[], provider = "fanza") =>
  makeIngest(
    { contentId: cid, dvdId: cid.toUpperCase(), releaseDate: `${release}T00:00:00.000Z`, actresses },
    { provider, credits: credits?.map((c) => ({ id: c.id, names: c.names, image: c.image ?? null })) },
  );

const namesOf = (db: Db, key: string) => getPerson(db, personByKey(db, key)!)!.names.map((n) => `${n.kind}:${n.name}`);

describe("people kept with their titles", () => {
  it("keys a person by DMM's id, gathers her names with their kinds and the releases they span", () => {
    const db = catalog();
    upsertRecords(db, [
      credited(
        "abc00001",
        "2019-04-01",
        ["旧名ゆき"],
        [{ id: "1001", names: ["旧名ゆき", "きゅうめいゆき"], image: "https://pics.dmm.co.jp/mono/actjpgs/a.jpg" }],
      ),
      credited("abc00002", "2023-02-01", ["新名ゆき（旧名ゆき）"], [{ id: "1001", names: ["新名ゆき（旧名ゆき）"] }]),
      credited("abc00003", "2022-01-01", ["Yuki Shinmei"], [{ id: "1001", names: ["Yuki Shinmei", "新名ゆき"] }], "r18dev"),
    ]);
    const p = getPerson(db, personByKey(db, "1001")!)!;
    expect(p.key).toBe("1001");
    expect(p.titles).toBe(3);
    expect(p.firstRelease).toBe("2019-04-01");
    expect(p.lastRelease).toBe("2023-02-01");
    expect(p.picture).toBe("https://pics.dmm.co.jp/mono/actjpgs/a.jpg");
    expect(namesOf(db, "1001")).toEqual(["current:新名ゆき", "current:Yuki Shinmei", "current:きゅうめいゆき", "former:旧名ゆき"]);
    const old = p.names.find((n) => n.name === "旧名ゆき")!;
    expect([old.firstRelease, old.lastRelease, old.sources]).toEqual(["2019-04-01", "2023-02-01", ["fanza"]]);
    expect(personTitleIds(db, p.id, 10)).toHaveLength(3);
  });

  it("takes her name in kana over its reading in hiragana, which DMM and r18.dev give beside it", () => {
    const db = catalog();
    upsertRecords(db, [
      credited("abc00001", "2014-08-19", ["Tia"], [{ id: "5001", names: ["Tia", "ティア", "てぃあ"] }], "r18dev"),
      credited("abc00002", "2014-08-19", ["ティア"], [{ id: "5001", names: ["ティア", "ちあ"] }]),
    ]);
    expect(namesOf(db, "5001").filter((n) => n.startsWith("current:"))).toEqual(["current:Tia", "current:ティア"]);
  });

  it("keeps two actresses of one name apart, and never joins a one-word name without an id", () => {
    const db = catalog();
    upsertRecords(db, [
      credited("abc00001", "2020-01-01", ["みなみ"], [{ id: "2001", names: ["みなみ"] }]),
      credited("abc00002", "2021-01-01", ["みなみ"], [{ id: "2002", names: ["みなみ"] }]),
      credited("heyzo0001", "2021-01-01", ["みなみ"], undefined, "heyzo"),
    ]);
    expect(peopleNamed(db, "みなみ")).toHaveLength(2);
    const heyzo = db.prepare("SELECT id FROM movies WHERE content_id = 'heyzo0001'").pluck().get() as number;
    expect(titleCredits(db, heyzo).size).toBe(0);
  });

  it("joins a full name without an id to the one person holding it, and a person known by name to her id later", () => {
    const db = catalog();
    upsertRecords(db, [
      credited("heyzo0001", "2018-01-01", ["波多野結衣"], undefined, "heyzo"),
      credited("carib0001", "2018-02-01", ["波多野結衣"], undefined, "caribbeancom"),
    ]);
    const nameOnly = peopleNamed(db, "波多野結衣");
    expect(nameOnly).toHaveLength(1);
    expect(getPerson(db, nameOnly[0])!.key).toBe(`n${nameOnly[0]}`);
    upsertRecords(db, [credited("abc00001", "2019-01-01", ["波多野結衣"], [{ id: "3001", names: ["波多野結衣", "Yui Hatano"] }])]);
    const [id] = peopleNamed(db, "波多野結衣");
    expect(personByKey(db, "3001")).toBe(id);
    expect(getPerson(db, id)!.titles).toBe(3);
    expect(personByKey(db, `n${nameOnly[0]}`)).toBeNull();
  });

  it("a title written again replaces its credits, a removed title takes them, and a rebuild gives the same people", () => {
    const db = catalog();
    upsertRecords(db, [
      credited(
        "abc00001",
        "2020-01-01",
        ["三上悠亜", "河北彩花"],
        [
          { id: "4001", names: ["三上悠亜"] },
          { id: "4002", names: ["河北彩花"] },
        ],
      ),
    ]);
    const movie = db.prepare("SELECT id FROM movies").pluck().get() as number;
    expect(titleCredits(db, movie).size).toBe(2);
    upsertRecords(db, [credited("abc00001", "2020-01-01", ["三上悠亜"], [{ id: "4001", names: ["三上悠亜"] }])]);
    expect([...titleCredits(db, movie).values()]).toEqual([personByKey(db, "4001")]);
    const before = namesOf(db, "4001");
    rebuildPeople(db);
    expect(namesOf(db, "4001")).toEqual(before);
    expect(purgeProvider(db, "fanza")).toBe(1);
    expect(getPerson(db, personByKey(db, "4001")!)!.titles).toBe(0);
  });
});
