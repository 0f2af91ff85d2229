/**
 * A first library scan through MetaTube's plugins, as the media server makes it: 10,000
 * new titles through Jellyfin's, refreshed 13 at a time (its default on a 16-thread
 * machine), then Plex's agent, each title with the plugin's own requests (plugin-scan.ts),
 * against the real server with the settings the docs give (no rate set; a key made as
 * docs/media-servers.md says). The plugins never retry, so a single 429 is a title left
 * unidentified or without pictures until the next scan.
 *
 * Time is simulated (SimClock): the rate budgets' clock is the simulation's, and each
 * request costs its client what a real one takes to come back (a catalog answer or a cached
 * picture over a LAN, the client's own work taken as none), so the media server asks as
 * fast as the server answers: far over any budget, the hardest pace a scan can make.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, openCatalog } from "../../src/catalog/store/db.js";
import { upsertRecords } from "../../src/catalog/store/movies-write.js";
import type { Config } from "../../src/config/load.js";
import { createImages, type Images } from "../../src/images/index.js";
import type { IngestRecord } from "../../src/model/record.js";
import { createHttpClient } from "../../src/net/index.js";
import { buildServer } from "../../src/server/app.js";
import { LoginThrottle } from "../../src/server/dashboard/throttle.js";
import { KeyRateLimiter } from "../../src/server/plugins/rate-limit.js";
import { createApiKey } from "../../src/services/key-admin.js";
import { makeIngest, testConfig } from "../helpers/build-app.js";
import { SimClock } from "../helpers/sim-clock.js";
import { jellyfinRefresh, jellyfinScanConcurrency, type PluginRequest, plexUpdate, type Send } from "./plugin-scan.js";

const TITLES = 10_000;
const ACTRESSES = 2_000;
/** What a request costs its client, in ms: the server's answer over a LAN socket (under a millisecond for both). */
const ROUND_TRIP_MS = { json: 0.5, image: 1 };

const FAMILY = "Aoi Hoshino Kanda Mikami Shiraishi Suzumura Takeda Yamate Hatano Asuka".split(" ");
const GIVEN = "Airi Yua Momo Tia Rin Mio Ena Sora Yui Hikari Nana Riko Saki Kaho Mei Rena Aya Miku Jun Ai".split(" ");

/** 10,000 FANZA titles, each with one to three of 2,000 actresses, all on one jacket (the budget is under test, not libvips: three cuts, then the cache). */
function library(pictures: string): IngestRecord[] {
  const actress = (n: number) => `${GIVEN[n % GIVEN.length]} ${FAMILY[Math.floor(n / GIVEN.length) % FAMILY.length]} ${Math.floor(n / 200) + 1}`;
  const letter = (n: number) => String.fromCharCode(65 + (n % 26));
  return Array.from({ length: TITLES }, (_, i) => {
    const label = `V${letter(Math.floor(i / 100 / 26))}${letter(Math.floor(i / 100))}`;
    const number = String(101 + (i % 100));
    const names = [...new Set([actress(i % ACTRESSES), ...(i % 2 ? [actress((i * 7) % ACTRESSES)] : []), ...(i % 3 ? [] : [actress((i * 13) % ACTRESSES)])])];
    const contentId = `${label.toLowerCase()}00${number}`;
    return makeIngest(
      {
        contentId,
        dvdId: `${label}-${number}`,
        actresses: names,
        jacketFullUrl: `${pictures}/jacket.jpg`,
        jacketThumbUrl: `${pictures}/thumb.jpg`,
        extra: { actressesRich: names.map((name) => ({ name, image: null })), sampleUrl: null, galleryFull: [], galleryThumb: [] },
      },
      { provider: "fanza" },
    );
  });
}

async function pictureServer(): Promise<{ server: Server; base: string }> {
  const jacket = await sharp({ create: { width: 800, height: 538, channels: 3, background: "#808080" } })
    .jpeg()
    .toBuffer();
  const server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "image/jpeg", "content-length": jacket.length });
    res.end(jacket);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** The most a budget of `perMinute` (a bucket that starts full) lets through by each of these sorted times: the first time it was exceeded, or null. */
function overBudget(times: number[], perMinute: number): number | null {
  const i = times.findIndex((t, n) => n + 1 > perMinute + (perMinute * t) / 60_000 + 1e-6);
  return i === -1 ? null : times[i];
}

