/**
 * A run killed at every point (SIGKILL after each journal mark and between the two halves
 * of each move), then started again as a user would (`organize ... --apply`, which first
 * finishes the run left open): the tree ends exactly as the run left it uninterrupted,
 * every file once, none lost, nothing half copied. The same for an undo killed at every
 * point, then `organize --undo last` again: the tree is as before the run.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCaseLibrary, OTHER_FS, seedCatalog, treeOf } from "../helpers/organize-library.js";
import { ROOT, runCli } from "../helpers/run-cli.js";

const CHILD = join(ROOT, "test/artifacts/organize-child.mjs");
let root: string;
let shm: string | null;
let seeded: string;

beforeAll(async () => {
  await build({
    entryPoints: [join(ROOT, "test/helpers/organize-child.ts")],
    outfile: CHILD,
    bundle: true,
    platform: "node",
    format: "esm",
    packages: "external",
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
  const { src, lib } = buildCaseLibrary(join(root, "work"), shm);
  copyFileSync(seeded, join(root, "catalog.db"));
  return { db: join(root, "catalog.db"), src, lib };
}

function child(db: string, src: string, lib: string, k: number, what: "apply" | "undo"): { status: number | null; signal: string | null; points: number } {
  const r = spawnSync(process.execPath, [CHILD, db, src, lib, String(k), what], { cwd: ROOT, encoding: "utf8", env: { ...process.env, LOG_LEVEL: "warn" } });
  if (r.status !== 0 && r.signal === null) throw new Error(r.stderr);
  return { status: r.status, signal: r.signal, points: Number(r.stdout.trim()) };
}

const snapshot = (t: Map<string, { bytes: string }>) => [...t].map(([p, e]) => `${p} ${e.bytes.length}:${e.bytes.slice(0, 40)}`);
const tree = () => [...snapshot(treeOf(join(root, "work"))), ...(shm ? snapshot(treeOf(shm)).map((l) => `shm/${l}`) : [])];

describe("organize killed at every point", () => {
  it("ends, once started again, as the uninterrupted run ends; and so does an undo", () => {
    let { db, src, lib } = fresh();
    const before = tree();
    const points = child(db, src, lib, 0, "apply").points;
    const after = tree();
    expect(after).not.toEqual(before);
    const undoPoints = child(db, src, lib, 0, "undo").points;
    expect(tree()).toEqual(before);
    expect(points).toBeGreaterThan(20);

    for (let k = 1; k <= points; k++) {
      ({ db, src, lib } = fresh());
      expect(child(db, src, lib, k, "apply").signal, `point ${k}`).toBe("SIGKILL");
      const again = runCli(["organize", src, "--into", lib, "--apply", "--offline"], { DATABASE_PATH: db });
      expect(again.status, again.stderr).toBe(0);
      expect(tree(), `killed at point ${k} of ${points}`).toEqual(after);
    }
    for (let k = 1; k <= undoPoints; k++) {
      ({ db, src, lib } = fresh());
      child(db, src, lib, 0, "apply");
      expect(child(db, src, lib, k, "undo").signal, `undo point ${k}`).toBe("SIGKILL");
      const again = runCli(["organize", "--undo", "last"], { DATABASE_PATH: db });
      expect(again.status, again.stderr).toBe(0);
      expect(tree(), `undo killed at point ${k} of ${undoPoints}`).toEqual(before);
    }
  }, 240_000);
});
