/**
 * The organizer's journal: its runs and their steps (schema.ts says what each column
 * holds). A step is written before it happens and marked after, each mark its own
 * small transaction, so a process killed at any point leaves the journal saying what
 * may be half done; the library's file operations read it back to finish or put back.
 */
import type { Db } from "./db.js";
import { endTurnSnapshot, stmt } from "./statements.js";

export type OrganizeRunKind = "organize" | "undo";
export type OrganizeMode = "move" | "hard" | "soft";
export type OrganizeRunState = "applying" | "done" | "undone";
export type StepOp = "mkdir" | "move" | "copy" | "hardlink" | "symlink" | "write" | "unlink" | "rmdir";
export type StepKind = "video" | "subtitle" | "sidecar" | "folder";
/** pending -> started -> done | failed | skipped; a unit put back: done -> reverting -> reverted. */
export type StepState = "pending" | "started" | "done" | "failed" | "skipped" | "reverting" | "reverted";

export interface LeftFile {
  path: string;
  status: string;
  reason: string;
}

export interface NewOrganizeRun {
  kind: OrganizeRunKind;
  undoOf: number | null;
  source: string;
  into: string;
  mode: OrganizeMode;
  owner: string;
  pid: number;
  host: string;
  plannedAt: number;
  startedAt: number;
  left: LeftFile[];
}

export interface OrganizeRun extends NewOrganizeRun {
  id: number;
  state: OrganizeRunState;
  finishedAt: number | null;
}

export interface FileIdentity {
  size: number | null;
  mtimeMs: number | null;
  dev: number | null;
  ino: number | null;
}

export interface NewStep extends FileIdentity {
  unit: number;
  op: StepOp;
  kind: StepKind;
  code: string | null;
  fromPath: string | null;
  toPath: string;
}

export interface OrganizeStep extends NewStep {
  runId: number;
  seq: number;
  state: StepState;
  reason: string | null;
}

export interface OrganizeRunSummary extends OrganizeRun {
  /** Steps by state. */
  steps: Partial<Record<StepState, number>>;
  /** The steps of files (folders left out) by state: what a person counts as moved. */
  files: Partial<Record<StepState, number>>;
}

interface RunRow extends Omit<OrganizeRun, "left"> {
  left: string;
}

const RUN_COLUMNS =
  'id, kind, undo_of AS undoOf, source, into_dir AS "into", mode, state, owner, pid, host, planned_at AS plannedAt, started_at AS startedAt, finished_at AS finishedAt, left_files AS "left"';
const STEP_COLUMNS = "run_id AS runId, seq, unit, op, kind, code, from_path AS fromPath, to_path AS toPath, size, mtime_ms AS mtimeMs, dev, ino, state, reason";

const runOf = (r: RunRow): OrganizeRun => ({ ...r, left: JSON.parse(r.left) as LeftFile[] });

/**
 * Writes a run and every one of its steps (pending), in one transaction; returns the run's
 * id, or null when another run is applying (checked in the same transaction: two commands
 * started at once cannot both begin one).
 */
export function startOrganizeRun(db: Db, run: NewOrganizeRun, steps: NewStep[]): number | null {
  endTurnSnapshot(db);
  const insertStep = stmt(
    db,
    "INSERT INTO organize_steps (run_id, seq, unit, op, kind, code, from_path, to_path, size, mtime_ms, dev, ino, state) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending')",
  );
  return db
    .transaction(() => {
      if (stmt(db, "SELECT 1 FROM organize_runs WHERE state = 'applying' LIMIT 1").get() !== undefined) return null;
      const id = Number(
        stmt(
          db,
          "INSERT INTO organize_runs (kind, undo_of, source, into_dir, mode, state, owner, pid, host, planned_at, started_at, left_files) VALUES (?, ?, ?, ?, ?, 'applying', ?, ?, ?, ?, ?, ?)",
        ).run(run.kind, run.undoOf, run.source, run.into, run.mode, run.owner, run.pid, run.host, run.plannedAt, run.startedAt, JSON.stringify(run.left))
          .lastInsertRowid,
      );
      steps.forEach((s, seq) => {
        insertStep.run(id, seq, s.unit, s.op, s.kind, s.code, s.fromPath, s.toPath, s.size, s.mtimeMs, s.dev, s.ino);
      });
      return id;
    })
    .immediate();
}

/** Adds a step done already (a sidecar the run wrote at its new place), after the others. */
export function appendDoneStep(db: Db, runId: number, s: NewStep): void {
  endTurnSnapshot(db);
  stmt(
    db,
    "INSERT INTO organize_steps (run_id, seq, unit, op, kind, code, from_path, to_path, size, mtime_ms, dev, ino, state) SELECT ?, coalesce(max(seq), -1) + 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'done' FROM organize_steps WHERE run_id = ?",
  ).run(runId, s.unit, s.op, s.kind, s.code, s.fromPath, s.toPath, s.size, s.mtimeMs, s.dev, s.ino, runId);
}

