import { afterEach, beforeEach } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { openCatalog, type Db, createKey, upsertRecords } from "../../src/catalog/index.js";
import type { DetailedRecord, IngestRecord } from "../../src/model/record.js";
import { loadConfig, type Config } from "../../src/config/load.js";
import { buildServer, type ServerOptions } from "../../src/server/app.js";
import type { ServiceDeps } from "../../src/services/deps.js";
import { LiveFallback } from "../../src/services/live/live-fallback.js";
import { createProviderRuntime } from "../../src/providers/runtime.js";
import { PROVIDERS, settingPrefix } from "../../src/providers/registry.js";
import { simulatorEnv } from "../../src/cli/simulate-env.js";
import type { Simulator } from "../../tools/simulator/index.js";

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  deps: ServiceDeps;
  key: string;
  dir: string;
  close: () => Promise<void>;
}

/** A temp-file catalog with the real migrations (WAL needs a file, not :memory:). */
export function tempCatalog(): { db: Db; dir: string; path: string } {
  const dir = mkdtempSync(join(tmpdir(), "vc-test-"));
  const path = join(dir, "catalog.db");
  return { db: openCatalog(path), dir, path };
}

/** A temp catalog for each test of the enclosing describe, handed to `use` before each; closed and removed after. */
export function tempCatalogEach(use: (c: { db: Db; dir: string; path: string }) => void): void {
  let current: { db: Db; dir: string; path: string } | null = null;
  beforeEach(() => use((current = tempCatalog())));
  afterEach(() => {
    current?.db.close();
    if (current) rmSync(current.dir, { recursive: true, force: true });
    current = null;
  });
}

/**
 * Providers pointed at a local simulator (tools/simulator), unthrottled: DMM's two at its
 * URL, or, given the simulator itself, every provider at its own site there.
 */
export function simulatedProviders(url: string | Simulator): Record<string, string> {
  if (typeof url !== "string") return simulatorEnv(url.baseUrlOf);
  return {
    PROVIDER_FANZA_ENABLED: "on",
    PROVIDER_FANZA_BASE_URL: url,
    PROVIDER_FANZA_RATE: "0",
    FANZA_API_ID: "sim",
    FANZA_AFFILIATE_ID: "sim-990",
    PROVIDER_R18DEV_ENABLED: "on",
    PROVIDER_R18DEV_BASE_URL: url,
    PROVIDER_R18DEV_RATE: "0",
  };
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    LOG_LEVEL: "silent",
    SAMPLE_DATA: "off",
    INGEST_CRON: "off",
    SEARCH_WORKERS: "0",
    // Every provider off unless a test points it at a local source.
    ...Object.fromEntries(PROVIDERS.map((p) => [`${settingPrefix(p.name)}_ENABLED`, "off"])),
    ...env,
  });
}

/**
 * The real server over a temp catalog holding `records`, with one API key. With
 * `live`, the usable providers of the config (point PROVIDER_*_BASE_URL at a local
 * server) answer catalog misses.
 */
export async function buildTestApp(
  records: IngestRecord[] = [],
  env: Record<string, string> = {},
  options: {
    live?: boolean;
    routes?: ServerOptions["routes"];
    dashboard?: ServerOptions["dashboard"];
    /** The server's ingest runs over this app's catalog and config (default: none in this process). */
    ingest?: (db: Db, config: Config) => ServiceDeps["ingest"];
    /** More rows before the server starts (keys, runs). */
    seed?: (db: Db) => void;
  } = {},
): Promise<TestApp> {
  const { db, dir, path } = tempCatalog();
  const config = testConfig({ DATABASE_PATH: path, ...env });
  if (records.length) upsertRecords(db, records);
  options.seed?.(db);
  const { token } = createKey(db, "test", 1_000_000);
  const runtime = options.live ? createProviderRuntime(config) : null;
  const live = runtime ? new LiveFallback(db, runtime, { timeoutMs: config.liveTimeoutMs, negativeTtlMs: config.negativeCacheSeconds * 1000 }) : null;
  const deps: ServiceDeps = { db, config, live, pool: null, ingest: options.ingest?.(db, config) ?? null };
  const app = await buildServer(deps, { logger: false, routes: options.routes, dashboard: options.dashboard });
  return {
    app,
    db,
    config,
    deps,
    key: token,
    dir,
    close: async () => {
      await app.close();
      await runtime?.close();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A complete, valid record; override what the test is about. */
export function makeRecord(overrides: Partial<DetailedRecord> = {}): DetailedRecord {
  const contentId = overrides.contentId ?? "abp00123";
  return {
    contentId,
    dvdId: "ABP-123",
    titleEn: "An English Title",
    titleJa: "日本語のタイトル",
    commentEn: null,
    commentJa: null,
    runtimeMins: 120,
    releaseDate: "2020-01-02T00:00:00.000Z",
    makers: ["Prestige"],
    label: "ABSOLUTELY WONDERFUL",
    series: null,
    categories: ["Drama"],
    actresses: ["Airi Suzumura"],
    actors: [],
    directors: [],
    authors: [],
    jacketFullUrl: `https://pics.dmm.co.jp/digital/video/${contentId}/${contentId}pl.jpg`,
    jacketThumbUrl: `https://pics.dmm.co.jp/digital/video/${contentId}/${contentId}ps.jpg`,
    site: "FANZA",
    serviceCode: "digital",
    extra: { actressesRich: [{ name: "Airi Suzumura", image: null }], sampleUrl: null, galleryFull: [], galleryThumb: [] },
    ...overrides,
  };
}

export function makeIngest(record: Partial<DetailedRecord> = {}, more: Partial<IngestRecord> = {}): IngestRecord {
  const r = makeRecord(record);
  return {
    provider: "file",
    record: r,
    pageUrl: `https://www.dmm.co.jp/digital/videoa/-/detail/=/cid=${r.contentId}/`,
    ratingAvg: null,
    ratingCount: null,
    popularity: null,
    altNames: {},
    censored: true,
    ...more,
  };
}
