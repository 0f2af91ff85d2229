/**
 * Caribbeancom and Premium ingested through a source that misbehaves as real ones do: the
 * simulator's sites (EUC-JP pages) where every 7th request is a 500, every 11th a 429 with
 * retry-after, every 13th a Cloudflare challenge, every 19th a maintenance page served 200,
 * every 17th slow and every 23rd cut short. Every title is stored, none lost, no failure left.
 */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../src/catalog/store/db.js";
import { runIngest } from "../../src/ingest/run-ingest.js";
import { createProviderRuntime } from "../../src/providers/runtime.js";
import { type Simulator, startSimulator } from "../../src/samples/simulator/index.js";
import { siteTitles } from "../../src/samples/simulator/site-titles.js";
import { caribbeanId } from "../../src/samples/simulator/sites/caribbean.js";
import { simulatedProviders, tempCatalog, testConfig } from "../helpers/build-app.js";
import { FAULT_MIX_BACKOFF, FAULT_MIX_ENV, SELLER_FAULTS } from "../helpers/fault-mix.js";

const TITLES = 150;
const SEED = 8;
const NOW = new Date("2026-11-10T03:00:00Z");

describe("caribbean ingest through provider faults", () => {
  let sim: Simulator;
  const dbs: { db: Db; dir: string }[] = [];
  beforeAll(async () => {
    sim = await startSimulator({ siteTitles: TITLES, seed: SEED, faults: SELLER_FAULTS });
  });
  afterAll(async () => {
    await sim.close();
    for (const { db, dir } of dbs) {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each([
    ["caribbeancom", "-"],
    ["caribbeancompr", "_"],
  ] as const)(
    "%s: one run stores every title of the site",
    async (provider, sep) => {
      const c = tempCatalog();
      dbs.push(c);
      const rt = createProviderRuntime(testConfig({ ...simulatedProviders(sim), ...FAULT_MIX_ENV }), {
        now: () => NOW,
        http: FAULT_MIX_BACKOFF,
      });
      const before = sim.stats();
      const [run] = await runIngest(c.db, rt, { provider, trigger: "cli" });
      const http = rt.http.stats();
      await rt.close();
      const after = sim.stats();
      const faults = Object.fromEntries(Object.entries(after.faults).map(([k, n]) => [k, n - before.faults[k as keyof typeof before.faults]]));
      console.log(
        `${provider} through faults: ${after.requests - before.requests} requests, faults ${JSON.stringify(faults)}, retries ${run.retries}, stored ${run.added}`,
      );

      expect(run).toMatchObject({ status: "succeeded", added: TITLES, failures: 0, error: null });
      const stored = c.db.prepare("SELECT content_id FROM movies WHERE provider = ? ORDER BY 1").pluck().all(provider) as string[];
      expect(stored).toEqual(
        siteTitles(TITLES, SEED, provider)
          .map((t) => caribbeanId(t, sep))
          .sort(),
      );
      for (const k of ["burst500", "rate429", "challenge", "html", "slow", "truncate"] as const) expect(faults[k]).toBeGreaterThan(0);
      expect(run.requests).toBe(http.requests);
      expect(run.retries).toBeGreaterThanOrEqual(faults.burst500 + faults.rate429 + faults.challenge + faults.html);
    },
    120_000,
  );
});