describe("a first library scan through MetaTube's Jellyfin plugin", () => {
  const dir = mkdtempSync(join(tmpdir(), "vc-scan-"));
  const clock = new SimClock();
  let pacedWaits = 0;
  let db: Db;
  let config: Config;
  let images: Images;
  let pictures: { server: Server; base: string };
  let app: FastifyInstance;
  let titles: IngestRecord[];

  beforeAll(async () => {
    pictures = await pictureServer();
    titles = library(pictures.base);
    const path = join(dir, "catalog.db");
    db = openCatalog(path);
    upsertRecords(db, titles);
    // The documented settings: nothing about rates set.
    config = testConfig({ DATABASE_PATH: path, IMAGE_CACHE_DIR: join(dir, "images") });
    images = createImages({
      http: createHttpClient({ userAgent: "video-catalog-test", timeoutMs: 5000, maxRetries: 0 }),
      dir: config.imageCacheDir,
      maxBytes: 64 * 1024 * 1024,
    });
    const budgetClock = {
      now: () => clock.now(),
      sleep: (ms: number) => {
        pacedWaits++;
        return clock.sleep(ms);
      },
    };
    app = await buildServer(
      { db, config, live: null, pool: null, ingest: null, images },
      { logger: false, dashboard: false, shared: { rates: new KeyRateLimiter(budgetClock), signIn: new LoginThrottle() } },
    );
  });

  afterAll(async () => {
    await app?.close();
    await images?.close();
    pictures?.server.close();
    db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /**
   * Runs `refresh` over `names` with `concurrency` clients on one new key made as the docs say,
   * from a moment when every budget is full; the answers' statuses by step, and when (in
   * simulated ms from the start) each JSON request and each picture was let through.
   */
  async function scan(concurrency: number, names: string[], refresh: (name: string, send: Send) => Promise<void>) {
    // Long enough after anything before for every bucket to be full again.
    await clock.run([() => clock.sleep(60_000)]);
    const start = clock.now();
    const { token, key } = createApiKey(db, { name: "media server", rate: undefined }, config.keyRatePerMinute);
    const statuses = new Map<string, Record<number, number>>();
    const answered = { json: [] as number[], image: [] as number[] };
    const send: Send = async (request: PluginRequest) => {
      const res = await app.inject({
        method: "GET",
        url: request.url,
        headers: { "user-agent": request.userAgent, ...(request.token ? { accept: "application/json", authorization: `Bearer ${token}` } : {}) },
      });
      // The budget let the request through at this simulated time: its answer takes none.
      answered[request.token ? "json" : "image"].push(clock.now() - start);
      const byStatus = statuses.get(request.step) ?? {};
      byStatus[res.statusCode] = (byStatus[res.statusCode] ?? 0) + 1;
      statuses.set(request.step, byStatus);
      await clock.sleep(request.token ? ROUND_TRIP_MS.json : ROUND_TRIP_MS.image);
      return { status: res.statusCode, data: request.token && res.statusCode === 200 ? (JSON.parse(res.body) as { data: unknown }).data : undefined };
    };
    let next = 0;
    const client = async () => {
      while (next < names.length) await refresh(names[next++], send);
    };
    const pacedBefore = pacedWaits;
    await clock.run(Array.from({ length: concurrency }, () => client));
    return { statuses, answered, key, minutes: (clock.now() - start) / 60_000, paced: pacedWaits - pacedBefore };
  }

  /** The budgets held (never more through than a full bucket and its refill) and bounded the scan: it was paced, and ended when the slower one allowed, not much later. */
  function expectPacedByBudgets(run: Awaited<ReturnType<typeof scan>>): void {
    const budgets = [
      [run.answered.json, run.key.ratePerMinute],
      [run.answered.image, config.imageRatePerMinute],
    ] as const;
    for (const [times, perMinute] of budgets) expect(overBudget(times, perMinute)).toBeNull();
    expect(run.paced).toBeGreaterThan(0);
    const least = Math.max(...budgets.map(([times, perMinute]) => (times.length - perMinute) / perMinute));
    expect(run.minutes).toBeGreaterThanOrEqual(least);
    expect(run.minutes).toBeLessThan(least * 1.05);
  }

  it("Jellyfin, 10,000 titles 13 at a time with the documented budgets: every request answered, none refused, the budgets held", async () => {
    const run = await scan(
      jellyfinScanConcurrency(16),
      titles.map((t) => t.record.dvdId!),
      jellyfinRefresh,
    );
    const actors = titles.reduce((n, t) => n + t.record.actresses.length, 0);
    expect(run.statuses).toEqual(
      new Map([
        ["movie search", { 200: TITLES }],
        ["movie info", { 200: 2 * TITLES }],
        ["actor search", { 200: actors }],
        ["primary image", { 200: TITLES }],
        ["thumb image", { 200: TITLES }],
        ["backdrop image", { 200: TITLES }],
      ]),
    );
    expectPacedByBudgets(run);
  }, 300_000);

  it("Plex's agent, the first 2,000 titles at the same concurrency (Plex's own is not public): none refused", async () => {
    const some = titles.slice(0, 2_000);
    const run = await scan(
      jellyfinScanConcurrency(16),
      some.map((t) => `${t.record.dvdId}.mp4`),
      plexUpdate,
    );
    const actors = some.reduce((n, t) => n + t.record.actresses.length, 0);
    expect(run.statuses).toEqual(
      new Map([
        ["movie search", { 200: some.length }],
        ["movie info", { 200: some.length }],
        ["actor search", { 200: actors }],
        ["primary image", { 200: some.length }],
        ["backdrop image", { 200: some.length }],
      ]),
    );
    expectPacedByBudgets(run);
  }, 120_000);
});
