/**
 * A run killed at every point (SIGKILL after each journal mark and between the two halves
 * of each move), then started again: the tree ends exactly as the run left it
 * uninterrupted, every file once, none lost, nothing half copied. The same for an undo
 * killed at every other point (and its last), then undone again: the tree is as before. Started again
 * as a user would (`organize ... --apply`, `organize --undo last`) at every tenth point,
 * through the same calls in this process at the others (a process per point is the cost).
 * The killed process applies a plan this file makes, as `organize --plan FILE --apply` does.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openCatalog, type Db } from "../../src/catalog/index.js";
import { applyPlan, finishOpenRuns, thisProcess, undoRun } from "../../src/library/organize/organize.js";
import { planOrganize } from "../../src/library/organize/plan.js";
import { DEFAULT_TEMPLATE, parseTemplate } from "../../src/library/organize/template.js";
import { buildSmallLibrary, OTHER_FS, seedCatalog, treeOf } from "../helpers/organize-library.js";
import { testConfig } from "../helpers/build-app.js";
import { ROOT, runCli } from "../helpers/run-cli.js";

const CHILD = join(ROOT, "test/artifacts/organize-child.mjs");
const CLI_EVERY = 10;
let root: string;
let shm: string | null;
let seeded: string;

beforeAll(async () => {
  // One file, the packages in it but the native ones: a process starts in a fraction of a second.
  await build({
    entryPoints: [join(ROOT, "test/helpers/organize-child.ts")],
    outfile: CHILD,
    bundle: true,
    platform: "node",
    format: "esm",
    external: ["better-sqlite3", "sharp", "node-cron"],
    banner: { js: 'import { createRequire as __vcRequire } from "node:module"; const require = __vcRequire(import.meta.url);' },
    logLevel: "warning",
  });
  root = mkdtempSync(join(tmpdir(), "vc-organize-kill-"));
  seeded = join(root, "seeded.db");
  seedCatalog(seeded);
}, 60_000);
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  if (shm) rmSync(shm, { recursive: true, force: true });
});

/** A fresh library and catalog at the same paths each time. */
function fresh(): { db: string; src: string; lib: string } {
  for (const name of ["work", "catalog.db", "catalog.db-wal", "catalog.db-shm"]) rmSync(join(root, name), { recursive: true, force: true });
  if (shm) rmSync(shm, { recursive: true, force: true });
  shm = OTHER_FS ? mkdtempSync(join(OTHER_FS, "vc-organize-kill-")) : null;
  mkdirSync(join(root, "work"));
  const { src, lib } = buildSmallLibrary(join(root, "work"), shm);
  copyFileSync(seeded, join(root, "catalog.db"));
  return { db: join(root, "catalog.db"), src, lib };
}

/** The plan of the fresh library, made here: the child only applies it. */
async function planFile(db: string, src: string, lib: string): Promise<string> {
  const catalog = openCatalog(db);
  try {
    const { plan } = await planOf(catalog, db, src, lib);
    writeFileSync(join(root, "plan.json"), JSON.stringify(plan));
    return join(root, "plan.json");
  } finally {
    catalog.close();
  }
}

async function child(db: string, src: string, lib: string, k: number, what: "apply" | "undo"): Promise<{ signal: string | null; points: number }> {
  const args = what === "apply" ? [CHILD, db, String(k), what, await planFile(db, src, lib)] : [CHILD, db, String(k), what];
  const r = spawnSync(process.execPath, args, { cwd: ROOT, encoding: "utf8", env: { ...process.env, LOG_LEVEL: "warn" } });
  if (r.status !== 0 && r.signal === null) throw new Error(r.stderr);
  return { signal: r.signal, points: Number(r.stdout.trim()) };
}

function planOf(catalog: Db, db: string, src: string, lib: string) {
  const config = testConfig({ DATABASE_PATH: db, LIVE_LOOKUPS: "off" });
  return planOrganize(
    { db: catalog, config, live: null, pool: null, ingest: null },
    {
      source: src,
      into: lib,
      template: DEFAULT_TEMPLATE,
      parsed: parseTemplate(DEFAULT_TEMPLATE),
      target: "posix",
      mode: "move",
      onConflict: "skip",
      unmatched: null,
      live: false,
      language: "ja",
      concurrency: 4,
    },
  );
}

/** What the user runs again, as the command (`cli`) or through the same calls here. */
async function again(cli: boolean, what: "apply" | "undo", db: string, src: string, lib: string): Promise<void> {
  if (cli) {
    const r =
      what === "apply"
        ? runCli(["organize", src, "--into", lib, "--apply", "--offline"], { DATABASE_PATH: db })
        : runCli(["organize", "--undo", "last"], { DATABASE_PATH: db });
    expect(r.status, r.stderr).toBe(0);
    return;
  }
  const catalog = openCatalog(db);
  const me = thisProcess("organize");
  try {
    if (what === "undo") return void (await undoRun({ db: catalog }, "last", me));
    await finishOpenRuns({ db: catalog }, me);
    const config = testConfig({ DATABASE_PATH: db, LIVE_LOOKUPS: "off" });
    const { plan } = await planOrganize(
      { db: catalog, config, live: null, pool: null, ingest: null },
      {
        source: src,
        into: lib,
        template: DEFAULT_TEMPLATE,
        parsed: parseTemplate(DEFAULT_TEMPLATE),
        target: "posix",
        mode: "move",
        onConflict: "skip",
        unmatched: null,
        live: false,
        language: "ja",
        concurrency: 4,
      },
    );
    await applyPlan({ db: catalog }, plan, me);
  } finally {
    catalog.close();
  }
}

const snapshot = (t: Map<string, { bytes: string }>) => [...t].map(([p, e]) => `${p} ${e.bytes.length}:${e.bytes.slice(0, 40)}`);
const tree = () => [...snapshot(treeOf(join(root, "work"))), ...(shm ? snapshot(treeOf(shm)).map((l) => `shm/${l}`) : [])];

describe("organize killed at every point", () => {
  it("ends, once started again, as the uninterrupted run ends; and so does an undo", async () => {
    let { db, src, lib } = fresh();
    const before = tree();
    const points = (await child(db, src, lib, 0, "apply")).points;
    const after = tree();
    expect(after).not.toEqual(before);
    const undoPoints = (await child(db, src, lib, 0, "undo")).points;
    expect(tree()).toEqual(before);
    expect([points, undoPoints]).toEqual([expect.any(Number), expect.any(Number)]);
    expect(Math.min(points, undoPoints)).toBeGreaterThan(20);

    for (let k = 1; k <= points; k++) {
      ({ db, src, lib } = fresh());
      expect((await child(db, src, lib, k, "apply")).signal, `point ${k}`).toBe("SIGKILL");
      await again(k % CLI_EVERY === 0, "apply", db, src, lib);
      expect(tree(), `killed at point ${k} of ${points}`).toEqual(after);
    }
    // Every other point of the undo, and its last: its steps and marks are the run's, backwards.
    const undoKills = Array.from({ length: undoPoints }, (_, i) => i + 1).filter((k) => k % 2 === 1 || k === undoPoints);
    for (const k of undoKills) {
      ({ db, src, lib } = fresh());
      await again(false, "apply", db, src, lib);
      expect((await child(db, src, lib, k, "undo")).signal, `undo point ${k}`).toBe("SIGKILL");
      await again(k % CLI_EVERY === 0, "undo", db, src, lib);
      expect(tree(), `undo killed at point ${k} of ${undoPoints}`).toEqual(before);
    }
  }, 240_000);
});
