/**
 * A plan as the journal's steps, and a run's steps as those of its undo. Folders come
 * before the files that go in them (each made by the first unit that needs it); an undo
 * runs the run backwards: every file returned to where it was, every name the run made
 * removed, then the folders it made, deepest first, when they are left empty.
 */
import path from "node:path";
import type { NewStep, OrganizeMode, OrganizeStep, StepOp } from "../../catalog/index.js";
import type { OrganizePlan, PlanUnit } from "./plan.js";

const OP: Record<OrganizeMode, StepOp> = { move: "move", hard: "hardlink", soft: "symlink" };
const NO_ID = { size: null, mtimeMs: null, dev: null, ino: null };

/** Every folder from the top one missing down to `dir`, each once across the plan; `exists` says what is on the disk. */
function foldersFor(dir: string, made: Set<string>, exists: (dir: string) => boolean): string[] {
  const chain: string[] = [];
  for (let d = dir; !made.has(d) && !exists(d); d = path.dirname(d)) {
    chain.unshift(d);
    if (path.dirname(d) === d) break;
  }
  for (const d of chain) made.add(d);
  return chain;
}

/** The steps of a plan's units that move. */
export function stepsOfPlan(plan: OrganizePlan, exists: (dir: string) => boolean): NewStep[] {
  const made = new Set<string>();
  const steps: NewStep[] = [];
  const moving: PlanUnit[] = plan.units.filter((u) => u.status === "move");
  for (const u of moving) {
    // A file with no title goes to its folder by moving, whatever the mode: a link of it in the library would be read as a title.
    const op = u.code === null ? "move" : OP[plan.mode];
    for (const f of u.files) {
      for (const dir of foldersFor(path.dirname(f.to), made, exists))
        steps.push({ unit: u.unit, op: "mkdir", kind: "folder", code: u.code, fromPath: null, toPath: dir, ...NO_ID });
      steps.push({ unit: u.unit, op, kind: f.kind, code: u.code, fromPath: f.from, toPath: f.to, size: f.size, mtimeMs: f.mtimeMs, dev: f.dev, ino: f.ino });
    }
  }
  return steps;
}

/** What puts back one done step of a run; null for a step that made nothing. */
function inverse(s: OrganizeStep): NewStep | null {
  const id = { size: s.size, mtimeMs: s.mtimeMs, dev: s.dev, ino: s.ino };
  const base = { unit: s.unit, kind: s.kind, code: s.code };
  switch (s.op) {
    case "move":
    case "copy":
      return { ...base, op: "move", fromPath: s.toPath, toPath: s.fromPath ?? "", ...id };
    case "hardlink":
    case "symlink":
    case "write":
      return { ...base, op: "unlink", fromPath: s.fromPath, toPath: s.toPath, ...id };
    case "mkdir":
      return { ...base, op: "rmdir", fromPath: null, toPath: s.toPath, ...NO_ID };
    default:
      return null;
  }
}

/**
 * The steps of an undo: the run's done steps inverted, last first; the folders a file
 * returns to that are gone since are made again first.
 */
export function stepsOfUndo(steps: OrganizeStep[], exists: (dir: string) => boolean): NewStep[] {
  const back = steps
    .filter((s) => s.state === "done")
    .reverse()
    .map(inverse)
    .filter((s): s is NewStep => s !== null);
  const made = new Set<string>();
  const out: NewStep[] = [];
  for (const s of back) {
    if (s.op === "move") {
      for (const dir of foldersFor(path.dirname(s.toPath), made, exists))
        out.push({ unit: s.unit, op: "mkdir", kind: "folder", code: s.code, fromPath: null, toPath: dir, ...NO_ID });
    }
    out.push(s);
  }
  return out;
}
