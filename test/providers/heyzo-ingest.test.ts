/**
 * HEYZO ingested through a source that misbehaves as real ones do: the simulated site (UTF-8
 * pages, Japanese and English) where every 7th request is a 500, every 11th a 429 with
 * retry-after, every 13th a Cloudflare challenge, every 19th a maintenance page served 200,
 * every 17th slow and every 23rd cut short. Every title is stored, none lost, no failure left,
 * and the stored records are those of a run without faults.
 */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../src/catalog/store/db.js";
import { findByContentId } from "../../src/catalog/store/movies-read.js";
import { runIngest } from "../../src/ingest/run-ingest.js";
import { createProviderRuntime } from "../../src/providers/runtime.js";
import { type Simulator, startSimulator } from "../../src/samples/simulator/index.js";
import { simulatedProviders, tempCatalog, testConfig } from "../helpers/build-app.js";
import { FAULT_MIX_BACKOFF, FAULT_MIX_ENV, SELLER_FAULTS } from "../helpers/fault-mix.js";

const TITLES = 150;
const SEED = 8;
const NOW = new Date("2026-11-10T03:00:00Z");

describe("heyzo ingest through provider faults", () => {
  let sim: Simulator;
  const dbs: { db: Db; dir: string }[] = [];
  const catalog = () => {
    const c = tempCatalog();
    dbs.push(c);
    return c.db;
  };
  const ingest = async (db: Db) => {
    const rt = createProviderRuntime(testConfig({ ...simulatedProviders(sim), ...FAULT_MIX_ENV }), {
      now: () => NOW,
      http: FAULT_MIX_BACKOFF,
    });
    const [run] = await runIngest(db, rt, { provider: "heyzo", trigger: "cli" });
    const http = rt.http.stats();
    await rt.close();
    return { run, http };
  };
  const ids = (db: Db) => db.prepare("SELECT content_id FROM movies WHERE provider = 'heyzo' ORDER BY 1").pluck().all() as string[];
  const records = (db: Db) => ids(db).map((id) => findByContentId(db, "heyzo", id)?.record);

  beforeAll(async () => {
    sim = await startSimulator({ siteTitles: TITLES, seed: SEED });
  });
  afterAll(async () => {
    await sim.close();
    for (const { db, dir } of dbs) {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("one run stores every title of the site, the same as a run without faults", async () => {
    const clean = catalog();
    const { run: cleanRun } = await ingest(clean);
    expect(cleanRun).toMatchObject({ status: "succeeded", added: TITLES, failures: 0, error: null });

    sim.setFaults(SELLER_FAULTS);
    const db = catalog();
    const before = sim.stats();
    const { run, http } = await ingest(db);
    const after = sim.stats();
    sim.setFaults({});
    const faults = Object.fromEntries(Object.entries(after.faults).map(([k, n]) => [k, n - before.faults[k as keyof typeof before.faults]]));
    console.log(
      `heyzo through faults: ${after.requests - before.requests} requests, faults ${JSON.stringify(faults)}, retries ${run.retries}, stored ${run.added}`,
    );

    expect(run).toMatchObject({ status: "succeeded", added: TITLES, failures: 0, error: null });
    expect(ids(db)).toEqual(Array.from({ length: TITLES }, (_, i) => String(i + 1).padStart(4, "0")));
    expect(records(db)).toEqual(records(clean));
    for (const k of ["burst500", "rate429", "challenge", "html", "slow", "truncate"] as const) expect(faults[k]).toBeGreaterThan(0);
    expect(run.requests).toBe(http.requests);
    expect(run.retries).toBeGreaterThanOrEqual(faults.burst500 + faults.rate429 + faults.challenge + faults.html);
  }, 120_000);
});
