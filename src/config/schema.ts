import { availableParallelism } from "node:os";
import { MEDIA_SERVER_SETTINGS } from "./media-servers.js";
import { PEOPLE_SETTINGS } from "./people.js";
import { WATCH_SETTINGS } from "./watch.js";
import { backupTarget, ConfigError, cron, integer, list, nonEmpty, oneOf, onOff, optional, rate, secret, url, userAgent } from "./parsers.js";

/**
 * Every setting of the service: its env name, default, parser and help text.
 * docs/configuration.md's table is this list (test/readme.test.ts checks it).
 */
export interface SettingSpec<T> {
  env: string;
  default: string;
  help: string;
  parse: (raw: string) => T;
}

export { ConfigError };

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/**
 * What a desktop browser sends (Firefox on Windows): the sites may refuse an agent that is not a
 * browser's, and the scrapers that read them send a browser's (metatube-sdk-go, JavSP, Movie Data
 * Capture). Firefox's, because it sends no client hints beside it, and neither do we.
 */
export const BROWSER_USER_AGENT = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0";

export const SETTINGS = {
  host: { env: "HOST", default: "127.0.0.1", help: "Address the HTTP server listens on.", parse: nonEmpty },
  port: { env: "PORT", default: "8080", help: "TCP port of the HTTP server (0 picks a free port).", parse: integer(0, 65535) },
  databasePath: {
    env: "DATABASE_PATH",
    default: "data/catalog.db",
    help: "SQLite catalog file; created and migrated on start. `:memory:` for a throwaway catalog.",
    parse: nonEmpty,
  },
  logLevel: { env: "LOG_LEVEL", default: "info", help: "fatal, error, warn, info, debug, trace or silent.", parse: oneOf(LOG_LEVELS) },
  sampleData: {
    env: "SAMPLE_DATA",
    default: "on",
    help: "On first start with an empty catalog, load generated sample records (provider `sample`). `off` disables.",
    parse: onOff,
  },
  sampleCount: { env: "SAMPLE_COUNT", default: "1000", help: "How many sample records the first start loads.", parse: integer(1, 10_000_000) },
  maxPageSize: { env: "MAX_PAGE_SIZE", default: "100", help: "Most results /query returns in one page, whatever `num` asks.", parse: integer(1, 1000) },
  keyRatePerMinute: {
    env: "KEY_RATE_PER_MINUTE",
    default: "6000",
    help: "Requests per minute allowed to a new API key (each key keeps its own rate). On the MetaTube routes a request over it waits its turn (up to 2 s of the rate queued) before it is refused: a media server's first scan is slowed, not refused.",
    parse: integer(1, 10_000_000),
  },
  adminPassword: {
    env: "ADMIN_PASSWORD",
    default: "",
    help: "The dashboard's admin password. Unset: one is generated on the first start, printed once and stored as a scrypt hash; `npm run cli -- admin reset-password` makes a new one.",
    parse: optional,
  },
  dashboardSessionHours: {
    env: "DASHBOARD_SESSION_HOURS",
    default: "12",
    help: "How long a dashboard sign-in lasts, in hours.",
    parse: integer(1, 720),
  },
  serviceCodeOrder: {
    env: "SERVICE_CODE_ORDER",
    default: "digital,mono,rental",
    help: "When a code maps to several content ids, /movie prefers this order of service codes.",
    parse: list,
  },
  trustProxy: { env: "TRUST_PROXY", default: "off", help: "Trust X-Forwarded-* headers (behind a reverse proxy).", parse: onOff },
  catalogMaxMb: {
    env: "CATALOG_MAX_MB",
    default: "0",
    help: "Largest the catalog file may grow to, in MiB (0 = no limit): a write past it fails cleanly, as on a full disk, and the catalog stays readable.",
    parse: integer(0, 100_000_000),
  },
  requestTimeoutMs: {
    env: "REQUEST_TIMEOUT_MS",
    default: "30000",
    help: "Longest a client may take to send a whole request (headers and body), in ms; a slower one is cut off with 408.",
    parse: integer(1000, 600_000),
  },
  cacheSizeMb: {
    env: "SQLITE_CACHE_MB",
    default: "16",
    help: "SQLite page cache per connection, in MiB (the server has one connection plus one per search worker).",
    parse: integer(1, 65536),
  },
  bulkNice: {
    env: "BULK_NICE",
    default: "19",
    help: "CPU niceness of the CLI's bulk writers (import, import-dump, sample, ingest, purge), so that a server on the same machine keeps the CPU while they run (0: normal priority; 19, the default, also puts them in Linux's idle scheduling class where util-linux's chrt is installed).",
    parse: integer(0, 19),
  },
  mmapSizeMb: {
    env: "SQLITE_MMAP_MB",
    default: "0",
    help: "SQLite memory-mapped I/O size, in MiB (0 disables: reads go through the page cache; mapped pages count in the server's RSS, once per connection).",
    parse: integer(0, 1_048_576),
  },
  workers: {
    env: "WORKERS",
    default: "1",
    help: "HTTP processes on the one port and catalog: 1 answers in this process; N > 1 starts N workers under a primary that runs the schedule, the checkpoints and ingest, and keeps each key's rate as one budget; auto = one per CPU.",
    parse: (raw: string) => (raw.trim().toLowerCase() === "auto" ? availableParallelism() : integer(1, 64)(raw)),
  },
  searchWorkers: {
    env: "SEARCH_WORKERS",
    default: "auto",
    help: "Worker threads that run /query searches, /random draws and the WAL checkpoints, so a broad search never stalls /movie; an unfiltered draw is made on the main thread while the workers are 4 draws behind (0 = all on the main thread; auto = one less than the CPU count, 1 to 4).",
    // One less than the cores: the main thread (HTTP, /movie, /random) keeps one. On 2
    // cores a second search thread only competed for it (searches no faster) and cost its memory.
    parse: (raw: string) => (raw.trim().toLowerCase() === "auto" ? Math.max(1, Math.min(4, availableParallelism() - 1)) : integer(0, 64)(raw)),
  },
  backupTo: {
    env: "BACKUP_TO",
    default: "",
    help: "Where the server streams the catalog's backup through Litestream: a directory (a path or file:// URL) or an S3-compatible bucket (s3://bucket/path); empty = no backup.",
    parse: backupTarget,
  },
  backupSyncSeconds: {
    env: "BACKUP_SYNC_SECONDS",
    default: "1",
    help: "How often Litestream sends the catalog's new WAL to the backup, in seconds (its sync-interval; each send is a request to an S3 store).",
    parse: integer(1, 86_400),
  },
  backupS3Endpoint: {
    env: "BACKUP_S3_ENDPOINT",
    default: "",
    help: "The endpoint of an S3-compatible store other than AWS (MinIO, Backblaze B2, ...), with path-style addressing; empty = AWS.",
    parse: (raw: string) => (raw.trim() === "" ? "" : url(raw)),
  },
  backupS3AccessKeyId: {
    env: "BACKUP_S3_ACCESS_KEY_ID",
    default: "",
    help: "The access key of the S3 store; empty = Litestream's own LITESTREAM_ACCESS_KEY_ID or AWS_ACCESS_KEY_ID from the environment.",
    parse: optional,
  },
  backupS3SecretAccessKey: {
    env: "BACKUP_S3_SECRET_ACCESS_KEY",
    default: "",
    help: "The secret of that access key; empty = LITESTREAM_SECRET_ACCESS_KEY or AWS_SECRET_ACCESS_KEY from the environment.",
    parse: optional,
  },
  replicaOf: {
    env: "REPLICA_OF",
    default: "",
    help: "Makes this server a read-only replica of the backup at this address (as BACKUP_TO names it: a directory, file:// URL or s3://bucket/path): restored at start, refreshed when the backup moves; empty = this server writes its own catalog.",
    parse: backupTarget,
  },
  replicaRefreshSeconds: {
    env: "REPLICA_REFRESH",
    default: "60",
    help: "How often a replica looks whether its backup moved, in seconds; it restores and switches to the new copy only when it did.",
    parse: integer(1, 86_400),
  },
  replicaWriter: {
    env: "REPLICA_WRITER",
    default: "",
    help: "The writer's address (http://writer:8080, say), which a replica names where it refuses a write (its dashboard, the CLI); empty = the backup's address is named.",
    parse: (raw: string) => (raw.trim() === "" ? "" : url(raw)),
  },
  replicaSessionSecret: {
    env: "REPLICA_SESSION_SECRET",
    default: "",
    help: "A replica's dashboard signs its sessions with this secret (32 characters or more, from `openssl rand -base64 32`, say): give every replica behind one address the same, so a sign-in holds whichever replica answers and across restarts; empty = one made at each start, so a sign-in holds on this server until it restarts.",
    parse: secret(32),
  },
  providerOrder: {
    env: "PROVIDER_ORDER",
    default: "r18dev,fanza",
    help: "Order in which live providers of one seller are asked on a catalog miss (when a request gives no `providers`); providers not named come after, in the registry's order. Each seller's own providers only are asked for its codes.",
    parse: list,
  },
  ingestCron: {
    env: "INGEST_CRON",
    default: "0 4 * * *",
    help: "When the server runs an ingest of the enabled providers (cron, server time zone); `off` disables.",
    parse: cron,
  },
  liveLookups: {
    env: "LIVE_LOOKUPS",
    default: "on",
    help: "Whether a catalog miss asks the live providers (/movie, /query, scan, the MetaTube and Plex faces); off: a miss is a plain not-found at once, as on a machine without internet. Crawls (ingest) are not live lookups.",
    parse: onOff,
  },
  liveTimeoutMs: { env: "LIVE_TIMEOUT_MS", default: "8000", help: "Budget of a live provider lookup on a catalog miss, in ms.", parse: integer(100, 120_000) },
  negativeCacheSeconds: {
    env: "NEGATIVE_CACHE_SECONDS",
    default: "3600",
    help: 'How long a provider\'s "no match" is remembered, so misses do not hammer the provider (0 = not remembered).',
    parse: integer(0, 30 * 86_400),
  },
  userAgent: {
    env: "USER_AGENT",
    default: BROWSER_USER_AGENT,
    help: "The user-agent of every outbound request (the sources' pages and APIs, and their pictures), unless a provider's PROVIDER_<NAME>_USER_AGENT says its own: a desktop browser's by default, since the sites may refuse others.",
    parse: userAgent,
  },
  httpTimeoutMs: { env: "HTTP_TIMEOUT_MS", default: "15000", help: "Timeout of one outbound request attempt, in ms.", parse: integer(100, 600_000) },
  httpMaxRetries: {
    env: "HTTP_MAX_RETRIES",
    default: "4",
    help: "Retries of an outbound request on network errors, timeouts, 429, 5xx, 403 and challenge or HTML pages; a host name that does not resolve is not retried, a refused connection once, and such a host is left alone for a while (calls to it fail at once).",
    parse: integer(0, 20),
  },
  imageCacheDir: {
    env: "IMAGE_CACHE_DIR",
    default: "data/image-cache",
    help: "Folder of the image cache: covers fetched for the MetaTube image routes and scan's artwork, and the cuts made of them.",
    parse: nonEmpty,
  },
  imageCacheMb: {
    env: "IMAGE_CACHE_MB",
    default: "1024",
    help: "Largest the image cache may grow to, in MiB; the least recently used images leave first (0 = keep nothing on disk).",
    parse: integer(0, 10_000_000),
  },
  imageHostRate: {
    env: "IMAGE_HOST_RATE",
    default: "20",
    help: "Requests per second to each host that covers are fetched from (pics.dmm.co.jp, say), beside the client's 4 at a time (0 = no limit).",
    parse: rate,
  },
  imageRatePerMinute: {
    env: "IMAGE_RATE_PER_MINUTE",
    default: "1800",
    help: "Requests per minute that one client address may make of the public image routes (/v1/images/...); a request over it waits its turn (up to 2 s of the rate queued) before it is refused.",
    parse: integer(1, 10_000_000),
  },
  mediaLanguage: {
    env: "MEDIA_LANGUAGE",
    default: "ja",
    help: "Language of titles, summaries and names (people, maker, label, series, genres) for media servers (the MetaTube API, scan's NFO files): ja, or en where a record has English (each field falls back to the other).",
    parse: oneOf(["ja", "en"] as const),
  },
  publicUrl: {
    env: "PUBLIC_URL",
    default: "",
    help: "This service's public address, where Plex's image service on the internet reaches it (https://catalog.example.com, say: a reverse proxy with HTTPS and a public name, with the path it puts the service under): the Plex provider names its pictures cut from the jackets on it. Empty, or a private, loopback, link-local or local-network address (192.168.x.x, a bare or .local/.lan name), which images.plex.tv cannot reach: the Plex provider names the sources' own pictures instead, and says so once at start.",
    parse: (raw: string) => (raw.trim() === "" ? "" : url(raw)),
  },
  plexTitleCode: {
    env: "PLEX_TITLE_CODE",
    default: "on",
    help: "Whether the Plex provider puts the code in front of each title (`SNIS-217 Gross Guys on Hot Babes!`); titleSort is the code either way.",
    parse: onOff,
  },
  ...WATCH_SETTINGS,
  ...MEDIA_SERVER_SETTINGS,
  ...PEOPLE_SETTINGS,
} satisfies Record<string, SettingSpec<unknown>>;

type Settings = typeof SETTINGS;
export type Config = Readonly<{ [K in keyof Settings]: ReturnType<Settings[K]["parse"]> }> & {
  /**
   * The environment as it was read (the .env file under it), for the settings declared
   * outside this list: each provider's own (PROVIDER_<NAME>_*, FANZA_API_ID, ...), which
   * providers/registry.ts reads and checks with these same parsers.
   */
  readonly env: Readonly<Record<string, string>>;
};
