/**
 * A miss on a machine without internet: the app as `serve` composes it (its live fallback made
 * by liveLookups from LIVE_LOOKUPS and the usable providers), its providers pointed at a host
 * name that does not resolve (the client's resolver is the test's: nothing leaves the machine)
 * or at a closed port. The miss answers well inside LIVE_TIMEOUT_MS, not after it; with
 * LIVE_LOOKUPS=off, every face answers a miss as not found at once and asks no source.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo, LookupFunction } from "node:net";
import { rmSync } from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createKey } from "../../../src/catalog/index.js";
import { simulatorEnv } from "../../../src/cli/simulate-env.js";
import { createProviderRuntime, type RuntimeOptions } from "../../../src/providers/runtime.js";
import { buildServer } from "../../../src/server/app.js";
import { liveLookups } from "../../../src/services/live/live-lookups.js";
import { tempCatalog, testConfig } from "../../helpers/build-app.js";

/** The budget of a live lookup (LIVE_TIMEOUT_MS's default); a miss offline must not spend it. */
const BUDGET_MS = 8000;

const apps: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of apps.splice(0)) await close();
});

async function appWith(env: Record<string, string>, runtimeOptions: RuntimeOptions = {}) {
  const { db, dir, path } = tempCatalog();
  const config = testConfig({ DATABASE_PATH: path, LIVE_TIMEOUT_MS: String(BUDGET_MS), ...env });
  const { token } = createKey(db, "test", 1_000_000);
  const runtime = createProviderRuntime(config, runtimeOptions);
  const live = liveLookups(db, runtime, config);
  const app = await buildServer({ db, config, live, pool: null, ingest: null }, { logger: false, dashboard: false });
  apps.push(async () => {
    await app.close();
    await runtime.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const timed = async (o: { method?: "GET" | "POST"; url: string; headers?: Record<string, string>; payload?: string }) => {
    const t0 = performance.now();
    const res = await app.inject({ ...o, headers: { "x-service-key": token, ...o.headers } });
    return { res, ms: performance.now() - t0 };
  };
  return {
    live,
    token,
    movie: (q: string) => timed({ url: `/movie?q=${encodeURIComponent(q)}` }),
    query: (q: string) => timed({ url: `/query?q=${encodeURIComponent(q)}` }),
    metatube: (q: string) =>
      timed({ url: `/v1/movies/search?q=${encodeURIComponent(q)}&provider=&fallback=True`, headers: { authorization: `Bearer ${token}` } }),
    plex: (filename: string) =>
      timed({
        method: "POST",
        url: `/plex/${token}/library/metadata/matches`,
        headers: { "content-type": "application/json" },
        payload: JSON.stringify({ type: 1, filename }),
      }),
  };
}

/** A resolver that knows no name, as the system's says on a machine without a network. */
const noSuchHost: LookupFunction = (hostname, _options, callback) => {
  process.nextTick(() => callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND", hostname }), "", 4));
};

describe("a miss without internet", () => {
  it("answers /movie and /query well inside LIVE_TIMEOUT_MS when no source's host name resolves", async () => {
    const a = await appWith(
      simulatorEnv(() => "http://nowhere.invalid"),
      { http: { lookup: noSuchHost } },
    );
    for (const code of ["ABP-901", "SIRO-4550", "HEYZO-1234"]) {
      const { res, ms } = await a.movie(code);
      expect(res.statusCode, code).toBe(502);
      expect(res.json(), code).toMatchObject({ code: "UPSTREAM_FAILED" });
      expect(ms, code).toBeLessThan(BUDGET_MS / 4);
    }
    const { res, ms } = await a.query("words no title has");
    expect(res.json()).toMatchObject({ source: "catalog", count: 0 });
    expect(ms).toBeLessThan(BUDGET_MS / 4);
  });

  it("answers miss after miss in milliseconds at the sources' own rates (1 request a second each), not a rate interval apiece", async () => {
    // Every source on a host of its own, at its default rate.
    const env = simulatorEnv((name) => `http://${name}.invalid`);
    for (const k of Object.keys(env)) if (k.endsWith("_RATE")) delete env[k];
    const a = await appWith(env, { http: { lookup: noSuchHost } });
    const times: number[] = [];
    for (const code of ["ABP-911", "ABP-912", "SIRO-4551", "ABP-913", "ABP-914"]) {
      const { res, ms } = await a.movie(code);
      expect(res.statusCode, code).toBe(502);
      times.push(ms);
    }
    // Before, each miss after the first waited its turn of every host's rate: about a second.
    expect(Math.max(...times), times.join(", ")).toBeLessThan(500);
  });

  it("answers a /movie miss well inside LIVE_TIMEOUT_MS when every source refuses the connection", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const a = await appWith(simulatorEnv(() => `http://127.0.0.1:${port}`));
    const { res, ms } = await a.movie("ABP-902");
    expect(res.statusCode).toBe(502);
    expect(ms).toBeLessThan(BUDGET_MS / 4);
  });
});

describe("LIVE_LOOKUPS=off", () => {
  let sources: Server;
  let base = "";
  const asked: string[] = [];
  beforeAll(async () => {
    sources = createServer((req, res) => {
      asked.push(req.url ?? "");
      res.writeHead(404, { "content-type": "application/json" });
      res.end("{}");
    });
    await new Promise<void>((resolve) => sources.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(sources.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => sources.close(() => resolve())));

  it("makes no live fallback: none when off or with no usable provider", async () => {
    expect((await appWith(simulatorEnv(() => base))).live).not.toBeNull();
    expect((await appWith({ ...simulatorEnv(() => base), LIVE_LOOKUPS: "off" })).live).toBeNull();
    expect((await appWith({})).live).toBeNull();
  });

  it("answers a miss on every face as not found at once, asking no source", async () => {
    asked.length = 0;
    const a = await appWith({ ...simulatorEnv(() => base), LIVE_LOOKUPS: "off" });
    const movie = await a.movie("ABP-903");
    expect(movie.res.statusCode).toBe(404);
    expect(movie.res.json()).toMatchObject({ code: "NOT_FOUND" });
    expect((await a.query("ABP-903")).res.json()).toMatchObject({ source: "catalog", count: 0 });
    expect((await a.query("words no title has")).res.json()).toMatchObject({ source: "catalog", count: 0 });
    const metatube = await a.metatube("ABP-903");
    expect(metatube.res.statusCode).toBe(404);
    expect(metatube.res.json()).toMatchObject({ error: { code: 404 } });
    const plex = await a.plex("ABP-903.mp4");
    expect(plex.res.statusCode).toBe(200);
    expect(plex.res.json()).toMatchObject({ MediaContainer: { size: 0 } });
    expect(asked).toEqual([]);
    for (const r of [movie, metatube, plex]) expect(r.ms).toBeLessThan(1000);
  });

  it("on (the default): the same misses ask the sources", async () => {
    asked.length = 0;
    const a = await appWith(simulatorEnv(() => base));
    await a.movie("ABP-904");
    expect(asked.some((u) => u.includes("ABP-904"))).toBe(true);
    await a.plex("ABP-905.mp4");
    expect(asked.some((u) => u.includes("ABP-905"))).toBe(true);
  });
});
