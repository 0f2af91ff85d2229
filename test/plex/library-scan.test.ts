/**
 * A first library scan of 10,000 new movies by Plex Media Server with this catalog as its
 * Custom Metadata Provider, against the real server with the settings the docs give (no
 * rate set; a key made as docs/media-servers.md says, in the provider URL `/plex/{key}`; a
 * public PUBLIC_URL, for the cut posters).
 * Each title gets the requests plex-requests.ts's plexScanTitle makes: the match, the
 * Metadata, the /images list, and a download of each picture PMS keeps. A 429 is a title
 * left unmatched, or without its poster, until the next refresh: none may be met.
 *
 * How many titles PMS works on at once is not on record: neither Plex's docs nor the
 * announcement thread nor any provider's notes or issues found say it. SCAN_CONCURRENCY is
 * a conservative guess: 16, above what Jellyfin's scan runs on a 16-thread machine (13,
 * test/metatube/plugin-scan.ts). The server's pacing queues up to 2 s of a rate (at the
 * defaults 200 JSON requests of a key, 60 picture requests of an address), so any
 * concurrency up to 60 is held the same way: later, not refused.
 *
 * Time is simulated (SimClock) as in test/metatube/library-scan.test.ts: the budgets' clock
 * is the simulation's, and each request costs PMS what a LAN answer takes, PMS's own work
 * taken as none: the hardest pace a scan can make.
 */
import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../src/catalog/index.js";
import type { Config } from "../../src/config/load.js";
import type { IngestRecord } from "../../src/model/record.js";
import { createApiKey } from "../../src/services/access/key-admin.js";
import { makeIngest } from "../helpers/build-app.js";
import { overBudget, type PacedScanServer, pacedScanServer } from "../helpers/paced-scan-server.js";
import type { SimClock } from "../helpers/sim-clock.js";
import {
  DOC_FEATURES,
  FILENAME_SHAPES,
  featurePath,
  type PlexSend,
  plexFeatures,
  plexMatch,
  plexMetadata,
  plexRoot,
  plexScanTitle,
  type ScanStep,
} from "./plex-requests.js";
import { type PlexAnswer, plexViolations } from "./plex-schema.js";

const TITLES = 10_000;
const SCAN_CONCURRENCY = 16;
/** What a request costs PMS, in ms: the server's answer over a LAN socket (under a millisecond for both). */
const ROUND_TRIP_MS = { json: 0.5, image: 1 };
/** How many answers of each kind are checked against the documented schema (every one would only repeat the first ones' shape). */
const CHECKED = 200;
const LANGUAGE = { language: "en-US", country: "JP" };

const NAMES = "Airi Suzumura|Yua Mikami|Momo Sakura|Tia Hatano|Rin Asuka|Mio Kimijima|Ena Koume|Sora Shiina".split("|");

/** 10,000 FANZA titles on one jacket (the budgets are under test, not libvips: two cuts, then the cache). */
function library(pictures: string): IngestRecord[] {
  const letter = (n: number) => String.fromCharCode(65 + (n % 26));
  return Array.from({ length: TITLES }, (_, i) => {
    const label = `P${letter(Math.floor(i / 100 / 26))}${letter(Math.floor(i / 100))}`;
    const number = String(101 + (i % 100));
    const actresses = [NAMES[i % NAMES.length], ...(i % 2 ? [NAMES[(i * 3 + 1) % NAMES.length]] : [])].filter((n, k, all) => all.indexOf(n) === k);
    return makeIngest(
      {
        contentId: `${label.toLowerCase()}00${number}`,
        dvdId: `${label}-${number}`,
        actresses,
        jacketFullUrl: `${pictures}/jacket.jpg`,
        jacketThumbUrl: `${pictures}/thumb.jpg`,
        extra: { actressesRich: actresses.map((name) => ({ name, image: null })), sampleUrl: null, galleryFull: [], galleryThumb: [] },
      },
      { provider: "fanza" },
    );
  });
}

/** A file's path as PMS sends it, in each of the shapes plex-requests.ts knows, in turn. */
function pathOf(t: IngestRecord, i: number): string {
  const name = `${t.record.dvdId}.mp4`;
  const shapes = [FILENAME_SHAPES.docsTable(name), FILENAME_SHAPES.docsExample(name), FILENAME_SHAPES.nested(name), FILENAME_SHAPES.bare(name)];
  return shapes[i % shapes.length];
}

const ANSWER_OF: Record<Exclude<ScanStep, "download">, PlexAnswer> = { match: "matches", metadata: "metadata", images: "images" };

