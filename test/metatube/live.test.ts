/**
 * The MetaTube face with live providers: the provider simulator serves r18.dev and
 * FANZA's API in their real formats on this machine. A search's `fallback` asks them
 * on a catalog miss (as /movie does), an info request for a title the catalog lacks
 * asks them by its content id, and `lazy=False` (the plugins' refresh) takes a fresh
 * copy, keeping the catalog's when the provider cannot answer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { upsertRecords } from "../../src/catalog/index.js";
import { type Simulator, startSimulator } from "../../tools/simulator/index.js";
import { buildTestApp, simulatedProviders, type TestApp } from "../helpers/build-app.js";

describe("the MetaTube face with live providers", () => {
  let sim: Simulator;
  let t: TestApp;
  const ask = async (url: string) => {
    const res = await t.app.inject({ url, headers: { authorization: `Bearer ${t.key}`, accept: "application/json" } });
    return {
      status: res.statusCode,
      body: JSON.parse(res.body) as { data?: { id: string; title: string; provider: string }[] & { id: string; title: string }; error?: { code: number } },
    };
  };

  beforeAll(async () => {
    sim = await startSimulator({ records: 300, seed: 4 });
    t = await buildTestApp([], { ...simulatedProviders(sim.url), NEGATIVE_CACHE_SECONDS: "0", HTTP_MAX_RETRIES: "0" }, { live: true });
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  it("a search's fallback asks the live providers on a catalog miss, and the title is in the catalog after", async () => {
    const r = sim.catalog.records[10].record;
    expect((await ask(`/v1/movies/search?q=${r.dvdId}&provider=&fallback=False`)).status).toBe(404);
    const found = await ask(`/v1/movies/search?q=${r.dvdId}&provider=&fallback=True`);
    expect(found.status).toBe(200);
    expect(found.body.data?.[0]).toMatchObject({ id: r.contentId, provider: "FANZA" });
    const again = await ask(`/v1/movies/search?q=${r.dvdId}&provider=FANZA&fallback=False`);
    expect(again.body.data?.[0]?.id).toBe(r.contentId);
  });

  it("info for a title the catalog lacks asks the live providers by its content id", async () => {
    const r = sim.catalog.records[20].record;
    const info = await ask(`/v1/movies/FANZA/${r.contentId}?lazy=True`);
    expect(info.status).toBe(200);
    expect(info.body.data).toMatchObject({ id: r.contentId, number: r.dvdId });
  });

  it("lazy=False takes a fresh copy from the provider, and keeps the catalog's when the provider fails", async () => {
    const live = sim.catalog.records[30];
    // The catalog's copy is older: another title.
    upsertRecords(t.db, [{ ...live, provider: "r18dev", record: { ...live.record, titleJa: "古いタイトル", titleEn: "An old title" } }]);
    const url = (lazy: string) => `/v1/movies/FANZA/${live.record.contentId}?lazy=${lazy}`;
    expect((await ask(url("True"))).body.data?.title).toBe("古いタイトル");
    const fresh = await ask(url("False"));
    expect(fresh.status).toBe(200);
    expect(fresh.body.data?.title).not.toBe("古いタイトル");
    expect(fresh.body.data?.title).toBe(live.record.titleJa || live.record.titleEn);

    upsertRecords(t.db, [{ ...live, provider: "r18dev", record: { ...live.record, titleJa: "古いタイトル", titleEn: "An old title" } }]);
    sim.setFaults({ every: { status500: 1 } });
    try {
      const kept = await ask(url("False"));
      expect(kept.status).toBe(200);
      expect(kept.body.data?.title).toBe("古いタイトル");
      // A search that must ask a failing provider is a 502 in the envelope.
      const failed = await ask(`/v1/movies/search?q=${sim.catalog.records[40].record.dvdId}&fallback=True`);
      expect(failed.status).toBe(502);
      expect(failed.body.error?.code).toBe(502);
    } finally {
      sim.setFaults({});
    }
  });

  it("a replica's live answer, never stored, is still found by its content id for the plugin's cover requests", async () => {
    const replica = await buildTestApp([], { ...simulatedProviders(sim.url), NEGATIVE_CACHE_SECONDS: "0", HTTP_MAX_RETRIES: "0" }, { live: true });
    try {
      replica.deps.live!.neverStore();
      const r = sim.catalog.records[50].record;
      const headers = { authorization: `Bearer ${replica.key}` };
      const found = await replica.app.inject({ url: `/v1/movies/search?q=${r.dvdId}&provider=&fallback=True`, headers });
      expect(found.statusCode).toBe(200);
      expect(replica.db.prepare("SELECT count(*) FROM movies").pluck().get()).toBe(0);
      // The cover route (public: no token) finds the title, and gets as far as the images, which this app does not serve.
      const cover = await replica.app.inject({ url: `/v1/images/primary/FANZA/${r.contentId}?url=&ratio=-1&pos=-1&auto=False&badge=&quality=90` });
      expect(JSON.parse(cover.body)).toEqual({ error: { code: 404, message: "images are not served here" } });
      // An id no client was answered is still unknown there: the public route asks no provider.
      const other = await replica.app.inject({ url: `/v1/images/primary/FANZA/${sim.catalog.records[60].record.contentId}` });
      expect(JSON.parse(other.body)).toEqual({ error: { code: 404, message: "info not found" } });
    } finally {
      await replica.close();
    }
  });
});
