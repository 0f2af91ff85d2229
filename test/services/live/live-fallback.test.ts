import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openCatalog, purgeProvider } from "../../../src/catalog/index.js";
import { buildTestApp, makeIngest, type TestApp } from "../../helpers/build-app.js";
import { json, localServer, sample } from "../../helpers/sample-server.js";

/**
 * Live fallback through app.inject, against a local server speaking r18.dev's real
 * format (the SNIS-217 capture in provider-samples).
 */
describe("live fallback on a catalog miss", () => {
  let upstream: Awaited<ReturnType<typeof localServer>>;
  let t: TestApp;
  let mode: "ok" | "fail" | "slow" = "ok";
  const combined = sample("r18dev/combined-SNIS-217.json");

  beforeAll(async () => {
    upstream = await localServer(async (req, res) => {
      const url = req.url ?? "";
      if (mode === "fail") return json(res, 503, { error: "down" });
      if (mode === "slow") await new Promise((r) => setTimeout(r, 300));
      if (url.includes("/dvd_id=SNIS-217/")) return json(res, 200, { content_id: "snis00217" });
      if (url.includes("/combined=snis00217/")) return json(res, 200, combined);
      return json(res, 404, { error: "not found" });
    });
    t = await buildTestApp(
      [makeIngest({ contentId: "local00001", dvdId: "LOC-001" })],
      {
        PROVIDER_R18DEV_ENABLED: "on",
        PROVIDER_R18DEV_BASE_URL: upstream.url,
        PROVIDER_R18DEV_RATE: "0",
        HTTP_MAX_RETRIES: "1",
        HTTP_TIMEOUT_MS: "2000",
        LIVE_TIMEOUT_MS: "3000",
        NEGATIVE_CACHE_SECONDS: "600",
      },
      { live: true },
    );
  });
  afterAll(async () => {
    await t.close();
    await upstream.close();
  });
  beforeEach(() => {
    mode = "ok";
    upstream.hits.clear();
  });

  const movie = (q: string, extra = "") => t.app.inject({ url: `/movie?q=${encodeURIComponent(q)}${extra}`, headers: { "x-service-key": t.key } });

  it("answers a hit from the catalog without asking the provider", async () => {
    const r = await movie("loc-1");
    expect(r.statusCode).toBe(200);
    expect(r.json().source).toBe("file");
    expect(upstream.total()).toBe(0);
  });

  it("asks the provider on a miss, writes the record through and names the source", async () => {
    const r = await movie("snis217");
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ q: "snis217", source: "r18dev", result: { dvdId: "SNIS-217", contentId: "snis00217" } });
    expect(upstream.total()).toBe(2);
    const again = await movie("SNIS-217");
    expect(again.json().source).toBe("r18dev");
    expect(upstream.total()).toBe(2); // now in the catalog
    expect(t.db.prepare("SELECT count(*) FROM movies WHERE provider = 'r18dev'").pluck().get()).toBe(1);
  });

  it("answers from the provider at once while an import holds the write lock, and writes it through later", async () => {
    purgeProvider(t.db, "r18dev");
    const importer = openCatalog(t.config.databasePath);
    importer.exec("BEGIN IMMEDIATE");
    try {
      const started = Date.now();
      const r = await movie("SNIS-217");
      expect(r.statusCode).toBe(200);
      expect(r.json()).toMatchObject({ source: "r18dev", result: { dvdId: "SNIS-217" } });
      expect(Date.now() - started).toBeLessThan(2_000); // not the 10 s busy timeout
    } finally {
      importer.exec("ROLLBACK");
      importer.close();
    }
    expect(t.db.prepare("SELECT count(*) FROM movies WHERE provider = 'r18dev'").pluck().get()).toBe(0);
    expect((await movie("SNIS-217")).json().source).toBe("r18dev");
    expect(t.db.prepare("SELECT count(*) FROM movies WHERE provider = 'r18dev'").pluck().get()).toBe(1);
  });

  it("is a 404 when every provider answers no match, and remembers it", async () => {
    const r = await movie("ZZZ-999");
    expect(r.statusCode).toBe(404);
    expect(r.json().code).toBe("NOT_FOUND");
    const asked = upstream.total();
    expect(asked).toBeGreaterThan(0);
    expect((await movie("zzz999")).statusCode).toBe(404);
    expect(upstream.total()).toBe(asked); // negative cache
  });

  it("is a 502 UPSTREAM_FAILED when the provider fails and none matched; the catalog keeps answering", async () => {
    mode = "fail";
    const r = await movie("FAIL-001");
    expect(r.statusCode).toBe(502);
    expect(r.json()).toMatchObject({ code: "UPSTREAM_FAILED", statusCode: 502, error: "Bad Gateway" });
    expect(r.json().message).toContain("r18dev");
    expect((await movie("LOC-001")).statusCode).toBe(200);
    mode = "ok";
    expect((await movie("FAIL-001")).statusCode).toBe(404); // a failure is not cached as "no match"
  });

  it("shares one upstream call among identical concurrent misses", async () => {
    mode = "slow";
    const answers = await Promise.all(Array.from({ length: 8 }, () => movie("NEW-555")));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(404));
    expect(upstream.hits.get("/videos/vod/movies/detail/-/dvd_id=NEW-555/json")).toBe(1);
  });

  it("skips the live providers a request leaves out", async () => {
    const r = await movie("OUT-001", "&providers=file");
    expect(r.statusCode).toBe(404);
    expect(upstream.total()).toBe(0);
  });
});
