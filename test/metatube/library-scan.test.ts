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
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../src/catalog/index.js";
import type { Config } from "../../src/config/load.js";
import type { IngestRecord } from "../../src/model/record.js";
import { createApiKey } from "../../src/services/access/key-admin.js";
import { makeIngest } from "../helpers/build-app.js";
import { overBudget, type PacedScanServer, pacedScanServer } from "../helpers/paced-scan-server.js";
import type { SimClock } from "../helpers/sim-clock.js";
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

describe("a first library scan through MetaTube's Jellyfin plugin", () => {
  let s: PacedScanServer;
  let db: Db;
  let config: Config;
  let app: FastifyInstance;
  let titles: IngestRecord[];
  let clock: SimClock;

  beforeAll(async () => {
    s = await pacedScanServer(library);
    ({ db, config, app, titles, clock } = s);
  });
  afterAll(async () => s?.close());

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
    const pacedBefore = s.pacedWaits();
    await clock.run(Array.from({ length: concurrency }, () => client));
    return { statuses, answered, key, minutes: (clock.now() - start) / 60_000, paced: s.pacedWaits() - pacedBefore };
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
