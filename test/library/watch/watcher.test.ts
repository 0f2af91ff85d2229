/**
 * The watcher's turns in this process, on a real inbox and a real catalog: a media server
 * that is down never holds a file back (placed, its notice waiting with a later try), and
 * an organize run another process applies holds the placing back until it ends, the jobs
 * ready again, never lost in `placing`.
 */
import { spawn } from "node:child_process";
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, rmSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { finishOrganizeRun, jobsInState, listNotices, openCatalog, startOrganizeRun, upsertRecords, type Db } from "../../../src/catalog/index.js";
import { thisProcess } from "../../../src/library/organize/organize.js";
import { createWatcher, watcherOptions } from "../../../src/library/watch/index.js";
import { testConfig } from "../../helpers/build-app.js";
import { downUrl } from "../../helpers/media-server-stand-ins.js";
import { organizeTitles } from "../../helpers/organize-library.js";

let root: string;
let db: Db;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "vc-watcher-"));
  mkdirSync(join(root, "inbox"));
  db = openCatalog(join(root, "catalog.db"));
  upsertRecords(db, organizeTitles());
});
afterEach(() => {
  db.close();
  rmSync(root, { recursive: true, force: true });
});

async function watcherWith(env: Record<string, string>) {
  const config = testConfig({ DATABASE_PATH: join(root, "catalog.db"), LIVE_LOOKUPS: "off", ...env });
  const options = watcherOptions(
    {
      inbox: join(root, "inbox"),
      into: join(root, "library"),
      template: "",
      target: "posix",
      link: "move",
      onConflict: "skip",
      unmatched: "",
      write: "",
      settleSeconds: 0,
      intervalSeconds: 60,
      pendingDays: 30,
      language: "ja",
      live: false,
    },
    { into: "--into", template: "--template", write: "--write" },
  );
  const log = { info: () => {}, warn: () => {}, error: () => {} };
  return createWatcher({ db, config, live: null, images: null, log, me: thisProcess("test") }, options);
}

describe("the watcher's turns", () => {
  it("places a file though the media server is down, and keeps its notice for a later try", async () => {
    const w = await watcherWith({ JELLYFIN_URL: await downUrl(), JELLYFIN_TOKEN: "tok" });
    closeSync(openSync(join(root, "inbox", "SNIS-217.mp4"), "w"));
    const before = Date.now();
    await w.turnNow();
    expect(jobsInState(db, "placed").map((j) => j.path)).toEqual([join(root, "inbox", "SNIS-217.mp4")]);
    const [n] = listNotices(db, 10);
    expect(n).toEqual(expect.objectContaining({ kind: "jellyfin", state: "waiting", attempts: 1 }));
    expect(n.nextTryAt).toBeGreaterThanOrEqual(before + 30_000);
    expect(n.lastError).not.toContain("tok");
    await w.stop();
  });

  it("holds its placing back while another process applies an organize run, then places", async () => {
    const w = await watcherWith({});
    const sleeper = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
    try {
      const busy = startOrganizeRun(
        db,
        {
          kind: "organize",
          undoOf: null,
          source: "/x",
          into: "/y",
          mode: "move",
          owner: "organize",
          pid: sleeper.pid as number,
          host: hostname(),
          plannedAt: 1,
          startedAt: 1,
          left: [],
        },
        [],
      ) as number;
      const file = join(root, "inbox", "MIDE-799.mp4");
      closeSync(openSync(file, "w"));
      await w.turnNow();
      expect(existsSync(file)).toBe(true);
      expect(jobsInState(db, "placing")).toEqual([]);
      expect(jobsInState(db, "ready").map((j) => j.path)).toEqual([file]);
      finishOrganizeRun(db, busy, Date.now());
      await w.turnNow();
      expect(existsSync(file)).toBe(false);
      expect(jobsInState(db, "placed").map((j) => j.path)).toEqual([file]);
    } finally {
      sleeper.kill("SIGKILL");
      await w.stop();
    }
  });
});