describe("a first library scan by Plex Media Server through the custom provider", () => {
  let s: PacedScanServer;
  let db: Db;
  let config: Config;
  let app: FastifyInstance;
  let titles: IngestRecord[];
  let clock: SimClock;

  beforeAll(async () => {
    // A public PUBLIC_URL, so that PMS downloads the cut pictures from this server (without one it fetches the sources': test/plex/pictures.test.ts).
    s = await pacedScanServer(library, { PUBLIC_URL: "https://catalog.example.com" });
    ({ db, config, app, titles, clock } = s);
  });
  afterAll(async () => s?.close());

  const inject = (request: InjectOptions) => app.inject(request);

  it("the root answers the MediaProvider; its feature keys, appended to the provider's URL as PMS does, are the match and metadata routes", async () => {
    const { token } = createApiKey(db, { name: "plex root", rate: undefined }, config.keyRatePerMinute);
    const base = `/plex/${token}`;
    const res = await inject(plexRoot(base));
    expect(res.statusCode).toBe(200);
    const root = res.json();
    expect(plexViolations("provider", root)).toEqual([]);
    expect(root.MediaProvider.Types.map((t: { type: number }) => t.type)).toEqual([1]);
    const keys = plexFeatures(root);
    expect(keys).toEqual(DOC_FEATURES);
    const title = titles[0].record.dvdId!;
    const match = await inject(plexMatch(base, { title, filename: `/Movies/${title}.mp4` }, LANGUAGE, keys));
    expect(match.statusCode, `POST ${featurePath(base, keys.match)}`).toBe(200);
    expect(plexViolations("matches", match.json(), { identifier: root.MediaProvider.identifier })).toEqual([]);
    const ratingKey = match.json().MediaContainer.Metadata[0].ratingKey;
    expect((await inject(plexMetadata(base, ratingKey, LANGUAGE, keys))).statusCode).toBe(200);
  });

  it(`${TITLES.toLocaleString("en")} titles, ${SCAN_CONCURRENCY} at a time, with the documented budgets: every request answered, none refused, the budgets held`, async () => {
    // Long enough after anything before for every bucket to be full again.
    await clock.run([() => clock.sleep(60_000)]);
    const start = clock.now();
    const { token, key } = createApiKey(db, { name: "plex", rate: undefined }, config.keyRatePerMinute);
    const base = `/plex/${token}`;
    const statuses = new Map<ScanStep, Record<number, number>>();
    const answered = { json: [] as number[], image: [] as number[] };
    const violations: string[] = [];
    const checked = { match: 0, metadata: 0, images: 0 };
    let identifier: string | undefined;

    const send: PlexSend = async (step, request) => {
      const res = await inject(request);
      // The budget let the request through at this simulated time: its answer takes none.
      const json = step !== "download";
      answered[json ? "json" : "image"].push(clock.now() - start);
      const byStatus = statuses.get(step) ?? {};
      byStatus[res.statusCode] = (byStatus[res.statusCode] ?? 0) + 1;
      statuses.set(step, byStatus);
      let body: unknown;
      if (json && res.statusCode === 200) {
        body = res.json();
        identifier ??= (body as { MediaContainer: { identifier: string } }).MediaContainer.identifier;
        if (checked[step]++ < CHECKED)
          for (const v of plexViolations(ANSWER_OF[step], body, { identifier })) violations.push(`${step} ${request.url}: ${v.path} ${v.message}`);
      } else if (!json && res.statusCode === 200) expect(res.headers["content-type"]).toBe("image/jpeg");
      await clock.sleep(json ? ROUND_TRIP_MS.json : ROUND_TRIP_MS.image);
      return { status: res.statusCode, body };
    };

    let next = 0;
    const pms = async () => {
      while (next < titles.length) {
        const i = next++;
        await plexScanTitle(base, pathOf(titles[i], i), send, LANGUAGE);
      }
    };
    const pacedBefore = s.pacedWaits();
    await clock.run(Array.from({ length: SCAN_CONCURRENCY }, () => pms));
    const minutes = (clock.now() - start) / 60_000;
    const paced = s.pacedWaits() - pacedBefore;

    const downloads = answered.image.length;
    const json = answered.json.length;
    console.log(
      [
        `Plex scan of ${TITLES} titles, ${SCAN_CONCURRENCY} at a time: ${json + downloads} requests (${((json + downloads) / TITLES).toFixed(2)} a title)`,
        `  ${json} to the provider with the key (${(json / TITLES).toFixed(2)} a title: match, metadata, images) at ${key.ratePerMinute}/min`,
        `  ${downloads} picture downloads (${(downloads / TITLES).toFixed(2)} a title) at ${config.imageRatePerMinute}/min per address`,
        `  ${minutes.toFixed(2)} simulated minutes, ${paced} requests paced, statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
      ].join("\n"),
    );

    expect(violations.slice(0, 20)).toEqual([]);
    expect(statuses.get("match")).toEqual({ 200: TITLES });
    expect(statuses.get("metadata")).toEqual({ 200: TITLES });
    expect(statuses.get("images")).toEqual({ 200: TITLES });
    // The poster and the art at least, each answered.
    expect(downloads).toBeGreaterThanOrEqual(2 * TITLES);
    expect(statuses.get("download")).toEqual({ 200: downloads });

    // The budgets held (never more through than a full bucket and its refill) and bounded the
    // scan: it was paced, and ended when the slower one allowed, not much later.
    const budgets = [
      [answered.json, key.ratePerMinute],
      [answered.image, config.imageRatePerMinute],
    ] as const;
    for (const [times, perMinute] of budgets) expect(overBudget(times, perMinute)).toBeNull();
    expect(paced).toBeGreaterThan(0);
    const least = Math.max(...budgets.map(([times, perMinute]) => (times.length - perMinute) / perMinute));
    expect(minutes).toBeGreaterThanOrEqual(least);
    expect(minutes).toBeLessThan(least * 1.05);
  }, 300_000);
});
