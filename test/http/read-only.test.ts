/**
 * A read-only replica's API (ServerOptions.readOnly) over a catalog opened read-only, as
 * a replica's is: every request that works on a writer works here, and nothing is
 * written: no key use counted, no live answer stored (the providers are the simulator,
 * on this machine). Then the same app over a connection that could write: still nothing
 * written, so nothing was even tried.
 */
import { createHash } from "node:crypto";
import { readFileSync, rmSync, statSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Db, createKey, upsertRecords } from "../../src/catalog/index.js";
import { createProviderRuntime, type ProviderRuntime } from "../../src/providers/runtime.js";
import { type Simulator, startSimulator } from "../../tools/simulator/index.js";
import { buildServer } from "../../src/server/app.js";
import { LiveFallback } from "../../src/services/live/live-fallback.js";
import type { FastifyInstance } from "fastify";
import { makeIngest, simulatedProviders, tempCatalog, testConfig } from "../helpers/build-app.js";

const WRITER = "http://writer.test:8080";

/** What a file holds and when it last changed. */
const fileState = (path: string) => ({ sha256: createHash("sha256").update(readFileSync(path)).digest("hex"), mtimeMs: statSync(path).mtimeMs });

/** What a replica must never change: titles, keys with their last use, usage counts, sessions, meta. */
function rows(db: Db) {
  const all = (sql: string) => db.prepare(sql).all();
  return {
    movies: all("SELECT id, provider, content_id FROM movies ORDER BY id"),
    keys: all("SELECT id, last_used_at, revoked_at FROM api_keys ORDER BY id"),
    usage: all("SELECT * FROM api_key_usage ORDER BY key_id, day"),
    sessions: all("SELECT * FROM dashboard_sessions"),
    meta: all("SELECT * FROM meta ORDER BY key"),
  };
}

interface Replica {
  app: FastifyInstance;
  db: Db;
  path: string;
  dir: string;
  key: string;
  slowKey: string;
  /** Live answers the fallback tried to write through and could not. */
  failedWrites: string[];
  logs: string[];
  runtime: ProviderRuntime;
}

/** A writer's catalog (a title of the simulator's included, under an older title), then a replica's app over it. */
async function replica(sim: Simulator, connection: { readonly: boolean }): Promise<Replica> {
  const { db: writer, dir, path } = tempCatalog();
  const known = sim.catalog.records[30];
  upsertRecords(writer, [
    makeIngest({ contentId: "loc00001", dvdId: "LOC-001", titleEn: "A local title" }),
    makeIngest({ contentId: "loc00002", dvdId: "LOC-002", titleEn: "Another local title" }),
    { ...known, provider: "fanza", record: { ...known.record, titleJa: "古いタイトル", titleEn: "An old title" } },
  ]);
  const key = createKey(writer, "replica", 1_000_000).token;
  const slowKey = createKey(writer, "slow", 3).token;
  writer.pragma("wal_checkpoint(TRUNCATE)");
  writer.close();
  const config = testConfig({
    DATABASE_PATH: path,
    LOG_LEVEL: "warn",
    ...simulatedProviders(sim.url),
    NEGATIVE_CACHE_SECONDS: "600",
    HTTP_MAX_RETRIES: "0",
    REPLICA_OF: `${dir}/backup`,
  });
  const db = openDatabase(path, { readonly: connection.readonly });
  const runtime = createProviderRuntime(config);
  const failedWrites: string[] = [];
  const logs: string[] = [];
  // A fallback as a writer makes it (it stores): the replica's app must stop it storing.
  const live = new LiveFallback(db, runtime, {
    timeoutMs: config.liveTimeoutMs,
    negativeTtlMs: config.negativeCacheSeconds * 1000,
    onBusy: () => failedWrites.push("busy"),
    onWriteError: (err) => failedWrites.push(err.message),
  });
  const app = await buildServer(
    { db, config, live, pool: null, ingest: null },
    { logStream: { write: (line: string) => logs.push(line) }, readOnly: { writer: WRITER, sessionSecret: "test secret" } },
  );
  return { app, db, path, dir, key, slowKey, failedWrites, logs, runtime };
}

