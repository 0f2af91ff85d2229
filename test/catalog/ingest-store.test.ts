import { describe, expect, it } from "vitest";
import type { Db } from "../../src/catalog/store/db.js";
import { openDatabase } from "../../src/catalog/open/open-catalog.js";
import { acquireIngestLock, commitPage, getProviderState, listRuns, releaseIngestLock, startRun } from "../../src/catalog/store/ingest-store.js";
import { makeIngest, tempCatalogEach } from "../helpers/build-app.js";

describe("ingest lock, runs and checkpoints", () => {
  let db: Db;
  let path: string;
  tempCatalogEach((c) => ({ db, path } = c));
  const a = { owner: "a", pid: 101, host: "h1" };
  const b = { owner: "b", pid: 202, host: "h1" };
  const alive = () => true;

  it("lets one holder in at a time, across connections", () => {
    const other = openDatabase(path);
    expect(acquireIngestLock(db, a, { now: 1000, staleMs: 60_000, isAlive: alive })).toBeNull();
    expect(acquireIngestLock(other, b, { now: 1001, staleMs: 60_000, isAlive: alive })).toEqual(a);
    releaseIngestLock(db, "a");
    expect(acquireIngestLock(other, b, { now: 1002, staleMs: 60_000, isAlive: alive })).toBeNull();
    other.close();
  });

  it("takes over from a dead holder on the same host, or a silent one anywhere", () => {
    acquireIngestLock(db, a, { now: 1000, staleMs: 60_000, isAlive: alive });
    expect(acquireIngestLock(db, b, { now: 2000, staleMs: 60_000, isAlive: (pid) => pid !== 101 })).toBeNull();
    const far = { owner: "c", pid: 303, host: "h2" };
    expect(acquireIngestLock(db, far, { now: 3000, staleMs: 60_000, isAlive: alive })).toEqual(b);
    expect(acquireIngestLock(db, far, { now: 2000 + 60_001, staleMs: 60_000, isAlive: alive })).toBeNull();
  });

  it("commits a page with its checkpoint, and marks a dead run as interrupted", () => {
    const run = startRun(db, "fanza", "cli", "a", 1000);
    commitPage(db, {
      runId: run,
      provider: "fanza",
      owner: "a",
      records: [makeIngest({}, { provider: "fanza" })],
      skipped: 2,
      requests: 3,
      nextCursor: "c1",
      scope: "s",
      now: 1100,
    });
    expect(getProviderState(db, "fanza")).toMatchObject({ cursor: "c1", scope: "s" });
    expect(listRuns(db)[0]).toMatchObject({ id: run, status: "running", pages: 1, added: 1, skipped: 2, requests: 3 });
    const next = startRun(db, "fanza", "cli", "b", 2000);
    const [latest, earlier] = listRuns(db);
    expect(latest).toMatchObject({ id: next, status: "running" });
    expect(earlier).toMatchObject({ id: run, status: "interrupted" });
  });
});
