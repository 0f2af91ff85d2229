/**
 * organize: plans where a folder's videos go in a library, prints the plan, and with
 * --apply carries it out as a journalled run (src/library/organize/); `organize runs`
 * lists the runs, `--undo` puts one back. Every command first finishes a run a killed
 * organize left open.
 */
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { getOrganizeRun, listOrganizeRuns, organizeRunSteps } from "../catalog/index.js";
import { imagesFor, lazyImages } from "../images/index.js";
import { parseTemplate, DEFAULT_TEMPLATE, TemplateError } from "../library/organize/template.js";
import { applyPlan, checkPlan, finishOpenRuns, NoSuchRun, OrganizeBusy, thisProcess, undoRun } from "../library/organize/organize.js";
import type { ConflictPolicy, OrganizePlan } from "../library/organize/plan.js";
import { planOrganize } from "../library/organize/plan.js";
import { createProviderRuntime } from "../providers/runtime.js";
import { liveLookups } from "../services/live/live-lookups.js";
import { CliError, cliConfig, err, openCli, out, UsageError } from "./context.js";
import { printPlan, printRuns, printSteps } from "./organize-print.js";
import { writeSidecarsAfter } from "../library/organize/placed-sidecars.js";
import { commandPictureTree } from "./picture-tree.js";
import { Progress } from "./progress.js";
import { checkProviderSettings } from "./provider-settings.js";
import { parseWrite } from "./scan.js";

export interface OrganizeValues {
  into?: string;
  template?: string;
  target: string;
  link?: string;
  onConflict: string;
  unmatched?: string;
  apply?: boolean;
  plan?: string;
  json?: boolean;
  offline?: boolean;
  write?: string;
  concurrency: string;
  undo?: string;
}

const ME = () => thisProcess("organize");

/** An existing folder, resolved; a usage error names it and what it was for. organize's and watch's. */
export function folder(dir: string, what: string): string {
  const s = statSync(dir, { throwIfNoEntry: false });
  if (!s) throw new CliError(`no such folder: ${dir} (${what})`);
  if (!s.isDirectory()) throw new CliError(`${dir} is not a folder (${what})`);
  return path.resolve(dir);
}

/** A folder to put files in: made when missing, but a file of that name is no folder. */
function target(dir: string, what: string): string {
  const s = statSync(dir, { throwIfNoEntry: false });
  if (s && !s.isDirectory()) throw new CliError(`${dir} is not a folder (${what})`);
  return path.resolve(dir);
}

/** One of the values an option takes; a usage error names them. organize's and watch's. */
export function choice<T extends string>(value: string, allowed: readonly T[], option: string): T {
  if (!(allowed as readonly string[]).includes(value)) throw new UsageError(`${option} takes ${allowed.join(" or ")}, got "${value}"`);
  return value as T;
}

function runRef(raw: string): number | "last" {
  if (raw === "last") return "last";
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 1) throw new UsageError(`a run is its number or 'last', got "${raw}"`);
  return n;
}

/** Finishes a run a killed organize left open, saying so; another organize at work is a CliError. */
async function finishLeftOpen(db: Parameters<typeof finishOpenRuns>[0]["db"]): Promise<void> {
  try {
    for (const run of await finishOpenRuns({ db }, ME())) err(`finished organize run ${run.id}, left open by a process that stopped (pid ${run.pid})`);
  } catch (e) {
    if (e instanceof OrganizeBusy) throw new CliError(e.message);
    throw e;
  }
}

function runsCommand(run: string | undefined, json: boolean): void {
  const { db } = openCli({ reads: true });
  try {
    if (run === undefined) {
      const runs = listOrganizeRuns(db, 50);
      if (json) out(JSON.stringify({ runs }));
      else printRuns(runs);
      return;
    }
    const id = runRef(run);
    const found = id === "last" ? (listOrganizeRuns(db, 1)[0] ?? null) : getOrganizeRun(db, id);
    if (found === null) throw new CliError(`no organize run ${run}`);
    const steps = organizeRunSteps(db, found.id);
    if (json) out(JSON.stringify({ run: found, steps }));
    else printSteps(steps);
  } finally {
    db.close();
  }
}

