/**
 * A person's picture in its stated order: the sources', then the Gfriends tree the user points
 * at (test/fixtures/gfriends), asked only by full names no other person holds; never another's.
 */
import { rmSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, openCatalog, personByKey, upsertRecords } from "../../../src/catalog/index.js";
import { gfriendsTree, type PictureTree } from "../../../src/images/index.js";
import { isPictureOfPerson, personById } from "../../../src/services/people/person.js";
import { makeIngest } from "../../helpers/build-app.js";
import { writeTree } from "../../helpers/gfriends-tree.js";

const SOURCE_PICTURE = "https://pics.dmm.co.jp/mono/actjpgs/sakura_mana.jpg";

const credited = (cid: string, release: string, credits: { id: string; names: string[]; image?: string }[]) =>
  makeIngest(
    { contentId: cid, dvdId: cid.toUpperCase(), releaseDate: `${release}T00:00:00.000Z`, actresses: credits.map((c) => c.names[0]) },
    { provider: "fanza", credits: credits.map((c) => ({ id: c.id, names: c.names, image: c.image ?? null })) },
  );

describe("a person's picture: the sources', then the tree's", () => {
  let dir: string;
  let db: Db;
  let tree: PictureTree;
  const asked: string[] = [];
  const deps = () => ({ db, pictureTree: tree });
  const pictureOfKey = async (key: string) => (await personById(deps(), personByKey(db, key)!, "ja"))!.picture;
  const inTree = (file: string) => pathToFileURL(join(dir, "Content", "人工存储 HandStorage", file)).href;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "people-pictures-"));
    await writeTree(dir);
    const real = gfriendsTree({ at: dir, cacheFile: join(dir, "unused.json"), refreshMs: 3_600_000, http: null });
    tree = {
      pictureFor: (name) => {
        asked.push(name);
        return real.pictureFor(name);
      },
    };
    db = openCatalog(":memory:");
    upsertRecords(db, [
      credited("abc00001", "2019-04-01", [{ id: "5001", names: ["旧名ゆき"] }]),
      credited("abc00002", "2023-02-01", [{ id: "5001", names: ["新名ゆき（旧名ゆき）"] }]),
      credited("abc00003", "2022-01-01", [{ id: "5002", names: ["紗倉まな"], image: SOURCE_PICTURE }]),
      credited("abc00004", "2020-01-01", [{ id: "5003", names: ["みなみ"] }]),
      credited("abc00005", "2021-01-01", [{ id: "5004", names: ["みなみ"] }]),
      credited("abc00006", "2020-01-01", [{ id: "5005", names: ["波多野結衣"] }]),
      credited("abc00007", "2021-01-01", [{ id: "5006", names: ["波多野結衣"] }]),
      credited("abc00008", "2021-01-01", [{ id: "5007", names: ["知らない名前"] }]),
      credited("abc00009", "2021-01-01", [{ id: "5008", names: ["つぼみ"] }]),
      credited("abc00010", "2021-01-01", [{ id: "5009", names: ["Mikami Yua"] }]),
    ]);
  });
  afterAll(() => {
    db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("a person with no source picture gets the tree's, by her current name (the highest-quality folder's)", async () => {
    expect(await pictureOfKey("5001")).toBe(inTree("新名ゆき.jpg"));
    // Latin names too, after folding (the tree spells this one in full-width letters).
    expect(await pictureOfKey("5009")).toBe(inTree("三上悠亜.jpg"));
  });

  it("a person with a source picture keeps it, the tree not asked", async () => {
    asked.length = 0;
    expect(await pictureOfKey("5002")).toBe(SOURCE_PICTURE);
    expect(asked).toEqual([]);
  });

  it("two persons of one name get none from the tree, whether the name is one word or full", async () => {
    for (const key of ["5003", "5004", "5005", "5006"]) expect(await pictureOfKey(key)).toBeNull();
  });

  it("a name the tree does not hold gets none, nor does a one-word name only she holds (the tree files it under another)", async () => {
    expect(await pictureOfKey("5007")).toBeNull();
    // The tree's つぼみ.jpg is 夢見つぼみ's picture: one person of ours named つぼみ is not she.
    asked.length = 0;
    expect(await pictureOfKey("5008")).toBeNull();
    expect(asked).toEqual([]);
  });

  it("a tree picture is held for the person it was chosen for, and for no other", async () => {
    const url = inTree("新名ゆき.jpg");
    expect(await isPictureOfPerson(deps(), "5001", url)).toBe(true);
    expect(await isPictureOfPerson(deps(), "新名ゆき", url)).toBe(true);
    expect(await isPictureOfPerson(deps(), "5009", url)).toBe(false);
    expect(await isPictureOfPerson(deps(), "5002", SOURCE_PICTURE)).toBe(true);
    expect(await isPictureOfPerson(deps(), "5003", inTree("波多野結衣.jpg"))).toBe(false);
  });
});
