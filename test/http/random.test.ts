import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateSampleRecords } from "../../src/samples/titles/generate.js";
import { buildTestApp, makeIngest, type TestApp } from "../helpers/build-app.js";
import { call, client, expectDetailedRecord, expectError, expectOk, FORMS, type Client } from "./fixtures.js";

const SAMPLE = [...generateSampleRecords({ count: 60, seed: 11 })];
const FILE = [
  makeIngest({ contentId: "zzz00001", dvdId: "ZZZ-001" }),
  makeIngest({ contentId: "zzz00002", dvdId: "ZZZ-002", series: "A Series", commentEn: "A comment" }),
];
const RECORDS = [...SAMPLE, ...FILE];
const byCid = new Map(RECORDS.map((r) => [r.record.contentId, r.record]));

type Rec = { contentId: string };
const cidsOf = (arr: Rec[]) => arr.map((r) => r.contentId);

/** A bare array of distinct detailed records, each exactly as stored. */
function expectRecords(body: unknown, n: number): string[] {
  expect(Array.isArray(body)).toBe(true);
  const arr = body as Record<string, unknown>[];
  expect(arr).toHaveLength(n);
  for (const r of arr) {
    expectDetailedRecord(r);
    expect(r).toEqual(byCid.get(r.contentId as string));
  }
  const cids = cidsOf(arr as unknown as Rec[]);
  expect(new Set(cids).size).toBe(n);
  return cids;
}

describe("/random", () => {
  let t: TestApp;
  let c: Client;
  beforeAll(async () => {
    t = await buildTestApp(RECORDS);
    c = client(t);
  });
  afterAll(async () => {
    await t.close();
  });

  describe.each(FORMS)("%s", (form) => {
    it("returns 20 distinct detailed records by default, as a bare array", async () => {
      const res = await call(c, form, "/random", {});
      expectOk(res);
      expectRecords(res.json(), 20);
    });

    it.each([1, 2, 49, 50])("returns num=%i records", async (num) => {
      const res = await call(c, form, "/random", { num });
      expectOk(res);
      expectRecords(res.json(), num);
    });

    it("rejects num 0, 51, -1 and a non-integer with 400 INVALID_PARAMETER", async () => {
      const bad = form === "GET" ? ["0", "51", "-1", "1.5", "abc", "", "9007199254740992"] : [0, 51, -1, 1.5, "abc", null, 9007199254740992];
      for (const num of bad) {
        const res = form === "GET" ? await c.get("/random", { num: num as string }) : await c.post("/random", { num });
        const body = expectError(res, 400, "INVALID_PARAMETER");
        expect(body.message).toContain("num");
      }
    });

    it("restricts to the given providers", async () => {
      const res = await call(c, form, "/random", { num: 50, providers: form === "GET" ? "file" : ["file"] });
      expectOk(res);
      expect(expectRecords(res.json(), 2).sort()).toEqual(["zzz00001", "zzz00002"]);
      const sample = await call(c, form, "/random", { num: 50, providers: "sample" });
      expectOk(sample);
      for (const cid of expectRecords(sample.json(), 50)) expect(cid.startsWith("zzz")).toBe(false);
    });

    it("returns fewer records when fewer match", async () => {
      const res = await call(c, form, "/random", { num: 5, filter: form === "GET" ? "provider:file" : { provider: "file" } });
      expectOk(res);
      expectRecords(res.json(), 2);
    });
  });

  it("accepts POST {} and POST without any body", async () => {
    for (const res of [await c.post("/random", {}), await c.post("/random")]) {
      expectOk(res);
      expectRecords(res.json(), 20);
    }
  });

  // The spec (4.3) has clients send `Content-Type: application/json` on POST /random, body or not.
  it("accepts POST without any body when the content type says JSON", async () => {
    const res = await t.app.inject({ method: "POST", url: "/random", headers: { "x-service-key": t.key, "content-type": "application/json" } });
    expectOk(res);
    expectRecords(res.json(), 20);
    const q = await t.app.inject({ method: "POST", url: "/query", headers: { "x-service-key": t.key, "content-type": "application/json" } });
    expectOk(q);
    expect(q.json().count).toBe(10);
  });

  it("rejects unknown fields and parameters", async () => {
    expectError(await c.post("/random", { count: 5 }), 400, "INVALID_PARAMETER");
    expectError(await c.get("/random", { count: "5" }), 400, "INVALID_PARAMETER");
    expectError(await c.get("/random", { q: "x" }), 400, "INVALID_PARAMETER");
  });

  it("reaches every record over repeated draws (sampling covers the catalog)", async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 25 && seen.size < RECORDS.length; i++) {
      const res = await c.get("/random", { num: 50 });
      for (const cid of cidsOf(res.json())) seen.add(cid);
    }
    expect(seen.size).toBe(RECORDS.length);
  });
});

describe("/random over an empty catalog", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp([]);
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(FORMS)("%s returns an empty array", async (form) => {
    const res = await call(client(t), form, "/random", {});
    expectOk(res);
    expect(res.json()).toEqual([]);
  });
});
