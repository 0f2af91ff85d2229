/**
 * A catalog that outlives its disk: the server streams it to a directory through
 * Litestream (BACKUP_TO), titles are imported, keys made and revoked, an ingest run
 * from a local provider, all by the CLI while the server runs; then the server is
 * killed (-9), the catalog deleted, and `restore` brings back every title, key and run.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Simulator, startSimulator } from "../../tools/simulator/index.js";
import { CLI_ENTRY, killHard, runCliAsync, startProcess, waitFor } from "../helpers/run-cli.js";
import { providersOffEnv } from "../../src/cli/simulate-env.js";

type Proc = ReturnType<typeof startProcess>;

/** What must come back: every title (with its hash), every key (with its state), every run. */
function contents(path: string) {
  const db = new Database(path, { readonly: true });
  try {
    const all = (sql: string) => db.prepare(sql).raw().all() as unknown[][];
    return {
      titles: all("SELECT provider, content_id, hash FROM movies ORDER BY provider, content_id"),
      keys: all("SELECT id, name, key_hash, revoked_at FROM api_keys ORDER BY id"),
      runs: all("SELECT id, provider, status, pages, added, updated, finished_at FROM ingest_runs ORDER BY id"),
      integrity: db.pragma("integrity_check", { simple: true }),
    };
  } finally {
    db.close();
  }
}

