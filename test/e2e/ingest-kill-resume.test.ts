import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openCatalog, type Db, createKey, listRuns } from "../../src/catalog/index.js";
import { runIngest } from "../../src/ingest/run-ingest.js";
import { createProviderRuntime } from "../../src/providers/runtime.js";
import { buildServer } from "../../src/server/app.js";
import { startSimulator, type Simulator } from "../../tools/simulator/index.js";
import { testConfig } from "../helpers/build-app.js";
import { CLI_ENTRY, ROOT, runCliAsync } from "../helpers/run-cli.js";
import { providersOffEnv } from "../../src/cli/simulate-env.js";

const snapshot = (db: Db) => db.prepare("SELECT provider || ' ' || content_id || ' ' || hash FROM movies ORDER BY 1").pluck().all();

describe("ingest CLI: SIGKILL mid-run, then resume", () => {
  let sim: Simulator;
  let dir: string;
  let env: Record<string, string>;
  beforeAll(async () => {
    sim = await startSimulator({ records: 3000, seed: 11 });
    dir = mkdtempSync(join(tmpdir(), "vc-kill-"));
    env = {
      DATABASE_PATH: join(dir, "catalog.db"),
      PROVIDER_FANZA_BASE_URL: sim.url,
      ...providersOffEnv("fanza"),
      FANZA_API_ID: "sim",
      FANZA_AFFILIATE_ID: "sim-990",
      LOG_LEVEL: "warn",
    };
  });
  afterAll(async () => {
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("ends with exactly the records of a clean run, while the API keeps answering", async () => {
    // The killed run: slow enough (20 requests/s) to be stopped in the middle.
    const db = openCatalog(env.DATABASE_PATH);
    const child = spawn(process.execPath, [CLI_ENTRY, "ingest", "--provider", "fanza", "--since", "2012-01-01"], {
      cwd: ROOT,
      env: { ...process.env, ...env, PROVIDER_FANZA_RATE: "20" },
      stdio: "ignore",
    });
    const exited = new Promise((r) => child.once("exit", r));

    // Meanwhile the API answers from the same file on another connection.
    const { token } = createKey(db, "reader", 1e9);
    const app = await buildServer({ db, config: testConfig({ DATABASE_PATH: env.DATABASE_PATH }), live: null, pool: null, ingest: null }, { logger: false });
    const statuses = new Set<number>();
    let pages = 0;
    for (let i = 0; i < 600 && pages < 8; i++) {
      const r = await app.inject({ url: "/query?q=&num=5", headers: { "x-service-key": token } });
      statuses.add(r.statusCode);
      pages = listRuns(db)[0]?.pages ?? 0;
      await new Promise((res) => setTimeout(res, 25));
    }
    child.kill("SIGKILL");
    await exited;
    expect(pages).toBeGreaterThanOrEqual(8);
    expect([...statuses]).toEqual([200]);
    const partial = db.prepare("SELECT count(*) FROM movies").pluck().get() as number;
    expect(partial).toBeGreaterThan(0);

    // Resume: starts from the checkpoint, not from the start.
    const resumed = await runCliAsync(["ingest", "--provider", "fanza", "--since", "2012-01-01"], { ...env, PROVIDER_FANZA_RATE: "0" });
    expect(resumed.stderr + resumed.stdout).not.toMatch(/failed|Error/);
    expect(resumed.status).toBe(0);
    const runs = listRuns(db);
    expect(runs[0]).toMatchObject({ status: "succeeded", trigger: "cli" });
    expect(runs[1]).toMatchObject({ status: "interrupted" });
    expect(runs[0].added + partial).toBe(db.prepare("SELECT count(*) FROM movies").pluck().get());

    // A clean run into another catalog, against the same source.
    const clean = openCatalog(join(dir, "clean.db"));
    const rt = createProviderRuntime(testConfig({ ...env, PROVIDER_FANZA_ENABLED: "on", PROVIDER_FANZA_RATE: "0" }));
    const [run] = await runIngest(clean, rt, { provider: "fanza", since: "2012-01-01", trigger: "cli" });
    await rt.close();
    expect(run.status).toBe("succeeded");
    expect(snapshot(db)).toEqual(snapshot(clean));
    expect(runs[0].pages).toBeLessThan(run.pages); // the resumed run did not start over

    const listed = await runCliAsync(["runs"], env);
    expect(listed.stdout).toContain("interrupted");
    expect(listed.stdout).toContain("succeeded");

    await app.close();
    clean.close();
    db.close();
    // Two ingests of 3,000 titles and two CLI runs beside the API: 5 s alone here, over 30 s once in a loaded full run.
  }, 90_000);

  it("refuses a second run while one is going", async () => {
    const child = spawn(process.execPath, [CLI_ENTRY, "ingest", "--provider", "fanza", "--since", "2001-01-01"], {
      cwd: ROOT,
      env: { ...process.env, ...env, DATABASE_PATH: join(dir, "overlap.db"), PROVIDER_FANZA_RATE: "5" },
      stdio: "ignore",
    });
    const db = openCatalog(join(dir, "overlap.db"));
    for (let i = 0; i < 400 && (listRuns(db)[0]?.pages ?? 0) < 1; i++) await new Promise((r) => setTimeout(r, 25));
    const second = await runCliAsync(["ingest", "--provider", "fanza"], { ...env, DATABASE_PATH: join(dir, "overlap.db") });
    child.kill("SIGKILL");
    await new Promise((r) => child.once("exit", r));
    db.close();
    expect(second.status).toBe(2);
    expect(second.stderr).toContain("another ingest is running");
  });
});
