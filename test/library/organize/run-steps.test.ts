/**
 * The journalled steps on real file systems (a temporary folder, and /dev/shm beside it
 * for moves across file systems) and a real catalog with the real migrations: moves,
 * links, a unit put back when one of its files cannot go, a step cut off half way
 * finished by the next run, an undo and an undo twice.
 */
import { existsSync, linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  getOrganizeRun,
  markStep,
  type NewOrganizeRun,
  type NewStep,
  organizeRunSteps,
  startOrganizeRun as startRun,
  type Db,
} from "../../../src/catalog/index.js";
import { stepsOfUndo } from "../../../src/library/organize/journal-steps.js";
import { finishOpenRuns, thisProcess, undoRun } from "../../../src/library/organize/organize.js";
import { runSteps } from "../../../src/library/organize/run-steps.js";
import { tempCatalog } from "../../helpers/build-app.js";

const SHM = existsSync("/dev/shm") && statSync("/dev/shm").dev !== statSync(tmpdir()).dev ? "/dev/shm" : null;
const me = thisProcess("test");
const run = { kind: "organize" as const, undoOf: null, mode: "move" as const, ...me, plannedAt: 1, startedAt: 1, left: [] };

let db: Db;
let dir: string;
let shm: string | null = null;

beforeEach(() => {
  const c = tempCatalog();
  db = c.db;
  dir = mkdtempSync(join(tmpdir(), "vc-steps-"));
  mkdirSync(join(dir, "src"));
  if (SHM) shm = mkdtempSync(join(SHM, "vc-steps-"));
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
  if (shm) rmSync(shm, { recursive: true, force: true });
});

function file(p: string, text: string): string {
  writeFileSync(p, text);
  return p;
}

function move(unit: number, from: string, to: string, kind: NewStep["kind"] = "video"): NewStep {
  const s = statSync(from);
  return { unit, op: "move", kind, code: "ABP-123", fromPath: from, toPath: to, size: s.size, mtimeMs: s.mtimeMs, dev: s.dev, ino: s.ino };
}

/** A run begun (none other is applying in these tests). */
const startOrganizeRun = (d: Db, r: NewOrganizeRun, steps: NewStep[]): number => startRun(d, r, steps) as number;

const mkdir = (unit: number, to: string): NewStep => ({
  unit,
  op: "mkdir",
  kind: "folder",
  code: null,
  fromPath: null,
  toPath: to,
  size: null,
  mtimeMs: null,
  dev: null,
  ino: null,
});

