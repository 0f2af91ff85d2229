/**
 * The real server of a media server's first library scan, on a simulated clock: a temp catalog of
 * the scan's titles, the image routes fetching one jacket from a local picture server, the
 * documented settings (no rate set), and the rate limiter waiting on the simulated clock, so a
 * scan of 10,000 titles is paced in seconds of the test's time. Used by the scans of MetaTube's
 * plugins (test/metatube/library-scan.test.ts) and of Plex's provider (test/plex/library-scan.test.ts).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { openCatalog, type Db, upsertRecords } from "../../src/catalog/index.js";
import type { Config } from "../../src/config/load.js";
import { createImages, type Images } from "../../src/images/index.js";
import type { IngestRecord } from "../../src/model/record.js";
import { createHttpClient } from "../../src/net/index.js";
import { buildServer } from "../../src/server/app.js";
import { LoginThrottle } from "../../src/services/access/sign-in-throttle.js";
import { KeyRateLimiter } from "../../src/services/access/rate-budget.js";
import { testConfig } from "./build-app.js";
import { SimClock } from "./sim-clock.js";

/** One 800x538 jacket for every URL: the budgets are under test, not libvips (a few cuts, then the cache). */
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

export interface PacedScanServer {
  app: FastifyInstance;
  db: Db;
  config: Config;
  clock: SimClock;
  titles: IngestRecord[];
  /** Requests the rate limiter made wait so far. */
  pacedWaits(): number;
  close(): Promise<void>;
}

/** The server over the titles `library` makes with the picture server's base URL; `env`: settings beside the documented defaults. */
export async function pacedScanServer(library: (pictures: string) => IngestRecord[], env: Record<string, string> = {}): Promise<PacedScanServer> {
  const dir = mkdtempSync(join(tmpdir(), "vc-scan-"));
  const clock = new SimClock();
  let waits = 0;
  const pictures = await pictureServer();
  const titles = library(pictures.base);
  const path = join(dir, "catalog.db");
  const db = openCatalog(path);
  upsertRecords(db, titles);
  // The documented settings: nothing about rates set.
  const config = testConfig({ DATABASE_PATH: path, IMAGE_CACHE_DIR: join(dir, "images"), ...env });
  const images: Images = createImages({
    http: createHttpClient({ userAgent: "video-catalog-test", timeoutMs: 5000, maxRetries: 0 }),
    dir: config.imageCacheDir,
    maxBytes: 64 * 1024 * 1024,
  });
  const budgetClock = {
    now: () => clock.now(),
    sleep: (ms: number) => {
      waits++;
      return clock.sleep(ms);
    },
  };
  const app = await buildServer(
    { db, config, live: null, pool: null, ingest: null, images },
    { logger: false, dashboard: false, shared: { rates: new KeyRateLimiter(budgetClock), signIn: new LoginThrottle() } },
  );
  return {
    app,
    db,
    config,
    clock,
    titles,
    pacedWaits: () => waits,
    close: async () => {
      await app.close();
      await images.close();
      pictures.server.close();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The first of these sorted times by which more went through than a budget of `perMinute` (a bucket that starts full) lets through, or null. */
export function overBudget(times: number[], perMinute: number): number | null {
  const i = times.findIndex((t, n) => n + 1 > perMinute + (perMinute * t) / 60_000 + 1e-6);
  return i === -1 ? null : times[i];
}
