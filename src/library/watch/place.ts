/**
 * Places a batch of the watcher's jobs through organize: one plan of those files (the
 * template, the target, what travels), applied as one journalled run, then each job's
 * outcome with what it has to tell (the media servers' folders, the webhook's events),
 * written in one transaction. A title the catalog does not hold yet is pending: asked
 * again when the catalog gains titles, and of the live sources after a growing wait.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { type JobOutcome, type NewNotice, type OrganizeStep, organizeRunSteps, placedFrom, settleJobs, type WatchJob } from "../../catalog/index.js";
import type { MediaServer, Webhook, WatchEvent } from "../../mediaservers/index.js";
import type { ServiceDeps } from "../../services/deps.js";
import { applyPlan, type RunOwner } from "../organize/organize.js";
import { planOrganize } from "../organize/plan.js";
import type { OrganizePlan, PlanSettings, PlanUnit } from "../organize/plan-types.js";
import { writeSidecarsAfter } from "../organize/placed-sidecars.js";
import type { Template } from "../organize/template.js";
import type { SidecarKind } from "../sidecars/sidecars.js";
import type { Images } from "../../images/index.js";

/** How long a pending title waits for its next live lookup, by the lookups tried: hours, then a day. */
const LIVE_RETRY_MS = [2, 6, 24].map((h) => h * 3_600_000);
/** A lookup that failed (a source down) is tried again sooner. */
const FAILED_LOOKUP_RETRY_MS = 15 * 60_000;

export interface WatchSettings extends Omit<PlanSettings, "source"> {
  inbox: string;
  parsed: Template;
  write: SidecarKind[];
  language: "ja" | "en";
}

export interface PlaceDeps extends ServiceDeps {
  images: Images | null;
  servers: MediaServer[];
  webhook: Webhook | null;
}

export interface PlaceOptions {
  /** Ask the live sources for titles the catalog lacks. */
  live: boolean;
  /** Jobs that were pending before: placed now, they are news of a title found later. */
  wasPending: ReadonlySet<number>;
  signal?: AbortSignal;
}

const nextLiveTry = (attempts: number, now: number) => now + LIVE_RETRY_MS[Math.min(attempts, LIVE_RETRY_MS.length) - 1];

interface Found {
  unit: PlanUnit | null;
  left: { status: string; reason: string } | null;
}

/** Where a job's file is in the plan: a unit's video, or a file left where it is. */
function findIn(plan: OrganizePlan, job: WatchJob): Found {
  const unit = plan.units.find((u) => u.files.some((f) => f.from === job.path)) ?? null;
  const rel = path.relative(plan.source, job.path).split(path.sep).join("/");
  const left = plan.left.find((l) => l.path === rel) ?? null;
  return { unit, left };
}

function outcomeOf(job: WatchJob, found: Found, steps: Map<string, OrganizeStep>, o: PlaceOptions, now: number): JobOutcome {
  const { unit, left } = found;
  const named = { code: unit?.code ?? null, title: unit?.title ?? null };
  if (unit?.status === "move") {
    const step = steps.get(job.path);
    if (step?.state === "done") return { id: job.id, state: "placed", ...named, placedAt: step.toPath };
    if (step === undefined || step.state === "pending") return { id: job.id, state: "ready" };
    return { id: job.id, state: "failed", ...named, reason: step.reason ?? step.state };
  }
  if (unit?.status === "in-place") return { id: job.id, state: "placed", ...named, placedAt: job.path };
  if (unit !== null) return { id: job.id, state: "conflict", ...named, reason: unit.why };
  if (left?.status === "not-in-catalog") {
    const attempts = job.attempts + (o.live ? 1 : 0);
    return { id: job.id, state: "pending", reason: left.reason, attempts, nextTryAt: o.live ? nextLiveTry(attempts, now) : null };
  }
  if (left?.status === "failed") return { id: job.id, state: "pending", reason: left.reason, nextTryAt: now + FAILED_LOOKUP_RETRY_MS };
  if (left !== null) return { id: job.id, state: "stays", reason: `${left.status}: ${left.reason}` };
  return { id: job.id, state: "failed", reason: "not found in the inbox any more" };
}

