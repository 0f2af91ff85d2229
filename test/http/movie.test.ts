import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, makeIngest, type TestApp } from "../helpers/build-app.js";
import { call, client, expectError, expectMovieEnvelope, expectOk, FORMS, type Client } from "./fixtures.js";

// ABP-123 under its real Prestige content id, so `118abp00123` is the content-id spelling.
const abp = makeIngest(
  {
    contentId: "118abp00123",
    dvdId: "ABP-123",
    titleEn: "Secret Garden Party",
    titleJa: "秘密の庭のパーティー",
    commentEn: "A quiet afternoon.",
    series: "Garden Series",
    extra: {
      actressesRich: [{ name: "Airi Suzumura", image: "https://pics.dmm.co.jp/mono/actjpgs/suzumura_airi.jpg" }],
      sampleUrl: "https://cc3001.dmm.co.jp/litevideo/freepv/1/118/118abp00123/118abp00123_dmb_w.mp4",
      galleryFull: ["https://pics.dmm.co.jp/digital/video/118abp00123/118abp00123jp-1.jpg"],
      galleryThumb: ["https://pics.dmm.co.jp/digital/video/118abp00123/118abp00123-1.jpg"],
    },
  },
  { altNames: { actress: ["鈴村あいり"] } },
);
// Mentions codes that are not in the catalog, and ABP-123 itself.
const mentions = makeIngest({
  contentId: "ipx00001",
  dvdId: "IPX-001",
  titleEn: "Behind the scenes of ABP-999 and XYZ-777",
  titleJa: "メイキング",
  commentEn: "Also features abp999, xyz777 and ABP-123 outtakes.",
  makers: ["IdeaPocket"],
  label: "Tissue",
  actresses: [],
  extra: { actressesRich: [], sampleUrl: null, galleryFull: [], galleryThumb: [] },
});
// Another provider's record.
const other = makeIngest(
  { contentId: "snis00900", dvdId: "SNIS-900", titleEn: "Lighthouse Keeper", titleJa: "灯台守", makers: ["S1 NO.1 STYLE"] },
  { provider: "other", pageUrl: "https://example.org/snis900" },
);
// One code, two content ids: mono inserted first so insertion order cannot decide.
const mideMono = makeIngest({ contentId: "mide500", dvdId: "MIDE-500", serviceCode: "mono", titleEn: "Moodyz Disc" });
const mideDigital = makeIngest({ contentId: "mide00500", dvdId: "MIDE-500", serviceCode: "digital", titleEn: "Moodyz Stream" });

const RECORDS = [abp, mentions, other, mideMono, mideDigital];

