import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, verifyKey } from "../../src/catalog/index.js";
import { makeRecord } from "../helpers/build-app.js";
import { runCli } from "../helpers/run-cli.js";

describe("CLI end to end", () => {
  let dir: string;
  let env: Record<string, string>;
  const count = (sql: string) => {
    const db = openDatabase(env.DATABASE_PATH);
    try {
      return db.prepare(sql).pluck().get() as number;
    } finally {
      db.close();
    }
  };

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "vc-cli-"));
    env = { DATABASE_PATH: join(dir, "catalog.db") };
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("creates a key and prints it alone on the last line of stdout, lists and revokes it", () => {
    const created = runCli(["keys", "create", "--name", "media-server"], env);
    expect(created.status).toBe(0);
    const token = created.stdout.trim().split("\n").at(-1)!;
    expect(token).toMatch(/^vc_[A-Za-z0-9_-]{43}$/);
    const db = openDatabase(env.DATABASE_PATH);
    expect(verifyKey(db, token)?.name).toBe("media-server");
    expect(db.prepare("SELECT key_hash FROM api_keys").pluck().get()).not.toContain(token.slice(3));

    const listed = runCli(["keys", "list"], env);
    expect(listed.stdout).toContain("media-server");
    expect(listed.stdout).not.toContain(token);

    const id = String(verifyKey(db, token)!.id);
    expect(runCli(["keys", "revoke", id], env).stdout).toContain(`revoked key ${id}`);
    expect(verifyKey(db, token)).toBeNull();
    db.close();

    const missing = runCli(["keys", "revoke", "999"], env);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain("no key with id 999");
    expect(runCli(["keys", "create"], env).status).toBe(2);
  });

  it("imports NDJSON, reports a bad line with its number, loses nothing else and is idempotent", () => {
    const file = join(dir, "records.ndjson");
    const lines = [
      JSON.stringify(makeRecord({ contentId: "abc00001", dvdId: "ABC-001" })),
      "{not json",
      JSON.stringify({ ...makeRecord({ contentId: "abc00002", dvdId: "ABC-002" }), runtimeMins: "long" }),
      "",
      JSON.stringify(makeRecord({ contentId: "abc00003", dvdId: "abc-3" })),
      JSON.stringify({
        q: "ABC-004",
        source: "fanza",
        result: { ...makeRecord({ contentId: "abc00004", dvdId: "ABC-004" }), titleEn: null, releaseDate: "2025-08-08" },
      }),
    ];
    writeFileSync(file, lines.join("\n") + "\n");
    const first = runCli(["import", file, "--provider", "mine"], env);
    expect(first.status).toBe(0);
    expect(first.stderr).toContain(`${file}:2: skipped: not valid JSON`);
    expect(first.stderr).toMatch(new RegExp(`${file}:3: skipped: runtimeMins`));
    expect(first.stdout).toContain("read 5, added 3, updated 0, unchanged 0, skipped 2");
    // Not a TTY: each step of the commit on a line of its own, in order.
    expect(first.stderr).toMatch(
      /^import: merging the search index \.\.\. {2}\(\d+ s so far\)\nimport: committing \.\.\. {2}\(\d+ s so far\)\nimport: copying the write-ahead log into the catalog file \.\.\. {2}\(\d+ s so far\)$/m,
    );
    expect(count("SELECT count(*) FROM movies WHERE provider = 'mine'")).toBe(3);
    expect(count("SELECT count(*) FROM movies WHERE dvd_id = 'ABC-003'")).toBe(1);

    const again = runCli(["import", file, "--provider", "mine"], env);
    expect(again.stdout).toContain("added 0, updated 0, unchanged 3, skipped 2");
    expect(count("SELECT count(*) FROM movies")).toBe(3);
  });

  it("imports a JSON array and a single JSON object", () => {
    const arr = join(dir, "records.json");
    writeFileSync(arr, JSON.stringify([makeRecord({ contentId: "def00001", dvdId: "DEF-001" }), { nope: 1 }], null, 2));
    const r = runCli(["import", arr], env);
    expect(r.stdout).toContain('as provider "file": read 2, added 1');
    expect(r.stderr).toContain(":2: skipped:");
    const single = join(dir, "single.json");
    writeFileSync(single, JSON.stringify(makeRecord({ contentId: "def00002", dvdId: "DEF-002" }), null, 2));
    expect(runCli(["import", single], env).stdout).toContain("read 1, added 1");
  });

  it("generates sample catalogs of any size, deterministically, and purges them", () => {
    const r = runCli(["sample", "--count", "2500"], env);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("added 2500 sample records");
    expect(r.stderr).toMatch(/^sample: merging the search index \.\.\. .*\nsample: committing \.\.\. .*\nsample: copying the write-ahead log/m);
    expect(runCli(["sample", "--count", "2500"], env).stdout).toContain("added 0 sample records");
    expect(count("SELECT count(*) FROM movies WHERE provider = 'sample'")).toBe(2500);
    expect(runCli(["purge", "--provider", "sample"], env).stdout).toContain("removed 2500 records");
    expect(count("SELECT count(*) FROM movies WHERE provider = 'sample'")).toBe(0);
    // 2.5 s alone; sample and purge run at BULK_NICE 19, so beside a busy suite they wait: 21 s once.
  }, 120_000);

  it("stops with a message naming a bad setting", () => {
    const r = runCli(["keys", "list"], { ...env, PORT: "eighty", SAMPLE_DATA: "maybe" });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("PORT must be an integer");
    expect(r.stderr).toContain("SAMPLE_DATA must be on or off");
  });

  it("stops serve, ingest and scan with one line naming a bad provider setting, before writing or printing anything", () => {
    const bad = { ...env, DATABASE_PATH: join(dir, "never.db"), PROVIDER_HEYZO_RATE: "fast", PROVIDER_CARIBBEAN_ENABLED: "off" };
    for (const args of [["serve"], ["ingest", "--provider", "heyzo"], ["scan", dir]]) {
      const r = runCli(args, bad);
      expect(r.status, args.join(" ")).toBe(2);
      expect(r.stderr, args.join(" ")).toMatch(
        /^invalid configuration: PROVIDER_HEYZO_RATE must be requests per second .*; PROVIDER_CARIBBEAN_ENABLED names no provider; providers: r18dev, fanza, /,
      );
      expect(r.stderr.trim().split("\n"), args.join(" ")).toHaveLength(1);
      expect(r.stdout, args.join(" ")).not.toMatch(/vc_/);
    }
    expect(existsSync(join(dir, "never.db"))).toBe(false);
  });
});
