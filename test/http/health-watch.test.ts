/**
 * /health's `watch` object over a real catalog: absent while no watcher ever ran; then
 * the last beat (running or not) and the jobs that wait, fail or clash, counted from the
 * queue as the watcher leaves it (seeded through the queue's own functions), following a
 * retry by this process and a beat written by another connection.
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
import { claimReady, queueSettled, requeueJobs, settleJobs, type WatchBeat, writeWatchBeat, openDatabase, type Db } from "../../src/catalog/index.js";
import { buildTestApp, type TestApp } from "../helpers/build-app.js";
import { expectOk } from "./fixtures.js";

const open: TestApp[] = [];
afterEach(async () => {
  for (const t of open.splice(0)) await t.close();
});

async function app(): Promise<TestApp> {
  const t = await buildTestApp([]);
  open.push(t);
  return t;
}

const health = async (t: TestApp) => {
  const res = await t.app.inject({ method: "GET", url: "/health" });
  expectOk(res);
  return res.json();
};

const beat = (o: Partial<WatchBeat> = {}): WatchBeat => ({
  inbox: "/downloads",
  into: "/library",
  pid: 4242,
  host: "nas",
  at: Date.now(),
  everyMs: 10_000,
  settling: 3,
  ...o,
});

/** Eight files: 2 ready, 1 being placed, 1 placed, 2 pending, 1 failed, 1 conflict. Returns the failed job's id. */
function seedQueue(db: Db): number {
  const now = Date.now();
  queueSettled(
    db,
    Array.from({ length: 8 }, (_, i) => ({ path: `/downloads/ABC-00${i}.mp4`, inbox: "/downloads", size: 100 + i, mtimeMs: now })),
    now,
  );
  const [placing, placed, p1, p2, failed, conflict] = claimReady(db, "watch", now, 6).map((j) => j.id);
  settleJobs(
    db,
    [
      { id: placed, state: "placed", placedAt: "/library/ABC/ABC-001.mp4", runId: 1 },
      { id: p1, state: "pending", code: "ABC-002" },
      { id: p2, state: "pending", code: "ABC-003" },
      { id: failed, state: "failed", reason: "EACCES: permission denied" },
      { id: conflict, state: "conflict", reason: "another file is at /library/ABC/ABC-005.mp4" },
    ],
    [],
    now,
  );
  expect(placing).toBeDefined();
  return failed;
}

describe("/health's watch object", () => {
  it("is absent while no watcher ever ran on the catalog", async () => {
    const t = await app();
    expect(await health(t)).not.toHaveProperty("watch");
  });

  it("says whether the watcher runs, its inbox, what settles, and the files that wait (ready, being placed, pending), fail and clash", async () => {
    const t = await app();
    const at = Date.now();
    writeWatchBeat(t.db, beat({ at }));
    seedQueue(t.db);
    expect((await health(t)).watch).toEqual({
      running: true,
      inbox: "/downloads",
      lastBeatAt: new Date(at).toISOString(),
      settling: 3,
      waiting: 5,
      pending: 2,
      failed: 1,
      conflicts: 1,
    });
  });

  it("follows a retry by this process and a beat written by another connection", async () => {
    const t = await app();
    writeWatchBeat(t.db, beat());
    const failed = seedQueue(t.db);
    expect((await health(t)).watch).toMatchObject({ waiting: 5, failed: 1 });
    requeueJobs(t.db, [failed], Date.now());
    await nextTurn();
    expect((await health(t)).watch).toMatchObject({ waiting: 6, failed: 0, settling: 3 });
    const other = openDatabase(t.config.databasePath);
    try {
      writeWatchBeat(other, beat({ settling: 7, inbox: "/other" }));
    } finally {
      other.close();
    }
    // The requests of one event-loop turn share its read snapshot: a client's next request comes in a later turn.
    await nextTurn();
    expect((await health(t)).watch).toMatchObject({ running: true, inbox: "/other", settling: 7, waiting: 6 });
  });

  it("says a watcher whose last beat is older than three of its intervals does not run, and still counts what waits", async () => {
    const t = await app();
    const at = Date.now() - 31_000;
    writeWatchBeat(t.db, beat({ at, everyMs: 10_000 }));
    seedQueue(t.db);
    expect((await health(t)).watch).toMatchObject({ running: false, lastBeatAt: new Date(at).toISOString(), waiting: 5 });
  });

  it("is described in the OpenAPI document, waiting as ready + placing + pending", async () => {
    const t = await app();
    const doc = (await t.app.inject({ method: "GET", url: "/docs/json" })).json();
    const watch = doc.paths["/health"].get.responses["200"].content["application/json"].schema.properties.watch;
    expect(Object.keys(watch.properties).sort()).toEqual(["conflicts", "failed", "inbox", "lastBeatAt", "pending", "running", "settling", "waiting"]);
    expect(watch.properties.waiting.description).toMatch(/ready, being placed, or pending/);
    expect(doc.paths["/health"].get.responses["200"].content["application/json"].schema.required).not.toContain("watch");
  });
});