/** Marks one step; `identity` records the file as placed (a copy is another file). */
export function markStep(db: Db, runId: number, seq: number, state: StepState, reason: string | null = null, identity?: FileIdentity): void {
  endTurnSnapshot(db);
  if (identity === undefined) stmt(db, "UPDATE organize_steps SET state = ?, reason = ? WHERE run_id = ? AND seq = ?").run(state, reason, runId, seq);
  else
    stmt(db, "UPDATE organize_steps SET state = ?, reason = ?, size = ?, mtime_ms = ?, dev = ?, ino = ? WHERE run_id = ? AND seq = ?").run(
      state,
      reason,
      identity.size,
      identity.mtimeMs,
      identity.dev,
      identity.ino,
      runId,
      seq,
    );
}

/**
 * A unit that failed part way, in one transaction: its done steps are to be put back
 * (reverting), the rest skipped with the reason.
 */
export function failUnit(db: Db, runId: number, unit: number, reason: string): void {
  endTurnSnapshot(db);
  db.transaction(() => {
    stmt(db, "UPDATE organize_steps SET state = 'reverting' WHERE run_id = ? AND unit = ? AND state IN ('done', 'started')").run(runId, unit);
    stmt(db, "UPDATE organize_steps SET state = 'skipped', reason = ? WHERE run_id = ? AND unit = ? AND state = 'pending'").run(reason, runId, unit);
  })();
}

export function finishOrganizeRun(db: Db, runId: number, finishedAt: number): void {
  endTurnSnapshot(db);
  stmt(db, "UPDATE organize_runs SET state = 'done', finished_at = ? WHERE id = ?").run(finishedAt, runId);
}

/** An undo finished: the run it put back is marked so, in the same transaction. */
export function finishUndoRun(db: Db, runId: number, undone: number, finishedAt: number): void {
  endTurnSnapshot(db);
  db.transaction(() => {
    finishOrganizeRun(db, runId, finishedAt);
    stmt(db, "UPDATE organize_runs SET state = 'undone' WHERE id = ?").run(undone);
  })();
}

/** A run left open takes a new owner (the process finishing it). */
export function claimOrganizeRun(db: Db, runId: number, owner: string, pid: number, host: string): void {
  endTurnSnapshot(db);
  stmt(db, "UPDATE organize_runs SET owner = ?, pid = ?, host = ? WHERE id = ?").run(owner, pid, host, runId);
}

export function organizeRunSteps(db: Db, runId: number): OrganizeStep[] {
  return stmt<[number], OrganizeStep>(db, `SELECT ${STEP_COLUMNS} FROM organize_steps WHERE run_id = ? ORDER BY seq`).all(runId);
}

export function getOrganizeRun(db: Db, runId: number): OrganizeRun | null {
  const row = stmt<[number], RunRow>(db, `SELECT ${RUN_COLUMNS} FROM organize_runs WHERE id = ?`).get(runId);
  return row === undefined ? null : runOf(row);
}

/** Runs still applying: one whose owner is gone is to be finished. */
export function openOrganizeRuns(db: Db): OrganizeRun[] {
  return stmt<[], RunRow>(db, `SELECT ${RUN_COLUMNS} FROM organize_runs WHERE state = 'applying' ORDER BY id`).all().map(runOf);
}

/** The latest run of a kind, or null. */
export function lastOrganizeRun(db: Db, kind: OrganizeRunKind): OrganizeRun | null {
  const row = stmt<[string], RunRow>(db, `SELECT ${RUN_COLUMNS} FROM organize_runs WHERE kind = ? ORDER BY id DESC LIMIT 1`).get(kind);
  return row === undefined ? null : runOf(row);
}

/** The undo that put a run back (finished or not), or null. */
export function undoOfRun(db: Db, runId: number): OrganizeRun | null {
  const row = stmt<[number], RunRow>(db, `SELECT ${RUN_COLUMNS} FROM organize_runs WHERE kind = 'undo' AND undo_of = ? ORDER BY id DESC LIMIT 1`).get(runId);
  return row === undefined ? null : runOf(row);
}

/** The latest runs, newest first, with their steps counted by state. */
export function listOrganizeRuns(db: Db, limit: number, beforeId = Number.MAX_SAFE_INTEGER): OrganizeRunSummary[] {
  const runs = stmt<[number, number], RunRow>(db, `SELECT ${RUN_COLUMNS} FROM organize_runs WHERE id < ? ORDER BY id DESC LIMIT ?`)
    .all(beforeId, limit)
    .map(runOf);
  const counts = stmt<[number], { state: StepState; folder: number; n: number }>(
    db,
    "SELECT state, kind = 'folder' AS folder, count(*) AS n FROM organize_steps WHERE run_id = ? GROUP BY state, folder",
  );
  return runs.map((r) => {
    const rows = counts.all(r.id);
    const steps: Partial<Record<StepState, number>> = {};
    const files: Partial<Record<StepState, number>> = {};
    for (const c of rows) {
      steps[c.state] = (steps[c.state] ?? 0) + c.n;
      if (c.folder === 0) files[c.state] = c.n;
    }
    return { ...r, steps, files };
  });
}

/** Where a run put the file that was at `fromPath` (the latest done move or link of it), or null. */
export function placedFrom(db: Db, fromPath: string): { runId: number; toPath: string } | null {
  return (
    stmt<[string], { runId: number; toPath: string }>(
      db,
      "SELECT run_id AS runId, to_path AS toPath FROM organize_steps WHERE from_path = ? AND state = 'done' AND op IN ('move', 'copy', 'hardlink', 'symlink') ORDER BY run_id DESC, seq DESC LIMIT 1",
    ).get(fromPath) ?? null
  );
}
