/**
 * The CLI on a read-only replica (REPLICA_OF, from the environment or the .env file):
 * every command that writes the catalog refuses with one line naming the writer and
 * touches nothing; the commands that only read work, on the newest copy the replica's
 * server restored (else DATABASE_PATH), opened read-only.
 */
import { createHash } from "node:crypto";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openCatalog, createKey, upsertRecords } from "../../src/catalog/index.js";
import { makeIngest } from "../helpers/build-app.js";
import { runCli } from "../helpers/run-cli.js";
import { providersOffEnv } from "../../src/cli/simulate-env.js";

const WRITER = "http://writer.test:8080";

/**
 * Every catalog file of the folder with its bytes' hash and its time, and the size of each
 * WAL: a command that wrote anything changes this. (A read-only connection to a WAL-mode
 * file may make an empty -wal and the -shm index beside it; it writes neither file's pages.)
 */
function folderState(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of readdirSync(dir).sort()) {
    const p = join(dir, f);
    if (f.endsWith("-shm") || !statSync(p).isFile()) continue;
    out[f] = f.endsWith("-wal") ? `wal of ${statSync(p).size} bytes` : `${createHash("sha256").update(readFileSync(p)).digest("hex")} ${statSync(p).mtimeMs}`;
  }
  return out;
}

describe("the CLI on a read-only replica", () => {
  const dir = mkdtempSync(join(tmpdir(), "vc-replica-cli-"));
  const catalogDir = join(dir, "data");
  const path = join(catalogDir, "catalog.db");
  const videos = join(dir, "videos");
  const records = join(dir, "titles.ndjson");
  const dump = join(dir, "dump.sql");
  const offline = { ...providersOffEnv(), SAMPLE_DATA: "off" };
  const env = { ...offline, DATABASE_PATH: path, REPLICA_OF: join(dir, "backup"), REPLICA_WRITER: WRITER };

  beforeAll(() => {
    mkdirSync(catalogDir);
    mkdirSync(videos);
    writeFileSync(join(videos, "ABP-123.mp4"), "");
    writeFileSync(records, `${JSON.stringify(makeIngest({ contentId: "new00001", dvdId: "NEW-001" }).record)}\n`);
    writeFileSync(dump, "");
    // The writer's catalog as the replica's server restored it: DATABASE_PATH's name, then two copies beside it.
    const db = openCatalog(path);
    upsertRecords(db, [makeIngest()]);
    createKey(db, "kept", 60);
    db.pragma("wal_checkpoint(TRUNCATE)");
    db.close();
    copyFileSync(path, `${path}.replica-1`);
    copyFileSync(path, `${path}.replica-2`);
    const newest = openCatalog(`${path}.replica-2`);
    createKey(newest, "only-in-the-newest-copy", 60);
    newest.pragma("wal_checkpoint(TRUNCATE)");
    newest.close();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const WRITES: [string[], string][] = [
    [["keys", "create", "--name", "sneaky"], "keys create"],
    [["keys", "revoke", "1"], "keys revoke"],
    [["admin", "reset-password"], "admin reset-password"],
    [["import", records], "import"],
    [["import-dump", dump], "import-dump"],
    [["sample", "--count", "5"], "sample"],
    [["purge", "--provider", "file"], "purge"],
    [["ingest"], "ingest"],
    [["migrate"], "migrate"],
  ];

  it("refuses every command that writes the catalog: one line naming the writer, exit status 2, nothing written", () => {
    const before = folderState(catalogDir);
    for (const [args, command] of WRITES) {
      const res = runCli(args, env);
      expect(res.stderr, args.join(" ")).toBe(`this server is a read-only replica of ${WRITER}: run "${command}" there\n`);
      expect(res.status, args.join(" ")).toBe(2);
      expect(res.stdout, args.join(" ")).toBe("");
    }
    expect(folderState(catalogDir)).toEqual(before);
  });

  it("names the backup's address without REPLICA_WRITER, with REPLICA_OF from the .env file", () => {
    const envFile = join(dir, "replica.env");
    writeFileSync(envFile, `REPLICA_OF=${join(dir, "backup")}\n`);
    const res = runCli(["keys", "create", "--name", "sneaky"], { ...offline, DATABASE_PATH: path, ENV_FILE: envFile });
    expect(res.status).toBe(2);
    expect(res.stderr).toBe(`this server is a read-only replica of ${join(dir, "backup")}: run "keys create" there\n`);
  });

  it("runs the commands that only read, on the newest copy, read-only; scan --write writes only beside the videos", () => {
    const before = folderState(catalogDir);
    const keys = runCli(["keys", "list"], env);
    expect(keys.stderr).toBe("");
    expect(keys.status).toBe(0);
    expect(keys.stdout).toContain("kept");
    expect(keys.stdout).toContain("only-in-the-newest-copy");
    const runs = runCli(["runs"], env);
    expect(runs.status).toBe(0);
    expect(runs.stdout).toBe("no ingest runs yet\n");
    const scan = runCli(["scan", videos, "--offline", "--write", "nfo"], env);
    expect(scan.stderr).toBe("");
    expect(scan.status).toBe(0);
    expect(scan.stdout).toMatch(/^matched\tABP-123\t/m);
    expect(readdirSync(videos)).toContain("ABP-123.nfo");
    const sample = runCli(["sample", "--count", "3", "--out", join(dir, "sample.ndjson")], env);
    expect(sample.status).toBe(0);
    expect(folderState(catalogDir)).toEqual({ ...before, "catalog.db.replica-2-wal": "wal of 0 bytes" });
  });

  it("still runs them as before on a writer (no REPLICA_OF)", () => {
    const res = runCli(["keys", "create", "--name", "on-the-writer"], { ...offline, DATABASE_PATH: path });
    expect(res.status).toBe(0);
    expect(runCli(["keys", "list"], { ...offline, DATABASE_PATH: path }).stdout).toContain("on-the-writer");
  });
});
