/**
 * /people/{id}/picture: her one picture as bytes, the way to a picture of a tree on the
 * server's own disk (PEOPLE_PICTURES as a folder), which /people then names by this route.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeIngest } from "../helpers/build-app.js";
import { serverWithTree } from "../helpers/gfriends-tree.js";

const credited = (cid: string, id: string, name: string) =>
  makeIngest({ contentId: cid, dvdId: cid.toUpperCase(), actresses: [name] }, { provider: "fanza", credits: [{ id, names: [name], image: null }] });

describe("GET /people/{id}/picture", () => {
  let s: Awaited<ReturnType<typeof serverWithTree>>;
  const get = (url: string) => s.app.inject({ url, headers: { "x-service-key": s.t.key } });

  beforeAll(async () => {
    s = await serverWithTree([credited("abc00001", "6001", "新名ゆき"), credited("abc00002", "6003", "藤原れいか")]);
  });
  afterAll(async () => {
    await s?.close();
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
    expect((await s.app.inject({ url: "/people/6001/picture" })).statusCode).toBe(401);
  });
});
