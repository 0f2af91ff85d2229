/**
 * Carries out a journalled run, from wherever it stands: a new run from its first step, a
 * run left open by a killed process from its first step not done. Each step is marked
 * started before its file operation and done (or failed) after, and every operation looks
 * at the disk first (file-steps.ts), so a step begun and cut off is finished, never done
 * twice. A unit (a video with what travels with it, a stack's parts) is all or nothing:
 * when one of its steps fails, the ones done are put back before the run goes on.
 * Folders the run made and left empty (a unit put back) are removed at its end.
 */
import {
  failUnit,
  finishOrganizeRun,
  finishUndoRun,
  getOrganizeRun,
  markStep,
  type OrganizeStep,
  organizeRunSteps,
  type StepState,
} from "../../catalog/index.js";
import type { ServiceDeps } from "../../services/deps.js";
import { fsReason } from "../sidecar-files.js";
import { ensureFolder, ensureHardLink, ensureMoved, ensureNoFolder, ensureRemoved, ensureSymlink, lstatOrNull, type StepOutcome } from "./file-steps.js";

type Db = ServiceDeps["db"];

export interface RunHooks {
  /** Called at every point a kill may fall between (after each mark and each half of a move). */
  onPoint?: () => Promise<void> | void;
  /** Each step as it ends. */
  onStep?: (step: OrganizeStep) => void;
  /** Stops between steps; the run stays open, to be finished by the next. */
  signal?: AbortSignal;
}

const noIdentity = { size: null, mtimeMs: null, dev: null, ino: null };
const identityOfStep = (s: OrganizeStep) => ({ size: s.size, mtimeMs: s.mtimeMs, dev: s.dev, ino: s.ino });

/** The step's file operation, forward. `begun`: it was marked started by a run that stopped. */
async function forward(s: OrganizeStep, begun: boolean, hooks: RunHooks): Promise<StepOutcome> {
  const from = s.fromPath ?? "";
  switch (s.op) {
    case "mkdir":
      return ensureFolder(s.toPath, begun);
    case "move":
    case "copy":
      return ensureMoved(from, s.toPath, identityOfStep(s), async () => hooks.onPoint?.());
    case "hardlink":
      return ensureHardLink(from, s.toPath);
    case "symlink":
      return ensureSymlink(from, s.toPath);
    case "unlink":
    case "write":
      return ensureRemoved(s.toPath, identityOfStep(s));
    case "rmdir":
      return ensureNoFolder(s.toPath);
  }
}

/** The step undone, for a unit put back: the file returned, the name made removed. */
async function backward(s: OrganizeStep, hooks: RunHooks): Promise<StepOutcome> {
  switch (s.op) {
    case "move":
    case "copy":
      return ensureMoved(s.toPath, s.fromPath ?? "", identityOfStep(s), async () => hooks.onPoint?.());
    case "hardlink":
    case "symlink":
    case "write":
      return ensureRemoved(s.toPath, identityOfStep(s));
    default:
      // Folders stay until the run's end (another unit may use one); an undo's removals are not put back.
      return { state: "done" };
  }
}

async function attempt(run: () => Promise<StepOutcome>): Promise<StepOutcome> {
  try {
    return await run();
  } catch (err) {
    return { state: "failed", reason: fsReason(err) };
  }
}

async function mark(db: Db, s: OrganizeStep, state: StepState, hooks: RunHooks, outcome?: StepOutcome): Promise<void> {
  markStep(db, s.runId, s.seq, state, outcome?.reason ?? null, outcome?.identity);
  s.state = state;
  s.reason = outcome?.reason ?? null;
  if (outcome?.identity) Object.assign(s, outcome.identity);
  await hooks.onPoint?.();
}

/** Puts back, last first, the steps of units that failed part way. */
async function revert(db: Db, steps: OrganizeStep[], hooks: RunHooks): Promise<void> {
  for (const s of [...steps].reverse()) {
    if (s.state !== "reverting") continue;
    const outcome = await attempt(() => backward(s, hooks));
    if (outcome.state === "failed") {
      // Left where it is, said in the journal: the file is somewhere the journal names, never lost.
      await mark(db, s, "failed", hooks, { state: "failed", reason: `could not be put back: ${outcome.reason}` });
    } else await mark(db, s, "reverted", hooks, { state: "done", reason: s.reason ?? "put back: another file of its unit failed" });
    hooks.onStep?.(s);
  }
}

async function step(db: Db, s: OrganizeStep, all: OrganizeStep[], hooks: RunHooks): Promise<void> {
  const begun = s.state === "started";
  if (!begun && s.op === "mkdir") {
    // A folder that is there already was not made by this run: an undo must leave it.
    const there = await lstatOrNull(s.toPath).catch(() => null);
    if (there?.isDirectory()) return void (await mark(db, s, "skipped", hooks, { state: "skipped", reason: "was there" }));
  }
  if (!begun) await mark(db, s, "started", hooks);
  const outcome = await attempt(() => forward(s, begun, hooks));
  await mark(db, s, outcome.state, hooks, outcome.state === "done" ? { ...outcome, identity: outcome.identity ?? noIdentity } : outcome);
  hooks.onStep?.(s);
  if (outcome.state !== "failed") return;
  const reason = `not moved: ${outcome.reason}`;
  failUnit(db, s.runId, s.unit, reason);
  for (const o of all) {
    if (o.unit !== s.unit || o === s) continue;
    if (o.state === "done" && o.op !== "mkdir") Object.assign(o, { state: "reverting", reason: `put back: ${outcome.reason}` });
    else if (o.state === "pending") Object.assign(o, { state: "skipped", reason });
  }
  await hooks.onPoint?.();
  await revert(db, all, hooks);
}

/** Folders the run made that hold nothing now (a unit put back, a file moved on): removed, last made first. */
async function tidyFolders(db: Db, steps: OrganizeStep[], hooks: RunHooks): Promise<void> {
  for (const s of [...steps].reverse()) {
    if (s.op !== "mkdir" || s.state !== "done") continue;
    const outcome = await attempt(() => ensureNoFolder(s.toPath));
    if (outcome.state === "done") await mark(db, s, "reverted", hooks, { state: "done", reason: "left empty" });
  }
}

/** Runs every step not done yet; true when the run finished (false: stopped by the signal). */
export async function runSteps(deps: Pick<ServiceDeps, "db">, runId: number, hooks: RunHooks = {}): Promise<boolean> {
  const { db } = deps;
  const steps = organizeRunSteps(db, runId);
  await revert(db, steps, hooks);
  for (const s of steps) {
    if (s.state !== "pending" && s.state !== "started") continue;
    if (hooks.signal?.aborted) return false;
    await step(db, s, steps, hooks);
  }
  await tidyFolders(db, steps, hooks);
  // An undo marks the run it put back in the same transaction as its own end.
  const run = getOrganizeRun(db, runId);
  if (run?.kind === "undo" && run.undoOf !== null) finishUndoRun(db, runId, run.undoOf, Date.now());
  else finishOrganizeRun(db, runId, Date.now());
  return true;
}
