/**
 * The one way to find a title, against the sellers' sites in their real formats (the provider
 * simulator): every face reads the code and its sellers from a file name, the catalog answers
 * first, then only the providers of those sellers are asked; a date code that two sellers hold,
 * with nothing in the name to choose, is ambiguous on every face, never a guess.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCode } from "../../../src/codes/index.js";
import type { IngestRecord } from "../../../src/model/record.js";
import { PROVIDERS } from "../../../src/providers/registry.js";
import { type Simulator, startSimulator } from "../../../tools/simulator/index.js";
import { client, context } from "../../tools/simulator/helpers.js";
import { buildTestApp, simulatedProviders, type TestApp } from "../../helpers/build-app.js";

const SELLERS_SITES = ["1pondo", "10musume", "pacopacomama", "muramura", "caribbeancom", "caribbeancompr", "heyzo", "tokyo-hot"];
const DATED = ["1pondo", "caribbeancompr", "pacopacomama", "muramura"];

/** File names as people keep them, per provider, around a title's code (shapes from the real name tables). */
const NAMES: Record<string, (code: string) => string[]> = {
  "1pondo": (c) => [`1pondo_${c}.mp4`, `[1Pondo] ${c} 伊藤舞雪.mp4`, `1pon-${c}-1080p.mp4`],
  "10musume": (c) => [`10musume ${c}.mp4`, `${c}.mp4`],
  pacopacomama: (c) => [`pacopacomama_${c}.mp4`, `パコパコママ ${c}.mp4`],
  muramura: (c) => [`muramura_${c}.mp4`],
  caribbeancom: (c) => [`${c}-carib-1080p.mp4`, `Caribbeancom-${c}-Rin-Kira.mp4`, `${c}.mp4`, `加勒比 ${c.replace("-", "_")}.mp4`],
  caribbeancompr: (c) => [`caribbeancompr ${c}.mp4`, `カリビアンコムプレミアム ${c}.mp4`],
  heyzo: (c) => [`heyzo_hd_${c.slice(6)}_full.mp4`, `(Heyzo)(${c.slice(6)})看護師長は固いのがお好き.mp4`, `[HEYZO] ${c.slice(6)}.mp4`, `${c}-FHD.mp4`],
  "tokyo-hot": (c) => [`Tokyo-Hot ${c}-HD.mp4`, `tokyo_hot-${c.toLowerCase().replace("-", "")}.mp4`],
};