describe("a run's steps", () => {
  it("moves files into the folders it makes, keeping each file's inode, and records them", async () => {
    const a = file(join(dir, "src/ABP-123.mp4"), "video");
    const ino = statSync(a).ino;
    const id = startOrganizeRun(db, { ...run, source: join(dir, "src"), into: join(dir, "lib") }, [
      mkdir(1, join(dir, "lib")),
      mkdir(1, join(dir, "lib/A")),
      move(1, a, join(dir, "lib/A/ABP-123.mp4")),
    ]);
    expect(await runSteps({ db }, id)).toBe(true);
    expect(existsSync(a)).toBe(false);
    expect(statSync(join(dir, "lib/A/ABP-123.mp4")).ino).toBe(ino);
    expect(organizeRunSteps(db, id).map((s) => s.state)).toEqual(["done", "done", "done"]);
    expect(getOrganizeRun(db, id)?.state).toBe("done");
  });

  it("puts a unit back when one of its files cannot go, and leaves the file in the way alone", async () => {
    const v = file(join(dir, "src/ABP-123.mp4"), "video");
    const s = file(join(dir, "src/ABP-123.srt"), "subtitle");
    mkdirSync(join(dir, "lib"));
    const theirs = file(join(dir, "lib/ABP-123.srt"), "someone else's");
    const other = file(join(dir, "src/ABP-124.mp4"), "another video");
    const steps = [
      move(1, v, join(dir, "lib/ABP-123.mp4")),
      move(1, s, join(dir, "lib/ABP-123.srt"), "subtitle"),
      move(2, other, join(dir, "lib/ABP-124.mp4")),
    ];
    const id = startOrganizeRun(db, { ...run, source: join(dir, "src"), into: join(dir, "lib") }, steps);
    await runSteps({ db }, id);
    expect(readFileSync(v, "utf8")).toBe("video");
    expect(readFileSync(s, "utf8")).toBe("subtitle");
    expect(readFileSync(theirs, "utf8")).toBe("someone else's");
    expect(existsSync(join(dir, "lib/ABP-123.mp4"))).toBe(false);
    // The other unit goes on.
    expect(readFileSync(join(dir, "lib/ABP-124.mp4"), "utf8")).toBe("another video");
    const states = organizeRunSteps(db, id).map((x) => [x.state, x.reason]);
    const why = `another file is at ${join(dir, "lib/ABP-123.srt")}: kept both`;
    expect(states).toEqual([
      ["reverted", `put back: ${why}`],
      ["failed", why],
      ["done", null],
    ]);
  });

  it("finishes a move cut off with the file under both names, and one cut off before it began", async () => {
    const a = file(join(dir, "src/a.mp4"), "a");
    const b = file(join(dir, "src/b.mp4"), "b");
    mkdirSync(join(dir, "lib"));
    // Applied by a process that is gone.
    const gone = { ...run, pid: 999_999_999 };
    const id = startOrganizeRun(db, { ...gone, source: join(dir, "src"), into: join(dir, "lib") }, [
      move(1, a, join(dir, "lib/a.mp4")),
      move(2, b, join(dir, "lib/b.mp4")),
    ]);
    // As a kill leaves them: the first linked and not yet unlinked, the second marked started only.
    markStep(db, id, 0, "started");
    linkSync(a, join(dir, "lib/a.mp4"));
    markStep(db, id, 1, "started");
    const finished = await finishOpenRuns({ db }, me);
    expect(finished.map((r) => r.id)).toEqual([id]);
    expect([existsSync(a), existsSync(b)]).toEqual([false, false]);
    expect(readFileSync(join(dir, "lib/a.mp4"), "utf8") + readFileSync(join(dir, "lib/b.mp4"), "utf8")).toBe("ab");
  });

  it.skipIf(SHM === null)("moves across file systems by copy, flush and compare, with nothing left half way", async () => {
    const a = file(join(shm as string, "ABP-123.mp4"), "x".repeat(3 << 20));
    const id = startOrganizeRun(db, { ...run, source: shm as string, into: dir }, [move(1, a, join(dir, "ABP-123.mp4"))]);
    await runSteps({ db }, id);
    expect(existsSync(a)).toBe(false);
    expect(statSync(join(dir, "ABP-123.mp4")).size).toBe(3 << 20);
    expect(existsSync(join(dir, ".ABP-123.mp4.vc-part"))).toBe(false);
    const [step] = organizeRunSteps(db, id);
    expect(step.dev).toBe(statSync(dir).dev);
  });

  it.skipIf(SHM === null)("refuses a hard link across file systems, saying so, and copies nothing", async () => {
    const a = file(join(shm as string, "ABP-123.mp4"), "video");
    const s = statSync(a);
    const id = startOrganizeRun(db, { ...run, mode: "hard", source: shm as string, into: dir }, [
      {
        unit: 1,
        op: "hardlink",
        kind: "video",
        code: null,
        fromPath: a,
        toPath: join(dir, "ABP-123.mp4"),
        size: s.size,
        mtimeMs: s.mtimeMs,
        dev: s.dev,
        ino: s.ino,
      },
    ]);
    await runSteps({ db }, id);
    expect(existsSync(join(dir, "ABP-123.mp4"))).toBe(false);
    expect(organizeRunSteps(db, id)[0].reason).toMatch(/cannot cross file systems/);
  });

  it("begins no run while another is applying", () => {
    expect(startRun(db, { ...run, source: dir, into: dir }, [])).toBeTypeOf("number");
    expect(startRun(db, { ...run, source: dir, into: dir }, [])).toBeNull();
  });

  it("undoes a run: files back, the folders it made removed, and a second undo changes nothing", async () => {
    const a = file(join(dir, "src/ABP-123.mp4"), "video");
    const id = startOrganizeRun(db, { ...run, source: join(dir, "src"), into: join(dir, "lib") }, [
      mkdir(1, join(dir, "lib")),
      mkdir(1, join(dir, "lib/A")),
      move(1, a, join(dir, "lib/A/ABP-123.mp4")),
    ]);
    await runSteps({ db }, id);
    expect(stepsOfUndo(organizeRunSteps(db, id), existsSync).map((s) => s.op)).toEqual(["move", "rmdir", "rmdir"]);
    const first = await undoRun({ db }, "last", me);
    expect(first.undoId).not.toBeNull();
    expect(readFileSync(a, "utf8")).toBe("video");
    expect(existsSync(join(dir, "lib"))).toBe(false);
    expect(getOrganizeRun(db, id)?.state).toBe("undone");
    const second = await undoRun({ db }, id, me);
    expect(second.undoId).toBe(first.undoId);
    expect(readFileSync(a, "utf8")).toBe("video");
  });
});