describe("a read-only replica's API over a read-only connection", () => {
  let sim: Simulator;
  let r: Replica;
  let before: { file: ReturnType<typeof fileState>; rows: ReturnType<typeof rows> };
  const get = (url: string, key = r.key) => r.app.inject({ url, headers: { "x-service-key": key } });
  const mt = (url: string) => r.app.inject({ url, headers: { authorization: `Bearer ${r.key}`, accept: "application/json" } });

  beforeAll(async () => {
    sim = await startSimulator({ records: 200, seed: 7 });
    r = await replica(sim, { readonly: true });
    before = { file: fileState(r.path), rows: rows(r.db) };
  });
  afterAll(async () => {
    await r?.app.close();
    await r?.runtime.close();
    r?.db.close();
    if (r) rmSync(r.dir, { recursive: true, force: true });
    await sim?.close();
  });

  it("is on a connection that cannot write", () => {
    expect(r.db.readonly).toBe(true);
    expect(() => r.db.prepare("DELETE FROM meta").run()).toThrow(/readonly/);
  });

  it("answers /movie, /query, /random and /health from the catalog, GET and POST", async () => {
    const movie = await get("/movie?q=loc-1");
    expect(movie.statusCode).toBe(200);
    expect(movie.json()).toMatchObject({ source: "file", result: { dvdId: "LOC-001" } });
    const posted = await r.app.inject({ method: "POST", url: "/movie", headers: { "x-service-key": r.key }, payload: { q: "LOC-002" } });
    expect(posted.statusCode).toBe(200);
    const query = await get("/query?q=local&sort=release");
    expect(query.statusCode).toBe(200);
    expect(query.json()).toMatchObject({ source: "catalog", count: 2 });
    const random = await get("/random?num=3");
    expect(random.statusCode).toBe(200);
    expect(random.json()).toHaveLength(3);
    expect((await r.app.inject({ url: "/health" })).json()).toMatchObject({ status: "ok", catalog: { records: 3 } });
  });

  it("answers a /movie miss from a live provider without storing it: the next miss asks again", async () => {
    const wanted = sim.catalog.records[10].record;
    const asked = sim.stats().requests;
    const first = await get(`/movie?q=${wanted.dvdId}`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ result: { dvdId: wanted.dvdId, contentId: wanted.contentId } });
    expect(first.json().source).not.toBe("file");
    const afterFirst = sim.stats().requests;
    expect(afterFirst).toBeGreaterThan(asked);
    const again = await get(`/movie?q=${wanted.dvdId}`);
    expect(again.statusCode).toBe(200);
    expect(sim.stats().requests).toBeGreaterThan(afterFirst);
    expect(r.failedWrites).toEqual([]);
  });

  it("answers a /query miss from a live provider's search without storing it", async () => {
    const wanted = sim.catalog.records[12].record;
    const res = await get(`/query?q=${encodeURIComponent(wanted.dvdId)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().source).not.toBe("catalog");
    expect(res.json().results.map((x: { id: string }) => x.id)).toContain(wanted.contentId);
    expect(r.failedWrites).toEqual([]);
  });

  it("answers MetaTube's search fallback and lazy=False refresh without storing", async () => {
    const wanted = sim.catalog.records[14].record;
    const found = await mt(`/v1/movies/search?q=${wanted.dvdId}&provider=&fallback=True`);
    expect(found.statusCode).toBe(200);
    expect(found.json().data[0]).toMatchObject({ id: wanted.contentId });
    const known = sim.catalog.records[30].record;
    const fresh = await mt(`/v1/movies/FANZA/${known.contentId}?lazy=False`);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().data.title).not.toBe("古いタイトル");
    // The catalog's copy is as it was.
    expect((await mt(`/v1/movies/FANZA/${known.contentId}?lazy=True`)).json().data.title).toBe("古いタイトル");
    expect(r.failedWrites).toEqual([]);
  });

  it("still holds a key to its rate, and still refuses a missing or unknown key", async () => {
    for (let i = 0; i < 3; i++) expect((await get("/movie?q=loc-1", r.slowKey)).statusCode).toBe(200);
    const limited = await get("/movie?q=loc-1", r.slowKey);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe("RATE_LIMITED");
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect((await r.app.inject({ url: "/movie?q=loc-1" })).statusCode).toBe(401);
    expect((await get("/movie?q=loc-1", "vc_nope")).statusCode).toBe(401);
  });

  it("wrote nothing when it closes: no key use flushed, no row changed, the file's bytes and time as they were", async () => {
    await r.app.close();
    expect(r.logs.filter((l) => /could not record key use|not written through/.test(l))).toEqual([]);
    expect(r.failedWrites).toEqual([]);
    expect(rows(r.db)).toEqual(before.rows);
    expect(fileState(r.path)).toEqual(before.file);
  });
});

describe("a read-only replica's app over a connection that could write", () => {
  let sim: Simulator;
  let r: Replica;
  beforeAll(async () => {
    sim = await startSimulator({ records: 100, seed: 8 });
    r = await replica(sim, { readonly: false });
  });
  afterAll(async () => {
    await r?.runtime.close();
    r?.db.close();
    if (r) rmSync(r.dir, { recursive: true, force: true });
    await sim?.close();
  });

  it("tries no write at all: live answers, key uses and the dashboard leave every row as it was", async () => {
    const before = rows(r.db);
    const wanted = sim.catalog.records[5].record;
    expect((await r.app.inject({ url: `/movie?q=${wanted.dvdId}`, headers: { "x-service-key": r.key } })).statusCode).toBe(200);
    expect((await r.app.inject({ url: `/query?q=${wanted.dvdId}`, headers: { "x-service-key": r.key } })).statusCode).toBe(200);
    expect((await r.app.inject({ url: "/movie?q=loc-1", headers: { "x-service-key": r.key } })).statusCode).toBe(200);
    expect((await r.app.inject({ url: "/dashboard/login" })).statusCode).toBe(200);
    await r.app.close();
    expect(rows(r.db)).toEqual(before);
    expect(r.failedWrites).toEqual([]);
  });
});
