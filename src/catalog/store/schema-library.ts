/** The library's tables: organize's journal (runs and their steps), the watcher's queue and outbox. */
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * The organizer's runs: each moves a library's files as a plan said (`organize`), or puts
 * a run's files back (`organize --undo`). A run is written before its first step and
 * marked finished after its last; one left open by a killed process is finished by the next.
 */
export const organizeRuns = sqliteTable(
  "organize_runs",
  {
    id: integer("id").primaryKey(),
    /** organize | undo */
    kind: text("kind").notNull(),
    /** For an undo: the run it puts back. */
    undoOf: integer("undo_of"),
    /** The folders, absolute: where the files were read and where they were placed. */
    source: text("source").notNull(),
    into: text("into_dir").notNull(),
    /** move | hard | soft */
    mode: text("mode").notNull(),
    /** applying | done | undone */
    state: text("state").notNull(),
    /** The process applying it: a run of a dead owner is left open for the next one to finish. */
    owner: text("owner").notNull(),
    pid: integer("pid").notNull(),
    host: text("host").notNull(),
    plannedAt: integer("planned_at").notNull(),
    startedAt: integer("started_at").notNull(),
    finishedAt: integer("finished_at"),
    /** What the run left in place and why, as JSON: [{ path, status, reason }]. */
    left: text("left_files").notNull().default("[]"),
  },
  (t) => [index("organize_runs_state").on(t.state)],
);

/**
 * The steps of a run, in order, each written before it happens and marked after:
 * pending -> started -> done, or failed; the steps of a unit (a video with what travels
 * with it, a stack's parts) that failed part way are put back (reverting -> reverted).
 */
export const organizeSteps = sqliteTable(
  "organize_steps",
  {
    runId: integer("run_id").notNull(),
    seq: integer("seq").notNull(),
    /** The unit the step belongs to: its steps are done all or none. */
    unit: integer("unit").notNull(),
    /** mkdir | move | copy | hardlink | symlink | write | unlink | rmdir */
    op: text("op").notNull(),
    /** video | subtitle | sidecar | folder */
    kind: text("kind").notNull(),
    /** The title's code, for the reports. */
    code: text("code"),
    fromPath: text("from_path"),
    toPath: text("to_path").notNull(),
    /** The file as found when planned (and, after a copy, as placed): to know it again. */
    size: integer("size"),
    mtimeMs: real("mtime_ms"),
    dev: integer("dev"),
    ino: integer("ino"),
    state: text("state").notNull(),
    reason: text("reason"),
  },
  // The watcher asks where a file of its inbox went (a run killed under it).
  (t) => [primaryKey({ columns: [t.runId, t.seq] }), index("organize_steps_from").on(t.fromPath)],
);

/**
 * The watcher's queue: a video of the inbox once its download has settled, until it is
 * placed in the library (or stays, with why). A title not out yet is `pending`, tried again
 * when the catalog gains titles and at its next live lookup.
 */
export const watchJobs = sqliteTable(
  "watch_jobs",
  {
    id: integer("id").primaryKey(),
    /** The video, absolute, where it lies in the inbox. */
    path: text("path").notNull(),
    /** The inbox it came to. */
    inbox: text("inbox").notNull(),
    /** ready | placing | placed | pending | stays | conflict | failed */
    state: text("state").notNull(),
    size: integer("size").notNull(),
    mtimeMs: real("mtime_ms").notNull(),
    code: text("code"),
    title: text("title"),
    /** Where it was placed (placed), or why it is where it is. */
    placedAt: text("placed_at"),
    reason: text("reason"),
    /** The organize run that placed it. */
    runId: integer("run_id"),
    /** Live lookups tried for a pending title. */
    attempts: integer("attempts").notNull().default(0),
    /** When a pending title is next asked of the live sources; null: only when the catalog gains titles. */
    nextTryAt: integer("next_try_at"),
    /** Who is placing it (a watcher's process), while placing. */
    owner: text("owner"),
    firstSeenAt: integer("first_seen_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    /** When the user was told it has been pending long (WATCH_PENDING_DAYS). */
    reportedAt: integer("reported_at"),
  },
  (t) => [uniqueIndex("watch_jobs_path").on(t.path), index("watch_jobs_state").on(t.state)],
);

/**
 * What the watcher has to tell: a media server to look at a folder, a webhook of a file's
 * news. Written with the job's new state, sent apart, retried with a growing wait: a
 * server that is down never holds the queue.
 */
export const watchOutbox = sqliteTable(
  "watch_outbox",
  {
    id: integer("id").primaryKey(),
    /** jellyfin | emby | plex | webhook */
    kind: text("kind").notNull(),
    /** The server's URL or the webhook's. */
    target: text("target").notNull(),
    /** A server's folder, or the webhook's event as JSON. */
    payload: text("payload").notNull(),
    /** waiting | sent | given-up */
    state: text("state").notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextTryAt: integer("next_try_at").notNull(),
    lastError: text("last_error"),
    createdAt: integer("created_at").notNull(),
    sentAt: integer("sent_at"),
  },
  (t) => [index("watch_outbox_due").on(t.state, t.nextTryAt)],
);
