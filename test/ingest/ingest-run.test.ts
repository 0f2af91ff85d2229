import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openCatalog, type Db, acquireIngestLock, listRuns, releaseIngestLock } from "../../src/catalog/index.js";
import { IngestBusyError, runIngest } from "../../src/ingest/run-ingest.js";
import { createProviderRuntime } from "../../src/providers/runtime.js";
import { startSimulator, type Simulator } from "../../tools/simulator/index.js";
import { simulatedProviders, tempCatalog, testConfig } from "../helpers/build-app.js";

const NOW = new Date("2026-11-10T03:00:00Z");

function catalogSnapshot(db: Db): string[] {
  return db.prepare("SELECT provider || ' ' || content_id || ' ' || hash FROM movies ORDER BY 1").pluck().all() as string[];
}

describe("crawl runs through the provider simulator", () => {
  let sim: Simulator;
  const dbs: { db: Db; dir: string }[] = [];
  const freshWithPath = () => {
    const c = tempCatalog();
    dbs.push(c);
    return c;
  };
  const fresh = () => freshWithPath().db;
  const runtimeFor = (url: string) =>
    createProviderRuntime(
      testConfig({
        ...simulatedProviders(url),
        HTTP_MAX_RETRIES: "8",
        HTTP_TIMEOUT_MS: "3000",
      }),
      { now: () => NOW, http: { sleep: async () => {}, hostConcurrency: 4 } },
    );

  beforeAll(async () => {
    sim = await startSimulator({ records: 3000, seed: 7 });
  });
  afterAll(async () => {
    await sim.close();
    for (const { db, dir } of dbs) {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("ends with the same catalog with faults switched on as without", async () => {
    const clean = fresh();
    const rt1 = runtimeFor(sim.url);
    const [cleanRun] = await runIngest(clean, rt1, { provider: "fanza", trigger: "cli" }, () => Date.now());
    await rt1.close();
    expect(cleanRun.status).toBe("succeeded");
    expect(cleanRun.added).toBeGreaterThan(2500);

    sim.setFaults({ rate429: 0.1, burst500: { every: 15, burst: 2 }, truncateShare: 0.05, seed: 3 });
    const faulty = fresh();
    const rt2 = runtimeFor(sim.url);
    const [faultyRun] = await runIngest(faulty, rt2, { provider: "fanza", trigger: "cli" });
    const retries = rt2.http.stats().retries;
    await rt2.close();
    sim.setFaults({});
    expect(faultyRun.status).toBe("succeeded");
    expect(retries).toBeGreaterThan(10);
    expect(catalogSnapshot(faulty)).toEqual(catalogSnapshot(clean));
    expect(sim.stats().faults.truncate).toBeGreaterThan(0);

    const rt3 = runtimeFor(sim.url);
    const [again] = await runIngest(faulty, rt3, { provider: "fanza", trigger: "cli" });
    await rt3.close();
    expect(again).toMatchObject({ status: "succeeded", added: 0, updated: 0 });
  });

  it("records every run, and a failed page keeps the checkpoint before it", async () => {
    const db = fresh();
    sim.setFaults({ burst500: { every: 1, burst: 1 } }); // every request fails
    const rt = runtimeFor(sim.url);
    const [failed] = await runIngest(db, rt, { provider: "fanza", trigger: "cron", limit: 10, breakerFailures: 3, retryPauseMs: 0 });
    sim.setFaults({});
    expect(failed.status).toBe("failed");
    expect(failed.error).toBeTruthy();
    const [resumed] = await runIngest(db, rt, { provider: "fanza", trigger: "cli", limit: 150 });
    expect(resumed.status).toBe("stopped");
    const runs = listRuns(db);
    expect(runs.map((r) => [r.trigger, r.status])).toEqual([
      ["cli", "stopped"],
      ["cron", "failed"],
    ]);
    await rt.close();
  });

  it("a scheduled run waits for another process's write lock without blocking the event loop", async () => {
    const { db, path } = freshWithPath();
    const importer = openCatalog(path);
    importer.exec("BEGIN IMMEDIATE"); // as an import does, for as long as it runs
    let ticks = 0;
    const timer = setInterval(() => ticks++, 20);
    const rt = runtimeFor(sim.url);
    try {
      const run = runIngest(db, rt, { provider: "fanza", trigger: "cron", limit: 150 });
      await new Promise((resolve) => setTimeout(resolve, 800));
      expect(ticks).toBeGreaterThanOrEqual(20); // the loop kept running while the run waited
      expect(db.prepare("SELECT count(*) FROM ingest_runs").pluck().get()).toBe(0);
      importer.exec("ROLLBACK");
      const [done] = await run;
      expect(done.status).toBe("stopped"); // at the limit, a page at a time
      expect(done.added).toBeGreaterThanOrEqual(150);
    } finally {
      clearInterval(timer);
      if (importer.inTransaction) importer.exec("ROLLBACK");
      importer.close();
      await rt.close();
    }
  });

  it("crawls r18dev from a list of codes", async () => {
    const db = fresh();
    const codes = sim.catalog.records.slice(0, 45).map((r) => r.record.dvdId);
    const rt = runtimeFor(sim.url);
    const [run] = await runIngest(db, rt, { provider: "r18dev", codes: [...codes, "NOPE-999"], trigger: "cli" });
    await rt.close();
    expect(run).toMatchObject({ status: "succeeded", added: 45, skipped: 1, pages: 3 });
  });

  it("never overlaps: a second run while one holds the lock is refused", async () => {
    const db = fresh();
    const holder = { owner: "other-process", pid: process.pid, host: (await import("node:os")).hostname() };
    expect(acquireIngestLock(db, holder, { now: Date.now(), staleMs: 60_000, isAlive: () => true })).toBeNull();
    const rt = runtimeFor(sim.url);
    await expect(runIngest(db, rt, { provider: "fanza", trigger: "cron" })).rejects.toBeInstanceOf(IngestBusyError);
    releaseIngestLock(db, "other-process");
    const [run] = await runIngest(db, rt, { provider: "fanza", trigger: "cron", limit: 50 });
    expect(run.status).toBe("stopped");
    await rt.close();
  });
});
