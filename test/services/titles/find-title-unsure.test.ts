/**
 * What the catalog cannot say of a code several sellers write: it holds one seller's copy
 * (a query named that seller, or the other sites are not crawled yet), and that says nothing
 * of the others. Against the sellers' sites in their real formats (the provider simulator).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { finishRun, markCrawlStart, startRun } from "../../../src/catalog/index.js";
import { PROVIDERS } from "../../../src/providers/registry.js";
import { type Simulator, startSimulator } from "../../../tools/simulator/index.js";
import { findTitles } from "../../../src/services/titles/find-title.js";
import { buildTestApp, makeIngest, simulatedProviders, type TestApp } from "../../helpers/build-app.js";
import { client, context } from "../../tools/simulator/helpers.js";

const DATED = ["1pondo", "caribbeancompr", "pacopacomama", "muramura"];

describe("a code of several sellers that the catalog holds one copy of", () => {
  let sim: Simulator;
  let t: TestApp;
  const holders = new Map<string, string[]>();
  const movie = (q: string, extra = "") => t.app.inject({ url: `/movie?q=${encodeURIComponent(q)}${extra}`, headers: { "x-service-key": t.key } });

  beforeAll(async () => {
    sim = await startSimulator({ records: 50, seed: 11, siteTitles: 120 });
    const http = client({ maxRetries: 0 });
    for (const p of PROVIDERS.filter((x) => DATED.includes(x.name))) {
      const ctx = { ...context(sim.baseUrlOf(p.name), http), settings: {} };
      for (let cursor: string | null = null; ; ) {
        const page = await p.crawl(cursor, {}, ctx);
        for (const r of page.records) holders.set(r.record.dvdId, [...(holders.get(r.record.dvdId) ?? []), p.name]);
        if ((cursor = page.nextCursor) === null) break;
      }
    }
    const extra = makeIngest({ contentId: "heyzo_7001", dvdId: "HEYZO-7001" }, { provider: "fanza", censored: false });
    const red = makeIngest({ contentId: "red030", dvdId: "RED-030" }, { provider: "tokyo-hot", censored: false });
    t = await buildTestApp([extra, red], { ...simulatedProviders(sim), NEGATIVE_CACHE_SECONDS: "0", HTTP_MAX_RETRIES: "0" }, { live: true });
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  const shared = () => [...holders].find(([, s]) => s.length >= 2 && s.includes("1pondo"))!;

  it("asks the sellers it cannot speak for, and is ambiguous when another holds it (found in review)", async () => {
    const [code, sites] = shared();
    // Naming 1pondo writes 1pondo's copy through: the catalog now holds one seller's.
    expect((await movie(`1pondo_${code}.mp4`)).json()).toMatchObject({ source: "1pondo" });
    const bare = await movie(code);
    expect(bare.statusCode).toBe(404);
    expect(bare.json().message).toMatch(new RegExp(`^${code} is a title of more than one seller \\(1pondo, .*${sites.filter((s) => s !== "1pondo")[0]}`));
    const mt = await t.app.inject({ url: `/v1/movies/search?q=${code}&provider=&fallback=True`, headers: { authorization: `Bearer ${t.key}` } });
    expect(mt.statusCode).toBe(404);
  });

  it("without live lookups, a copy the catalog holds of one seller is ambiguous while the others are not crawled whole", async () => {
    const [code] = [...holders].find(([, s]) => s.length === 1 && s[0] === "1pondo")!;
    expect((await movie(`1pondo ${code}`)).json()).toMatchObject({ source: "1pondo" });
    const offline = await findTitles(t.deps, code, { providers: null, live: false, text: "none" });
    expect(offline).toMatchObject({ status: "ambiguous" });
    expect(offline.status === "ambiguous" && offline.reason).toMatch(/not crawled whole, and not asked live/);
    // Asked live, the others say they have no such title: it is 1pondo's.
    expect((await movie(code)).json()).toMatchObject({ source: "1pondo", result: { dvdId: code } });
    // Once the other sellers' sites are crawled whole, the catalog speaks for them, live or not.
    for (const p of ["caribbeancompr", "pacopacomama", "muramura"]) {
      const run = startRun(t.db, p, "cli", "test", 1);
      markCrawlStart(t.db, p, 1);
      finishRun(t.db, run, p, "succeeded", null, 2, undefined, 1);
    }
    expect(await findTitles(t.deps, code, { providers: null, live: false, text: "none" })).toMatchObject({ status: "found" });
  });

  it("/query with the studio named searches that studio's titles of the code alone (found in review)", async () => {
    const [code, sites] = shared();
    const other = sites.find((s) => s !== "1pondo")!;
    expect((await movie(code, `&providers=${other}`)).statusCode).toBe(200);
    const res = await t.app.inject({ url: `/query?q=${encodeURIComponent(`1pondo ${code}`)}`, headers: { "x-service-key": t.key } });
    expect(res.json()).toMatchObject({ count: 1, results: [{ dvdId: code, extra: { studio: "一本道" } }] });
  });

  it("a finished crawl of a source that holds part of a seller's codes (MGStage's, of the labels') says nothing of the rest", async () => {
    const offline = () => findTitles(t.deps, "RED-030", { providers: null, live: false, text: "none" });
    expect(await offline()).toMatchObject({ status: "ambiguous", candidates: ["tokyo-hot", "dmm"] });
    for (const p of ["mgstage", "fc2"]) {
      const run = startRun(t.db, p, "cli", "test", 1);
      markCrawlStart(t.db, p, 1);
      finishRun(t.db, run, p, "succeeded", null, 2, undefined, 1);
    }
    expect(await offline()).toMatchObject({ status: "ambiguous", candidates: ["tokyo-hot", "dmm"] });
  });

  it("a title a source holds of another seller (DMM's data of a HEYZO code) still answers, speaking for no seller", async () => {
    const res = await movie("HEYZO-7001");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ source: "fanza", result: { contentId: "heyzo_7001" } });
  });
});
