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
  /** The source's credits of its actresses with their ids (IngestRecord.credits), as JSON; null where it gives none. */
  credits: text("credits"),
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

// The library's tables (organize's journal, the watcher's queue), in a file of their own.
export * from "./schema-library.js";
// People: their names, credits and the user's edits of them.
export * from "./schema-people.js";
