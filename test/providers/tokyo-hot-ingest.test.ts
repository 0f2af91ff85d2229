/**
 * A whole crawl of the simulated Tokyo-Hot shop stored by the ingest: every title stored, a
 * request for each list page and two for each title. Through the fault mix: the source contract
 * (tokyo-hot-contract.test.ts).
 */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../src/catalog/index.js";
import { runIngest } from "../../src/ingest/run-ingest.js";
import { createProviderRuntime } from "../../src/providers/runtime.js";
import { type Simulator, startSimulator } from "../../tools/simulator/index.js";
import { siteTitles } from "../../tools/simulator/site-titles.js";
import { tokyoHotProducts } from "../../tools/simulator/sites/tokyo-hot.js";
import { simulatedProviders, tempCatalog, testConfig } from "../helpers/build-app.js";
import { FAULT_MIX_BACKOFF, FAULT_MIX_ENV } from "../helpers/fault-mix.js";

const TITLES = 200;
const SEED = 3;
const NOW = new Date("2026-11-10T03:00:00Z");

const contentIds = (db: Db) => db.prepare("SELECT content_id FROM movies WHERE provider = 'tokyo-hot' ORDER BY 1").pluck().all() as string[];

describe("ingest of the simulated Tokyo-Hot shop", () => {
  let sim: Simulator;
  const dbs: { db: Db; dir: string }[] = [];
  const fresh = () => {
    const c = tempCatalog();
    dbs.push(c);
    return c.db;
  };
  const runtime = () =>
    createProviderRuntime(testConfig({ ...simulatedProviders(sim), ...FAULT_MIX_ENV }), {
      now: () => NOW,
      http: FAULT_MIX_BACKOFF,
    });
  const ids = tokyoHotProducts(siteTitles(TITLES, SEED, "tokyo-hot"), SEED)
    .map((p) => p.id)
    .sort();

  beforeAll(async () => {
    sim = await startSimulator({ records: 50, seed: SEED, siteTitles: TITLES });
  });
  afterAll(async () => {
    await sim.close();
    for (const { db, dir } of dbs) {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("stores every title of a whole crawl, a request for each list page and two for each title", async () => {
    const db = fresh();
    const before = sim.stats().requests;
    const rt = runtime();
    const [run] = await runIngest(db, rt, { provider: "tokyo-hot", trigger: "cli" });
    await rt.close();
    const served = sim.stats().requests - before;
    console.log(`tokyo-hot clean crawl: ${TITLES} titles on the site, ${run.added} stored, ${served} requests`);
    expect(run).toMatchObject({ status: "succeeded", added: TITLES, failures: 0, error: null });
    expect(contentIds(db)).toEqual(ids);
    // A list page of twenty, then each title's Japanese and English pages.
    expect(served).toBe(2 * TITLES + TITLES / 20);
    expect(run.requests).toBe(served);
  }, 60_000);
});
