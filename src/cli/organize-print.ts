/** How `organize` prints a plan, a run and the list of runs: tab-separated lines, paths relative to their folders. */
import path from "node:path";
import type { OrganizeRunSummary, OrganizeStep } from "../catalog/index.js";
import type { OrganizePlan, PlanUnit, UnitStatus } from "../library/organize/plan.js";
import { out } from "./context.js";

const rel = (root: string, p: string) => {
  const r = path.relative(root, p);
  return r.startsWith("..") ? p : r;
};

/** What a line of the plan says a unit's file does. */
const VERB: Record<UnitStatus, string> = { move: "move", "in-place": "in-place", duplicate: "duplicate", conflict: "conflict", "cannot-link": "cannot-link" };

function unitLines(plan: OrganizePlan, u: PlanUnit, apply: boolean): string[] {
  const verb = u.status === "move" ? (plan.mode === "move" || u.code === null ? "move" : `${plan.mode}-link`) : VERB[u.status];
  const shown = apply || u.status !== "move" ? verb : `would-${verb}`;
  const root = u.code === null && plan.unmatched !== null ? plan.unmatched : plan.into;
  if (u.files.length === 0) return [[shown, u.code ?? "-", "-", "-", u.why].join("\t")];
  return u.files.map((f) =>
    [shown, u.code ?? "-", rel(plan.source, f.from), u.status === "move" ? rel(root, f.to) : "-", u.status === "move" ? `${f.kind}: ${u.why}` : u.why].join(
      "\t",
    ),
  );
}

export function countUnits(plan: OrganizePlan): Record<UnitStatus, number> {
  const n: Record<UnitStatus, number> = { move: 0, "in-place": 0, duplicate: 0, conflict: 0, "cannot-link": 0 };
  for (const u of plan.units) n[u.status]++;
  return n;
}

/** The plan, a line per file, then what stays and a summary. */
export function printPlan(plan: OrganizePlan, apply: boolean): void {
  out(["action", "code", "file", "to", "why"].join("\t"));
  for (const u of plan.units) if (u.status !== "in-place") for (const line of unitLines(plan, u, apply)) out(line);
  for (const l of plan.left) out(["stays", "-", l.path, "-", `${l.status}: ${l.reason}`].join("\t"));
  const n = countUnits(plan);
  const files = plan.units.filter((u) => u.status === "move").reduce((sum, u) => sum + u.files.length, 0);
  out(
    `${plan.units.length + plan.left.length} videos or stacks: ${n.move} to place (${files} files), ${n["in-place"]} in place already, ` +
      `${n.duplicate} duplicates, ${n.conflict} conflicts, ${n["cannot-link"]} cannot be linked, ${plan.left.length} stay (no single title)` +
      (apply ? "" : "; nothing changed (--apply carries the plan out)"),
  );
}

const when = (ms: number | null) => (ms === null ? "-" : new Date(ms).toISOString().replace(/\.\d+Z$/, "Z"));

export function printRuns(runs: OrganizeRunSummary[]): void {
  out(["run", "kind", "state", "started", "finished", "done", "failed", "put back", "from", "into"].join("\t"));
  for (const r of runs) {
    const kind = r.kind === "undo" ? `undo of ${r.undoOf}` : r.kind;
    out(
      [r.id, kind, r.state, when(r.startedAt), when(r.finishedAt), r.steps.done ?? 0, r.steps.failed ?? 0, r.steps.reverted ?? 0, r.source, r.into].join("\t"),
    );
  }
}

export function printSteps(steps: OrganizeStep[]): void {
  out(["step", "unit", "op", "state", "code", "from", "to", "reason"].join("\t"));
  for (const s of steps) out([s.seq, s.unit, s.op, s.state, s.code ?? "-", s.fromPath ?? "-", s.toPath, s.reason ?? ""].join("\t"));
}
