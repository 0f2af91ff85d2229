/**
 * Whole crawls of the four simulated D2Pass sites through runIngest while the simulator
 * misbehaves as real sites do: 500s, 429s with retry-after, Cloudflare challenges, a
 * maintenance page served 200 where JSON was asked, slow answers and bodies cut short.
 */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../src/catalog/store/db.js";
import { runIngest } from "../../src/ingest/run-ingest.js";
import { createProviderRuntime } from "../../src/providers/runtime.js";
import { type Simulator, startSimulator } from "../../src/samples/simulator/index.js";
import { siteTitles } from "../../src/samples/simulator/site-titles.js";
import { type D2PassSimSite, d2passIdOf, galleryKindOf } from "../../src/samples/simulator/sites/d2pass-render.js";
import { simulatedProviders, tempCatalog, testConfig } from "../helpers/build-app.js";
import { FAULT_MIX_BACKOFF, FAULT_MIX_ENV, SELLER_FAULTS } from "../helpers/fault-mix.js";

const NOW = new Date("2026-11-10T03:00:00Z");
const TITLES = 120;
const NAMES = ["1pondo", "10musume", "pacopacomama", "muramura"];
/** The simulator's values of the four sites (sites/d2pass.ts). */
const SIM_SITES: D2PassSimSite[] = [
  { name: "1pondo", siteId: 2470, idDigits: 3, legacy: true },
  { name: "10musume", siteId: 2471, idDigits: 2, legacy: true },
  { name: "pacopacomama", siteId: 2472, idDigits: 3, legacy: true },
  { name: "muramura", siteId: 2477, idDigits: 3, legacy: false },
];

describe("ingest of the D2Pass sites through faults", () => {
  let sim: Simulator;
  let catalog: { db: Db; dir: string };
  beforeAll(async () => {
    sim = await startSimulator({ siteTitles: TITLES, seed: 11, faults: SELLER_FAULTS });
    catalog = tempCatalog();
  });
  afterAll(async () => {
    await sim.close();
    catalog.db.close();
    rmSync(catalog.dir, { recursive: true, force: true });
  });

  it("stores every title of every site, nothing lost, no failures", async () => {
    const rt = createProviderRuntime(testConfig({ ...simulatedProviders(sim), ...FAULT_MIX_ENV }), {
      now: () => NOW,
      http: FAULT_MIX_BACKOFF,
    });
    const before = sim.stats();
    const runs = [];
    for (const provider of NAMES) runs.push(...(await runIngest(catalog.db, rt, { provider, trigger: "cli" })));
    const http = rt.http.stats();
    await rt.close();
    const after = sim.stats();
    const faults = (k: keyof typeof after.faults) => after.faults[k] - before.faults[k];
    for (const kind of ["burst500", "rate429", "challenge", "html", "slow", "truncate"] as const) expect(faults(kind), kind).toBeGreaterThan(3);

    for (const run of runs) expect(run, run.provider).toMatchObject({ status: "succeeded", added: TITLES, failures: 0, errors: 0, error: null });
    const stored = catalog.db.prepare("SELECT provider, count(*) AS n FROM movies GROUP BY provider ORDER BY provider").all();
    expect(stored).toEqual([...NAMES].sort().map((provider) => ({ provider, n: TITLES })));
    // A gallery that fails no longer fails its title: through these faults (each retried) none may be lost either.
    const docs = catalog.db.prepare("SELECT m.provider, m.content_id AS id, d.doc FROM movies m JOIN movie_docs d ON d.id = m.id").all() as {
      provider: string;
      id: string;
      doc: string;
    }[];
    const pictured = (doc: string) => {
      const g = JSON.parse(doc).extra.galleryFull;
      return Array.isArray(g) ? g.length > 0 : g != null;
    };
    for (const sim of SIM_SITES) {
      const want = siteTitles(TITLES, 11, sim.name)
        .filter((t) => sim.name !== "muramura" && galleryKindOf(t, sim) !== null)
        .map((t) => d2passIdOf(t, sim));
      const got = docs.filter((d) => d.provider === sim.name && pictured(d.doc)).map((d) => d.id);
      expect(got.sort(), sim.name).toEqual(want.sort());
    }
    expect(runs.reduce((n, r) => n + r.requests, 0)).toBe(after.requests - before.requests);
    expect(runs.reduce((n, r) => n + r.retries, 0)).toBe(http.retries);
    console.log(
      `d2pass through faults: ${after.requests - before.requests} requests for ${NAMES.length * TITLES} titles, retries ${http.retries}, ` +
        `faults ${JSON.stringify(Object.fromEntries(Object.keys(after.faults).map((k) => [k, faults(k as keyof typeof after.faults)])))}`,
    );
  }, 180_000);
});
