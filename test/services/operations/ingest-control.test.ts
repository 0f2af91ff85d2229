import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { PROVIDERS } from "../../../src/providers/registry.js";
import { openDatabase, type Db, acquireIngestLock, listRuns, releaseIngestLock, titleCount } from "../../../src/catalog/index.js";
import { IngestBusyError } from "../../../src/ingest/run-ingest.js";
import { createProviderRuntime, type ProviderRuntime } from "../../../src/providers/runtime.js";
import { startSimulator, type Simulator } from "../../../tools/simulator/index.js";
import { IngestControl, IngestRefusedError, type IngestControlOptions } from "../../../src/services/operations/ingest-control.js";
import { simulatedProviders, tempCatalog, testConfig } from "../../helpers/build-app.js";

const NOW = new Date("2026-11-10T03:00:00Z");

/** The log lines a control wrote, as [level, message, fields]. */
function memoryLog() {
  const lines: [string, string, Record<string, unknown>][] = [];
  return {
    lines,
    info: (o: object, msg: string) => void lines.push(["info", msg, o as Record<string, unknown>]),
    error: (o: object, msg: string) => void lines.push(["error", msg, o as Record<string, unknown>]),
  };
}

describe("IngestControl: the server's runs, scheduled and started from the dashboard", () => {
  let sim: Simulator;
  const open: { db: Db; dir: string; runtime: ProviderRuntime; control: IngestControl }[] = [];

  /** A control over a fresh catalog, its providers pointed at the simulator. */
  function setup(env: Record<string, string> = {}, timing: IngestControlOptions = {}) {
    const { db, dir, path } = tempCatalog();
    const config = testConfig({
      DATABASE_PATH: path,
      ...simulatedProviders(sim.url),
      PROVIDER_R18DEV_ENABLED: "off",
      HTTP_TIMEOUT_MS: "5000",
      ...env,
    });
    const runtime = createProviderRuntime(config, { now: () => NOW, http: { sleep: async () => {} } });
    const log = memoryLog();
    const control = new IngestControl(db, runtime, config, log, timing);
    open.push({ db, dir, runtime, control });
    return { db, dir, path, control, log };
  }

  beforeAll(async () => {
    sim = await startSimulator({ records: 300, seed: 11 });
  });
  afterEach(async () => {
    sim.setFaults({});
    for (const o of open.splice(0)) {
      o.control.shutdown();
      await o.control.settled();
      await o.runtime.close();
      o.db.close();
      rmSync(o.dir, { recursive: true, force: true });
    }
  });
  afterAll(async () => {
    await sim.close();
  });

  it("start resolves with the run's id once it holds the lock; the run writes its titles in the background", async () => {
    const { db, control, log } = setup();
    const { runId } = await control.start("fanza");
    const [running] = listRuns(db);
    expect(running).toMatchObject({ id: runId, provider: "fanza", trigger: "dashboard", status: "running" });

    await control.settled();
    const [done] = listRuns(db);
    expect(done).toMatchObject({ id: runId, status: "succeeded" });
    expect(done.added).toBeGreaterThanOrEqual(250);
    expect(titleCount(db)).toBe(done.added);
    expect(log.lines).toContainEqual(["info", "dashboard ingest", expect.objectContaining({ provider: "fanza", runId, status: "succeeded" })]);
    // The lock is free again: another start goes through.
    const again = await control.start("fanza");
    await control.settled();
    expect(listRuns(db)[0]).toMatchObject({ id: again.runId, status: "succeeded", added: 0 });
  });

  it("rejects with IngestBusyError while another run holds the lock", async () => {
    const { db, path, control } = setup();
    const other = openDatabase(path);
    try {
      expect(
        acquireIngestLock(other, { owner: "cli-run", pid: process.pid, host: "elsewhere" }, { now: Date.now(), staleMs: 60_000, isAlive: () => true }),
      ).toBeNull();
      const refused = await control.start("fanza").catch((err: unknown) => err);
      expect(refused).toBeInstanceOf(IngestBusyError);
      expect((refused as Error).message).toMatch(/another ingest is running/);
      expect(listRuns(db)).toEqual([]);
      releaseIngestLock(other, "cli-run");
      await control.start("fanza");
    } finally {
      other.close();
    }
  });

  it("refuses, with the reason, an unknown provider, a disabled or unusable one, and r18dev without codes", async () => {
    const refusal = async (control: IngestControl, provider: string) => {
      const err = await control.start(provider).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(IngestRefusedError);
      return (err as Error).message;
    };
    const { control, db } = setup();
    expect(await refusal(control, "nope")).toBe(`unknown provider "nope"; providers: ${PROVIDERS.map((p) => p.name).join(", ")}`);
    expect(await refusal(control, "r18dev")).toBe("r18dev is not usable: disabled (PROVIDER_R18DEV_ENABLED=off)");
    expect(listRuns(db)).toEqual([]);

    const noCredentials = setup({ FANZA_API_ID: "" }).control;
    expect(await refusal(noCredentials, "fanza")).toBe("fanza is not usable: needs FANZA_API_ID");

    const r18dev = setup({ PROVIDER_R18DEV_ENABLED: "on" });
    expect(await refusal(r18dev.control, "r18dev")).toBe("r18dev crawls only the codes of a list file, and R18DEV_CODES_FILE is not set");
    const missing = join(r18dev.dir, "missing.txt");
    const unreadable = setup({ PROVIDER_R18DEV_ENABLED: "on", R18DEV_CODES_FILE: missing }).control;
    expect(await refusal(unreadable, "r18dev")).toBe(`cannot read the codes file ${missing} (R18DEV_CODES_FILE): ENOENT`);
  });

  it("crawls r18dev from the codes file, read when the run starts", async () => {
    const codes = sim.catalog.records.slice(0, 12).map((r) => r.record.dvdId);
    const file = join(mkdtempSync(join(tmpdir(), "vc-codes-")), "codes.txt");
    writeFileSync(file, "# wanted\n");
    const { db, control } = setup({ PROVIDER_R18DEV_ENABLED: "on", R18DEV_CODES_FILE: file });
    expect(await control.start("r18dev").catch((e: unknown) => (e as Error).message)).toBe(`the codes file ${file} (R18DEV_CODES_FILE) lists no codes`);
    writeFileSync(file, `# wanted\n${codes.join("\n")}\n`);
    try {
      const { runId } = await control.start("r18dev");
      await control.settled();
      expect(listRuns(db)[0]).toMatchObject({ id: runId, provider: "r18dev", trigger: "dashboard", status: "succeeded", added: 12 });
    } finally {
      rmSync(dirname(file), { recursive: true, force: true });
    }
  });

  it("gives up starting when another process holds the catalog's write lock, leaving no run and no lock", async () => {
    const { db, path, control } = setup({}, { startWaitMs: 300 });
    const importer = openDatabase(path);
    importer.exec("BEGIN IMMEDIATE"); // as an import does, for as long as it runs
    try {
      const err = await control.start("fanza").catch((e: unknown) => e);
      expect(err).toBeInstanceOf(IngestRefusedError);
      expect((err as Error).message).toMatch(/another process is writing the catalog/);
    } finally {
      importer.exec("ROLLBACK");
      importer.close();
    }
    await control.settled();
    expect(listRuns(db)).toEqual([]);
    expect(db.prepare("SELECT count(*) FROM ingest_lock").pluck().get()).toBe(0);
  });

  it("shutdown ends a running run after its page, or cancels it when the page takes too long", async () => {
    sim.setFaults({ slowShare: 1, slowMs: 400 });
    const patient = setup();
    const first = await patient.control.start("fanza");
    patient.control.shutdown();
    await patient.control.settled();
    expect(listRuns(patient.db)[0]).toMatchObject({ id: first.runId, status: "stopped", pages: 1 });
    expect(await patient.control.start("fanza").catch((e: unknown) => e)).toBeInstanceOf(IngestRefusedError);

    sim.setFaults({ slowShare: 1, slowMs: 3000 });
    const hurried = setup({}, { shutdownPageMs: 100 });
    const second = await hurried.control.start("fanza");
    const t0 = Date.now();
    hurried.control.shutdown();
    await hurried.control.settled();
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(listRuns(hurried.db)[0]).toMatchObject({ id: second.runId, status: "stopped", pages: 0 });
    expect(hurried.db.prepare("SELECT count(*) FROM ingest_lock").pluck().get()).toBe(0);
  });

  it("runScheduled crawls every provider that can, and logs a run that another holds the lock for as skipped", async () => {
    const { db, path, control, log } = setup();
    await control.runScheduled();
    expect(listRuns(db).map((r) => [r.provider, r.trigger, r.status])).toEqual([["fanza", "cron", "succeeded"]]);
    expect(log.lines).toContainEqual(["info", "scheduled ingest", expect.objectContaining({ provider: "fanza", status: "succeeded" })]);

    const other = openDatabase(path);
    try {
      acquireIngestLock(other, { owner: "cli-run", pid: process.pid, host: "elsewhere" }, { now: Date.now(), staleMs: 60_000, isAlive: () => true });
      await control.runScheduled();
      expect(log.lines.at(-1)).toEqual([
        "info",
        "scheduled ingest skipped: another run holds the lock",
        { holder: { owner: "cli-run", pid: process.pid, host: "elsewhere" } },
      ]);
    } finally {
      other.close();
    }
    control.shutdown();
    await control.runScheduled();
    expect(listRuns(db)).toHaveLength(1);
  });
});
