import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, personByKey } from "../../src/catalog/index.js";
import { buildTestApp, makeIngest, type TestApp } from "../helpers/build-app.js";
import { client, type Client, ERROR_KEYS, expectError, expectOk } from "./fixtures.js";

/**
 * A catalog of credited titles: an actress renamed 旧名ゆき -> 新名ゆき (DMM's id 1001; her
 * title after the rename credits her as DMM writes it, `新名ゆき（旧名ゆき）`; r18.dev names her
 * in Latin letters; HEYZO names her without an id, by either name), and two actresses both
 * called みなみ (2001, 2002), the second renamed 南条ゆう.
 */
const credited = (cid: string, release: string, actresses: string[], id: string | null, names: string[], provider = "fanza", image: string | null = null) =>
  makeIngest(
    { contentId: cid, dvdId: cid.toUpperCase(), titleEn: `Title ${cid}`, releaseDate: `${release}T00:00:00.000Z`, actresses },
    { provider, credits: id === null ? undefined : [{ id, names, image }] },
  );

const PICTURE = "https://pics.dmm.co.jp/mono/actjpgs/kyumei_yuki.jpg";
const RECORDS = [
  credited("abc00001", "2019-04-01", ["旧名ゆき"], "1001", ["旧名ゆき", "きゅうめいゆき"], "fanza", PICTURE),
  credited("abc00002", "2023-02-01", ["新名ゆき（旧名ゆき）"], "1001", ["新名ゆき（旧名ゆき）"]),
  credited("abc00003", "2022-01-01", ["Yuki Shinmei"], "1001", ["Yuki Shinmei", "新名ゆき"], "r18dev"),
  credited("heyzo0001", "2023-05-01", ["新名ゆき"], null, [], "heyzo"),
  credited("heyzo0002", "2020-06-01", ["旧名ゆき"], null, [], "heyzo"),
  credited("abc00010", "2020-01-01", ["みなみ"], "2001", ["みなみ"]),
  credited("abc00011", "2021-01-01", ["みなみ"], "2002", ["みなみ"]),
  credited("abc00012", "2022-01-01", ["南条ゆう（みなみ）"], "2002", ["南条ゆう（みなみ）"]),
];
const YUKI = ["abc00001", "abc00002", "abc00003", "heyzo0001", "heyzo0002"];

/** A name only a user's alias table gives (as JavSP's actress_alias.json would). */
function seedAlias(db: Db): void {
  const id = personByKey(db, "1001");
  db.prepare("INSERT INTO person_names (person_id, folded, name, script, kind, source, seen_at) VALUES (?, ?, ?, 'kanji', 'alias', 'javsp', 0)").run(
    id,
    "白石ゆきの",
    "白石ゆきの",
  );
}

let t: TestApp;
let c: Client;
beforeAll(async () => {
  t = await buildTestApp(RECORDS, {}, { seed: seedAlias });
  c = client(t);
});
afterAll(() => t.close());

const ids = (body: { results: { id: string }[] }) => body.results.map((r) => r.id).sort();
const keys = (body: { results: { key: string }[] }) => body.results.map((r) => r.key);

describe("GET|POST /people", () => {
  it.each([
    ["her current name", "新名ゆき"],
    ["her former name", "旧名ゆき"],
    ["her kana reading", "きゅうめいゆき"],
    ["her Latin name, folded", "YUKI  shinmei"],
    ["an alias from a user's table", "白石ゆきの"],
  ])("finds her by %s", async (_, q) => {
    const res = await c.get(`/people?q=${encodeURIComponent(q)}`);
    expectOk(res);
    const body = res.json();
    expect(keys(body)).toEqual(["1001"]);
    expect(body.results[0]).toEqual({
      key: "1001",
      name: "Yuki Shinmei",
      nameJa: "新名ゆき",
      nameEn: "Yuki Shinmei",
      picture: PICTURE,
      titles: 5,
      firstRelease: "2019-04-01",
      lastRelease: "2023-05-01",
    });
    expect(res.headers["x-total-count"]).toBe("1");
  });

  it("lists both people of one name, and one of them by the name she had before", async () => {
    const res = await c.get(`/people?q=${encodeURIComponent("みなみ")}`);
    expectOk(res);
    expect(keys(res.json()).sort()).toEqual(["2001", "2002"]);
    expect(res.json().results.find((p: { key: string }) => p.key === "2002").nameJa).toBe("南条ゆう");
  });

  it("pages as /query does: num, page, x-total-count and links; POST takes the same fields", async () => {
    const res = await c.get(`/people?q=${encodeURIComponent("ゆ")}&num=1`);
    expectOk(res);
    expect(res.json().count).toBe(1);
    expect(res.headers["x-total-count"]).toBe("2");
    expect(res.headers.link).toContain('rel="next"');
    const second = await c.post("/people", { q: "ゆ", num: 1, page: 2 });
    expectOk(second);
    expect(second.json().count).toBe(1);
    expect(second.json().results[0].key).not.toBe(res.json().results[0].key);
    expect(second.headers.link).toContain('rel="prev"');
  });

  it("refuses a missing q, and needs a key", async () => {
    expectError(await c.get("/people"), 400, "INVALID_PARAMETER");
    expectError(await c.get("/people?q=%20"), 400, "INVALID_PARAMETER");
    expectError(await t.app.inject({ method: "GET", url: "/people?q=x" }), 401, "MISSING_API_KEY");
  });
});

