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
import { fsReason } from "../sidecars/files.js";
import {
  ensureFolder,
  ensureHardLink,
  ensureMoved,
  ensureNoFolder,
  ensureRemoved,
  ensureSymlink,
  flushFolders,
  lstatOrNull,
  type MoveOptions,
  type StepOutcome,
} from "./file-steps.js";

export interface RunHooks {
  /** Called at every point a kill may fall between (after each mark and each half of a move). */
  onPoint?: () => Promise<void> | void;
  /** Each step as it ends. */
  onStep?: (step: OrganizeStep) => void;
  /** Stops between steps; the run stays open, to be finished by the next. */
  signal?: AbortSignal;
}

/** What the steps of one run share. */
interface Run {
  db: ServiceDeps["db"];
  hooks: RunHooks;
  steps: OrganizeStep[];
  /** Folders a name was removed from, flushed before the run is marked finished. */
  emptied: Set<string>;
}

const noIdentity = { size: null, mtimeMs: null, dev: null, ino: null };
const identityOfStep = (s: OrganizeStep) => ({ size: s.size, mtimeMs: s.mtimeMs, dev: s.dev, ino: s.ino });
const moveOptions = (run: Run, begun: boolean): MoveOptions => ({ begun, between: async () => run.hooks.onPoint?.(), emptied: run.emptied });

/** The step's file operation, forward. `begun`: it was marked started by a run that stopped. */
async function forward(run: Run, s: OrganizeStep, begun: boolean): Promise<StepOutcome> {
  const from = s.fromPath ?? "";
  switch (s.op) {
    case "mkdir":
      return ensureFolder(s.toPath, begun);
    case "move":
    case "copy":
      return ensureMoved(from, s.toPath, identityOfStep(s), moveOptions(run, begun));
    case "hardlink":
      return ensureHardLink(from, s.toPath);
    case "symlink":
      return ensureSymlink(from, s.toPath);
    case "unlink":
    case "write":
      return ensureRemoved(s.toPath, identityOfStep(s), run.emptied);
    case "rmdir":
      return ensureNoFolder(s.toPath);
  }
}

/** The step undone, for a unit put back: the file returned, the name made removed. */
async function backward(run: Run, s: OrganizeStep): Promise<StepOutcome> {
  switch (s.op) {
    case "move":
    case "copy":
      return ensureMoved(s.toPath, s.fromPath ?? "", identityOfStep(s), moveOptions(run, true));
    case "hardlink":
    case "symlink":
    case "write":
      return ensureRemoved(s.toPath, identityOfStep(s), run.emptied);
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

async function mark(run: Run, s: OrganizeStep, state: StepState, outcome?: StepOutcome): Promise<void> {
  markStep(run.db, s.runId, s.seq, state, outcome?.reason ?? null, outcome?.identity);
  s.state = state;
  s.reason = outcome?.reason ?? null;
  if (outcome?.identity) Object.assign(s, outcome.identity);
  await run.hooks.onPoint?.();
}

/** Puts back, last first, the steps of units that failed part way. */
async function revert(run: Run): Promise<void> {
  for (const s of [...run.steps].reverse()) {
    if (s.state !== "reverting") continue;
    const outcome = await attempt(() => backward(run, s));
    if (outcome.state === "failed") {
      // Left where it is, said in the journal: the file is somewhere the journal names, never lost.
      await mark(run, s, "failed", { state: "failed", reason: `could not be put back: ${outcome.reason}` });
    } else await mark(run, s, "reverted", { state: "done", reason: s.reason ?? "put back: another file of its unit failed" });
    run.hooks.onStep?.(s);
  }
}

/** A unit one of whose steps failed: its done steps put back, its pending ones skipped, in the journal first. */
async function failed(run: Run, s: OrganizeStep, why: string): Promise<void> {
  failUnit(run.db, s.runId, s.unit, `not moved: ${why}`);
  for (const o of run.steps) {
    if (o.unit !== s.unit || o === s) continue;
    if (o.state === "done" && o.op !== "mkdir") Object.assign(o, { state: "reverting", reason: `put back: ${why}` });
    else if (o.state === "pending") Object.assign(o, { state: "skipped", reason: `not moved: ${why}` });
  }
  await run.hooks.onPoint?.();
  await revert(run);
}

async function step(run: Run, s: OrganizeStep): Promise<void> {
  const begun = s.state === "started";
  if (!begun && s.op === "mkdir" && (await lstatOrNull(s.toPath))?.isDirectory()) {
    // A folder that is there already was not made by this run: an undo must leave it.
    return mark(run, s, "skipped", { state: "skipped", reason: "was there" });
  }
  if (!begun) await mark(run, s, "started");
  const outcome = await attempt(() => forward(run, s, begun));
  await mark(run, s, outcome.state, outcome.state === "done" ? { ...outcome, identity: outcome.identity ?? noIdentity } : outcome);
  run.hooks.onStep?.(s);
  if (outcome.state === "failed") await failed(run, s, outcome.reason ?? "failed");
}

/**
 * A run taken over from a process that stopped: a move marked done whose old name is back
 * (a power cut before its folder was flushed) loses that second name again.
 */
async function settle(run: Run): Promise<void> {
  for (const s of run.steps) {
    if (s.state !== "done" || (s.op !== "move" && s.op !== "copy") || s.fromPath === null) continue;
    const [src, dst] = [await lstatOrNull(s.fromPath), await lstatOrNull(s.toPath)];
    if (src !== null && dst !== null) await attempt(() => ensureMoved(s.fromPath as string, s.toPath, identityOfStep(s), moveOptions(run, true)));
  }
}

/** Folders the run made that hold nothing now (a unit put back): removed, last made first. */
async function tidyFolders(run: Run): Promise<void> {
  // Only a unit put back (or cut short) leaves a folder it made empty.
  if (!run.steps.some((s) => s.op !== "mkdir" && s.state !== "done")) return;
  for (const s of [...run.steps].reverse()) {
    if (s.op !== "mkdir" || s.state !== "done") continue;
    const outcome = await attempt(() => ensureNoFolder(s.toPath));
    if (outcome.state === "done") await mark(run, s, "reverted", { state: "done", reason: "left empty" });
  }
}

/** Runs every step not done yet; true when the run finished (false: stopped by the signal). */
export async function runSteps(deps: Pick<ServiceDeps, "db">, runId: number, hooks: RunHooks = {}): Promise<boolean> {
  const run: Run = { db: deps.db, hooks, steps: organizeRunSteps(deps.db, runId), emptied: new Set() };
  await settle(run);
  await revert(run);
  for (const s of run.steps) {
    if (s.state !== "pending" && s.state !== "started") continue;
    if (hooks.signal?.aborted) {
      await flushFolders(run.emptied);
      return false;
    }
    await step(run, s);
  }
  await tidyFolders(run);
  await flushFolders(run.emptied);
  // An undo marks the run it put back in the same transaction as its own end.
  const r = getOrganizeRun(deps.db, runId);
  if (r?.kind === "undo" && r.undoOf !== null) finishUndoRun(deps.db, runId, r.undoOf, Date.now());
  else finishOrganizeRun(deps.db, runId, Date.now());
  return true;
}