describe("/movie", () => {
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
    it("answers with exactly the spec's envelope and detailed record", async () => {
      const res = await call(c, form, "/movie", { q: "ABP-123" });
      expectOk(res);
      const body = res.json();
      expectMovieEnvelope(body);
      expect(body.q).toBe("ABP-123");
      expect(body.source).toBe("file");
      expect(body.result).toEqual(abp.record);
    });

    it("keeps nullable fields as null and empty arrays as arrays", async () => {
      const res = await call(c, form, "/movie", { q: "IPX-001" });
      expectOk(res);
      const { result } = res.json();
      expectMovieEnvelope(res.json());
      expect(result.commentJa).toBeNull();
      expect(result.series).toBeNull();
      expect(result.extra.sampleUrl).toBeNull();
      expect(result.actresses).toEqual([]);
      expect(result.actors).toEqual([]);
      expect(result.extra.actressesRich).toEqual([]);
      expect(result.extra.galleryFull).toEqual([]);
      expect(result.extra.galleryThumb).toEqual([]);
    });

    it.each(["ABP-123", "abp123", "abp-00123", "ABP123.mp4", "[site]abp-123-C.mkv", "118abp00123", "118ABP00123", " abp 123 ", "ＡＢＰ－１２３", "abp_123"])(
      "resolves the code spelling %j",
      async (q) => {
        const res = await call(c, form, "/movie", { q });
        expectOk(res);
        const body = res.json();
        expect(body.q).toBe(q);
        expect(body.result.dvdId).toBe("ABP-123");
        expect(body.result.contentId).toBe("118abp00123");
      },
    );

    it.each(["ABP-999", "abp999", "XYZ-777", "ABP-124", "ZZZ-001"])(
      "answers 404 NOT_FOUND for the code %j that is not in the catalog, even when text mentions it",
      async (q) => {
        const res = await call(c, form, "/movie", { q });
        const body = expectError(res, 404, "NOT_FOUND");
        expect(body.message).toContain(q);
      },
    );

    it("answers a text query with the best full-text match", async () => {
      const res = await call(c, form, "/movie", { q: "secret garden" });
      expectOk(res);
      expect(res.json().result.dvdId).toBe("ABP-123");
      const ja = await call(c, form, "/movie", { q: "灯台" });
      expectOk(ja);
      expect(ja.json().result.dvdId).toBe("SNIS-900");
      expect(ja.json().source).toBe("other");
    });

    it("answers 404 for text that matches nothing", async () => {
      expectError(await call(c, form, "/movie", { q: "nonexistent words here" }), 404, "NOT_FOUND");
    });

    it("sets source to the provider the record came from", async () => {
      const res = await call(c, form, "/movie", { q: "snis900" });
      expectOk(res);
      expect(res.json().source).toBe("other");
      expect(res.json().result.contentId).toBe("snis00900");
    });

    it("restricts the lookup to the given providers", async () => {
      expectError(await call(c, form, "/movie", { q: "SNIS-900", providers: "file" }), 404, "NOT_FOUND");
      const res = await call(c, form, "/movie", { q: "SNIS-900", providers: form === "GET" ? "other,file" : ["other", "file"] });
      expectOk(res);
      expect(res.json().source).toBe("other");
      expectError(await call(c, form, "/movie", { q: "SNIS-900", providers: "nope" }), 400, "INVALID_PARAMETER");
    });

    it("prefers the digital content id of a code by default", async () => {
      for (const q of ["MIDE-500", "mide500", "mide00500"]) {
        const res = await call(c, form, "/movie", { q });
        expectOk(res);
        expect(res.json().result.serviceCode).toBe("digital");
        expect(res.json().result.contentId).toBe("mide00500");
      }
    });

    it("rejects an empty q and a missing q with 400 INVALID_PARAMETER", async () => {
      expectError(await call(c, form, "/movie", { q: "" }), 400, "INVALID_PARAMETER");
      expectError(await call(c, form, "/movie", {}), 400, "INVALID_PARAMETER");
    });

    it.each(['"', "AND", "*", "(", "NEAR(", "col:x", "title:foo", "a OR b", "-x", "^x", "x".repeat(500), "ABP-123 OR 1=1"])(
      "never fails with a 500 on FTS syntax in q (%j)",
      async (q) => {
        const res = await call(c, form, "/movie", { q });
        expect([200, 404]).toContain(res.statusCode);
        if (res.statusCode === 200) expectMovieEnvelope(res.json());
        else expectError(res, 404, "NOT_FOUND");
      },
    );
  });

  it("answers POST /movie without a body with 400", async () => {
    expectError(await c.post("/movie"), 400, "INVALID_PARAMETER");
  });
});

describe("/movie with SERVICE_CODE_ORDER=mono,digital", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp([mideDigital, mideMono], { SERVICE_CODE_ORDER: "mono,digital" });
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(FORMS)("prefers the mono content id (%s)", async (form) => {
    for (const q of ["MIDE-500", "mide00500"]) {
      const res = await call(client(t), form, "/movie", { q });
      expectOk(res);
      expect(res.json().result.serviceCode).toBe("mono");
      expect(res.json().result.contentId).toBe("mide500");
    }
  });
});
