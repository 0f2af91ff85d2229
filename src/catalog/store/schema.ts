import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * One narrow row per (provider, contentId): the columns records are looked up,
 * filtered and sorted by. Narrow so that sorting thousands of matches by release
 * date reads a few pages, not one page per record; the record itself is in
 * movie_docs. The FTS5 index (text and filter tags) lives in the custom migration.
 */
export const movies = sqliteTable(
  "movies",
  {
    id: integer("id").primaryKey(),
    provider: text("provider").notNull(),
    contentId: text("content_id").notNull(),
    dvdId: text("dvd_id").notNull(),
    serviceCode: text("service_code").notNull(),
    site: text("site").notNull(),
    releaseDate: text("release_date").notNull(),
    runtimeMins: integer("runtime_mins").notNull(),
    censored: integer("censored").notNull(),
    ratingAvg: real("rating_avg"),
    ratingCount: integer("rating_count"),
    popularity: integer("popularity"),
    hash: text("hash").notNull(),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    /** This row's rowid in movies_fts: release order (see src/catalog/fts/fts-key.ts). */
    ftsKey: integer("fts_key").notNull().default(0),
    /**
     * import-dump's digest of the dump rows the record was built from (and of the
     * record format): a refresh leaves out a title whose rows hash the same without
     * parsing them. NULL for titles any other path wrote (src/import/dump/source-hash.ts).
     */
    sourceHash: text("source_hash"),
  },
  (t) => [
    uniqueIndex("movies_provider_content_id").on(t.provider, t.contentId),
    index("movies_dvd_id").on(t.dvdId),
    index("movies_release").on(t.releaseDate, t.id),
    // The sorts other than release also hold fts_key, so walking one against a list of
    // matches (src/catalog/search/search.ts) reads the index alone.
    index("movies_updated").on(t.updatedAt, t.id, t.ftsKey),
    index("movies_rating").on(t.ratingAvg, t.ratingCount, t.id, t.ftsKey),
    index("movies_popularity").on(t.popularity, t.id, t.ftsKey),
  ],
);

/** The detailed record (JSON, as served) and what the index derives from it, by movies.id. */
export const movieDocs = sqliteTable("movie_docs", {
  id: integer("id").primaryKey(),
  pageUrl: text("page_url").notNull(),
  doc: text("doc").notNull(),
  altNames: text("alt_names").notNull(),
});

/** API keys: only the SHA-256 of the token is kept. */
export const apiKeys = sqliteTable("api_keys", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  keyHash: text("key_hash").notNull().unique(),
  keyPrefix: text("key_prefix").notNull(),
  ratePerMinute: integer("rate_per_minute").notNull(),
  createdAt: integer("created_at").notNull(),
  lastUsedAt: integer("last_used_at"),
  revokedAt: integer("revoked_at"),
});

/**
 * Requests per key and UTC day (YYYY-MM-DD), for the dashboard's "today" and "last 30
 * days": counted in memory by the server and added here with the last-used times.
 */
export const apiKeyUsage = sqliteTable(
  "api_key_usage",
  {
    keyId: integer("key_id").notNull(),
    day: text("day").notNull(),
    requests: integer("requests").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.day] })],
);

/**
 * Signed-in dashboard sessions: only the SHA-256 of the cookie's token is kept, so a
 * copy of the catalog opens nothing. Signing out deletes the row; a new admin password
 * deletes them all.
 */
export const dashboardSessions = sqliteTable(
  "dashboard_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("dashboard_sessions_expires").on(t.expiresAt)],
);

/** Small facts about the catalog itself (e.g. whether sample data was loaded once). */
export const meta = sqliteTable("meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

/** One row per ingest run (CLI or schedule): what it did and how it ended. */
export const ingestRuns = sqliteTable(
  "ingest_runs",
  {
    id: integer("id").primaryKey(),
    provider: text("provider").notNull(),
    trigger: text("trigger").notNull(),
    status: text("status").notNull(),
    startedAt: integer("started_at").notNull(),
    finishedAt: integer("finished_at"),
    heartbeatAt: integer("heartbeat_at").notNull(),
    pages: integer("pages").notNull().default(0),
    added: integer("added").notNull().default(0),
    updated: integer("updated").notNull().default(0),
    skipped: integer("skipped").notNull().default(0),
    errors: integer("errors").notNull().default(0),
    requests: integer("requests").notNull().default(0),
    /** Attempts the HTTP client repeated (5xx, 429, timeouts, challenge pages...). */
    retries: integer("retries").notNull().default(0),
    /** Titles (or pages) that still failed after their retries. */
    failures: integer("failures").notNull().default(0),
    /** Those failures by kind, as JSON: {"challenge": 2, "timeout": 1}. */
    failureKinds: text("failure_kinds").notNull().default("{}"),
    lastError: text("last_error"),
    owner: text("owner").notNull(),
  },
  (t) => [index("ingest_runs_provider_started").on(t.provider, t.startedAt)],
);

/** Crawl state per provider, in columns: the checkpoint a killed run resumes from. */
export const providerState = sqliteTable("provider_state", {
  provider: text("provider").primaryKey(),
  /** Where the next page starts; null = the last crawl finished. */
  cursor: text("cursor"),
  /** What the cursor belongs to (e.g. a hash of the codes list); another scope starts afresh. */
  scope: text("scope"),
  updatedAt: integer("updated_at").notNull(),
  lastSuccessAt: integer("last_success_at"),
  failureCount: integer("failure_count").notNull().default(0),
  lastError: text("last_error"),
  /** When the crawl under way (or the last one) began from the newest title. */
  crawlStartedAt: integer("crawl_started_at"),
  /**
   * For a provider that crawls its site newest first (Provider.incremental): when the crawl
   * that last went through the whole listing, or down to its `since`, began. Later runs
   * take what came out since then (less an overlap), not the whole site again.
   */
  completeAt: integer("complete_at"),
});

/**
 * Crawl entries (a code or content id of a list) that failed in a run, with why: the
 * next run of the same scope retries them before new work. Cleared when one succeeds
 * (or the source says it has no such title).
 */
export const ingestFailures = sqliteTable(
  "ingest_failures",
  {
    provider: text("provider").notNull(),
    scope: text("scope").notNull(),
    entry: text("entry").notNull(),
    kind: text("kind").notNull(),
    reason: text("reason").notNull(),
    attempts: integer("attempts").notNull().default(1),
    runId: integer("run_id").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.scope, t.entry] })],
);

/** The ingest lock: one writer at a time, across the server's schedule and CLI runs. */
export const ingestLock = sqliteTable("ingest_lock", {
  name: text("name").primaryKey(),
  owner: text("owner").notNull(),
  pid: integer("pid").notNull(),
  host: text("host").notNull(),
  acquiredAt: integer("acquired_at").notNull(),
  heartbeatAt: integer("heartbeat_at").notNull(),
});

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