describe("finding titles of the sellers' sites", () => {
  let sim: Simulator;
  let t: TestApp;
  /** Each site's titles, as its provider crawls them. */
  const listed: Record<string, IngestRecord[]> = {};
  const headers = () => ({ "x-service-key": t.key });
  const movie = (q: string, extra = "") => t.app.inject({ url: `/movie?q=${encodeURIComponent(q)}${extra}`, headers: headers() });
  const routesOf = (site: string) =>
    Object.entries(sim.stats().byRoute)
      .filter(([route]) => route.startsWith(`${site}.`))
      .reduce((n, [, hits]) => n + hits, 0);

  beforeAll(async () => {
    sim = await startSimulator({ records: 200, seed: 11, siteTitles: 120 });
    const http = client({ maxRetries: 0 });
    for (const p of PROVIDERS.filter((x) => SELLERS_SITES.includes(x.name))) {
      const ctx = { ...context(sim.baseUrlOf(p.name), http), settings: {} };
      listed[p.name] = [];
      for (let cursor: string | null = null; ; ) {
        const page = await p.crawl(cursor, {}, ctx);
        listed[p.name].push(...page.records);
        if ((cursor = page.nextCursor) === null) break;
      }
    }
    t = await buildTestApp([], { ...simulatedProviders(sim), NEGATIVE_CACHE_SECONDS: "0", HTTP_MAX_RETRIES: "0" }, { live: true });
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  /** Codes of the four underscore sites, and which of them holds each. */
  const datedHolders = () => {
    const holders = new Map<string, string[]>();
    for (const site of DATED) for (const r of listed[site]) holders.set(r.record.dvdId, [...(holders.get(r.record.dvdId) ?? []), site]);
    return holders;
  };

  it("finds a title of every seller by every shape of name, from its own provider alone", async () => {
    let asked = 0;
    for (const site of SELLERS_SITES) {
      const holders = datedHolders();
      // A title whose code no other site has (a shared date code is the next test's).
      const r = listed[site].find((x) => (holders.get(x.record.dvdId) ?? [site]).length === 1)!.record;
      for (const name of NAMES[site](r.dvdId)) {
        const before = Object.fromEntries(SELLERS_SITES.map((s) => [s, routesOf(s)]));
        const res = await movie(name);
        expect(res.statusCode, `${site}: ${name}`).toBe(200);
        expect(res.json().result.dvdId, name).toBe(r.dvdId);
        expect(res.json().source, name).toBe(site);
        // Asked of no seller the code cannot belong to (and of none at all once the catalog holds it).
        const others = SELLERS_SITES.filter((s) => s !== site && !(DATED.includes(s) && parseCode(name)?.kind === "dated"));
        for (const s of others) expect(routesOf(s), `${name} asked ${s}`).toBe(before[s]);
        asked++;
      }
    }
    expect(asked).toBe(20);
    expect(sim.stats().byRoute["r18dev.dvd_id"] + sim.stats().byRoute["fanza.ItemList"]).toBe(0);
  });

  it("answers a date code two sellers hold as ambiguous on every face, and the one the name or providers= names", async () => {
    const shared = [...datedHolders()].find(([, sites]) => sites.length >= 2);
    expect(shared, "the simulated sites share a date code").toBeDefined();
    const [code, sites] = shared!;
    const miss = await movie(code);
    expect(miss.statusCode).toBe(404);
    expect(miss.json().message).toMatch(new RegExp(`${code} is a title of more than one seller \\(.*${sites[1]}.*\\)`));
    // Both were asked and written through: the catalog now says so without asking.
    const held = t.db.prepare("SELECT provider FROM movies WHERE dvd_id = ? ORDER BY provider").pluck().all(code);
    expect(held).toEqual([...sites].sort());
    const hits = sim.stats().requests;
    expect((await movie(`${code}.mp4`)).statusCode).toBe(404);
    expect(sim.stats().requests).toBe(hits);
    const named = sites[0] === "1pondo" ? `1pondo_${code}.mp4` : `${sites[0]} ${code}.mp4`;
    expect((await movie(named)).json()).toMatchObject({ source: sites[0], result: { dvdId: code } });
    expect((await movie(code, `&providers=${sites[1]}`)).json()).toMatchObject({ source: sites[1] });
    const mt = await t.app.inject({ url: `/v1/movies/search?q=${code}&provider=&fallback=True`, headers: { authorization: `Bearer ${t.key}` } });
    expect(mt.statusCode).toBe(404);
  });

  it("finds a date code that one seller alone holds without a name, after asking the four", async () => {
    const singles = [...datedHolders()].filter(([code, s]) => s.length === 1 && s[0] !== "1pondo" && /_\d{3}$/.test(code));
    const [code, [site]] = singles.at(-1)!;
    expect(t.db.prepare("SELECT count(*) FROM movies WHERE dvd_id = ?").pluck().get(code)).toBe(0);
    const before = DATED.map(routesOf);
    const res = await movie(`${code}.mp4`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ source: site, result: { dvdId: code } });
    DATED.forEach((s, i) => expect(routesOf(s), s).toBeGreaterThan(before[i]));
  });

  it("asks a DMM code of DMM's providers alone, and HEYZO's of HEYZO alone", async () => {
    const before = Object.fromEntries(SELLERS_SITES.map((s) => [s, routesOf(s)]));
    expect((await movie("ABP-999")).statusCode).toBe(404);
    for (const s of SELLERS_SITES) expect(routesOf(s), s).toBe(before[s]);
    expect(sim.stats().byRoute["r18dev.dvd_id"]).toBeGreaterThan(0);
  });

  it("/query with a code alone that the catalog lacks finds it as /movie does", async () => {
    const r = listed.heyzo.at(-1)!.record;
    const res = await t.app.inject({ url: `/query?q=${encodeURIComponent(r.dvdId.toLowerCase())}`, headers: headers() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ source: "heyzo", count: 1, results: [{ dvdId: r.dvdId, id: r.contentId }] });
  });

  // Over the titles the tests above found live and wrote through to the catalog.
  it("/random and /query's filters reach them by provider, maker and censorship", async () => {
    const get = async (url: string) => (await t.app.inject({ url, headers: headers() })).json();
    const heyzo = await get("/random?num=5&providers=heyzo");
    expect(heyzo.length).toBeGreaterThan(0);
    expect(heyzo.every((r: { site: string }) => r.site === "HEYZO")).toBe(true);
    const onePondo = await get(`/query?filter=${encodeURIComponent('maker:"一本道"')}&num=50`);
    expect(onePondo.count).toBeGreaterThan(0);
    expect(onePondo.results.every((r: { extra: { studio: string } }) => r.extra.studio === "一本道")).toBe(true);
    const uncensored = await get(`/query?filter=${encodeURIComponent("censored:uncensored provider:tokyo-hot")}`);
    expect(uncensored.count).toBeGreaterThan(0);
    expect((await get(`/query?filter=${encodeURIComponent("censored:censored provider:tokyo-hot")}`)).count).toBe(0);
  });

  it("MetaTube's plugins find them under the provider names they know, and read them by id", async () => {
    const mt = (url: string) => t.app.inject({ url, headers: { authorization: `Bearer ${t.key}` } });
    const names = JSON.parse((await mt("/v1/providers")).body).data.movie_providers as Record<string, string>;
    const byName: Record<string, string> = { "1pondo": "1Pondo", caribbeancompr: "CaribbeancomPR", heyzo: "HEYZO", "tokyo-hot": "TOKYO-HOT" };
    for (const [site, name] of Object.entries(byName)) {
      const r = listed[site][2].record;
      const search = await mt(`/v1/movies/search?q=${encodeURIComponent(NAMES[site](r.dvdId)[0])}&provider=${name}&fallback=True`);
      expect(search.statusCode, `${name} ${r.dvdId}`).toBe(200);
      expect(JSON.parse(search.body).data[0]).toMatchObject({ id: r.contentId, provider: name, number: r.dvdId });
      expect(names[name]).toMatch(/^http/);
      const info = await mt(`/v1/movies/${name}/${encodeURIComponent(listed[site][3].record.contentId)}?lazy=True`);
      expect(info.statusCode, `${name} info`).toBe(200);
      expect(JSON.parse(info.body).data).toMatchObject({ id: listed[site][3].record.contentId, provider: name });
    }
  });
});
