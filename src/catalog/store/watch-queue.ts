/**
 * The watcher's queue and outbox (schema.ts says what each column holds). A job's new
 * state and what it has to tell go in one transaction, so a watcher killed between the
 * two neither loses a refresh nor sends one twice for one placing.
 */
import type { Db } from "./db.js";
import { getMeta, setMeta } from "./meta.js";
import { endTurnSnapshot, stmt } from "./statements.js";

export type WatchState = "ready" | "placing" | "placed" | "pending" | "stays" | "conflict" | "failed";
/** States a file is left in where it lies: taken again only when it changes (or, pending, by its own retries). */
export const RESTING: readonly WatchState[] = ["pending", "stays", "conflict", "failed"];

export interface WatchJob {
  id: number;
  path: string;
  inbox: string;
  state: WatchState;
  size: number;
  mtimeMs: number;
  code: string | null;
  title: string | null;
  placedAt: string | null;
  reason: string | null;
  runId: number | null;
  attempts: number;
  nextTryAt: number | null;
  owner: string | null;
  firstSeenAt: number;
  updatedAt: number;
  reportedAt: number | null;
}

export interface SeenFile {
  path: string;
  inbox: string;
  size: number;
  mtimeMs: number;
}

/** What a job became: its state and what goes with it. */
export interface JobOutcome {
  id: number;
  state: WatchState;
  code?: string | null;
  title?: string | null;
  placedAt?: string | null;
  reason?: string | null;
  runId?: number | null;
  attempts?: number;
  nextTryAt?: number | null;
}

export type NoticeKind = "jellyfin" | "emby" | "plex" | "webhook";

export interface NewNotice {
  kind: NoticeKind;
  target: string;
  payload: string;
}

export interface Notice extends NewNotice {
  id: number;
  state: "waiting" | "sent" | "given-up";
  attempts: number;
  nextTryAt: number;
  lastError: string | null;
  createdAt: number;
  sentAt: number | null;
}

const JOB_COLUMNS =
  "id, path, inbox, state, size, mtime_ms AS mtimeMs, code, title, placed_at AS placedAt, reason, run_id AS runId, attempts, next_try_at AS nextTryAt, owner, first_seen_at AS firstSeenAt, updated_at AS updatedAt, reported_at AS reportedAt";
const NOTICE_COLUMNS =
  "id, kind, target, payload, state, attempts, next_try_at AS nextTryAt, last_error AS lastError, created_at AS createdAt, sent_at AS sentAt";

/**
 * Files whose downloads settled, as ready jobs: a new path, a path placed before (a new
 * file there), or a resting one whose file changed since. Returns how many became ready.
 */
export function queueSettled(db: Db, files: SeenFile[], now: number): number {
  endTurnSnapshot(db);
  const get = stmt<[string], WatchJob>(db, `SELECT ${JOB_COLUMNS} FROM watch_jobs WHERE path = ?`);
  const insert = stmt(db, "INSERT INTO watch_jobs (path, inbox, state, size, mtime_ms, first_seen_at, updated_at) VALUES (?, ?, 'ready', ?, ?, ?, ?)");
  const again = stmt(
    db,
    "UPDATE watch_jobs SET state = 'ready', inbox = ?, size = ?, mtime_ms = ?, reason = NULL, owner = NULL, attempts = 0, next_try_at = NULL, reported_at = NULL, first_seen_at = ?, updated_at = ? WHERE id = ?",
  );
  return db.transaction(() => {
    let ready = 0;
    for (const f of files) {
      const job = get.get(f.path);
      if (job === undefined) insert.run(f.path, f.inbox, f.size, f.mtimeMs, now, now);
      else if (job.state === "placed" || (RESTING.includes(job.state) && (job.size !== f.size || job.mtimeMs !== f.mtimeMs)))
        again.run(f.inbox, f.size, f.mtimeMs, now, now, job.id);
      else continue;
      ready++;
    }
    return ready;
  })();
}

/** Takes the ready jobs for `owner` (none another owner took): they are its to place. */
export function claimReady(db: Db, owner: string, now: number, limit = 500): WatchJob[] {
  endTurnSnapshot(db);
  return stmt<[string, number, number], WatchJob>(
    db,
    `UPDATE watch_jobs SET state = 'placing', owner = ?, updated_at = ? WHERE id IN (SELECT id FROM watch_jobs WHERE state = 'ready' ORDER BY id LIMIT ?) RETURNING ${JOB_COLUMNS}`,
  ).all(owner, now, limit);
}

/** Jobs back to ready (a retry asked for, a placing cut short with its file still there). */
export function requeueJobs(db: Db, ids: number[], now: number): void {
  endTurnSnapshot(db);
  const again = stmt(db, "UPDATE watch_jobs SET state = 'ready', owner = NULL, next_try_at = NULL, updated_at = ? WHERE id = ?");
  db.transaction(() => {
    for (const id of ids) again.run(now, id);
  })();
}

