import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { acquireIngestLock, finishRun, listRuns, releaseIngestLock, startRun, upsertRecords } from "../../src/catalog/index.js";
import { createProviderRuntime, type ProviderRuntime } from "../../src/providers/runtime.js";
import { startSimulator, type Simulator } from "../../tools/simulator/index.js";
import { IngestControl } from "../../src/services/operations/ingest-control.js";
import { makeIngest, simulatedProviders } from "../helpers/build-app.js";
import { Browser, buildDashboardApp, type DashboardApp } from "../helpers/dashboard.js";

let t: DashboardApp;
let sim: Simulator;
const runtimes: ProviderRuntime[] = [];
let control: IngestControl | null = null;

beforeAll(async () => {
  sim = await startSimulator({ records: 120, seed: 5 });
});
afterEach(async () => {
  control?.shutdown();
  await control?.settled();
  control = null;
  for (const r of runtimes.splice(0)) await r.close();
  await t?.close();
});
afterAll(async () => sim.close());

/** The server's ingest control, its providers pointed at the local simulator (the sources' real formats). */
const withIngest = (db: Parameters<typeof listRuns>[0], config: DashboardApp["config"]) => {
  const runtime = createProviderRuntime(config, { http: { sleep: async () => {} } });
  runtimes.push(runtime);
  control = new IngestControl(db, runtime, config, { info: () => {}, error: () => {} });
  return control;
};

async function signedIn(): Promise<Browser> {
  const b = new Browser(t.app);
  expect((await b.signIn()).statusCode).toBe(303);
  return b;
}

