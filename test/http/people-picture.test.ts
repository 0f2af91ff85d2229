/**
 * /people/{id}/picture: her one picture as bytes, the way to a picture of a tree on the
 * server's own disk (PEOPLE_PICTURES as a folder), which /people then names by this route.
 */
import { rmSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createImages, gfriendsTree, type Images } from "../../src/images/index.js";
import { createHttpClient } from "../../src/net/index.js";
import { buildServer } from "../../src/server/app.js";
import { buildTestApp, makeIngest, type TestApp } from "../helpers/build-app.js";
import { writeTree } from "../helpers/gfriends-tree.js";

const credited = (cid: string, id: string, name: string) =>
  makeIngest({ contentId: cid, dvdId: cid.toUpperCase(), actresses: [name] }, { provider: "fanza", credits: [{ id, names: [name], image: null }] });

describe("GET /people/{id}/picture", () => {
  let dir: string;
  let t: TestApp;
  let images: Images;
  let app: Awaited<ReturnType<typeof buildServer>>;
  const http = createHttpClient({ userAgent: "video-catalog-test", timeoutMs: 5000, maxRetries: 0 });
  const get = (url: string) => app.inject({ url, headers: { "x-service-key": t.key } });

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "people-picture-"));
    await writeTree(dir);
    t = await buildTestApp([credited("abc00001", "6001", "新名ゆき"), credited("abc00002", "6003", "藤原れいか")]);
    images = createImages({ http, dir: join(t.dir, "images"), maxBytes: 1 << 24, localRoot: dir });
    const pictureTree = gfriendsTree({ at: dir, cacheFile: join(dir, "unused.json"), refreshMs: 3_600_000, http: null });
    app = await buildServer({ ...t.deps, images, pictureTree }, { logger: false, dashboard: false });
  });
  afterAll(async () => {
    await app?.close();
    await images?.close();
    await http.close();
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("names a picture of the tree on disk by this route in /people, and serves its bytes", async () => {
    const found = await get(`/people?q=${encodeURIComponent("新名ゆき")}`);
    expect(found.json().results[0].picture).toBe("/people/6001/picture");
    const res = await get("/people/6001/picture");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("image/jpeg");
    expect((await sharp(res.rawPayload).metadata()).width).toBe(30);
  });

  it("is 404 for a person without a picture or no such person, 400 for a malformed key, and needs a key", async () => {
    const none = await get("/people/6003/picture");
    expect(none.statusCode, none.body).toBe(404);
    expect((await get("/people/9999/picture")).statusCode).toBe(404);
    expect((await get("/people/abc/picture")).statusCode).toBe(400);
    expect((await app.inject({ url: "/people/6001/picture" })).statusCode).toBe(401);
  });
});
