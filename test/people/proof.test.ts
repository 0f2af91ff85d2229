/**
 * Issue 44's proof, on the generated dump of people-dump.ts imported twice (her names
 * change between the two), a FANZA title writing her as DMM does (`新姓ゆかり（旧姓ゆかり）`)
 * and a seller's title naming her by her former name alone.
 */
import { describe, expect, it } from "vitest";
import { getPerson, peopleNamed, personByKey, titleCredits, upsertRecords } from "../../src/catalog/index.js";
import { importDump } from "../../src/import/dump/import-dump.js";
import { parseFanzaItem } from "../../src/providers/fanza/parse.js";
import { catalogForSuite } from "../import/dump/helpers.js";
import { makeIngest } from "../helpers/build-app.js";
import { peopleDump } from "./people-dump.js";

/** A FANZA item in the API's shape (test/fixtures' itemlist samples), crediting 7001 as DMM writes a renamed actress. */
const fanzaItem = {
  content_id: "fnz00010",
  product_id: "fnz00010",
  title: "新しい名前で",
  volume: "120",
  date: "2023-06-01 10:00:00",
  URL: "https://video.dmm.co.jp/av/content/?id=fnz00010",
  imageURL: {
    list: "https://pics.dmm.co.jp/digital/video/fnz00010/fnz00010pt.jpg",
    small: "https://pics.dmm.co.jp/digital/video/fnz00010/fnz00010ps.jpg",
    large: "https://pics.dmm.co.jp/digital/video/fnz00010/fnz00010pl.jpg",
  },
  iteminfo: {
    actress: [{ id: 7001, name: "新姓ゆかり（旧姓ゆかり）", ruby: "しんせいゆかり（きゅうせいゆかり）" }],
    maker: [{ id: 40136, name: "プレステージ" }],
  },
};

describe("issue 44's proof: one person under every name she worked under", () => {
  const { db, files } = catalogForSuite();
  const movieId = (cid: string) => db.prepare("SELECT id FROM movies WHERE content_id = ?").pluck().get(cid) as number;

  it("imports the dump before and after her rename, a FANZA title and a seller's, into one person", async () => {
    await importDump(db, files.write("before.sql", peopleDump("before")), { workerThreads: 0 });
    await importDump(db, files.write("after.sql", peopleDump("after")), { workerThreads: 2 });
    upsertRecords(db, [parseFanzaItem(fanzaItem)]);
    upsertRecords(db, [
      makeIngest(
        { contentId: "heyzo_3001", dvdId: "HEYZO-3001", actresses: ["旧姓ゆかり"], releaseDate: "2019-08-01T00:00:00.000Z" },
        { provider: "heyzo", censored: false },
      ),
    ]);

    const id = personByKey(db, "7001")!;
    expect(peopleNamed(db, "旧姓ゆかり")).toEqual([id]);
    expect(peopleNamed(db, "yukari kyusei")).toEqual([id]);
    const p = getPerson(db, id)!;
    expect(p.titles).toBe(5);
    expect([p.firstRelease, p.lastRelease]).toEqual(["2019-05-01", "2023-06-01"]);
    expect(p.picture).toBe("https://pics.dmm.co.jp/mono/actjpgs/shinsei_yukari.jpg");
    const kinds = Object.fromEntries(p.names.map((n) => [n.name, n.kind]));
    expect(kinds).toMatchObject({ 新姓ゆかり: "current", "Yukari Shinsei": "current", 旧姓ゆかり: "former", "Yukari Kyusei": "former" });
    const old = p.names.find((n) => n.name === "旧姓ゆかり")!;
    expect(old.sources).toEqual(["fanza", "heyzo", "r18dev"]);
    expect(titleCredits(db, movieId("heyzo_3001")).get(0)).toBe(id);
  });

  it("keeps the two みなみ two people", () => {
    const minami = peopleNamed(db, "みなみ");
    expect(minami).toHaveLength(2);
    expect(minami.map((m) => getPerson(db, m)!.key).sort()).toEqual(["7002", "7003"]);
    expect(getPerson(db, personByKey(db, "7003")!)!.picture).toBeNull();
  });
});
