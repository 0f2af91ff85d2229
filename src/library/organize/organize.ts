/**
 * The organizer's front door, for the CLI and the dashboard: apply a plan as a journalled
 * run, finish the runs a killed process left open, undo a run. One run applies at a time:
 * a run open under a live process on this machine is that process's; one whose process is
 * gone is finished by the next command before it does anything else.
 */
import { existsSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import {
  getOrganizeRun,
  lastOrganizeRun,
  type LeftFile,
  type NewOrganizeRun,
  type NewStep,
  type OrganizeRun,
  claimOrganizeRun,
  openOrganizeRuns,
  organizeRunSteps,
  startOrganizeRun,
  undoOfRun,
} from "../../catalog/index.js";
import { processAlive } from "../../lib/process-alive.js";
import { stableCode, VideoCatalogError } from "../../lib/video-catalog-error.js";
import type { ServiceDeps } from "../../services/deps.js";
import { lstatOrNull } from "./file-steps.js";
import { stepsOfPlan, stepsOfUndo } from "./journal-steps.js";
import type { OrganizePlan } from "./plan.js";
import { type RunHooks, runSteps } from "./run-steps.js";

type Deps = Pick<ServiceDeps, "db">;

/** Who applies a run: the command or the dashboard, in this process. */
export interface RunOwner {
  owner: string;
  pid: number;
  host: string;
}

export const thisProcess = (owner: string): RunOwner => ({ owner, pid: process.pid, host: hostname() });

/** Another process applies a run now: the caller waits for it, or stops it first. */
export class OrganizeBusy extends VideoCatalogError {
  static {
    stableCode(OrganizeBusy, "VC_ERR_ORGANIZE_BUSY");
  }
}
/** An undo asked of a run there is none of, or of an undo. */
export class NoSuchRun extends VideoCatalogError {
  static {
    stableCode(NoSuchRun, "VC_ERR_NO_SUCH_RUN");
  }
}

const isDir = (dir: string) => {
  try {
    return existsSync(dir);
  } catch {
    return false;
  }
};

function ownedElsewhere(run: OrganizeRun, me: RunOwner): boolean {
  if (run.pid === me.pid && run.host === me.host) return false;
  return run.host === me.host && processAlive(run.pid);
}

/**
 * Finishes every run left open by a process that stopped (a kill, a power cut): each
 * step begun is finished from where it stands. Returns the runs finished.
 */
export async function finishOpenRuns(deps: Deps, me: RunOwner, hooks: RunHooks = {}): Promise<OrganizeRun[]> {
  const finished: OrganizeRun[] = [];
  for (const run of openOrganizeRuns(deps.db)) {
    if (ownedElsewhere(run, me)) throw new OrganizeBusy(`organize run ${run.id} is being applied by ${run.owner} (process ${run.pid}); wait for it to end`);
    claimOrganizeRun(deps.db, run.id, me.owner, me.pid, me.host);
    if (!(await runSteps(deps, run.id, hooks))) break;
    finished.push(run);
  }
  return finished;
}

/** What on the disk is no longer as the plan found it: a file changed or gone, a target taken since. */
export async function checkPlan(plan: OrganizePlan): Promise<string[]> {
  const problems: string[] = [];
  for (const u of plan.units) {
    if (u.status !== "move") continue;
    for (const f of u.files) {
      const now = await lstatOrNull(f.from);
      if (now === null) problems.push(`${f.from} is gone`);
      else if (now.size !== f.size || now.mtimeMs !== f.mtimeMs || now.ino !== f.ino) problems.push(`${f.from} changed since the plan was made`);
      if ((await lstatOrNull(f.to)) !== null) problems.push(`${f.to} exists now`);
    }
  }
  return problems;
}

/** A new run, or OrganizeBusy when another began since the open ones were finished. */
function started(deps: Deps, run: NewOrganizeRun, steps: NewStep[]): number {
  const id = startOrganizeRun(deps.db, run, steps);
  if (id === null) throw new OrganizeBusy("another organize run began meanwhile; wait for it to end");
  return id;
}

/** What the run leaves where it is, and why: the files without one title, and the videos of units not placed. */
function stayed(plan: OrganizePlan): LeftFile[] {
  const units = plan.units.filter((u) => u.status !== "move" && u.status !== "in-place");
  const videos = units.flatMap((u) =>
    u.files.filter((f) => f.kind === "video").map((f) => ({ path: path.relative(plan.source, f.from), status: u.status, reason: u.why })),
  );
  return [...plan.left, ...videos];
}

/** Applies a plan as one run (null when it moves nothing); the caller has checked it and finished open runs. */
export async function applyPlan(deps: Deps, plan: OrganizePlan, me: RunOwner, hooks: RunHooks = {}): Promise<number | null> {
  const steps = stepsOfPlan(plan, isDir);
  if (steps.length === 0) return null;
  const runId = started(
    deps,
    {
      kind: "organize",
      undoOf: null,
      source: plan.source,
      into: plan.into,
      mode: plan.mode,
      ...me,
      plannedAt: plan.plannedAt,
      startedAt: Date.now(),
      left: stayed(plan),
    },
    steps,
  );
  await hooks.onPoint?.();
  await runSteps(deps, runId, hooks);
  return runId;
}

/** The run `ref` names (`last`: the latest organize run), or why there is none to undo. */
export function runToUndo(deps: Deps, ref: number | "last"): OrganizeRun {
  const run = ref === "last" ? lastOrganizeRun(deps.db, "organize") : getOrganizeRun(deps.db, ref);
  if (run === null) throw new NoSuchRun(ref === "last" ? "no organize run to undo" : `no organize run ${ref}`);
  if (run.kind !== "organize") throw new NoSuchRun(`run ${run.id} is an undo (of run ${run.undoOf}); undo takes an organize run`);
  return run;
}

export interface UndoResult {
  run: OrganizeRun;
  /** The undo's own run (for a run undone already, the undo that did it). */
  undoId: number | null;
  /** The run was undone already: nothing was done now. */
  already: boolean;
}

/** Puts every file of a run back where it was, as a run of its own; a run undone already is left as it is. */
export async function undoRun(deps: Deps, ref: number | "last", me: RunOwner, hooks: RunHooks = {}): Promise<UndoResult> {
  await finishOpenRuns(deps, me, hooks);
  const run = runToUndo(deps, ref);
  if (run.state === "undone") return { run, undoId: undoOfRun(deps.db, run.id)?.id ?? null, already: true };
  const steps = stepsOfUndo(organizeRunSteps(deps.db, run.id), isDir);
  const undoId = started(
    deps,
    { kind: "undo", undoOf: run.id, source: run.into, into: run.source, mode: "move", ...me, plannedAt: Date.now(), startedAt: Date.now(), left: [] },
    steps,
  );
  await hooks.onPoint?.();
  await runSteps(deps, undoId, hooks);
  return { run, undoId, already: false };
}