describe("dashboard catalog page", () => {
  it("has a Backup card with BACKUP_TO: where it goes, whether it is up to date, Litestream's last error", async () => {
    t = await buildDashboardApp();
    const b = await signedIn();
    expect((await b.get("/dashboard/catalog")).body).not.toContain("Backup");
    const state = {
      to: "s3://bucket/catalog",
      running: true,
      lagSeconds: 75,
      lagBytes: 123456,
      lastSyncAt: "2026-11-27T01:00:00.000Z",
      lastError: "sync error: database is locked",
      lastErrorAt: "2026-11-27T01:00:30.000Z",
      restarts: 2,
    };
    t.deps.backup = { state: async () => state };
    let body = (await b.get("/dashboard/catalog")).body;
    expect(body).toContain('<h2 id="backup-title">Backup</h2>');
    expect(body).toContain('<td data-label="to">s3://bucket/catalog</td><td data-label="status"><span class="status warn">behind</span></td>');
    expect(body).toContain('<td data-label="behind the catalog">1 min 15 s, 123,456 bytes of WAL</td>');
    expect(body).toContain('<time datetime="2026-11-27T01:00:00.000Z">2026-11-27 01:00 UTC</time>');
    expect(body).toContain("sync error: database is locked");
    expect(body).toMatch(/data-label="restarts">2</);
    Object.assign(state, { running: false });
    expect((await b.get("/dashboard/catalog")).body).toContain('<span class="status bad">not running</span>');
    Object.assign(state, { running: true, lagSeconds: 0, lagBytes: 0 });
    body = (await b.get("/dashboard/catalog")).body;
    expect(body).toContain('<span class="status ok">up to date</span>');
    expect(body).toContain('<td data-label="behind the catalog">none</td>');
  });

  it("shows titles per provider, the providers' health and the runs with their outcome", async () => {
    t = await buildDashboardApp({
      env: { PROVIDER_FANZA_ENABLED: "on" },
      seed: (db) => {
        upsertRecords(db, [
          makeIngest({ contentId: "abp00123", dvdId: "ABP-123", releaseDate: "2020-01-02T00:00:00.000Z" }),
          makeIngest({ contentId: "abp00124", dvdId: "ABP-124", releaseDate: "2021-05-06T00:00:00.000Z" }),
          makeIngest({ contentId: "ssis00001", dvdId: "SSIS-001" }, { provider: "fanza" }),
        ]);
        const ok = startRun(db, "fanza", "cron", "o1", Date.parse("2026-11-20T04:00:00Z"));
        finishRun(db, ok, "fanza", "succeeded", null, Date.parse("2026-11-20T04:02:05Z"));
        const bad = startRun(db, "fanza", "dashboard", "o2", Date.parse("2026-11-21T04:00:00Z"));
        finishRun(db, bad, "fanza", "failed", "the source answered 403 pages: a challenge", Date.parse("2026-11-21T04:00:30Z"), {
          retries: 8,
          failures: 3,
          failureKinds: { challenge: 3 },
        });
      },
    });
    const b = await signedIn();
    const res = await b.get("/dashboard/catalog");
    expect(res.statusCode).toBe(200);
    const body = res.body;
    expect(body).toContain("Titles: 3");
    expect(body).toMatch(/<td data-label="provider">file<\/td><td class="num" data-label="titles">2<\/td><td data-label="newest release">2021-05-06<\/td>/);
    expect(body).toMatch(/<td data-label="provider">fanza<\/td><td class="num" data-label="titles">1<\/td>/);
    // fanza: enabled but without credentials; r18dev: disabled in this config.
    expect(body).toContain("needs FANZA_API_ID and FANZA_AFFILIATE_ID");
    expect(body).toMatch(/r18dev<\/td>\s*<td data-label="status"><span class="status warn">disabled/);
    const runs = [...body.matchAll(/<tr>\s*<td class="num" data-label="run">(\d+)<\/td>([\s\S]*?)<\/tr>/g)];
    expect(runs.map((m) => m[1])).toEqual(["2", "1"]);
    expect(runs[0][2]).toContain("failed");
    expect(runs[0][2]).toContain("challenge 3");
    expect(runs[0][2]).toContain("the source answered 403 pages: a challenge");
    expect(runs[0][2]).toContain("30 s");
    expect(runs[1][2]).toContain("succeeded");
    expect(runs[1][2]).toContain("2 min 5 s");
    // No process runs ingest here: the buttons say so and the action is refused.
    expect(body).toContain('title="this process runs no ingest"');
    const refused = await b.post("/dashboard/catalog/ingest", { provider: "fanza" }, await b.token("/dashboard/catalog"));
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain("This process runs no ingest");
  });

  it("starts an ingest of a provider: the run shows as running, then its outcome", async () => {
    t = await buildDashboardApp({ env: simulatedProviders(sim.url), ingest: withIngest });
    const b = await signedIn();
    const res = await b.post("/dashboard/catalog/ingest", { provider: "fanza" }, await b.token("/dashboard/catalog"));
    expect(res.statusCode).toBe(303);
    const runId = listRuns(t.db)[0].id;
    expect(res.headers.location).toBe(`/dashboard/catalog?started=${runId}`);
    expect((await b.get(res.headers.location as string)).body).toContain(`Ingest run ${runId} started.`);
    await control?.settled();
    const fragment = await b.get("/dashboard/catalog/runs");
    expect(fragment.statusCode).toBe(200);
    expect(fragment.body).not.toContain("<html");
    expect(fragment.body).not.toContain("data-running");
    expect(fragment.body).toContain("succeeded");
    expect(fragment.body).toContain("dashboard");
    expect(listRuns(t.db)[0]).toMatchObject({ id: runId, trigger: "dashboard", status: "succeeded" });
    expect(listRuns(t.db)[0].added).toBeGreaterThan(0);
  });

  it("marks a running run for the page's live refresh", async () => {
    t = await buildDashboardApp({ seed: (db) => void startRun(db, "fanza", "cron", "someone", Date.now() - 65_000) });
    const b = await signedIn();
    const fragment = (await b.get("/dashboard/catalog/runs")).body;
    expect(fragment).toMatch(/<tr data-running>/);
    expect(fragment).toContain("running");
    expect(fragment).toMatch(/1 min \d+ s/);
    expect((await b.get("/dashboard/catalog")).body).toContain('data-live-url="/dashboard/catalog/runs"');
  });

  it("refuses to start while another run holds the lock, and for a provider that cannot crawl, saying why", async () => {
    t = await buildDashboardApp({ env: simulatedProviders(sim.url), ingest: withIngest });
    const b = await signedIn();
    const token = await b.token("/dashboard/catalog");
    const other = { owner: "the-cli", pid: 999_999, host: "another-host" };
    expect(acquireIngestLock(t.db, other, { now: Date.now(), staleMs: 600_000, isAlive: () => true })).toBeNull();
    const busy = await b.post("/dashboard/catalog/ingest", { provider: "fanza" }, token);
    expect(busy.statusCode).toBe(409);
    expect(busy.body).toContain("another ingest is running");
    releaseIngestLock(t.db, other.owner);
    for (const [provider, why] of [
      ["r18dev", "codes"],
      ["nope", "nope"],
      ["", "provider"],
    ] as const) {
      const res = await b.post("/dashboard/catalog/ingest", { provider }, token);
      expect(res.statusCode, provider).toBe(400);
      expect(res.body).toMatch(/Not started: /);
      expect(res.body.toLowerCase()).toContain(why);
    }
    expect(listRuns(t.db)).toHaveLength(0);
  });
});
