/**
 * Titles whose source leaves a field out are stored and served, never dropped: the
 * field is "" (docs/api.md's rule for strings the spec does not allow to be null), and
 * an unknown release date sorts last by release.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateIngestRecord } from "../../src/model/validate.js";
import { buildTestApp, makeIngest, type TestApp } from "../helpers/build-app.js";
import { client, type Client, expectOk } from "./fixtures.js";

const dated = makeIngest({ contentId: "abc00001", dvdId: "ABC-001", titleEn: "Harbour Lights", releaseDate: "2021-01-01T00:00:00.000Z" });
const older = makeIngest({ contentId: "abc00002", dvdId: "ABC-002", titleEn: "Harbour Lights Again", releaseDate: "2001-01-01T00:00:00.000Z" });
const undated = makeIngest({ contentId: "abc00003", dvdId: "ABC-003", titleEn: "Harbour Lights Unknown", releaseDate: "" });
const noImage = makeIngest({
  contentId: "abc00004",
  dvdId: "ABC-004",
  titleEn: "Harbour Lights Dark",
  releaseDate: "2022-01-01T00:00:00.000Z",
  jacketFullUrl: "",
  jacketThumbUrl: "",
});

describe("a title with fields its source does not know", () => {
  let t: TestApp;
  let c: Client;
  beforeAll(async () => {
    for (const r of [dated, older, undated, noImage]) expect(validateIngestRecord(r)).toEqual([]);
    t = await buildTestApp([dated, undated, older, noImage]);
    c = client(t);
  });
  afterAll(() => t.close());

  it('is answered by /movie with the field as ""', async () => {
    const res = await c.get("/movie", { q: "ABC-003" });
    expectOk(res);
    expect(res.json().result).toMatchObject({ contentId: "abc00003", releaseDate: "" });
    const img = await c.get("/movie", { q: "ABC-004" });
    expectOk(img);
    expect(img.json().result).toMatchObject({ contentId: "abc00004", jacketFullUrl: "", jacketThumbUrl: "" });
  });

  it("is found by /query, last when sorted by release", async () => {
    const res = await c.get("/query", { q: "harbour", sort: "release", num: 10 });
    expectOk(res);
    const results = res.json().results as { id: string; releaseDate: string; cover: string }[];
    expect(results.map((r) => r.id)).toEqual(["abc00004", "abc00001", "abc00002", "abc00003"]);
    expect(results[3].releaseDate).toBe("");
    expect(results[0].cover).toBe("");
  });

  it("stays out of a release range, and is drawn by /random", async () => {
    const res = await c.get("/query", { q: "harbour", filter: "releaseAfter:1990-01-01", num: 10 });
    expectOk(res);
    expect((res.json().results as { id: string }[]).map((r) => r.id)).not.toContain("abc00003");
    const seen = new Set<string>();
    for (let i = 0; i < 40 && !seen.has("abc00003"); i++) {
      const r = await c.get("/random", { num: 4 });
      expectOk(r);
      for (const m of r.json() as { contentId: string }[]) seen.add(m.contentId);
    }
    expect(seen.has("abc00003")).toBe(true);
  });
});
