import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, makeIngest, type TestApp } from "../helpers/build-app.js";
import { call, client, expectError, expectMovieEnvelope, expectOk, FORMS, type Client } from "./fixtures.js";

const abp = makeIngest({ contentId: "118abp00123", dvdId: "ABP-123", titleEn: "Secret Garden Party" });
const ibw = makeIngest({ contentId: "ibw00398z", dvdId: "IBW-398Z", titleEn: "Lettered Code" });
const mide = makeIngest({ contentId: "mide00700", dvdId: "MIDE-700", titleEn: "Moodyz Title" });
const fc2 = makeIngest({ contentId: "fc2ppv1234567", dvdId: "FC2-PPV-1234567", titleEn: "", titleJa: "素人" });

describe("/movie given a file name", () => {
  let t: TestApp;
  let c: Client;
  beforeAll(async () => {
    t = await buildTestApp([abp, ibw, mide, fc2]);
    c = client(t);
  });
  afterAll(() => t.close());

  describe.each(FORMS)("%s", (form) => {
    const marks = (subtitles: boolean, uncensored = false, leak = false) => ({ subtitles, uncensored, leak });
    it.each([
      ["hhd800.com@ABP-123-C.mp4", "ABP-123", null, marks(true)],
      ["/mnt/media/JAV/[Thz.la]abp-123-cd2.mkv", "ABP-123", 2, marks(false)],
      ["abp123-5.mp4", "ABP-123", 5, marks(false)],
      ["ABP-123B.HD1080p.mkv", "ABP-123", 2, marks(false)],
      ["ABP-123/video.mp4", "ABP-123", null, marks(false)],
      ["118abp00123.mp4", "ABP-123", null, marks(false)],
      ["ABP-123 Secret Garden Party 鈴村あいり.mp4", "ABP-123", null, marks(false)],
      ["IBW-398z.avi", "IBW-398Z", null, marks(false)],
      ["FC2-PPV-1234567-1.mp4", "FC2-PPV-1234567", 1, marks(false)],
      ["ABP-123-UC-cd2.mp4", "ABP-123", 2, marks(true, true)],
      ["ABP-123-leak.mp4", "ABP-123", null, marks(false, false, true)],
    ])("%j answers its title, with the code, part and marks it read in extra", async (q, code, part, read) => {
      const res = await call(c, form, "/movie", { q });
      expectOk(res);
      const body = res.json();
      expectMovieEnvelope(body);
      expect(body.q).toBe(q);
      expect(body.result.dvdId).toBe(code);
      expect(body.result.extra.code).toBe(code);
      expect(body.result.extra.part).toBe(part);
      expect(body.result.extra.marks).toEqual(read);
    });

    it("adds nothing to extra when q is the code itself, in any spelling", async () => {
      for (const q of ["ABP-123", "abp123", "118abp00123", "fc2-ppv-1234567"]) {
        const res = await call(c, form, "/movie", { q });
        expectOk(res);
        expect(Object.keys(res.json().result.extra)).toEqual(["actressesRich", "sampleUrl", "galleryFull", "galleryThumb"]);
      }
    });

    it("answers 404 naming the codes when a name holds two the catalog both has, rather than a guess", async () => {
      const res = await call(c, form, "/movie", { q: "ABP-123 MIDE-700.mp4" });
      expectError(res, 404, "NOT_FOUND");
      expect(res.json().message).toContain("ABP-123, MIDE-700");
    });

    it("lets the catalog settle two codes when it holds only one of them", async () => {
      // Two codes amid words; the catalog holds MIDE-700 and not SSIS-999.
      const res = await call(c, form, "/movie", { q: "MIDE-700 SSIS-999.mp4" });
      expectOk(res);
      expect(res.json().result.dvdId).toBe("MIDE-700");
    });

    it("reads a label and number apart (MIDE 700) amid words only when the catalog holds the label", async () => {
      const known = await call(c, form, "/movie", { q: "Moodyz MIDE 700 Some Title.mp4" });
      expectOk(known);
      expect(known.json().result.extra).toMatchObject({ code: "MIDE-700", part: null });
      expectError(await call(c, form, "/movie", { q: "Holiday ABCD 700 Some Title.mp4" }), 404, "NOT_FOUND");
    });

    it("answers 404 for a name with no code, never another title", async () => {
      for (const q of ["Yuki.mp4", "IMG_1234.JPG", "2019-05-01 holiday.mp4", "The.Matrix.1999.1080p.BluRay.x264-GROUP.mkv"]) {
        expectError(await call(c, form, "/movie", { q }), 404, "NOT_FOUND");
      }
    });
  });
});
