import { describe, expect, it } from "vitest";
import { lagOf } from "../../../src/cluster/litestream/backup-lag.js";
import { LITESTREAM_VERSION, LitestreamMissingError, litestreamBinary } from "../../../src/cluster/litestream/bin.js";
import { backupTarget, litestreamEnv, litestreamYaml, setupFor } from "../../../src/cluster/litestream/config.js";
import { parseLitestreamLine, parseReplicaPosition } from "../../../src/cluster/litestream/output.js";
import { loadConfig } from "../../../src/config/load.js";
import { spawnSync } from "node:child_process";

describe("BACKUP_TO and Litestream's configuration", () => {
  it("takes a directory, a file:// URL or s3://bucket/path, and nothing else", () => {
    expect(loadConfig({}).backupTo).toBe("");
    expect(loadConfig({ BACKUP_TO: " backups/catalog " }).backupTo).toBe("backups/catalog");
    expect(loadConfig({ BACKUP_TO: "s3://my-bucket/catalog" }).backupTo).toBe("s3://my-bucket/catalog");
    expect(() => loadConfig({ BACKUP_TO: "gcs://bucket/x" })).toThrow(/BACKUP_TO must be a directory, a file:\/\/ URL or an s3:\/\/bucket\/path URL/);
    expect(() => loadConfig({ BACKUP_TO: "s3://" })).toThrow(/BACKUP_TO names no bucket/);
    expect(() => loadConfig({ BACKUP_S3_ENDPOINT: "minio:9000" })).toThrow(/BACKUP_S3_ENDPOINT/);
    expect(() => loadConfig({ BACKUP_SYNC_SECONDS: "0" })).toThrow(/BACKUP_SYNC_SECONDS/);
  });

  it("resolves a directory from where the server starts", () => {
    expect(backupTarget("backups", "/srv/vc")).toEqual({ kind: "file", dir: "/srv/vc/backups" });
    expect(backupTarget("file:///mnt/nas/catalog", "/srv/vc")).toEqual({ kind: "file", dir: "/mnt/nas/catalog" });
    expect(backupTarget("s3://b/p")).toEqual({ kind: "s3", url: "s3://b/p" });
  });

  it("writes one database and one replica, JSON logs on stderr, metrics on the given address", () => {
    const config = loadConfig({ DATABASE_PATH: "/srv/vc/data/catalog.db", BACKUP_TO: "/mnt/backup dir", BACKUP_SYNC_SECONDS: "5" });
    expect(litestreamYaml({ ...setupFor(config), metricsAddr: "127.0.0.1:4567" })).toBe(
      [
        'addr: "127.0.0.1:4567"',
        "logging:",
        "  level: info",
        "  type: json",
        "  stderr: true",
        "dbs:",
        '  - path: "/srv/vc/data/catalog.db"',
        "    replicas:",
        "      - type: file",
        '        path: "/mnt/backup dir"',
        "        sync-interval: 5s",
        "",
      ].join("\n"),
    );
    const s3 = loadConfig({ DATABASE_PATH: "/c.db", BACKUP_TO: "s3://bucket/vc", BACKUP_S3_ENDPOINT: "http://127.0.0.1:9000" });
    expect(litestreamYaml(setupFor(s3))).toContain('      - url: "s3://bucket/vc"\n        endpoint: "http://127.0.0.1:9000"\n        sync-interval: 1s\n');
    expect(litestreamYaml(setupFor(s3))).not.toContain("addr:");
  });

  it("passes the S3 key in Litestream's environment, only when set", () => {
    expect(litestreamEnv(loadConfig({}))).toEqual({});
    expect(litestreamEnv(loadConfig({ BACKUP_S3_ACCESS_KEY_ID: "id", BACKUP_S3_SECRET_ACCESS_KEY: "secret" }))).toEqual({
      LITESTREAM_ACCESS_KEY_ID: "id",
      LITESTREAM_SECRET_ACCESS_KEY: "secret",
    });
  });
});

describe("Litestream's binary, from npm", () => {
  it.runIf(process.platform === "linux" && process.arch === "x64")(`is ${LITESTREAM_VERSION} on linux-x64`, () => {
    const r = spawnSync(litestreamBinary(), ["version"], { encoding: "utf8" });
    expect(r.stdout.trim()).toBe(LITESTREAM_VERSION);
  });

  it("is said to be missing on a platform npm has none for", () => {
    expect(() => litestreamBinary("sunos", "sparc")).toThrow(LitestreamMissingError);
    expect(() => litestreamBinary("sunos", "sparc")).toThrow(/@flydotio\/litestream-sunos-sparc; it is not installed here/);
  });
});

describe("what Litestream says", () => {
  it("its JSON lines: level, message, fields; the sends of each second as debug", () => {
    const line = (o: object) => JSON.stringify({ time: "2026-11-27T01:00:00Z", ...o });
    expect(parseLitestreamLine(line({ level: "ERROR", msg: "sync error", db: "/c.db", error: "disk I/O error" }))).toEqual({
      level: "error",
      msg: "sync error",
      fields: { db: "/c.db", error: "disk I/O error" },
    });
    expect(parseLitestreamLine(line({ level: "INFO", msg: "wal segment written", sz: 4120 })).level).toBe("debug");
    expect(parseLitestreamLine(line({ level: "INFO", msg: "snapshot written" })).level).toBe("info");
    expect(parseLitestreamLine("panic: runtime error")).toEqual({ level: "error", msg: "panic: runtime error", fields: {} });
  });

  it("the replica's position in its metrics", () => {
    const metrics = [
      "# TYPE litestream_replica_wal_index gauge",
      'litestream_replica_wal_index{db="/c.db",name="file"} 3',
      'litestream_replica_wal_offset{db="/c.db",name="file"} 428512',
      'litestream_shadow_wal_index{db="/c.db"} 3',
    ].join("\n");
    expect(parseReplicaPosition(metrics)).toEqual({ index: 3, offset: 428512 });
    expect(parseReplicaPosition('litestream_shadow_wal_index{db="/c.db"} 3')).toBeNull();
  });
});

describe("how far behind the backup is", () => {
  const salt = Buffer.from("01234567");
  const other = Buffer.from("76543210");
  const wal = (frames: number, s = salt) => ({ salt: s, frames, pageSize: 4096, bytes: 32 + frames * 4120 });

  it("holds every commit on the catalog's WAL at or past its end", () => {
    expect(lagOf(wal(10), { index: 2, offset: 32 + 10 * 4120, salt })).toEqual({ caughtUp: true, bytes: 0 });
    expect(lagOf(wal(10), { index: 2, offset: 32 + 4 * 4120, salt })).toEqual({ caughtUp: false, bytes: 6 * 4120 });
  });

  it("lacks at least the whole WAL when it is on an older one, or has no position yet", () => {
    expect(lagOf(wal(10), { index: 2, offset: 1e9, salt: other })).toEqual({ caughtUp: false, bytes: 32 + 10 * 4120 });
    expect(lagOf(wal(10), { index: 2, offset: 1e9, salt: null })).toEqual({ caughtUp: false, bytes: 32 + 10 * 4120 });
    expect(lagOf(wal(10), null)).toEqual({ caughtUp: false, bytes: 32 + 10 * 4120 });
    // A WAL just restarted holds no commit: all of them are in the catalog file, which Litestream copied before its checkpoint.
    expect(lagOf(wal(0, other), { index: 1, offset: 99, salt })).toEqual({ caughtUp: true, bytes: 0 });
  });
});