/** A job whose file was gone before it was planned: placed by a run killed under it, or gone. */
function goneOutcome(deps: PlaceDeps, job: WatchJob): JobOutcome {
  const placed = placedFrom(deps.db, job.path);
  if (placed !== null) return { id: job.id, state: "placed", placedAt: placed.toPath, runId: placed.runId };
  return { id: job.id, state: "failed", reason: "the file is gone from the inbox" };
}

function eventOf(job: WatchJob, out: JobOutcome, o: PlaceOptions, sidecars: string[], now: number): WatchEvent | null {
  const base = { code: out.code ?? job.code, title: out.title ?? job.title, from: job.path, at: new Date(now).toISOString() };
  if (out.state === "placed") return { ...base, event: o.wasPending.has(job.id) ? "found" : "placed", to: out.placedAt ?? null, sidecars, reason: null };
  if (out.state === "pending") return o.wasPending.has(job.id) ? null : { ...base, event: "pending", to: null, sidecars: [], reason: out.reason ?? null };
  if (out.state === "ready") return null;
  return { ...base, event: "failed", to: null, sidecars: [], reason: out.reason ?? out.state };
}

/** What the outcomes have to tell: each server the folders files went to, once each; the webhook each file's news. */
function noticesOf(deps: PlaceDeps, jobs: WatchJob[], outcomes: JobOutcome[], o: PlaceOptions, written: string[], now: number): NewNotice[] {
  const placed = outcomes.filter((x) => x.state === "placed" && x.placedAt);
  const folders = [...new Set(placed.map((x) => path.dirname(x.placedAt as string)))];
  const notices: NewNotice[] = deps.servers.flatMap((s) => folders.map((folder) => ({ kind: s.kind, target: s.url, payload: folder })));
  if (deps.webhook === null) return notices;
  for (const out of outcomes) {
    const job = jobs.find((j) => j.id === out.id) as WatchJob;
    const sidecars = out.placedAt ? written.filter((w) => path.dirname(w) === path.dirname(out.placedAt as string)) : [];
    const event = eventOf(job, out, o, sidecars, now);
    if (event !== null) notices.push({ kind: "webhook", target: deps.webhook.url, payload: JSON.stringify(event) });
  }
  return notices;
}

/** Places the jobs (files of `s.inbox`), records their outcomes and notices. */
export async function placeJobs(deps: PlaceDeps, s: WatchSettings, jobs: WatchJob[], me: RunOwner, o: PlaceOptions): Promise<JobOutcome[]> {
  const now = () => Date.now();
  const outside = jobs.filter((j) => !j.path.startsWith(s.inbox + path.sep));
  // A file gone since it settled: placed by a run killed under it (the journal says where), or taken away.
  const gone = jobs.filter((j) => !outside.includes(j) && !existsSync(j.path));
  const here = jobs.filter((j) => !outside.includes(j) && !gone.includes(j));
  const paths = here.map((j) => path.relative(s.inbox, j.path).split(path.sep).join("/"));
  const { plan, titles } = await planOrganize(deps, { ...s, source: s.inbox, live: o.live, concurrency: 4, paths, signal: o.signal });
  const runId = await applyPlan({ db: deps.db }, plan, me, { signal: o.signal });
  const steps = new Map((runId === null ? [] : organizeRunSteps(deps.db, runId)).filter((x) => x.fromPath !== null).map((x) => [x.fromPath as string, x]));
  let written: string[] = [];
  if (runId !== null && s.write.length > 0 && !o.signal?.aborted) {
    await writeSidecarsAfter(deps, runId, plan, titles, s.write, deps.images, o.signal ?? new AbortController().signal);
    written = organizeRunSteps(deps.db, runId)
      .filter((x) => x.op === "write" && x.state === "done")
      .map((x) => x.toPath);
  }
  const outcomes = [
    ...here.map((j) => {
      const out = outcomeOf(j, findIn(plan, j), steps, o, now());
      return out.state === "placed" && runId !== null ? { ...out, runId } : out;
    }),
    ...gone.map((j) => goneOutcome(deps, j)),
    ...outside.map((j) => ({ id: j.id, state: "failed" as const, reason: `not in the inbox ${s.inbox}` })),
  ];
  settleJobs(deps.db, outcomes, noticesOf(deps, jobs, outcomes, o, written, now()), now());
  return outcomes;
}
