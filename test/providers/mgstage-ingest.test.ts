/**
 * A whole crawl of the simulated MGStage stored by the ingest, once cleanly and once through the
 * fault mix every source meets (500s, 429 + retry-after, Cloudflare challenges, a maintenance
 * page served 200, slow and truncated answers): every title stored, none lost, never an age check.
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
import { mgstageProducts } from "../../src/samples/simulator/sites/mgstage.js";
import { simulatedProviders, tempCatalog, testConfig } from "../helpers/build-app.js";
import { FAULT_MIX_BACKOFF, FAULT_MIX_ENV, SELLER_FAULTS } from "../helpers/fault-mix.js";

const TITLES = 200;
const SEED = 3;
const NOW = new Date("2026-11-10T03:00:00Z");

const contentIds = (db: Db) => db.prepare("SELECT content_id FROM movies WHERE provider = 'mgstage' ORDER BY 1").pluck().all() as string[];
const records = (db: Db) => contentIds(db).map((id) => findByContentId(db, "mgstage", id)?.record);

describe("ingest of the simulated MGStage", () => {
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
  const products = mgstageProducts(siteTitles(TITLES, SEED, "mgstage"), SEED);
  const ids = products.map((p) => p.id.toLowerCase()).sort();
  const ageChecks = () => sim.stats().byRoute["mgstage.agecheck"] ?? 0;

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

  it("stores every title of a whole crawl, a request for each listing page and one for each title", async () => {
    const db = fresh();
    clean = db;
    const before = sim.stats().requests;
    const rt = runtime();
    const [run] = await runIngest(db, rt, { provider: "mgstage", trigger: "cli" });
    await rt.close();
    const served = sim.stats().requests - before;
    console.log(`mgstage clean crawl: ${TITLES} titles on the site, ${run.added} stored, ${served} requests`);
    expect(run).toMatchObject({ status: "succeeded", added: TITLES, failures: 0, error: null });
    expect(contentIds(db)).toEqual(ids);
    // A listing page of thirty, then each title's page.
    expect(served).toBe(TITLES + Math.ceil(TITLES / 30));
    expect(run.requests).toBe(served);
    expect(ageChecks()).toBe(0);
    // Every spelling kept: Prestige's labels, the amateur lines with their maker's digits, SIRO.
    expect(new Set(records(db).map((r) => /^\d*[A-Z]+/.exec(r?.dvdId ?? "")?.[0])).size).toBe(9);
  }, 60_000);

  it("stores every title through the fault mix, losing none", async () => {
    sim.setFaults(SELLER_FAULTS);
    const before = sim.stats();
    const db = fresh();
    const rt = runtime();
    const [run] = await runIngest(db, rt, { provider: "mgstage", trigger: "cli" });
    await rt.close();
    const after = sim.stats();
    sim.setFaults({});
    const faults = Object.fromEntries(Object.entries(after.faults).map(([k, v]) => [k, v - before.faults[k as keyof typeof before.faults]]));
    console.log(
      `mgstage through faults: ${after.requests - before.requests} requests, faults ${JSON.stringify(faults)}, retries ${run.retries}, stored ${run.added}`,
    );
    expect(faults.burst500).toBeGreaterThan(10);
    expect(faults.html).toBeGreaterThan(5);
    expect(faults.truncate).toBeGreaterThan(3);
    expect(run).toMatchObject({ status: "succeeded", added: TITLES, failures: 0, error: null });
    expect(contentIds(db)).toEqual(ids);
    // Nothing lost on the way.
    expect(records(db)).toEqual(records(clean));
    expect(ageChecks()).toBe(0);
    expect(listRuns(db)[0]).toMatchObject({ status: "succeeded", failures: 0 });
  }, 120_000);
});