describe("restore: the catalog back from its Litestream backup after the server and its file are gone", () => {
  let dir: string;
  let sim: Simulator;
  let env: Record<string, string>;
  let server: Proc;
  let base: string;
  const catalog = () => env.DATABASE_PATH;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "vc-restore-"));
    sim = await startSimulator({ records: 400, seed: 27 });
    env = {
      DATABASE_PATH: join(dir, "catalog.db"),
      BACKUP_TO: join(dir, "backup"),
      BACKUP_SYNC_SECONDS: "1",
      PORT: "0",
      INGEST_CRON: "off",
      LOG_LEVEL: "warn",
      ...providersOffEnv("fanza"),
      PROVIDER_FANZA_BASE_URL: sim.url,
      PROVIDER_FANZA_RATE: "0",
      FANZA_API_ID: "sim",
      FANZA_AFFILIATE_ID: "sim-990",
    };
    server = startProcess(process.execPath, [CLI_ENTRY, "serve"], env, /listening on (http:\/\/[^\s]+)/);
    base = (await server.readyLine)[1];
  });
  afterAll(async () => {
    await killHard(server);
    await sim?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const backupState = async () =>
    ((await fetch(`${base}/health`).then((r) => r.json())) as { backup: { running: boolean; lagBytes: number; lastSyncAt: string | null } }).backup;

  /** Every commit made so far is in the backup: a sample the server took after this call found no lag (an earlier one may still be the latest). */
  const caughtUp = () => {
    const since = Date.now();
    return waitFor(
      "the backup to catch up",
      async () => {
        const b = await backupState();
        return b.running && b.lastSyncAt !== null && Date.parse(b.lastSyncAt) >= since && b.lagBytes === 0 ? b : null;
      },
      60_000,
    );
  };

  it("brings back every title, key and ingest run, and integrity_check is ok", async () => {
    const cli = async (...args: string[]) => {
      const r = await runCliAsync(args, env);
      expect(r.status, `${args.join(" ")}: ${r.stderr}`).toBe(0);
      return r.stdout;
    };
    // Titles imported, keys made and one revoked, an ingest run: all while the server streams the backup.
    const titles = join(dir, "titles.ndjson");
    await cli("sample", "--count", "3000", "--seed", "9", "--out", titles);
    await cli("import", titles, "--provider", "mine");
    // A moment to restore to later (--at): the import is in the backup, the keys and the run are not yet.
    await caughtUp();
    const afterImport = new Date();
    await new Promise((r) => setTimeout(r, 1500));
    const kept = (await cli("keys", "create", "--name", "kept")).trim().split("\n").pop()!;
    const revoked = (await cli("keys", "create", "--name", "revoked")).trim().split("\n").pop()!;
    const revokedId = (await cli("keys", "list")).match(/^(\d+)\trevoked\t/m)?.[1];
    expect(revokedId).toBeDefined();
    await cli("keys", "revoke", revokedId!);
    await cli("ingest", "--provider", "fanza", "--since", "2000-01-01");

    const before = contents(catalog());
    expect(before.titles.length).toBe(1000 + 3000 + 400);
    expect(before.keys.length).toBe(3);
    expect(before.runs.length).toBeGreaterThanOrEqual(1);

    // Everything committed is in the backup once Litestream has caught up with the WAL.
    await caughtUp();
    await killHard(server);
    for (const f of ["", "-wal", "-shm"]) rmSync(catalog() + f, { force: true });
    expect(existsSync(catalog())).toBe(false);

    const restore = await runCliAsync(["restore", "--from", env.BACKUP_TO], env);
    expect(restore.status, restore.stderr).toBe(0);
    expect(restore.stdout).toMatch(
      /Restored .*catalog\.db from .*backup: 4,400 titles \(.*\), 3 API keys \(1 revoked\), \d+ ingest runs?; integrity_check ok, catalog check ok/,
    );

    const after = contents(catalog());
    expect(after.integrity).toBe("ok");
    expect(after.titles).toEqual(before.titles);
    expect(after.keys).toEqual(before.keys);
    expect(after.runs).toEqual(before.runs);

    // As it was after the import: its titles, only the first key, no run.
    const then = join(dir, "then.db");
    const at = await runCliAsync(["restore", "--from", env.BACKUP_TO, "--to", then, "--at", afterImport.toISOString()], env);
    expect(at.status, at.stderr).toBe(0);
    const past = contents(then);
    expect(past.titles).toEqual(before.titles.filter(([provider]) => provider !== "fanza"));
    expect(past.keys).toEqual(before.keys.slice(0, 1));
    expect(past.runs).toEqual([]);

    // The restored catalog serves: the kept key answers, the revoked one is refused.
    const again = startProcess(process.execPath, [CLI_ENTRY, "serve"], { ...env, BACKUP_TO: "" }, /listening on (http:\/\/[^\s]+)/);
    try {
      const url = (await again.readyLine)[1];
      expect((await fetch(`${url}/random?num=1`, { headers: { "x-service-key": kept } })).status).toBe(200);
      expect((await fetch(`${url}/random?num=1`, { headers: { "x-service-key": revoked } })).status).toBe(401);
    } finally {
      await killHard(again);
    }
  }, 180_000);

  it("refuses to replace a catalog unless told to, and leaves it as it was", async () => {
    expect(existsSync(catalog())).toBe(true);
    const before = contents(catalog()).titles.length;
    const r = await runCliAsync(["restore", "--from", env.BACKUP_TO], env);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/catalog\.db exists: restore into another file with --to, or replace it with --force/);
    expect(contents(catalog()).titles.length).toBe(before);
  });

  it("restores into another file with --to, and as it was at --at", async () => {
    const copy = join(dir, "copy.db");
    const r = await runCliAsync(["restore", "--from", `file://${env.BACKUP_TO}`, "--to", copy], env);
    expect(r.status, r.stderr).toBe(0);
    expect(contents(copy).titles.length).toBe(4400);
    // Before the first snapshot there is nothing to restore: said in one line, nothing written.
    const early = join(dir, "early.db");
    const none = await runCliAsync(["restore", "--from", env.BACKUP_TO, "--to", early, "--at", "2001-01-01T00:00:00Z"], env);
    expect(none.status).toBe(2);
    expect(none.stderr).toMatch(/no backup found at .* from before 2001-01-01T00:00:00\.000Z/);
    expect(existsSync(early)).toBe(false);
  });

  it("says what is wrong with a bad --from, --at or an empty backup, in one line, exit status 2, no stack trace", async () => {
    const badAt = await runCliAsync(["restore", "--from", env.BACKUP_TO, "--to", join(dir, "x.db"), "--at", "yesterday-ish"], env);
    expect(badAt.status).toBe(2);
    expect(badAt.stderr).toMatch(/--at needs a time/);
    const badFrom = await runCliAsync(["restore", "--from", "ftp://host/backup", "--to", join(dir, "x.db")], env);
    expect(badFrom.status).toBe(2);
    expect(badFrom.stderr).toMatch(/--from takes a directory, a file:\/\/ URL or an s3:\/\/ URL/);
    const empty = join(dir, "empty-backup");
    const nothing = await runCliAsync(["restore", "--from", empty, "--to", join(dir, "y.db")], env);
    expect(nothing.status).toBe(2);
    expect(nothing.stderr).toMatch(/no backup found at/);
    for (const r of [badAt, badFrom, nothing]) expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
