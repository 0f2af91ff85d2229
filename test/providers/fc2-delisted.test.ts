/**
 * FC2 delists many articles. With the real app over the simulated market: a title crawled
 * before FC2 delisted it stays in the catalog through the next crawl and /movie answers it
 * (live on) without asking FC2; a delisted title the catalog never held is "not in the
 * catalog" (404, as /movie answers a miss, never the 502 of a provider that failed), asked of FC2 each time and never counted as a
 * failure: the provider's breaker stays closed (a title FC2 still sells is found live after
 * more misses than the breaker's five) and its health shows no failure.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runIngest } from "../../src/ingest/run-ingest.js";
import { createProviderRuntime } from "../../src/providers/runtime.js";
import { type Simulator, startSimulator } from "../../tools/simulator/index.js";
import type { Fc2SimSite } from "../../tools/simulator/sites/fc2.js";
import { providerHealth } from "../../src/services/operations/provider-health.js";
import { buildTestApp, simulatedProviders, type TestApp } from "../helpers/build-app.js";

/** 2026-11-10 in Japan: the crawl takes the last 30 days (FC2_CRAWL_DAYS' default), the listing's first page here. */
const NOW = new Date("2026-11-10T03:00:00Z");

describe("a title FC2 delisted", () => {
  let sim: Simulator;
  let t: TestApp;
  let fc2: Fc2SimSite;
  const movie = (q: string) => t.app.inject({ url: `/movie?q=${encodeURIComponent(q)}`, headers: { "x-service-key": t.key } });
  const articleRequests = () => sim.stats().byRoute["fc2.article"] ?? 0;
  const held = (id: string) => t.db.prepare("SELECT count(*) FROM movies WHERE provider = 'fc2' AND content_id = ?").pluck().get(id) as number;
  const crawl = async () => {
    const rt = createProviderRuntime(t.config, { now: () => NOW });
    try {
      const [run] = await runIngest(t.db, rt, { provider: "fc2", trigger: "cli" }, () => NOW.getTime());
      return run;
    } finally {
      await rt.close();
    }
  };

  beforeAll(async () => {
    sim = await startSimulator({ records: 20, seed: 7, siteTitles: 150 });
    fc2 = sim.sites.fc2 as Fc2SimSite;
    t = await buildTestApp([], { ...simulatedProviders(sim), FC2_CRAWL_DAYS: "30", NEGATIVE_CACHE_SECONDS: "0", HTTP_MAX_RETRIES: "0" }, { live: true });
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  it("stays in the catalog through the next crawl, and /movie answers it without asking FC2", async () => {
    const first = await crawl();
    expect(first).toMatchObject({ status: "succeeded", failures: 0 });
    expect(first.added).toBeGreaterThan(0);
    const stored = fc2.articles.find((a) => !fc2.isDelisted(a.id) && held(a.id) === 1)!;
    fc2.delist(stored.id);

    const second = await crawl();
    expect(second).toMatchObject({ status: "succeeded", failures: 0, error: null });
    expect(held(stored.id)).toBe(1);

    const asked = articleRequests();
    const res = await movie(`FC2-PPV-${stored.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ source: "fc2", result: { contentId: stored.id, dvdId: `FC2-PPV-${stored.id}`, titleJa: stored.title.titleJa } });
    expect(articleRequests()).toBe(asked);
    // FC2 itself now answers it as removed.
    expect(
      await fetch(`${sim.baseUrlOf("fc2")}/article/${stored.id}/`)
        .then((r) => r.text())
        .then((html) => html.includes("items_notfound_header")),
    ).toBe(true);
  });

  it("answers a delisted title the catalog never held as not in the catalog, and the provider stays healthy", async () => {
    const gone = fc2.articles.find((a) => a.delisted && held(a.id) === 0)!;
    const asked = articleRequests();
    // More misses than the breaker's five failures: a "no match" is no failure.
    for (let i = 0; i < 7; i++) {
      const res = await movie(`FC2-PPV-${gone.id}.mp4`);
      expect(res.statusCode, `miss ${i + 1}`).toBe(404);
      // A miss, /movie's 404; a failure of FC2 would be a 502 (UPSTREAM_FAILED).
      expect(res.json().message).toBe(`no movie matches "FC2-PPV-${gone.id}.mp4"`);
    }
    expect(articleRequests()).toBe(asked + 7);
    // Still asked, and answering: a title FC2 sells that the catalog lacks (older than the crawl's 30 days) is found live.
    const older = fc2.articles.find((a) => !fc2.isDelisted(a.id) && held(a.id) === 0)!;
    const found = await movie(`FC2-PPV-${older.id}`);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ source: "fc2", result: { contentId: older.id } });
    const health = providerHealth(t.db, t.config).find((h) => h.provider === "fc2")!;
    expect(health).toMatchObject({ usable: true, consecutiveFailures: 0, lastFailureAt: null, lastFailureKind: null });
    expect(health.lastSuccessAt).not.toBeNull();
  });
});
