import { setImmediate as nextTurn } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, upsertRecords } from "../../src/catalog/index.js";
import { generateSampleRecords } from "../../src/samples/titles/generate.js";
import { SearchPool } from "../../src/services/search-pool/search-pool.js";
import { buildTestApp, type TestApp } from "../helpers/build-app.js";

describe("search worker threads", () => {
  let inProcess: TestApp;
  let pooled: TestApp;
  beforeAll(async () => {
    const records = [...generateSampleRecords({ count: 1500 })];
    inProcess = await buildTestApp(records);
    pooled = await buildTestApp(records, { SEARCH_WORKERS: "2" });
    // The same catalog, searched by two workers on their own connections.
    pooled.deps.pool = new SearchPool(pooled.config.databasePath, pooled.config, 2);
  });
  afterAll(async () => {
    await pooled.deps.pool?.close();
    await pooled.close();
    await inProcess.close();
  });

  const urls = [
    "/query?q=yui",
    "/query?q=%E5%87%9B%E9%9F%B3",
    "/query?q=&sort=rating&page=3",
    "/query?filter=censored:uncensored",
    "/query?q=the&sort=views&num=50",
    "/movie?q=summer%20love",
  ];

  it("answers exactly as the main thread does", async () => {
    for (const url of urls) {
      const [a, b] = await Promise.all([
        inProcess.app.inject({ url, headers: { "x-service-key": inProcess.key } }),
        pooled.app.inject({ url, headers: { "x-service-key": pooled.key } }),
      ]);
      expect(b.statusCode, url).toBe(a.statusCode);
      expect(b.json(), url).toEqual(a.json());
      expect(b.headers["x-total-count"], url).toBe(a.headers["x-total-count"]);
    }
  });

  it("answers /people, and an actress filter widened to her other names, on the workers as on the main thread", async () => {
    const onWorkers = vi.spyOn(pooled.deps.pool!, "people");
    const name = inProcess.db.prepare("SELECT name FROM person_names WHERE script = 'latin' ORDER BY folded LIMIT 1").pluck().get() as string;
    const filter = encodeURIComponent(`actress:"${name}"`);
    for (const url of [
      `/people?q=${encodeURIComponent(name.slice(0, 3))}&num=5`,
      `/query?filter=${filter}&sort=rating`,
      `/query?q=${encodeURIComponent(name)}`,
    ]) {
      const [a, b] = await Promise.all([
        inProcess.app.inject({ url, headers: { "x-service-key": inProcess.key } }),
        pooled.app.inject({ url, headers: { "x-service-key": pooled.key } }),
      ]);
      expect(a.statusCode, url).toBe(200);
      expect(a.json().count, url).toBeGreaterThan(0);
      expect(b.json(), url).toEqual(a.json());
      expect(b.headers["x-total-count"], url).toBe(a.headers["x-total-count"]);
    }
    expect(onWorkers).toHaveBeenCalledTimes(1);
    onWorkers.mockRestore();
  });

  it("keeps answering many concurrent searches, errors included", async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => pooled.app.inject({ url: urls[i % urls.length], headers: { "x-service-key": pooled.key } })),
    );
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([200]));
    const bad = await pooled.app.inject({ url: "/query?filter=maker:", headers: { "x-service-key": pooled.key } });
    expect(bad.statusCode).toBe(400);
  });

  it("draws /random on the workers: distinct titles, each exactly as /movie sends it", async () => {
    const onWorkers = vi.spyOn(pooled.deps.pool!, "random");
    for (const url of ["/random?num=50", "/random?num=7&filter=censored:uncensored", "/random?num=3&providers=nobody"]) {
      const drawn = await pooled.app.inject({ url, headers: { "x-service-key": pooled.key } });
      const mainThread = await inProcess.app.inject({ url, headers: { "x-service-key": inProcess.key } });
      expect(drawn.statusCode, url).toBe(mainThread.statusCode);
      if (drawn.statusCode !== 200) continue;
      expect(drawn.headers["content-type"], url).toBe(mainThread.headers["content-type"]);
      const records = drawn.json() as { contentId: string; dvdId: string; extra: unknown }[];
      expect(records.length, url).toBe((mainThread.json() as unknown[]).length);
      expect(new Set(records.map((r) => r.contentId)).size, url).toBe(records.length);
      for (const r of records.slice(0, 10)) {
        const movie = await inProcess.app.inject({ url: `/movie?q=${encodeURIComponent(r.dvdId)}`, headers: { "x-service-key": inProcess.key } });
        const byCode = movie.json() as { result: { contentId: string } };
        if (byCode.result.contentId === r.contentId) expect(r, url).toEqual(byCode.result);
      }
    }
    const filtered = (await pooled.app.inject({ url: "/random?num=20&filter=censored:uncensored", headers: { "x-service-key": pooled.key } })).json() as {
      extra: unknown;
    }[];
    expect(filtered.length).toBeGreaterThan(0);
    // Two draws of the loop (an unknown provider is refused before any draw) and the filtered one.
    expect(onWorkers).toHaveBeenCalledTimes(3);
    const bad = await pooled.app.inject({ url: "/random?filter=maker:", headers: { "x-service-key": pooled.key } });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { code: string }).code).toBe(
      (await inProcess.app.inject({ url: "/random?filter=maker:", headers: { "x-service-key": inProcess.key } })).json().code,
    );
  });

  it("draws here, not on a worker already 4 draws behind, unless the draw is filtered", async () => {
    const pool = pooled.deps.pool!;
    const onWorkers = vi.spyOn(pool, "random");
    onWorkers.mockClear();
    const queued = vi.spyOn(pool, "queued", "get");
    try {
      const ask = (url: string) => pooled.app.inject({ url, headers: { "x-service-key": pooled.key } });
      queued.mockReturnValue(3);
      expect((await ask("/random?num=5")).statusCode).toBe(200);
      expect(onWorkers).toHaveBeenCalledTimes(1);
      queued.mockReturnValue(4);
      const here = await ask("/random?num=50");
      expect(here.statusCode).toBe(200);
      expect(onWorkers).toHaveBeenCalledTimes(1);
      const records = here.json() as { contentId: string }[];
      expect(records).toHaveLength(50);
      expect(new Set(records.map((r) => r.contentId)).size).toBe(50);
      // A filtered draw may list every matching id: it still goes to the worker.
      expect((await ask("/random?num=5&filter=censored:uncensored")).statusCode).toBe(200);
      expect(onWorkers).toHaveBeenCalledTimes(2);
    } finally {
      queued.mockRestore();
      onWorkers.mockRestore();
    }
  });

  it("checkpoints the WAL on a worker: every frame no reader still needs, the rest on the next call", async () => {
    // This thread's requests hold a read transaction to the end of their turn (turnSnapshot):
    // let the last one end, then keep a reader open on a connection of its own.
    // A write first, so that the reader starts on frames not yet copied: the checkpoint then
    // copies those and stops at the reader's (on a WAL copied whole it would copy none).
    await nextTurn();
    const reader = openDatabase(pooled.config.databasePath);
    const other = openDatabase(pooled.config.databasePath);
    try {
      other.pragma("wal_autocheckpoint = 0");
      upsertRecords(other, [...generateSampleRecords({ count: 10, seed: 98 })]);
      reader.prepare("BEGIN").run();
      reader.prepare("SELECT count(*) FROM movies").get();
      upsertRecords(other, [...generateSampleRecords({ count: 50, seed: 99 })]);
      const held = await pooled.deps.pool!.checkpoint();
      expect(held.busy).toBe(0);
      expect(held.log).toBeGreaterThan(0);
      expect(held.checkpointed).toBeGreaterThan(0);
      expect(held.checkpointed).toBeLessThan(held.log);
      reader.prepare("COMMIT").run();
      const result = await pooled.deps.pool!.checkpoint();
      expect(result.busy).toBe(0);
      expect(result.log).toBeGreaterThanOrEqual(held.log);
      expect(result.checkpointed).toBe(result.log);
    } finally {
      reader.close();
      other.close();
    }
  });
});
