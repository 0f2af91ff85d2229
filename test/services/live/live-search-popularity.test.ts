import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProviderRuntime, type ProviderRuntime } from "../../../src/providers/runtime.js";
import { type Simulator, startSimulator } from "../../../tools/simulator/index.js";
import { LiveFallback } from "../../../src/services/live/live-fallback.js";
import { buildTestApp, simulatedProviders, tempCatalog, testConfig } from "../../helpers/build-app.js";

/**
 * /query's live search, when the catalog has no match: one page, whole. FANZA's search
 * sorted by views gives each title its place in that one answer: it orders the answer,
 * and is not kept as the title's popularity.
 */
describe("a live search", () => {
  let sim: Simulator;
  let rt: ProviderRuntime;
  const catalog = tempCatalog();
  beforeAll(async () => {
    sim = await startSimulator({ records: 300, seed: 4 });
    rt = createProviderRuntime(testConfig({ ...simulatedProviders(sim.url), PROVIDER_R18DEV_ENABLED: "off" }));
  });
  afterAll(async () => {
    await rt.close();
    await sim.close();
    catalog.db.close();
    rmSync(catalog.dir, { recursive: true, force: true });
  });

  it("answers in the provider's order, and stores the titles with no popularity", async () => {
    const live = new LiveFallback(catalog.db, rt, { timeoutMs: 5000, negativeTtlMs: 0 });
    // A label: the keyword matches codes and titles, and a label is in many codes.
    const word = sim.catalog.records[0].record.dvdId.split("-")[0];
    const { records } = await live.search(word, "views", ["fanza"]);
    expect(records.length).toBeGreaterThan(1);
    const ranks = records.map((r) => r.popularity);
    expect(ranks.every((p) => p !== null)).toBe(true);
    expect([...ranks].sort((a, b) => b! - a!)).toEqual(ranks);
    const stored = catalog.db.prepare("SELECT popularity FROM movies").pluck().all();
    expect(stored.length).toBe(records.length);
    expect(stored.every((p) => p === null)).toBe(true);
  });

  it("is one page: its total is what it shows, and no link points at a page 2 (which a replica could not answer)", async () => {
    const t = await buildTestApp([], { ...simulatedProviders(sim.url), PROVIDER_R18DEV_ENABLED: "off" }, { live: true });
    try {
      t.deps.live!.neverStore();
      const word = sim.catalog.records[0].record.dvdId.split("-")[0];
      const res = await t.app.inject({ url: `/query?q=${word}&num=1`, headers: { "x-service-key": t.key } });
      expect(res.statusCode).toBe(200);
      const body = res.json() as { source: string; count: number };
      // The provider has more than one: the first is shown, and the answer says one.
      expect(body).toMatchObject({ source: "fanza", count: 1 });
      expect(res.headers["x-total-count"]).toBe("1");
      expect(String(res.headers.link ?? "")).not.toContain('rel="next"');
    } finally {
      await t.close();
    }
  });
});
