import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateSampleRecords } from "../../src/samples/titles/generate.js";
import { buildTestApp, makeIngest, type TestApp } from "../helpers/build-app.js";
import { call, client, expectError, expectOk, FORMS, type Client } from "./fixtures.js";

const people = { actresses: [] as string[], actors: [] as string[], extra: { actressesRich: [], sampleUrl: null, galleryFull: [], galleryThumb: [] } };
const title = (dvdId: string, titleEn: string, releaseDate: string, more: Record<string, unknown> = {}) =>
  makeIngest({
    contentId: dvdId.toLowerCase().replace("-", "00"),
    dvdId,
    titleEn,
    titleJa: "",
    releaseDate: `${releaseDate}T00:00:00.000Z`,
    commentEn: null,
    categories: [],
    series: null,
    ...people,
    ...more,
  });
const withActresses = (names: string[]) => ({ actresses: names, extra: { ...people.extra, actressesRich: names.map((name) => ({ name, image: null })) } });

const RECORDS = [
  title("LHK-001", "The Lighthouse Keeper's Daughter", "2010-05-01"),
  title("LHK-003", "The Lighthouse Keeper's Daughter 3", "2015-05-01"),
  title("JWE-056", "Welcomes a Special Guest to the Salon", "2017-01-13", withActresses(["Jun Nanase"])),
  title("MXGS-950", "Works the Long Night Shift", "2026-08-16", { ...withActresses(["Rena Fujimori", "Jun Hashimoto"]), actors: ["Daisuke Nanase"] }),
  title("OFL-001", "Office Lady", "2001-01-01"),
  title("OFL-002", "Office Lady Returns Home Late", "2024-01-01"),
  title("JPN-001", "", "2005-01-01", { titleJa: "灯台守の娘" }),
  title("JPN-002", "", "2020-01-01", { titleJa: "灯台守の娘 第二章" }),
  title("CMT-001", "Harbor Morning", "2022-01-01", { commentEn: "Violet skies over the quiet pier." }),
  title("CAT-001", "Quiet Evening", "2022-02-02", { categories: ["Melodrama"] }),
  title("SPR-001", "Evening at the Pier", "2023-03-03", { ...withActresses(["Mio Harbor"]) }),
];

describe("the closest title to a text", () => {
  let t: TestApp;
  let c: Client;
  beforeAll(async () => {
    t = await buildTestApp(RECORDS);
    c = client(t);
  });
  afterAll(() => t.close());

  const movie = async (form: (typeof FORMS)[number], q: string) => {
    const res = await call(c, form, "/movie", { q });
    expectOk(res);
    return res.json().result.dvdId as string;
  };
  const query = async (form: (typeof FORMS)[number], q: string) =>
    (await call(c, form, "/query", { q, num: 20 })).json().results.map((r: { dvdId: string }) => r.dvdId);

  describe.each(FORMS)("%s", (form) => {
    it("puts a title holding the words with fewest others first, not the newer sequel", async () => {
      expect(await movie(form, "Lighthouse Keeper")).toBe("LHK-001");
      expect((await query(form, "Lighthouse Keeper")).slice(0, 2)).toEqual(["LHK-001", "LHK-003"]);
    });

    it("puts an exact person's name before a newer title whose people hold the words apart", async () => {
      expect(await movie(form, "Jun Nanase")).toBe("JWE-056");
      expect(await movie(form, "Nanase Jun")).toBe("JWE-056");
      expect((await query(form, "Jun Nanase")).slice(0, 2)).toEqual(["JWE-056", "MXGS-950"]);
    });

    it("puts an exact title first, English or Japanese", async () => {
      expect(await movie(form, "office lady")).toBe("OFL-001");
      expect((await query(form, "Office Lady")).slice(0, 2)).toEqual(["OFL-001", "OFL-002"]);
      expect(await movie(form, "灯台守の娘")).toBe("JPN-001");
    });

    it("takes words spread over fields when no field holds them together", async () => {
      expect(await movie(form, "Rena Daisuke")).toBe("MXGS-950");
      expect(await movie(form, "Pier Mio")).toBe("SPR-001");
    });

    it("answers 404 rather than a loose guess: words only in a comment or category, or one word missing", async () => {
      for (const q of ["violet skies", "Melodrama", "Lighthouse Keeper Zebra", "Lighthou"]) {
        expectError(await call(c, form, "/movie", { q }), 404, "NOT_FOUND");
      }
    });

    it("keeps the looser matches in /query, after the close ones", async () => {
      expect(await query(form, "violet skies")).toEqual(["CMT-001"]);
      // A title and a name each one word from "harbor": equally close, the newer first.
      expect(await query(form, "harbor")).toEqual(["SPR-001", "CMT-001"]);
      // In a title, then only in a comment.
      expect(await query(form, "quiet")).toEqual(["CAT-001", "CMT-001"]);
    });
  });
});

describe("the default sample catalog", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp([...generateSampleRecords({ count: 1000 })]);
  });
  afterAll(() => t.close());

  it("answers /movie?q=Jun Nanase with the title whose actress is Jun Nanase", async () => {
    const res = await client(t).get("/movie", { q: "Jun Nanase" });
    expectOk(res);
    expect(res.json().result.actresses).toContain("Jun Nanase");
  });
});
