/**
 * `watch` as a user runs it (the built CLI, a process of its own), with stand-in Jellyfin
 * and Plex servers and a webhook receiver (local servers that record what they get:
 * test/helpers/media-server-stand-ins.ts), the provider simulator for an ingest, and a
 * catalog of the providers' real samples:
 * - a file written in chunks under qBittorrent's `.!qB` name, then renamed, is placed once,
 *   after it settled, with one refresh call per server and one webhook, signed;
 * - a code the catalog lacks stays pending in the inbox until an ingest of the simulator
 *   adds its title, then is placed (the webhook says it was found later);
 * - a watcher killed with a file under two names (linked into the library, not yet removed
 *   from the inbox) finishes it when started again, once;
 * - a file that arrived while no watcher ran is caught by the walk at start;
 * - `--once` places a path at once, and changes nothing the second time;
 * - `serve` with WATCH_INBOX runs the same watcher, and /health says so.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createHmac } from "node:crypto";
import { closeSync, existsSync, linkSync, mkdirSync, mkdtempSync, openSync, readdirSync, renameSync, rmSync, writeSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimReady, markStep, openCatalog, organizeRunSteps, queueSettled, startOrganizeRun } from "../../src/catalog/index.js";
import { providersOffEnv } from "../../src/cli/simulate-env.js";
import { stepsOfPlan } from "../../src/library/organize/journal-steps.js";
import { planOrganize } from "../../src/library/organize/plan.js";
import { DEFAULT_TEMPLATE, parseTemplate } from "../../src/library/organize/template.js";
import { startSimulator, type Simulator } from "../../tools/simulator/index.js";
import { testConfig } from "../helpers/build-app.js";
import { jellyfin, plex, type StandIn, standIn } from "../helpers/media-server-stand-ins.js";
import { freePort, waitHealthy } from "../helpers/log-pipe.js";
import { seedCatalog } from "../helpers/organize-library.js";
import { CLI_ENTRY, ROOT, runCliAsync } from "../helpers/run-cli.js";

const SECRET = "a webhook secret of some length";
const SNIS = "ティア/SNIS-217 ラブ◆キモメン ティア";

let root: string;
let inbox: string;
let lib: string;
let db: string;
let env: Record<string, string>;
let sim: Simulator;
let jf: StandIn;
let px: StandIn;
let hook: StandIn;
let watcher: ChildProcess | null = null;
let log = "";

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, check: () => T | null | undefined | false, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`waited ${ms} ms for ${what}; the watcher said:\n${log}`);
    await wait(50);
  }
}

function startWatcher(): void {
  watcher = spawn(process.execPath, [CLI_ENTRY, "watch", inbox, "--into", lib, "--settle", "1", "--interval", "2"], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  watcher.stdout?.on("data", (d: Buffer) => (log += d.toString()));
  watcher.stderr?.on("data", (d: Buffer) => (log += d.toString()));
}

async function stopWatcher(): Promise<void> {
  const w = watcher;
  watcher = null;
  if (w === null || w.exitCode !== null) return;
  const exited = new Promise((r) => w.once("exit", r));
  w.kill("SIGTERM");
  await exited;
}

const events = () => hook.got.map((r) => JSON.parse(r.body.toString()) as { event: string; from: string; to: string | null; code: string | null });
const jobState = (path: string) => {
  const c = openCatalog(db);
  try {
    return c.prepare("SELECT state FROM watch_jobs WHERE path = ?").pluck().get(path) as string | undefined;
  } finally {
    c.close();
  }
};

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "vc-watch-"));
  inbox = join(root, "complete");
  lib = join(root, "library");
  mkdirSync(inbox);
  db = join(root, "catalog.db");
  seedCatalog(db);
  sim = await startSimulator({ records: 200, seed: 42 });
  [jf, px, hook] = await Promise.all([jellyfin("jf-token"), plex("plex-token"), standIn((_r, res) => res.writeHead(204).end())]);
  env = {
    DATABASE_PATH: db,
    LIVE_LOOKUPS: "off",
    JELLYFIN_URL: jf.url,
    JELLYFIN_TOKEN: "jf-token",
    PLEX_URL: px.url,
    PLEX_TOKEN: "plex-token",
    PLEX_PATH_MAP: `${lib}=/data/jav`,
    WEBHOOK_URL: `${hook.url}/hook`,
    WEBHOOK_SECRET: SECRET,
    PROVIDER_FANZA_BASE_URL: sim.url,
    // The simulator's own pace, not the real site's request a second.
    PROVIDER_FANZA_RATE: "0",
    ...providersOffEnv("fanza"),
    FANZA_API_ID: "sim",
    FANZA_AFFILIATE_ID: "sim-990",
  };
}, 60_000);

afterAll(async () => {
  await stopWatcher();
  await Promise.all([sim?.close(), jf?.close(), px?.close(), hook?.close()]);
  rmSync(root, { recursive: true, force: true });
});

describe("watch", () => {
  it("places a download once it settled, with one refresh per server and one signed webhook", async () => {
    startWatcher();
    await until("the watcher to start", () => log.includes("watching"));
    const partial = join(inbox, "hhd800.com@SNIS-217-C.mp4.!qB");
    const fd = openSync(partial, "w");
    for (let i = 0; i < 3; i++) {
      writeSync(fd, Buffer.alloc(64 * 1024, i));
      await wait(300);
    }
    closeSync(fd);
    await wait(1200);
    // Still a partial name: nothing taken, though it held for longer than the settle time.
    expect(existsSync(lib)).toBe(false);
    const renamed = Date.now();
    renameSync(partial, join(inbox, "hhd800.com@SNIS-217-C.mp4"));
    const placed = join(lib, SNIS, "SNIS-217-C.mp4");
    await until("the file placed", () => existsSync(placed));
    expect(existsSync(join(inbox, "hhd800.com@SNIS-217-C.mp4"))).toBe(false);
    await until("the refreshes", () => jf.got.length === 1 && px.got.length >= 2 && hook.got.length === 1);
    // Taken only after it held for the settle time (1 s).
    const refreshedAfter = Date.now() - renamed;
    expect(refreshedAfter).toBeGreaterThanOrEqual(1000);
    expect(JSON.parse(jf.got[0].body.toString())).toEqual({ Updates: [{ Path: join(lib, SNIS), UpdateType: "Created" }] });
    const refresh = px.got.find((r) => r.url.includes("/refresh"));
    expect(new URL(refresh?.url ?? "", "http://plex").searchParams.get("path")).toBe(`/data/jav/${SNIS}`);
    const [h] = hook.got;
    expect(h.headers["x-hub-signature-256"]).toBe(`sha256=${createHmac("sha256", SECRET).update(h.body).digest("hex")}`);
    expect(events()).toEqual([expect.objectContaining({ event: "placed", code: "SNIS-217", from: join(inbox, "hhd800.com@SNIS-217-C.mp4"), to: placed })]);
    // A whole walk later (the interval is 2 s), nothing more.
    await wait(2100);
    expect([jf.got.length, hook.got.length]).toEqual([1, 1]);
  }, 60_000);

  it("keeps a title no source has yet pending in the inbox until an ingest adds it, then places it", async () => {
    const record = sim.catalog.records.find((r) => /^[A-Z]{3,5}-\d{3}$/.test(r.record.dvdId)) as (typeof sim.catalog.records)[number];
    const code = record.record.dvdId;
    const file = join(inbox, `${code}.mp4`);
    closeSync(openSync(file, "w"));
    await until("the file pending", () => jobState(file) === "pending");
    expect(existsSync(file)).toBe(true);
    // The notice is written with the job's state and sent after it.
    await until("the pending webhook", () => events().at(-1)?.from === file);
    expect(events().at(-1)).toEqual(expect.objectContaining({ event: "pending", from: file }));
    const ingest = await runCliAsync(["ingest", "--provider", "fanza", "--since", "2000-01-01"], env);
    expect(ingest.status, ingest.stderr).toBe(0);
    await until("the pending file placed", () => jobState(file) === "placed", 30_000);
    expect(existsSync(file)).toBe(false);
    // The notice is written with the job's state and sent after it.
    await until("the found webhook", () => events().at(-1)?.event === "found");
    expect(events().at(-1)).toEqual(expect.objectContaining({ event: "found", code, from: file }));
  }, 90_000);

  it("finishes, once, a file a killed watcher left under two names; and places a file that came while none ran", async () => {
    await stopWatcher();
    // What a kill between the two halves of a move leaves: the job placing, the run open, the file linked and not unlinked.
    const file = join(inbox, "MIDE-799.mp4");
    closeSync(openSync(file, "w"));
    const c = openCatalog(db);
    const plan = (
      await planOrganize(
        { db: c, config: testConfig({ DATABASE_PATH: db }), live: null, pool: null, ingest: null },
        {
          source: inbox,
          into: lib,
          template: DEFAULT_TEMPLATE,
          parsed: parseTemplate(DEFAULT_TEMPLATE),
          target: "posix",
          mode: "move",
          onConflict: "skip",
          unmatched: null,
          live: false,
          language: "ja",
          concurrency: 1,
          paths: ["MIDE-799.mp4"],
        },
      )
    ).plan;
    queueSettled(c, [{ path: file, inbox, size: 0, mtimeMs: 0 }], Date.now());
    claimReady(c, `${hostname()}:999999999`, Date.now());
    const runId = startOrganizeRun(
      c,
      {
        kind: "organize",
        undoOf: null,
        source: inbox,
        into: lib,
        mode: "move",
        owner: "watch",
        pid: 999_999_999,
        host: hostname(),
        plannedAt: 1,
        startedAt: 1,
        left: [],
      },
      stepsOfPlan(plan, existsSync),
    ) as number;
    const steps = organizeRunSteps(c, runId);
    for (const s of steps) {
      markStep(c, runId, s.seq, "started");
      if (s.op === "mkdir") mkdirSync(s.toPath);
      else linkSync(s.fromPath as string, s.toPath);
      if (s.op === "mkdir") markStep(c, runId, s.seq, "done");
    }
    c.close();
    const target = steps.at(-1)?.toPath as string;
    // And a file that comes while no watcher runs.
    const late = join(inbox, "ROYD-191.mp4");
    closeSync(openSync(late, "w"));
    const before = { jf: jf.got.length, hook: hook.got.length };
    startWatcher();
    try {
      await checkFinished(file, target, late, before);
    } finally {
      await stopWatcher();
    }
  }, 60_000);

  async function checkFinished(file: string, target: string, late: string, before: { hook: number }): Promise<void> {
    await until("both placed", () => jobState(file) === "placed" && jobState(late) === "placed");
    expect([existsSync(file), existsSync(target)]).toEqual([false, true]);
    expect(readdirSync(join(target, ".."))).toEqual(["MIDE-799.mp4"]);
    expect(existsSync(late)).toBe(false);
    await until("their notices", () => hook.got.length >= before.hook + 2);
    await wait(2100);
    expect(
      events()
        .slice(before.hook)
        .map((e) => [e.event, e.from]),
    ).toEqual(
      expect.arrayContaining([
        ["placed", file],
        ["placed", late],
      ]),
    );
    expect(hook.got.length - before.hook).toBe(2);
  }

  it("places a path at once with --once, and changes nothing the second time", async () => {
    const folder = join(inbox, "[FHD] SONE-708");
    mkdirSync(folder);
    closeSync(openSync(join(folder, "SONE-708.mkv"), "w"));
    // Not runCli: the stand-in servers answer from this process, which must not block on the command.
    const first = await runCliAsync(["watch", inbox, "--into", lib, "--once", folder], env);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^placed\tSONE-708\t.*SONE-708\.mkv\t.*\/SONE-708\.mkv$/m);
    const notices = hook.got.length;
    const second = await runCliAsync(["watch", inbox, "--into", lib, "--once", folder], env);
    expect(second.status, second.stderr).toBe(0);
    expect(second.stdout).toBe(first.stdout);
    expect(hook.got.length).toBe(notices);
    const outside = await runCliAsync(["watch", inbox, "--into", lib, "--once", root], env);
    expect(outside.status).toBe(2);
    expect(outside.stderr).toContain("is not inside the inbox");
  }, 60_000);

  it("runs in serve with WATCH_INBOX, and /health says it runs and what waits", async () => {
    const inbox2 = join(root, "serve-inbox");
    mkdirSync(inbox2);
    const port = await freePort();
    const server = spawn(process.execPath, [CLI_ENTRY, "serve"], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...env,
        PORT: String(port),
        LOG_LEVEL: "warn",
        SAMPLE_DATA: "off",
        WATCH_INBOX: inbox2,
        WATCH_INTO: lib,
        WATCH_SETTLE_SECONDS: "0",
      },
      stdio: "ignore",
    });
    try {
      await waitHealthy(`http://127.0.0.1:${port}`);
      const file = join(inbox2, "TKMIRD-261.mp4");
      const unknown = join(inbox2, "ZZZ-999.mp4");
      closeSync(openSync(file, "w"));
      closeSync(openSync(unknown, "w"));
      await until("the file placed by serve's watcher", () => jobState(file) === "placed" && jobState(unknown) === "pending");
      expect(existsSync(file)).toBe(false);
      const health = (await (await fetch(`http://127.0.0.1:${port}/health`)).json()) as { watch?: { running: boolean; inbox: string; waiting: number } };
      // What waits: the pending one here (and any an earlier test of this file left).
      const c = openCatalog(db);
      const waiting = c.prepare("SELECT count(*) FROM watch_jobs WHERE state IN ('ready', 'placing', 'pending')").pluck().get() as number;
      c.close();
      expect(waiting).toBeGreaterThanOrEqual(1);
      expect(health.watch).toEqual(expect.objectContaining({ running: true, inbox: inbox2, waiting }));
    } finally {
      const exited = new Promise((r) => server.once("exit", r));
      server.kill("SIGTERM");
      await exited;
    }
    expect(server.exitCode).toBe(0);
  }, 60_000);
});
