/**
 * Litestream's configuration for the catalog and its backup: one database, one
 * replica (a directory or an S3 bucket), JSON log lines on stderr, metrics on a local
 * port (the supervisor reads the replica's position there). Written to a private
 * temporary file; the S3 store's key goes in Litestream's environment instead.
 */
import { isAbsolute, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Config } from "../../config/load.js";

export type BackupTarget = { kind: "file"; dir: string } | { kind: "s3"; url: string };

/** BACKUP_TO (or restore --from) as a replica: a path (relative to `cwd`), a file:// URL, or s3://bucket/path. */
export function backupTarget(to: string, cwd: string = process.cwd()): BackupTarget {
  if (/^s3:\/\//i.test(to)) return { kind: "s3", url: to };
  const dir = /^file:\/\//i.test(to) ? fileURLToPath(to) : to;
  return { kind: "file", dir: isAbsolute(dir) ? dir : resolve(cwd, dir) };
}

export interface LitestreamSetup {
  /** The catalog file (absolute). */
  dbPath: string;
  target: BackupTarget;
  syncSeconds: number;
  s3Endpoint: string;
  /** host:port of the metrics endpoint; none for `restore`. */
  metricsAddr?: string;
}

/** A JSON string is a YAML double-quoted scalar: paths and URLs go in as they are. */
const q = (s: string) => JSON.stringify(s);

export function litestreamYaml(s: LitestreamSetup): string {
  const replica =
    s.target.kind === "file"
      ? [`      - type: file`, `        path: ${q(s.target.dir)}`]
      : [`      - url: ${q(s.target.url)}`, ...(s.s3Endpoint ? [`        endpoint: ${q(s.s3Endpoint)}`] : [])];
  return [
    ...(s.metricsAddr ? [`addr: ${q(s.metricsAddr)}`] : []),
    "logging:",
    "  level: info",
    "  type: json",
    "  stderr: true",
    "dbs:",
    `  - path: ${q(s.dbPath)}`,
    "    replicas:",
    ...replica,
    `        sync-interval: ${s.syncSeconds}s`,
    "",
  ].join("\n");
}

/** The setup for the configured catalog and backup. */
export function setupFor(config: Config, to: string = config.backupTo, dbPath: string = config.databasePath): LitestreamSetup {
  return { dbPath: resolve(dbPath), target: backupTarget(to), syncSeconds: config.backupSyncSeconds, s3Endpoint: config.backupS3Endpoint };
}

/** The S3 key as Litestream reads it from its environment (empty: it falls back to AWS_* and the AWS SDK's sources). */
export function litestreamEnv(config: Config): Record<string, string> {
  return {
    ...(config.backupS3AccessKeyId && { LITESTREAM_ACCESS_KEY_ID: config.backupS3AccessKeyId }),
    ...(config.backupS3SecretAccessKey && { LITESTREAM_SECRET_ACCESS_KEY: config.backupS3SecretAccessKey }),
  };
}
