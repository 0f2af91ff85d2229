/**
 * The image routes and the picture tree (PEOPLE_PICTURES, a folder here): a tree picture is
 * fetched only for the person it was chosen for, through her title or her name, never for
 * another (no open proxy, test/fixtures/gfriends for the tree's layout).
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeIngest } from "../helpers/build-app.js";
import { serverWithTree } from "../helpers/gfriends-tree.js";

const credited = (cid: string, id: string, name: string) =>
  makeIngest(
    { contentId: cid, dvdId: cid.toUpperCase(), actresses: [name], jacketFullUrl: "", jacketThumbUrl: "" },
    { provider: "fanza", credits: [{ id, names: [name], image: null }] },
  );

describe("the image routes and the picture tree", () => {
  let s: Awaited<ReturnType<typeof serverWithTree>>;
  const hers = () => pathToFileURL(join(s.dir, "Content", "人工存储 HandStorage", "新名ゆき.jpg")).href;
  const ask = (path: string, url: string) => s.app.inject({ url: `/v1/images/backdrop/${path}?url=${encodeURIComponent(url)}` });

  beforeAll(async () => {
    s = await serverWithTree([credited("abc00001", "6001", "新名ゆき"), credited("abc00002", "6002", "紗倉まな")]);
  });
  afterAll(async () => {
    await s?.close();
  });

  it("serves her tree picture through her title and through her name", async () => {
    for (const path of ["FANZA/abc00001", `Gfriends/${encodeURIComponent("新名ゆき")}`]) {
      const res = await ask(path, hers());
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers["content-type"]).toBe("image/jpeg");
      expect((await sharp(res.rawPayload).metadata()).width).toBe(30);
    }
  });

  it("refuses her tree picture for another title or another actress, and any other file", async () => {
    for (const path of ["FANZA/abc00002", `Gfriends/${encodeURIComponent("紗倉まな")}`]) {
      const res = await ask(path, hers());
      expect(res.statusCode, res.body).toBe(400);
    }
    const other = pathToFileURL(join(s.dir, "Content", "人工存储 HandStorage", "紗倉まな.jpg")).href;
    expect((await ask("FANZA/abc00001", other)).statusCode).toBe(400);
    expect((await ask("FANZA/abc00001", pathToFileURL("/etc/passwd").href)).statusCode).toBe(400);
  });
});
