/**
 * Crawls of the simulated FC2 market stored by the ingest: back FC2_CRAWL_DAYS (30) days, then
 * the whole listing, a request for each list page and two for each title, the delisted ones never
 * asked. Through the fault mix: the source contract (fc2-contract.test.ts).
 */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../src/catalog/index.js";
import { runIngest } from "../../src/ingest/run-ingest.js";
import { createProviderRuntime } from "../../src/providers/runtime.js";
import { type Simulator, startSimulator } from "../../tools/simulator/index.js";
import { siteTitles } from "../../tools/simulator/site-titles.js";
import { FC2_PAGE_SIZE, fc2Articles } from "../../tools/simulator/sites/fc2.js";
import { simulatedProviders, tempCatalog, testConfig } from "../helpers/build-app.js";
import { FAULT_MIX_BACKOFF, FAULT_MIX_ENV } from "../helpers/fault-mix.js";

const TITLES = 200;
const SEED = 3;
/** 2026-11-10 in Japan: FC2_CRAWL_DAYS=30 reaches back to 2026-10-11. */
const NOW = new Date("2026-11-10T03:00:00Z");

const contentIds = (db: Db) => db.prepare("SELECT content_id FROM movies WHERE provider = 'fc2' ORDER BY 1").pluck().all() as string[];

describe("ingest of the simulated FC2 market", () => {
  let sim: Simulator;
  const dbs: { db: Db; dir: string }[] = [];
  const fresh = () => {
    const c = tempCatalog();
    dbs.push(c);
    return c.db;
  };
  const runtime = (env: Record<string, string> = {}) =>
    createProviderRuntime(testConfig({ ...simulatedProviders(sim), FC2_CRAWL_DAYS: "30", ...FAULT_MIX_ENV, ...env }), {
      now: () => NOW,
      http: FAULT_MIX_BACKOFF,
    });
  const articles = fc2Articles(siteTitles(TITLES, SEED, "fc2"), SEED);
  const listed = articles.filter((a) => !a.delisted);
  const sorted = (ids: string[]) => [...ids].sort();

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

  it("stores the titles of the last 30 days: the listing's pages down to the first that reaches older ones", async () => {
    const db = fresh();
    const before = sim.stats().requests;
    const rt = runtime();
    const [run] = await runIngest(db, rt, { provider: "fc2", trigger: "cli" });
    await rt.close();
    const served = sim.stats().requests - before;
    const pages = Math.floor(listed.findIndex((a) => a.title.day < "2026-10-11") / FC2_PAGE_SIZE) + 1;
    const stored = listed.slice(0, pages * FC2_PAGE_SIZE);
    const recent = listed.filter((a) => a.title.day >= "2026-10-11").length;
    console.log(
      `fc2 clean crawl, 30 days: ${TITLES} titles on the site (${listed.length} listed, ${recent} of the last 30 days), ${run.added} stored, ${served} requests`,
    );
    expect(run).toMatchObject({ status: "succeeded", added: stored.length, failures: 0, error: null });
    expect(contentIds(db)).toEqual(sorted(stored.map((a) => a.id)));
    expect(stored.length).toBeGreaterThan(recent);
    expect(stored.length).toBeLessThan(listed.length);
    // A list page a crawl page, then each title's page and its description.
    expect(served).toBe(pages + 2 * stored.length);
    expect(run.requests).toBe(served);
  }, 60_000);

  it("stores every listed title with FC2_CRAWL_DAYS=0, never asking a delisted one", async () => {
    const db = fresh();
    const before = sim.stats();
    const rt = runtime({ FC2_CRAWL_DAYS: "0" });
    const [run] = await runIngest(db, rt, { provider: "fc2", trigger: "cli" });
    await rt.close();
    const served = sim.stats().requests - before.requests;
    console.log(`fc2 clean crawl, whole listing: ${TITLES} titles on the site, ${listed.length} listed, ${run.added} stored, ${served} requests`);
    expect(run).toMatchObject({ status: "succeeded", added: listed.length, failures: 0, error: null });
    expect(contentIds(db)).toEqual(sorted(listed.map((a) => a.id)));
    expect(served).toBe(Math.ceil(listed.length / FC2_PAGE_SIZE) + 2 * listed.length);
    expect(sim.stats().byRoute["fc2.article"] - (before.byRoute["fc2.article"] ?? 0)).toBe(listed.length);
  }, 60_000);
});
