/**
 * A whole crawl of the simulated Tokyo-Hot shop stored by the ingest, once cleanly and once
 * through the fault mix every source meets (500s, 429 + retry-after, Cloudflare challenges, a
 * maintenance page served 200, slow and truncated answers): every title stored, none lost.
 */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../src/catalog/store/db.js";
import { listRuns } from "../../src/catalog/store/ingest-store.js";
import { findByContentId } from "../../src/catalog/store/movies-read.js";
import { runIngest } from "../../src/ingest/run-ingest.js";
import { createProviderRuntime } from "../../src/providers/runtime.js";
import { type Simulator, startSimulator } from "../../src/samples/simulator/index.js";
import { siteTitles } from "../../src/samples/simulator/site-titles.js";
import { tokyoHotProducts } from "../../src/samples/simulator/sites/tokyo-hot.js";
import { simulatedProviders, tempCatalog, testConfig } from "../helpers/build-app.js";
import { FAULT_MIX_BACKOFF, FAULT_MIX_ENV, SELLER_FAULTS } from "../helpers/fault-mix.js";

const TITLES = 200;
const SEED = 3;
const NOW = new Date("2026-11-10T03:00:00Z");

const contentIds = (db: Db) => db.prepare("SELECT content_id FROM movies WHERE provider = 'tokyo-hot' ORDER BY 1").pluck().all() as string[];
const records = (db: Db) => contentIds(db).map((id) => findByContentId(db, "tokyo-hot", id)?.record);

describe("ingest of the simulated Tokyo-Hot shop", () => {
  let sim: Simulator;
  let clean: Db;
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
    clean = db;
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

  it("stores every title through the fault mix, losing none", async () => {
    sim.setFaults(SELLER_FAULTS);
    const before = sim.stats();
    const db = fresh();
    const rt = runtime();
    const [run] = await runIngest(db, rt, { provider: "tokyo-hot", trigger: "cli" });
    await rt.close();
    const after = sim.stats();
    sim.setFaults({});
    const faults = Object.fromEntries(Object.entries(after.faults).map(([k, v]) => [k, v - before.faults[k as keyof typeof before.faults]]));
    console.log(
      `tokyo-hot through faults: ${after.requests - before.requests} requests, faults ${JSON.stringify(faults)}, retries ${run.retries}, stored ${run.added}`,
    );
    expect(faults.burst500).toBeGreaterThan(10);
    expect(faults.html).toBeGreaterThan(5);
    expect(faults.truncate).toBeGreaterThan(3);
    expect(run).toMatchObject({ status: "succeeded", added: TITLES, failures: 0, error: null });
    expect(contentIds(db)).toEqual(ids);
    // Nothing lost on the way, the English pages' text included.
    expect(records(db)).toEqual(records(clean));
    expect(records(db).filter((r) => r?.titleEn !== "").length).toBeGreaterThan(TITLES / 2);
    expect(listRuns(db)[0]).toMatchObject({ status: "succeeded", failures: 0 });
  }, 120_000);
});