/**
 * Pending jobs back to ready: all of them (`dueAt` null: the catalog gained titles), or those
 * whose live lookup is due at `dueAt`. Returns them as they were (their next try kept).
 */
export function requeuePending(db: Db, dueAt: number | null, now: number): WatchJob[] {
  endTurnSnapshot(db);
  return stmt<[number, number | null, number | null], WatchJob>(
    db,
    `UPDATE watch_jobs SET state = 'ready', owner = NULL, updated_at = ? WHERE state = 'pending' AND (? IS NULL OR next_try_at <= ?) RETURNING ${JOB_COLUMNS}`,
  ).all(now, dueAt, dueAt);
}

/** When a pending job's live lookup is next due, or null. */
export function nextPendingTry(db: Db): number | null {
  return stmt<[], { t: number | null }>(db, "SELECT min(next_try_at) AS t FROM watch_jobs WHERE state = 'pending'").get()?.t ?? null;
}

/** The jobs' outcomes and what they have to tell, in one transaction. */
export function settleJobs(db: Db, outcomes: JobOutcome[], notices: NewNotice[], now: number): void {
  endTurnSnapshot(db);
  const set = stmt(
    db,
    `UPDATE watch_jobs SET state = ?, owner = NULL, updated_at = ?,
       code = coalesce(?, code), title = coalesce(?, title), placed_at = ?, reason = ?, run_id = coalesce(?, run_id),
       attempts = coalesce(?, attempts), next_try_at = ? WHERE id = ?`,
  );
  const add = stmt(db, "INSERT INTO watch_outbox (kind, target, payload, state, next_try_at, created_at) VALUES (?, ?, ?, 'waiting', ?, ?)");
  db.transaction(() => {
    for (const o of outcomes)
      set.run(
        o.state,
        now,
        o.code ?? null,
        o.title ?? null,
        o.placedAt ?? null,
        o.reason ?? null,
        o.runId ?? null,
        o.attempts ?? null,
        o.nextTryAt ?? null,
        o.id,
      );
    for (const n of notices) add.run(n.kind, n.target, n.payload, now, now);
  })();
}

export function jobsInState(db: Db, state: WatchState, limit = 10_000): WatchJob[] {
  return stmt<[string, number], WatchJob>(db, `SELECT ${JOB_COLUMNS} FROM watch_jobs WHERE state = ? ORDER BY id LIMIT ?`).all(state, limit);
}

export function getWatchJob(db: Db, id: number): WatchJob | null {
  return stmt<[number], WatchJob>(db, `SELECT ${JOB_COLUMNS} FROM watch_jobs WHERE id = ?`).get(id) ?? null;
}

/** The latest jobs, newest change first, of some states (all when none given). */
export function listWatchJobs(db: Db, states: readonly WatchState[], limit: number): WatchJob[] {
  if (states.length === 0) return stmt<[number], WatchJob>(db, `SELECT ${JOB_COLUMNS} FROM watch_jobs ORDER BY updated_at DESC, id DESC LIMIT ?`).all(limit);
  const marks = states.map(() => "?").join(", ");
  return stmt<unknown[], WatchJob>(db, `SELECT ${JOB_COLUMNS} FROM watch_jobs WHERE state IN (${marks}) ORDER BY updated_at DESC, id DESC LIMIT ?`).all(
    ...states,
    limit,
  );
}

/** The jobs by state. */
export function watchCounts(db: Db): Partial<Record<WatchState, number>> {
  const rows = stmt<[], { state: WatchState; n: number }>(db, "SELECT state, count(*) AS n FROM watch_jobs GROUP BY state").all();
  return Object.fromEntries(rows.map((r) => [r.state, r.n]));
}

/** Pending jobs pending since before `before` that were never reported: marked reported, returned. */
export function reportLongPending(db: Db, before: number, now: number): WatchJob[] {
  endTurnSnapshot(db);
  return stmt<[number, number], WatchJob>(
    db,
    `UPDATE watch_jobs SET reported_at = ? WHERE state = 'pending' AND reported_at IS NULL AND first_seen_at < ? RETURNING ${JOB_COLUMNS}`,
  ).all(now, before);
}

/** Notices due to be sent at `now`, oldest first. */
export function dueNotices(db: Db, now: number, limit = 100): Notice[] {
  return stmt<[number, number], Notice>(
    db,
    `SELECT ${NOTICE_COLUMNS} FROM watch_outbox WHERE state = 'waiting' AND next_try_at <= ? ORDER BY next_try_at, id LIMIT ?`,
  ).all(now, limit);
}

