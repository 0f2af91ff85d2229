/**
 * Issue 44's proof, on the generated dump of people-dump.ts imported twice (her names
 * change between the two), a FANZA title writing her as DMM does (`新姓ゆかり（旧姓ゆかり）`)
 * and a seller's title naming her by her former name alone.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { createKey, getPerson, peopleNamed, personByKey, titleCredits, upsertRecords } from "../../src/catalog/index.js";
import { gfriendsTree } from "../../src/images/index.js";
import { buildNfo } from "../../src/library/sidecars/nfo.js";
import { buildServer } from "../../src/server/app.js";
import { creditedPeople } from "../../src/services/people/person.js";
import { titlesByContentId } from "../../src/services/titles/find-title.js";
import { titleNames } from "../../src/services/titles/title-names.js";
import { importDump } from "../../src/import/dump/import-dump.js";
import { parseFanzaItem } from "../../src/providers/fanza/parse.js";
import { catalogForSuite } from "../import/dump/helpers.js";
import { makeIngest, testConfig } from "../helpers/build-app.js";
import { list, MARK, parseNfo } from "../library/sidecars/read-nfo.js";
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
  const { db, path, files } = catalogForSuite();
  const tree = mkdtempSync(join(tmpdir(), "vc-proof-tree-"));
  afterAll(() => rmSync(tree, { recursive: true, force: true }));
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

  it("MetaTube and the NFO name her once by her current name with her picture; the tree gives 7005 hers and lends its みなみ to neither of ours", async () => {
    // A Gfriends tree (its Filetree.json layout: test/fixtures/gfriends) holding 藤原れな, and a みなみ that is neither of ours.
    const folder = join(tree, "Content", "人工存储 HandStorage");
    mkdirSync(folder, { recursive: true });
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#888" } })
      .jpeg()
      .toBuffer();
    for (const name of ["藤原れな", "みなみ"]) writeFileSync(join(folder, `${name}.jpg`), jpeg);
    const files = { "人工存储 HandStorage": { "藤原れな.jpg": "藤原れな.jpg?t=1", "みなみ.jpg": "みなみ.jpg?t=1" } };
    writeFileSync(join(tree, "Filetree.json"), JSON.stringify({ Content: files }));
    const pictureTree = gfriendsTree({ at: tree, cacheFile: join(tree, "unused.json"), refreshMs: 3_600_000, http: null });
    const deps = { db, config: testConfig({ DATABASE_PATH: path }), live: null, pool: null, ingest: null, pictureTree };
    const app = await buildServer(deps, { logger: false, dashboard: false });
    const { token } = createKey(db, "proof", 1_000_000);
    const mt = async (url: string) => (await app.inject({ url, headers: { authorization: `Bearer ${token}` } })).json().data;
    try {
      const her = await mt("/v1/actors/FANZA/7001");
      expect(her).toMatchObject({ id: "7001", name: "新姓ゆかり", images: ["https://pics.dmm.co.jp/mono/actjpgs/shinsei_yukari.jpg"] });
      expect(her.aliases).toEqual(expect.arrayContaining(["旧姓ゆかり", "Yukari Shinsei", "Yukari Kyusei"]));
      for (const [provider, id] of [
        ["HEYZO", "heyzo_3001"],
        ["FANZA", "fnz00010"],
        ["FANZA", "ppl00001"],
      ]) {
        expect((await mt(`/v1/movies/${provider}/${id}`)).actors, id).toEqual(["新姓ゆかり"]);
      }
      const rena = await mt("/v1/actors/Gfriends/7005");
      expect(rena.images.map((u: string) => fileURLToPath(u))).toEqual([join(folder, "藤原れな.jpg")]);
      for (const key of ["7002", "7003"])
        expect((await mt(`/v1/actors/Gfriends/${key}`)).images, key).toEqual(key === "7002" ? ["https://pics.dmm.co.jp/mono/actjpgs/minami_a.jpg"] : []);

      const [title] = titlesByContentId(deps, "fnz00010", null);
      const names = titleNames(deps, title, "ja");
      const people = await creditedPeople(deps, title, names.actresses, "ja");
      const nfo = parseNfo(
        buildNfo(
          { record: title.record, provider: title.provider, pageUrl: title.pageUrl, ratingAvg: title.ratingAvg, names, people },
          { language: "ja", mark: MARK },
        ),
      );
      expect((list(nfo.actor) as { name: string; thumb: string }[]).map((a) => [a.name, a.thumb])).toEqual([
        ["新姓ゆかり", "https://pics.dmm.co.jp/mono/actjpgs/shinsei_yukari.jpg"],
      ]);
    } finally {
      await app.close();
    }
  });

  it("keeps the two みなみ two people", () => {
    const minami = peopleNamed(db, "みなみ");
    expect(minami).toHaveLength(2);
    expect(minami.map((m) => getPerson(db, m)!.key).sort()).toEqual(["7002", "7003"]);
    expect(getPerson(db, personByKey(db, "7003")!)!.picture).toBeNull();
  });
});
