/**
 * A whole crawl of the simulated MGStage stored by the ingest, a month at a time back to
 * MGSTAGE_FIRST_MONTH (2013-01): once cleanly, once killed after a few pages and resumed from the
 * stored month and page; every title stored, none lost, never an age check; and a later run that
 * takes the newest months again, down to the day it is given. Through the fault mix: the source
 * contract (mgstage-contract.test.ts).
 */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../src/catalog/index.js";
import { findByContentId, getProviderState } from "../../src/catalog/index.js";
import { runIngest } from "../../src/ingest/run-ingest.js";
import { createProviderRuntime } from "../../src/providers/runtime.js";
import { type Simulator, startSimulator } from "../../tools/simulator/index.js";
import { siteTitles } from "../../tools/simulator/site-titles.js";
import { mgstageProducts } from "../../tools/simulator/sites/mgstage.js";
import { simulatedProviders, tempCatalog, testConfig } from "../helpers/build-app.js";
import { FAULT_MIX_BACKOFF, FAULT_MIX_ENV } from "../helpers/fault-mix.js";

const TITLES = 200;
const SEED = 3;
const NOW = new Date("2026-11-10T03:00:00Z");
/** The months from the clock's, 2026-11, back to 2013-01: a list request each. */
const MONTHS = (2026 - 2013) * 12 + 11;

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
  const runtime = (env: Record<string, string> = {}) =>
    createProviderRuntime(testConfig({ ...simulatedProviders(sim), ...FAULT_MIX_ENV, ...env }), {
      now: () => NOW,
      http: FAULT_MIX_BACKOFF,
    });
  const served = (route: "list" | "product") => sim.stats().byRoute[`mgstage.${route}`] ?? 0;
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

  it("stores every title of a whole crawl, a request for each month's list and one for each title", async () => {
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
    // A list page for each month (none holds more than a page), then each title's page.
    expect(served).toBe(TITLES + MONTHS);
    expect(run.requests).toBe(served);
    expect(ageChecks()).toBe(0);
    // Every spelling kept: Prestige's labels, the amateur lines with their maker's digits, SIRO.
    expect(new Set(records(db).map((r) => /^\d*[A-Z]+/.exec(r?.dvdId ?? "")?.[0])).size).toBe(9);
  }, 60_000);

  it("resumes a run killed after a few pages at the month and page it stopped at, ending with the same titles", async () => {
    const db = fresh();
    const before = { list: served("list"), product: served("product") };
    const stop = new AbortController();
    const rt = runtime();
    const [killed] = await runIngest(db, rt, { provider: "mgstage", trigger: "cli", stopAfterPage: stop.signal, onPage: (p) => p.pages === 4 && stop.abort() });
    const stored = getProviderState(db, "mgstage")?.cursor ?? null;
    const partial = contentIds(db).length;
    expect([killed.status, killed.pages, stored]).toEqual(["stopped", 4, JSON.stringify({ month: "2026-07", page: 1 })]);
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(TITLES);
    const [resumed] = await runIngest(db, rt, { provider: "mgstage", trigger: "cli" });
    await rt.close();
    expect(resumed).toMatchObject({ status: "succeeded", added: TITLES - partial, failures: 0 });
    expect(contentIds(db)).toEqual(ids);
    expect(records(db)).toEqual(records(clean));
    // Each month's list and each title asked once over both runs: the second began where the first stopped.
    expect({ list: served("list") - before.list, product: served("product") - before.product }).toEqual({ list: MONTHS, product: TITLES });
  }, 60_000);

  it("takes the newest months again in a later run, down to 30 days before the last whole crawl began", async () => {
    const db = fresh();
    const rt = runtime();
    const clock = () => NOW.getTime();
    await runIngest(db, rt, { provider: "mgstage", trigger: "cli" }, clock);
    const before = { list: served("list"), product: served("product") };
    const [later] = await runIngest(db, rt, { provider: "mgstage", trigger: "cli" }, clock);
    await rt.close();
    // 2026-10-11 on: November's list (nothing yet), October's from that day.
    const fresh10 = products.filter((p) => p.title.day >= "2026-10-11").length;
    expect(later).toMatchObject({ status: "succeeded", added: 0, records: fresh10 });
    expect({ list: served("list") - before.list, product: served("product") - before.product }).toEqual({ list: 2, product: fresh10 });
  }, 60_000);
});