/** When the next notice is due, or null when none waits. */
export function nextNoticeAt(db: Db): number | null {
  return stmt<[], { t: number | null }>(db, "SELECT min(next_try_at) AS t FROM watch_outbox WHERE state = 'waiting'").get()?.t ?? null;
}

export function markNotice(db: Db, id: number, state: Notice["state"], now: number, nextTryAt: number, error: string | null): void {
  endTurnSnapshot(db);
  stmt(
    db,
    "UPDATE watch_outbox SET state = ?, attempts = attempts + 1, next_try_at = ?, last_error = ?, sent_at = CASE WHEN ? = 'sent' THEN ? ELSE sent_at END WHERE id = ?",
  ).run(state, nextTryAt, error, state, now, id);
}

export function outboxCounts(db: Db): Partial<Record<Notice["state"], number>> {
  const rows = stmt<[], { state: Notice["state"]; n: number }>(db, "SELECT state, count(*) AS n FROM watch_outbox GROUP BY state").all();
  return Object.fromEntries(rows.map((r) => [r.state, r.n]));
}

export function listNotices(db: Db, limit: number): Notice[] {
  return stmt<[number], Notice>(db, `SELECT ${NOTICE_COLUMNS} FROM watch_outbox ORDER BY id DESC LIMIT ?`).all(limit);
}

/** What a running watcher says of itself, every turn of its loop: /health and the dashboard read it, from any process. */
export interface WatchBeat {
  inbox: string;
  into: string;
  pid: number;
  host: string;
  /** When it said so (ms). */
  at: number;
  /** How often it says so at the least (ms): a beat older than thrice this is a watcher gone. */
  everyMs: number;
  /** Files seen in the inbox whose downloads have not settled yet. */
  settling: number;
}

const BEAT_KEY = "watch.beat";

export function writeWatchBeat(db: Db, beat: WatchBeat): void {
  setMeta(db, BEAT_KEY, JSON.stringify(beat));
}

/** The last beat of a watcher, and whether it still runs (its beat recent). */
export function readWatchBeat(db: Db, now: number): (WatchBeat & { running: boolean }) | null {
  const raw = getMeta(db, BEAT_KEY);
  if (raw === null) return null;
  const beat = JSON.parse(raw) as WatchBeat;
  return { ...beat, running: now - beat.at < 3 * beat.everyMs };
}

/** What /health says of the watcher: its last beat, and the jobs that wait or need the user. */
export interface WatchHealth {
  running: boolean;
  inbox: string;
  settling: number;
  /** When it last beat (ms). */
  at: number;
  /** Ready, being placed, or pending: files not yet where they go. */
  waiting: number;
  pending: number;
  failed: number;
  conflicts: number;
}

/** Moves with every commit: another connection's (data_version) and this one's (total_changes). */
const CHANGES_SQL = "SELECT data_version || ',' || total_changes() FROM pragma_data_version";
const WAITING_SQL = "SELECT state, count(*) AS n FROM watch_jobs WHERE state IN ('ready', 'placing', 'pending', 'conflict', 'failed') GROUP BY state";
const lastHealth = new WeakMap<Db, { changes: string; beat: WatchBeat | null; counts: Omit<WatchHealth, "running" | "inbox" | "settling" | "at"> }>();

/**
 * The watcher as /health reports it, or null when none ever ran. /health is asked
 * often and must stay cheap: the beat and the counts are read again only after a commit
 * (the watcher's beat is one), with prepared statements (the query builder's read of
 * the beat costs more than the rest of /health), and the count reads only the named
 * states' part of the state index, never the placed jobs, which grow with the library.
 */
export function watchHealth(db: Db, now: number): WatchHealth | null {
  const changes = stmt<[], string>(db, CHANGES_SQL).pluck().get() as string;
  let last = lastHealth.get(db);
  if (last?.changes !== changes) {
    const raw = stmt<[string], string>(db, "SELECT value FROM meta WHERE key = ?").pluck().get(BEAT_KEY);
    const n: Partial<Record<WatchState, number>> = {};
    if (raw !== undefined) for (const r of stmt<[], { state: WatchState; n: number }>(db, WAITING_SQL).all()) n[r.state] = r.n;
    const pending = n.pending ?? 0;
    const counts = { waiting: (n.ready ?? 0) + (n.placing ?? 0) + pending, pending, failed: n.failed ?? 0, conflicts: n.conflict ?? 0 };
    last = { changes, beat: raw === undefined ? null : (JSON.parse(raw) as WatchBeat), counts };
    lastHealth.set(db, last);
  }
  const beat = last.beat;
  if (beat === null) return null;
  return { running: now - beat.at < 3 * beat.everyMs, inbox: beat.inbox, settling: beat.settling, at: beat.at, ...last.counts };
}
