/**
 * MGStage's and FC2's titles on every face (/movie, /query, scan's reading, MetaTube's search,
 * info by id and provider list), with the live providers on the simulator: a code of the
 * labels' namespace is asked of DMM's providers, then MGStage's (an amateur line's of MGStage
 * first, which sells it); an FC2 code of FC2's alone.
 * A title DMM and MGStage both sell is kept twice (their providers differ), and the copy
 * SERVICE_CODE_ORDER prefers answers: DMM's digital one.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IngestRecord } from "../../../src/model/record.js";
import { parseProductPage } from "../../../src/providers/mgstage/parse.js";
import { PROVIDERS } from "../../../src/providers/registry.js";
import { type Simulator, startSimulator } from "../../../tools/simulator/index.js";
import { buildTestApp, makeRecord, simulatedProviders, type TestApp } from "../../helpers/build-app.js";
import { client, context } from "../../tools/simulator/helpers.js";

/** MGStage's copy of ABP-647, read from its page (test/fixtures/mgstage: written from JavSP's recorded values). */
const mgsCopy = parseProductPage(
  readFileSync(new URL("../../fixtures/mgstage/product-ABP-647.html", import.meta.url), "utf8"),
  "https://www.mgstage.com",
  "ABP-647",
);
/** DMM's digital copy of the same title, as r18.dev would give it. */
const dmmCopy: IngestRecord = {
  provider: "r18dev",
  record: makeRecord({ contentId: "118abp00647", dvdId: "ABP-647", serviceCode: "digital" }),
  pageUrl: "https://r18.dev/videos/vod/movies/detail/-/id=118abp00647/",
  ratingAvg: null,
  ratingCount: null,
  popularity: null,
  altNames: {},
  censored: true,
};

describe("MGStage's and FC2's titles on every face", () => {
  let sim: Simulator;
  let t: TestApp;
  const listed: Record<string, IngestRecord[]> = {};
  const movie = (q: string, extra = "") => t.app.inject({ url: `/movie?q=${encodeURIComponent(q)}${extra}`, headers: { "x-service-key": t.key } });
  const mt = (url: string) => t.app.inject({ url, headers: { authorization: `Bearer ${t.key}` } });
  const hits = (route: string) => sim.stats().byRoute[route] ?? 0;

  beforeAll(async () => {
    sim = await startSimulator({ records: 100, seed: 17, siteTitles: 90 });
    const http = client({ maxRetries: 0 });
    for (const p of PROVIDERS.filter((x) => x.name === "mgstage" || x.name === "fc2")) {
      const settings = { ...Object.fromEntries(p.settings.map((s) => [s.env, s.default])), FC2_CRAWL_DAYS: "0" };
      const ctx = context(sim.baseUrlOf(p.name), http, settings);
      listed[p.name] = [];
      for (let cursor: string | null = null; ; ) {
        const page = await p.crawl(cursor, {}, ctx);
        listed[p.name].push(...page.records);
        if ((cursor = page.nextCursor) === null) break;
      }
    }
    t = await buildTestApp([mgsCopy, dmmCopy], { ...simulatedProviders(sim), NEGATIVE_CACHE_SECONDS: "0", HTTP_MAX_RETRIES: "0" }, { live: true });
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  const amateur = () => listed.mgstage.filter((r) => /^\d+[A-Z]+-/.test(r.record.dvdId));

  it("finds an amateur line's title by its code with and without the maker's digits, asking MGStage, which sells it, first", async () => {
    const [a, b] = amateur();
    const bare = b.record.dvdId.replace(/^\d+/, "");
    const before = { r18: hits("r18dev.dvd_id"), mgs: sim.stats().requests };
    for (const [name, want] of [
      [`hhd800.com@${a.record.dvdId}-C.mp4`, a],
      [`${bare.toLowerCase()}.mp4`, b],
    ] as const) {
      const res = await movie(name);
      expect(res.statusCode, name).toBe(200);
      expect(res.json(), name).toMatchObject({ source: "mgstage", result: { dvdId: want.record.dvdId, contentId: want.record.contentId } });
    }
    // MGStage had it: DMM's providers, which do not sell the amateur lines, were not asked.
    expect(hits("r18dev.dvd_id")).toBe(before.r18);
    // Held now: asked again, the catalog answers without a request.
    const now = sim.stats().requests;
    expect((await movie(a.record.dvdId)).json()).toMatchObject({ source: "mgstage" });
    expect(sim.stats().requests).toBe(now);
  });

  it("finds an FC2 title by every spelling of its number, asking FC2 alone", async () => {
    const r = listed.fc2[4].record;
    const n = r.contentId;
    for (const name of [`FC2-PPV-${n}.mp4`, `fc2ppv_${n}.mp4`, `FC2 PPV ${n} タイトル.mp4`, `(FC2)(${n})タイトル.mp4`]) {
      const res = await movie(name);
      expect(res.statusCode, name).toBe(200);
      expect(res.json(), name).toMatchObject({ source: "fc2", result: { dvdId: `FC2-PPV-${n}`, contentId: n } });
    }
    const before = hits("r18dev.dvd_id");
    expect((await movie("FC2-PPV-1000001")).statusCode).toBe(404);
    expect(hits("r18dev.dvd_id")).toBe(before);
  });

  it("keeps DMM's and MGStage's copies of one title and answers the one SERVICE_CODE_ORDER prefers", async () => {
    expect(t.db.prepare("SELECT provider FROM movies WHERE dvd_id = 'ABP-647' ORDER BY provider").pluck().all()).toEqual(["mgstage", "r18dev"]);
    expect((await movie("ABP-647.mp4")).json()).toMatchObject({ source: "r18dev", result: { contentId: "118abp00647" } });
    expect((await movie("ABP-647", "&providers=mgstage")).json()).toMatchObject({ source: "mgstage", result: { contentId: "abp-647" } });
    const search = await mt("/v1/movies/search?q=ABP-647&provider=&fallback=False");
    const results = JSON.parse(search.body).data as { provider: string; id: string }[];
    expect(results.map((r) => `${r.provider}:${r.id}`).sort()).toEqual(["FANZA:118abp00647", "MGS:abp-647"]);
  });

  it("MetaTube's plugins find them as MGS and FC2, list those names with their sites, and read them by id", async () => {
    const names = JSON.parse((await mt("/v1/providers")).body).data.movie_providers as Record<string, string>;
    expect(names).toMatchObject({ MGS: "https://www.mgstage.com/", FC2: "https://adult.contents.fc2.com/" });
    for (const [provider, name, r] of [
      ["mgstage", "MGS", amateur()[5]],
      ["fc2", "FC2", listed.fc2[9]],
    ] as const) {
      const search = await mt(`/v1/movies/search?q=${encodeURIComponent(r.record.dvdId)}&provider=${name}&fallback=True`);
      expect(search.statusCode, `${name} search`).toBe(200);
      expect(JSON.parse(search.body).data[0]).toMatchObject({ id: r.record.contentId, provider: name, number: r.record.dvdId });
      // MetaTube's own ids: MGS in upper case (300MAAN-778), FC2 the bare number.
      const id = provider === "mgstage" ? r.record.contentId.toUpperCase() : r.record.contentId;
      const other = listed[provider].at(-2)!.record;
      const info = await mt(`/v1/movies/${name}/${encodeURIComponent(provider === "mgstage" ? other.contentId.toUpperCase() : other.contentId)}?lazy=False`);
      expect(info.statusCode, `${name} info ${id}`).toBe(200);
      expect(JSON.parse(info.body).data).toMatchObject({ id: other.contentId, provider: name, number: other.dvdId });
    }
  });
});
