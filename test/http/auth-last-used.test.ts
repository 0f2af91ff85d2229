import { performance } from "node:perf_hooks";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openDatabase, type Db, listKeys } from "../../src/catalog/index.js";
import { buildTestApp, makeIngest, type TestApp } from "../helpers/build-app.js";
import { expectOk } from "./fixtures.js";

const FLUSH_INTERVAL_MS = 30_000;

/** The test key's last-used time, read from the catalog. */
function lastUsedAt(db: Db): number | null {
  return listKeys(db).find((k) => k.name === "test")!.lastUsedAt;
}

/** A second connection holding the write lock, as a long import transaction does. */
function holdWriteLock(t: TestApp): Db {
  const importer = openDatabase(t.config.databasePath);
  importer.prepare("BEGIN IMMEDIATE").run();
  return importer;
}

describe("recording key use while another process writes the catalog", () => {
  let t: TestApp | undefined;
  let importer: Db | undefined;
  afterEach(async () => {
    vi.useRealTimers();
    if (importer?.inTransaction) importer.exec("ROLLBACK");
    importer?.close();
    importer = undefined;
    await t?.close();
    t = undefined;
  });

  it("does not wait for the lock, keeps the times and writes them at the next flush", async () => {
    // Only the flush interval is faked; the clock and the database stay real.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    t = await buildTestApp([makeIngest()]);
    const before = Date.now();
    expectOk(await t.app.inject({ method: "GET", url: "/random?num=1", headers: { "x-service-key": t.key } }));
    importer = holdWriteLock(t);
    const busyTimeout = t.db.pragma("busy_timeout", { simple: true });
    expect(busyTimeout).toBeGreaterThan(1_000);

    let started = performance.now();
    vi.advanceTimersByTime(FLUSH_INTERVAL_MS);
    expect(performance.now() - started).toBeLessThan(300);
    expect(lastUsedAt(t.db)).toBeNull();
    // The server's connection keeps its busy timeout for every other write.
    expect(t.db.pragma("busy_timeout", { simple: true })).toBe(busyTimeout);

    // Requests are still served while the lock is held.
    started = performance.now();
    expectOk(await t.app.inject({ method: "GET", url: "/random?num=1", headers: { "x-service-key": t.key } }));
    vi.advanceTimersByTime(FLUSH_INTERVAL_MS);
    expect(performance.now() - started).toBeLessThan(300);
    expect(lastUsedAt(t.db)).toBeNull();

    importer.exec("COMMIT");
    vi.advanceTimersByTime(FLUSH_INTERVAL_MS);
    expect(lastUsedAt(t.db)).toBeGreaterThanOrEqual(before);
  });

  it("on shutdown, retries without blocking until the lock is released", async () => {
    t = await buildTestApp([makeIngest()]);
    const before = Date.now();
    expectOk(await t.app.inject({ method: "GET", url: "/random?num=1", headers: { "x-service-key": t.key } }));
    importer = holdWriteLock(t);
    const lock = importer;
    // This timer can only fire if closing leaves the event loop free.
    setTimeout(() => lock.open && lock.inTransaction && lock.exec("COMMIT"), 300);

    const started = performance.now();
    await t.app.close();
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(lastUsedAt(t.db)).toBeGreaterThanOrEqual(before);
  });
});
