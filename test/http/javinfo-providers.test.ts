import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, makeIngest, type TestApp } from "../helpers/build-app.js";
import { json, localServer, sample } from "../helpers/sample-server.js";
import { call, client, expectError, expectOk, FORMS, type Client } from "./fixtures.js";

/** Titles from DMM data (r18dev, fanza) and from elsewhere (sample, file). */
const fromR18 = makeIngest({ contentId: "ipx00535", dvdId: "IPX-535", titleEn: "Office Story" }, { provider: "r18dev" });
const fromFanza = makeIngest({ contentId: "mide00799", dvdId: "MIDE-799", titleEn: "Office Party" }, { provider: "fanza" });
const fromSample = makeIngest({ contentId: "abp00123", dvdId: "ABP-123", titleEn: "Office Sample" }, { provider: "sample" });
const fromFile = makeIngest({ contentId: "ssis00001", dvdId: "SSIS-001", titleEn: "Office File" }, { provider: "file" });

describe("javinfo.dev's provider names and filters", () => {
  let t: TestApp;
  let c: Client;
  beforeAll(async () => {
    // No FANZA credentials: the fanza live provider is not usable, and the catalog holds fanza records.
    t = await buildTestApp([fromR18, fromFanza, fromSample, fromFile], { PROVIDER_R18DEV_ENABLED: "off" });
    c = client(t);
  });
  afterAll(() => t.close());

  describe.each(FORMS)("%s", (form) => {
    it.each(["fanza", "dmm", "FANZA", "r18", "dmm,fanza"])("pinning %j searches the records from DMM data, and nothing else", async (providers) => {
      const res = await call(c, form, "/query", { q: "office", providers, num: 50 });
      expectOk(res);
      expect(
        res
          .json()
          .results.map((r: { dvdId: string }) => r.dvdId)
          .sort(),
      ).toEqual(["IPX-535", "MIDE-799"]);
    });

    it("pinning fanza finds a title from r18.dev data on /movie, and not one of another provider", async () => {
      const hit = await call(c, form, "/movie", { q: "IPX-535", providers: "fanza" });
      expectOk(hit);
      expect(hit.json().source).toBe("r18dev");
      expectError(await call(c, form, "/movie", { q: "ABP-123", providers: "fanza" }), 404, "NOT_FOUND");
    });

    it("keeps our own names beside the aliases", async () => {
      const res = await call(c, form, "/query", { q: "office", providers: "dmm,sample", num: 50 });
      expect(
        res
          .json()
          .results.map((r: { dvdId: string }) => r.dvdId)
          .sort(),
      ).toEqual(["ABP-123", "IPX-535", "MIDE-799"]);
    });

    it.each(["javdb", "missav", "javdatabase", "fanza,javdb"])("answers 422 for javinfo.dev's %j, naming what this service serves", async (providers) => {
      for (const path of ["/movie", "/query", "/random"]) {
        const res = await call(c, form, path, path === "/random" ? { providers } : { q: "IPX-535", providers });
        expectError(res, 422, "UNSUPPORTED_PROVIDER");
        expect(res.json().error).toBe("Unprocessable Entity");
        expect(res.json().message).toContain("this service cannot serve provider");
        expect(res.json().message).toMatch(/fanza \(DMM data: fanza, r18dev\).*r18dev.*sample/);
      }
    });

    it("still answers 400 for a name neither it nor javinfo.dev has", async () => {
      expectError(await call(c, form, "/query", { q: "x", providers: "nope" }), 400, "INVALID_PARAMETER");
    });

    it("answers 422 for the availability filter, as an object, JSON text or a term", async () => {
      const forms = form === "GET" ? ['{"availability":"magnets"}', "availability:magnets"] : [{ availability: "magnets" }, "availability:playable"];
      for (const filter of forms) {
        const res = await call(c, form, "/query", { q: "office", filter });
        expectError(res, 422, "UNSUPPORTED_FILTER");
        expect(res.json().message).toContain("genre, actress");
      }
      expectError(await call(c, form, "/random", { filter: form === "GET" ? "availability:single" : { availability: "single" } }), 422, "UNSUPPORTED_FILTER");
    });

    it("takes the aliases in the filter's provider key too", async () => {
      const res = await call(c, form, "/query", { q: "office", filter: form === "GET" ? "provider:dmm" : { provider: "dmm" }, num: 50 });
      expect(
        res
          .json()
          .results.map((r: { dvdId: string }) => r.dvdId)
          .sort(),
      ).toEqual(["IPX-535", "MIDE-799"]);
    });
  });

  it("gives each search result the extras javinfo.dev clients print", async () => {
    const res = await c.get("/query", { q: "IPX-535" });
    expect(res.json().results[0].extra).toEqual({
      studio: fromR18.record.makers[0],
      url: fromR18.pageUrl,
      maker: fromR18.record.makers[0],
      actresses: fromR18.record.extra.actressesRich,
      categories: fromR18.record.categories,
      runtimeMins: fromR18.record.runtimeMins,
      series: fromR18.record.series,
    });
  });

  it("documents the extras and the 422 in the OpenAPI document", async () => {
    const doc = (await c.get("/docs/json")).json();
    const query = doc.paths["/query"].get.responses;
    expect(Object.keys(query)).toContain("422");
    const schema = JSON.stringify(query["200"]);
    for (const f of ["maker", "actresses", "categories", "runtimeMins", "series"]) expect(schema).toContain(`"${f}"`);
  });
});

describe("pinning fanza without FANZA credentials asks r18.dev live", () => {
  let t: TestApp;
  let server: Awaited<ReturnType<typeof localServer>>;
  beforeAll(async () => {
    const combined = sample("r18dev/combined-SNIS-217.json");
    server = await localServer((req, res) => {
      if (req.url?.includes("dvd_id=SNIS-217")) return json(res, 200, { content_id: "snis00217" });
      if (req.url?.includes("combined=snis00217")) return json(res, 200, combined);
      json(res, 404, { detail: "Not Found" });
    });
    t = await buildTestApp(
      [fromSample],
      { PROVIDER_R18DEV_ENABLED: "on", PROVIDER_FANZA_ENABLED: "on", PROVIDER_R18DEV_BASE_URL: server.url, PROVIDER_R18DEV_RATE: "0" },
      { live: true },
    );
  });
  afterAll(async () => {
    await t.close();
    await server.close();
  });

  it("finds a code the catalog lacks through r18dev", async () => {
    const res = await client(t).get("/movie", { q: "SNIS-217", providers: "fanza" });
    expectOk(res);
    expect(res.json().source).toBe("r18dev");
    expect(server.total()).toBe(2);
  });
});