describe("GET /people/{id}", () => {
  it("answers a renamed actress with every name, its kind, sources and releases, and her titles newest first", async () => {
    const res = await c.get("/people/1001");
    expectOk(res);
    const body = res.json();
    expect(body).toMatchObject({ key: "1001", nameJa: "新名ゆき", nameEn: "Yuki Shinmei", picture: PICTURE, titles: 5 });
    expect(body.names.map((n: { kind: string; name: string }) => `${n.kind}:${n.name}`)).toEqual([
      "current:新名ゆき",
      "current:Yuki Shinmei",
      "current:きゅうめいゆき",
      "former:旧名ゆき",
      "alias:白石ゆきの",
    ]);
    expect(body.names.find((n: { name: string }) => n.name === "旧名ゆき")).toEqual({
      name: "旧名ゆき",
      script: "kanji",
      kind: "former",
      sources: ["fanza", "heyzo"],
      firstRelease: "2019-04-01",
      lastRelease: "2023-02-01",
    });
    expect(body.results.map((r: { id: string }) => r.id)).toEqual(["heyzo0001", "abc00002", "abc00003", "heyzo0002", "abc00001"]);
    expect(body.count).toBe(5);
    expect(res.headers["x-total-count"]).toBe("5");
    const page = await c.get("/people/1001?num=2&page=3");
    expect(page.json().results.map((r: { id: string }) => r.id)).toEqual(["abc00001"]);
    expect(page.headers.link).toContain("</people/1001?num=2&page=2>");
  });

  it("answers a person known by her name alone by `n` and our id", async () => {
    const id = personByKey(t.db, "1001");
    expectOk(await c.get(`/people/n${id}`));
  });

  it("is 404 NOT_FOUND for an unknown key and 400 INVALID_PARAMETER for a malformed one, in the API's error shape", async () => {
    const missing = await c.get("/people/999999");
    expectError(missing, 404, "NOT_FOUND");
    expect(Object.keys(missing.json()).sort()).toEqual(ERROR_KEYS);
    expectError(await c.get("/people/n999999"), 404, "NOT_FOUND");
    expectError(await c.get("/people/yuki"), 400, "INVALID_PARAMETER");
    expectError(await c.get("/people/1001?num=0"), 400, "INVALID_PARAMETER");
    expectError(await t.app.inject({ method: "GET", url: "/people/1001" }), 401, "MISSING_API_KEY");
  });

  it("is in the OpenAPI document with the key and its errors", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/docs/json" })).json();
    for (const [path, method] of [
      ["/people", "get"],
      ["/people", "post"],
      ["/people/{id}", "get"],
    ]) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op.security.length).toBeGreaterThan(0);
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(["200", "400", "401"]));
    }
    expect(Object.keys(doc.paths["/people/{id}"].get.responses)).toContain("404");
    expect(doc.paths["/people/{id}"].get.responses["200"].content["application/json"].schema.properties.names).toBeDefined();
  });
});

describe("her titles under any name", () => {
  const filtered = async (path: string, filter: string) => c.get(`${path}?num=50&filter=${encodeURIComponent(filter)}`);

  it.each([
    ["her former name finds the titles credited under the new one", "旧名ゆき"],
    ["her new name finds the titles credited under the former one", "新名ゆき"],
    ["her Latin name finds the Japanese credits", "Yuki Shinmei"],
    ["an alias finds all of them", "白石ゆきの"],
  ])("/query's actress filter: %s", async (_, name) => {
    const res = await filtered("/query", `actress:"${name}"`);
    expectOk(res);
    expect(ids(res.json())).toEqual(YUKI);
    expect(res.headers["x-total-count"]).toBe("5");
  });

  it("/random's actress filter takes any of her names too", async () => {
    const res = await filtered("/random", `actress:"旧名ゆき"`);
    expectOk(res);
    expect(
      res
        .json()
        .map((r: { contentId: string }) => r.contentId)
        .sort(),
    ).toEqual(YUKI);
  });

  it("a text search that is her former name finds her titles under every name", async () => {
    const res = await c.get(`/query?num=50&q=${encodeURIComponent("旧名ゆき")}`);
    expectOk(res);
    expect(ids(res.json())).toEqual(YUKI);
    expect(res.json().query).toBe("旧名ゆき");
  });

  it("keeps the two みなみ apart: neither name reaches the other's titles", async () => {
    expect(ids((await filtered("/query", "actress:みなみ")).json())).toEqual(["abc00010", "abc00011"]);
    expect(ids((await filtered("/query", "actress:南条ゆう")).json())).toEqual(["abc00012"]);
    expect(ids((await c.get(`/query?q=${encodeURIComponent("南条ゆう")}`)).json())).toEqual(["abc00012"]);
    expect((await filtered("/random", "actress:南条ゆう")).json().map((r: { contentId: string }) => r.contentId)).toEqual(["abc00012"]);
  });

  it("ANDs her names with the other terms of the filter", async () => {
    const res = await filtered("/query", `actress:"旧名ゆき" provider:heyzo releaseAfter:2021-01-01`);
    expect(ids(res.json())).toEqual(["heyzo0001"]);
  });
});