async function undoCommand(raw: string, json: boolean): Promise<void> {
  const { db } = openCli({ writes: "organize --undo" });
  try {
    const { run, undoId, already } = await undoRun({ db }, runRef(raw), ME());
    const steps = undoId === null || already ? [] : organizeRunSteps(db, undoId);
    if (json) return out(JSON.stringify({ run: run.id, undo: undoId, already, steps }));
    if (already) return out(`run ${run.id} was undone by run ${undoId} already: nothing to put back`);
    printSteps(steps);
    const failed = steps.filter((s) => s.state === "failed").length;
    out(`run ${run.id} undone by run ${undoId}: ${steps.filter((s) => s.state === "done").length} steps done, ${failed} failed`);
    if (failed > 0) process.exitCode = 1;
  } catch (e) {
    if (e instanceof NoSuchRun || e instanceof OrganizeBusy) throw new CliError(e.message);
    throw e;
  } finally {
    db.close();
  }
}

function readPlanFile(file: string): OrganizePlan {
  let plan: OrganizePlan;
  try {
    plan = JSON.parse(readFileSync(file, "utf8")) as OrganizePlan;
  } catch (e) {
    throw new CliError(`cannot read the plan ${file}: ${(e as Error).message}`);
  }
  if (plan?.version !== 1 || !Array.isArray(plan.units) || typeof plan.into !== "string")
    throw new CliError(`${file} is not a plan written by organize --json`);
  return plan;
}

/** What a plan is made with, from the command line: every value checked, a usage error naming a bad one. */
function planArguments(src: string, into: string, o: OrganizeValues) {
  const kinds = parseWrite(o.write);
  if (kinds.length > 0 && !o.apply) throw new UsageError("--write goes with --apply");
  const concurrency = Number(o.concurrency);
  if (!Number.isSafeInteger(concurrency) || concurrency < 1 || concurrency > 64) throw new UsageError("--concurrency must be 1 to 64");
  const settings = {
    source: folder(src, "the videos"),
    into: target(into, "--into"),
    template: o.template ?? DEFAULT_TEMPLATE,
    target: choice(o.target, ["posix", "windows"] as const, "--target"),
    mode: o.link === undefined ? ("move" as const) : choice(o.link, ["hard", "soft"] as const, "--link"),
    onConflict: choice<ConflictPolicy>(o.onConflict, ["skip", "suffix"], "--on-conflict"),
    unmatched: o.unmatched === undefined ? null : target(o.unmatched, "--unmatched"),
  };
  try {
    return { settings, parsed: parseTemplate(settings.template), kinds, concurrency };
  } catch (e) {
    if (e instanceof TemplateError) throw new UsageError(`--template: ${e.message}`);
    throw e;
  }
}

