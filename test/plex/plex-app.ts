/**
 * The real server for the Plex provider's tests: a temp catalog holding the providers' real
 * samples (test/helpers/sample-titles.ts: r18.dev's SNIS-217 and ROYD-191, the FANZA API's
 * MIDE-799, SONE-708 and TKMIRD-261), one API key, and the image routes fetching the titles'
 * pictures from a local server in the real shapes (800x538 jackets with a blue back and a red
 * front, 147x200 thumbnails, 125x125 actress pictures), so a picture URL the provider gives
 * can be fetched and looked at.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { openCatalog, type Db, createKey, upsertRecords } from "../../src/catalog/index.js";
import type { Config } from "../../src/config/load.js";
import { createImages, type Images } from "../../src/images/index.js";
import type { IngestRecord } from "../../src/model/record.js";
import { createHttpClient } from "../../src/net/index.js";
import { createProviderRuntime } from "../../src/providers/runtime.js";
import { buildServer, type ServerOptions } from "../../src/server/app.js";
import type { ServiceDeps } from "../../src/services/deps.js";
import { LiveFallback } from "../../src/services/live/live-fallback.js";
import { testConfig } from "../helpers/build-app.js";
import { coverServer, type CoverServer } from "../helpers/cover-server.js";
import { sampleTitles, withPicturesAt } from "../helpers/sample-titles.js";
import { type PlexAnswer, plexViolations } from "./plex-schema.js";

export interface PlexApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** An API key's token, and the provider's root as Plex is given it. */
  key: string;
  root: string;
  titles: IngestRecord[];
  covers: CoverServer;
  close(): Promise<void>;
}

export interface PlexAppOptions {
  env?: Record<string, string>;
  /** Records beside the samples (their pictures moved to the local server too). */
  more?: IngestRecord[];
  server?: ServerOptions;
  deps?: Partial<ServiceDeps>;
  keyRate?: number;
  /** The live providers the config enables answer catalog misses (point PROVIDER_*_BASE_URL somewhere). */
  live?: boolean;
  /** Keep the records' picture URLs as the sources give them (pics.dmm.co.jp...): for answers that name them, never fetched. */
  realPictures?: boolean;
}

export async function plexApp(o: PlexAppOptions = {}): Promise<PlexApp> {
  const dir = mkdtempSync(join(tmpdir(), "vc-plex-"));
  const covers = await coverServer();
  const records = [...sampleTitles(), ...(o.more ?? [])];
  const titles = o.realPictures ? records : withPicturesAt(records, covers.base);
  const path = join(dir, "catalog.db");
  const db = openCatalog(path);
  upsertRecords(db, titles);
  const { token } = createKey(db, "plex", o.keyRate ?? 1_000_000);
  const config = testConfig({ DATABASE_PATH: path, IMAGE_CACHE_DIR: join(dir, "images"), ...o.env });
  const http = createHttpClient({ userAgent: "video-catalog-test", timeoutMs: 5000, maxRetries: 0 });
  const images: Images = createImages({ http, dir: config.imageCacheDir, maxBytes: 64 * 1024 * 1024 });
  const runtime = o.live ? createProviderRuntime(config) : null;
  const live = runtime ? new LiveFallback(db, runtime, { timeoutMs: config.liveTimeoutMs, negativeTtlMs: 0 }) : null;
  const deps: ServiceDeps = { db, config, live, pool: null, ingest: null, images, ...o.deps };
  const app = await buildServer(deps, { logger: false, dashboard: false, ...o.server });
  return {
    app,
    db,
    config,
    key: token,
    root: `/plex/${token}`,
    titles,
    covers,
    close: async () => {
      await app.close();
      await images.close();
      await http.close();
      await runtime?.close();
      covers.server.close();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Answer {
  status: number;
  body: any;
  res: LightMyRequestResponse;
}

/** Which documented answer a provider path's 200 is (test/plex/plex-schema.ts), or null for a path that is none (an image). */
function answerOf(url: string): PlexAnswer | null {
  const path = url.split("?")[0];
  if (/^\/plex\/[^/]+\/?$/.test(path)) return "provider";
  if (!/^\/plex\/[^/]+\/library\/metadata\//.test(path)) return null;
  return path.endsWith("/matches") ? "matches" : path.endsWith("/images") ? "images" : "metadata";
}

/** A request to the server; every 200 of the provider's paths is checked against Plex's documented schema first. */
export async function ask(app: FastifyInstance, options: InjectOptions): Promise<Answer> {
  const res = await app.inject(options);
  const type = String(res.headers["content-type"] ?? "");
  const body = type.startsWith("application/json") ? res.json() : res.rawPayload;
  const answer = typeof options.url === "string" ? answerOf(options.url) : null;
  if (res.statusCode === 200 && answer !== null) {
    const violations = plexViolations(answer, body, answer === "provider" ? {} : { identifier: IDENTIFIER, metadataKey: "/library/metadata" });
    if (violations.length > 0) throw new Error(`${options.url}: not as Plex documents it: ${JSON.stringify(violations)}`);
  }
  return { status: res.statusCode, body, res };
}

/** POST to the match feature, as Plex sends it: a JSON body, Accept: application/json. */
export function match(p: PlexApp, body: unknown, headers: Record<string, string> = {}, query = ""): Promise<Answer> {
  return ask(p.app, {
    method: "POST",
    url: `${p.root}/library/metadata/matches${query}`,
    headers: { accept: "application/json", "content-type": "application/json", ...headers },
    payload: JSON.stringify(body),
  });
}

/** GET of a feature path under the provider's root. */
export function get(p: PlexApp, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return ask(p.app, { method: "GET", url: `${p.root}${path}`, headers: { accept: "application/json", ...headers } });
}

/** The ratingKeys of a MediaContainer's Metadata, in order. */
export const keysOf = (body: { MediaContainer: { Metadata: { ratingKey: string }[] } }): string[] => body.MediaContainer.Metadata.map((m) => m.ratingKey);

/** The path and query of an absolute URL the provider gave, to ask this server for it. */
export const pathOf = (url: string): string => {
  const u = new URL(url);
  return u.pathname + u.search;
};

export const IDENTIFIER = "tv.plex.agents.custom.videocatalog";

/** An empty MediaContainer, exactly: what a match that finds nothing answers. */
export const EMPTY = { MediaContainer: { offset: 0, totalSize: 0, identifier: IDENTIFIER, size: 0, Metadata: [] } };
