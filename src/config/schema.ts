/**
 * Every setting of the service: its env name, default, parser and help text.
 * The README's configuration table is this list; keep them in step.
 */
export interface SettingSpec<T> {
  env: string;
  default: string;
  help: string;
  parse: (raw: string) => T;
}

export class ConfigError extends Error {}

const integer = (min: number, max: number) => (raw: string) => {
  if (!/^-?\d+$/.test(raw.trim())) throw new ConfigError(`must be an integer, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max) throw new ConfigError(`must be between ${min} and ${max}, got ${n}`);
  return n;
};

const onOff = (raw: string) => {
  const v = raw.trim().toLowerCase();
  if (["on", "true", "1", "yes"].includes(v)) return true;
  if (["off", "false", "0", "no"].includes(v)) return false;
  throw new ConfigError(`must be on or off, got "${raw}"`);
};

const oneOf = <T extends string>(values: readonly T[]) => (raw: string) => {
  const v = raw.trim().toLowerCase() as T;
  if (!values.includes(v)) throw new ConfigError(`must be one of ${values.join(", ")}, got "${raw}"`);
  return v;
};

const nonEmpty = (raw: string) => {
  if (raw.trim() === "") throw new ConfigError("must not be empty");
  return raw.trim();
};

const list = (raw: string) =>
  raw
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

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
    default: "600",
    help: "Requests per minute allowed to a new API key (each key keeps its own rate).",
    parse: integer(1, 10_000_000),
  },
  serviceCodeOrder: {
    env: "SERVICE_CODE_ORDER",
    default: "digital,mono,rental",
    help: "When a code maps to several content ids, /movie prefers this order of service codes.",
    parse: list,
  },
  trustProxy: { env: "TRUST_PROXY", default: "off", help: "Trust X-Forwarded-* headers (behind a reverse proxy).", parse: onOff },
  cacheSizeMb: { env: "SQLITE_CACHE_MB", default: "64", help: "SQLite page cache per connection, in MiB.", parse: integer(1, 65536) },
  mmapSizeMb: { env: "SQLITE_MMAP_MB", default: "1024", help: "SQLite memory-mapped I/O size, in MiB (0 disables).", parse: integer(0, 1_048_576) },
} satisfies Record<string, SettingSpec<unknown>>;

type Settings = typeof SETTINGS;
export type Config = Readonly<{ [K in keyof Settings]: ReturnType<Settings[K]["parse"]> }>;