export async function organizeCommand(src: string | undefined, run: string | undefined, o: OrganizeValues): Promise<void> {
  if (src === "runs" && o.into === undefined) return runsCommand(run, o.json === true);
  if (run !== undefined) throw new UsageError(`organize takes one folder, got "${src}" and "${run}"`);
  if (o.undo !== undefined) return undoCommand(o.undo, o.json === true);
  if (o.plan !== undefined) {
    if (src !== undefined || o.into !== undefined) throw new UsageError("--plan takes the folders from the plan: no <src> or --into with it");
    return applySaved(readPlanFile(o.plan), o);
  }
  if (src === undefined || o.into === undefined) throw new UsageError("organize needs a folder and --into (or --plan FILE, --undo RUN, runs)");
  const { settings, parsed, kinds, concurrency } = planArguments(src, o.into, o);
  checkProviderSettings(cliConfig());
  const { config, db } = o.apply ? openCli({ writes: "organize --apply" }) : openCli({ reads: true });
  const offline = o.offline === true || !config.liveLookups;
  const runtime = offline && !kinds.some((k) => k !== "nfo") ? null : createProviderRuntime(config);
  const live = offline ? null : liveLookups(db, runtime, config, { store: config.replicaOf === "" });
  const images = runtime ? lazyImages(() => imagesFor(config, runtime.http)) : null;
  const pictureTree = commandPictureTree(config, runtime?.http ?? null);
  const abort = new AbortController();
  process.once("SIGINT", () => abort.abort());
  try {
    if (o.apply) await finishLeftOpen(db);
    const progress = new Progress("read", process.stderr, 5000, "videos");
    let read = 0;
    const { plan, titles } = await planOrganize(
      { db, config, live, pool: null, ingest: null, pictureTree },
      {
        ...settings,
        parsed,
        live: !offline,
        language: config.mediaLanguage,
        concurrency,
        signal: abort.signal,
        onEntry: () => ++read % 64 === 0 && progress.update(read, null),
      },
    );
    progress.clear();
    if (abort.signal.aborted) throw new CliError("organize stopped before the plan was made (SIGINT): nothing changed");
    if (!o.apply) return o.json ? out(JSON.stringify(plan)) : printPlan(plan, false);
    const runId = await applyWithProgress(db, plan, abort.signal);
    const written = runId === null || kinds.length === 0 ? null : await writeSidecarsAfter({ db, config }, runId, plan, titles, kinds, images, abort.signal);
    report(db, plan, runId, written, o.json === true);
  } finally {
    await images?.close();
    await runtime?.close();
    db.close();
  }
}

async function applySaved(plan: OrganizePlan, o: OrganizeValues): Promise<void> {
  if (!o.apply) throw new UsageError("--plan goes with --apply");
  if (o.write !== undefined) throw new UsageError("--write goes with a plan made in the same command (<src> --into DIR --apply)");
  const { db } = openCli({ writes: "organize --apply" });
  try {
    await finishLeftOpen(db);
    const problems = await checkPlan(plan);
    if (problems.length > 0) {
      for (const p of problems.slice(0, 20)) err(p);
      throw new CliError(`the files changed since the plan was made (${problems.length} differences): nothing moved; make a new plan`);
    }
    const abort = new AbortController();
    process.once("SIGINT", () => abort.abort());
    report(db, plan, await applyWithProgress(db, plan, abort.signal), null, o.json === true);
  } finally {
    db.close();
  }
}

async function applyWithProgress(db: Parameters<typeof applyPlan>[0]["db"], plan: OrganizePlan, signal: AbortSignal): Promise<number | null> {
  const total = plan.units.filter((u) => u.status === "move").reduce((n, u) => n + u.files.length, 0);
  const progress = new Progress(plan.mode === "move" ? "move" : "link", process.stderr, 5000, "files");
  let done = 0;
  const runId = await applyPlan({ db }, plan, ME(), {
    signal,
    onStep: (s) => {
      if (s.op !== "mkdir" && s.state !== "reverting" && ++done % 16 === 0) progress.update(done, total);
    },
  });
  progress.clear();
  if (signal.aborted) err(`stopped (SIGINT): the next organize command finishes run ${runId}`);
  return runId;
}

function report(
  db: Parameters<typeof applyPlan>[0]["db"],
  plan: OrganizePlan,
  runId: number | null,
  written: { written: number; failed: number } | null,
  json: boolean,
): void {
  const steps = runId === null ? [] : organizeRunSteps(db, runId);
  if (json) return out(JSON.stringify({ plan, run: runId, steps, ...(written ? { sidecars: written } : {}) }));
  printPlan(plan, true);
  if (runId === null) return out("nothing to move");
  const files = steps.filter((s) => s.op !== "mkdir" && s.op !== "write");
  const failed = files.filter((s) => s.state === "failed");
  for (const s of failed) err(`failed\t${s.fromPath}\t${s.reason}`);
  const back = files.filter((s) => s.state === "reverted" || s.state === "skipped").length;
  out(
    `run ${runId}: ${files.filter((s) => s.state === "done").length} files placed, ${failed.length} failed, ${back} put back or skipped with their unit (undo: organize --undo ${runId})`,
  );
  if (written) out(`sidecars: ${written.written} written, ${written.failed} failed`);
  if (failed.length > 0) process.exitCode = 1;
}
