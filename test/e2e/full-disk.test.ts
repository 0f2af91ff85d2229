/**
 * A full disk fails cleanly. SQLite's own SQLITE_FULL, brought about by CATALOG_MAX_MB
 * (PRAGMA max_page_count: the file may not grow past it, as on a disk with no room):
 * the command ends with a message naming the catalog file and the room needed, the
 * catalog stays readable and whole, the server keeps answering, and the same command
 * succeeds once there is room.
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkCatalog, titleHashes, openCatalog, createKey } from "../../src/catalog/index.js";
import { type Simulator, startSimulator } from "../../tools/simulator/index.js";
import { buildServer } from "../../src/server/app.js";
import { buildTestApp, makeIngest, testConfig } from "../helpers/build-app.js";
import { runCliAsync } from "../helpers/run-cli.js";
import { json, localServer, sample } from "../helpers/sample-server.js";
import { providersOffEnv } from "../../src/cli/simulate-env.js";

describe("a full disk", () => {
  let dir: string;
  let sim: Simulator;
  let ndjson: string;
  let dump: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "vc-full-"));
    sim = await startSimulator({ records: 2000, seed: 17 });
    ndjson = join(dir, "records.ndjson");
    dump = join(dir, "dump.sql.gz");
    const env = { DATABASE_PATH: ":memory:" };
    expect((await runCliAsync(["sample", "--count", "3000", "--seed", "8", "--out", ndjson], env)).status).toBe(0);
    expect((await runCliAsync(["sample-dump", "--videos", "3000", "--seed", "8", "--out", dump], env)).status).toBe(0);
  }, 60_000);
  afterAll(async () => {
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A migrated catalog, and a limit 1 MB above its size. */
  const smallCatalog = async (name: string) => {
    const path = join(dir, name);
    expect((await runCliAsync(["migrate"], { DATABASE_PATH: path })).status).toBe(0);
    const limit = Math.ceil(statSync(path).size / 2 ** 20) + 1;
    return { path, limit };
  };
  const env = (path: string, limit: number) => ({
    DATABASE_PATH: path,
    CATALOG_MAX_MB: String(limit),
    PROVIDER_FANZA_BASE_URL: sim.url,
    PROVIDER_FANZA_RATE: "0",
    FANZA_API_ID: "full",
    FANZA_AFFILIATE_ID: "full-990",
    ...providersOffEnv("fanza"),
  });
  const expectWhole = (path: string) => {
    const db = openCatalog(path);
    try {
      expect(checkCatalog(db)).toEqual([]);
      return titleHashes(db);
    } finally {
      db.close();
    }
  };

  it.each([
    ["import", (f: { ndjson: string; dump: string }) => ["import", f.ndjson, "--provider", "mine"], 3000],
    ["import-dump", (f: { ndjson: string; dump: string }) => ["import-dump", f.dump], 3000],
    ["ingest", () => ["ingest", "--provider", "fanza", "--since", "2000-01-01"], 2000],
  ] as const)(
    "%s: a clear error naming the file and the room needed; the catalog stays whole; it succeeds once there is room",
    async (_name, args, titles) => {
      const { path, limit } = await smallCatalog(`${_name}.db`);
      const failed = await runCliAsync([...args({ ndjson, dump })], env(path, limit));
      expect(failed.status, failed.stdout + failed.stderr).toBe(1);
      const said = failed.stderr + failed.stdout;
      expect(said).toContain(`the catalog ${path} could not grow: its disk is full or reached CATALOG_MAX_MB=${limit}`);
      expect(said).toMatch(/ MB is free on its disk/);
      if (_name !== "ingest") expect(said).toMatch(/needs about [\d.]+ MB more/);
      expect(said).not.toMatch(/SqliteError| {4}at /);
      const partial = expectWhole(path);
      expect(partial.length).toBeLessThan(titles);

      // A server on the catalog as it is answers from it.
      const db = openCatalog(path);
      const app = await buildServer({ db, config: testConfig({ DATABASE_PATH: path }), live: null, pool: null, ingest: null }, { logger: false });
      const { token } = createKey(db, "reader", 1000);
      const res = await app.inject({ url: "/query?q=&num=5", headers: { "x-service-key": token } });
      expect(res.statusCode).toBe(200);
      expect(res.json().count).toBe(Math.min(5, partial.length));
      await app.close();
      db.close();
      if (_name === "import") console.log(`full disk, as said: ${said.trim().split("\n").pop()}`);

      const done = await runCliAsync([...args({ ndjson, dump })], env(path, 0));
      expect(done.status, done.stderr).toBe(0);
      expect(expectWhole(path)).toHaveLength(titles);
    },
    120_000,
  );

  it("the server answers a live lookup it cannot write through, and goes on answering from the catalog", async () => {
    const upstream = await localServer(async (req, res) => {
      const url = req.url ?? "";
      if (url.includes("/dvd_id=SNIS-217/")) return json(res, 200, { content_id: "snis00217" });
      if (url.includes("/combined=snis00217/")) return json(res, 200, sample("r18dev/combined-SNIS-217.json"));
      return json(res, 404, {});
    });
    const t = await buildTestApp(
      [makeIngest({ contentId: "local00001", dvdId: "LOC-001" })],
      {
        PROVIDER_R18DEV_ENABLED: "on",
        PROVIDER_R18DEV_BASE_URL: upstream.url,
        PROVIDER_R18DEV_RATE: "0",
      },
      { live: true },
    );
    try {
      // No room left at all: the file may not grow by one page.
      const pages = t.db.pragma("page_count", { simple: true }) as number;
      t.db.pragma(`max_page_count = ${pages}`);
      const get = (q: string) => t.app.inject({ url: `/movie?q=${q}`, headers: { "x-service-key": t.key } });
      const live = await get("SNIS-217");
      expect(live.statusCode).toBe(200);
      expect(live.json()).toMatchObject({ source: "r18dev", result: { contentId: "snis00217" } });
      expect((await get("LOC-001")).statusCode).toBe(200);
      expect((await t.app.inject({ url: "/query?q=&num=5", headers: { "x-service-key": t.key } })).statusCode).toBe(200);
      expect(t.db.prepare("SELECT count(*) FROM movies WHERE provider = 'r18dev'").pluck().get()).toBe(0);
    } finally {
      await t.close();
      await upstream.close();
    }
  });
});
