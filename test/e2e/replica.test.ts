/**
 * A writer and a read-only replica on this machine, through a directory backup: the
 * writer (BACKUP_TO) streams its catalog there through Litestream, the replica
 * (REPLICA_OF, WORKERS=2) restores it and refreshes each second when it moved. Both are
 * the built server, as a user runs it; the writer is changed through the CLI.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providersOffEnv } from "../../src/cli/simulate-env.js";
import { CLI_ENTRY, killHard, runCliAsync, startProcess, waitFor } from "../helpers/run-cli.js";

type Proc = ReturnType<typeof startProcess>;

describe("a read-only replica (REPLICA_OF) of a writer's directory backup", () => {
  const dir = mkdtempSync(join(tmpdir(), "vc-replica-"));
  const backup = join(dir, "backup");
  const writerEnv = {
    DATABASE_PATH: join(dir, "writer", "catalog.db"),
    BACKUP_TO: backup,
    BACKUP_SYNC_SECONDS: "1",
    PORT: "0",
    INGEST_CRON: "off",
    LOG_LEVEL: "warn",
    ...providersOffEnv("fanza"),
    SAMPLE_COUNT: "40",
    ADMIN_PASSWORD: "a long enough admin password",
  };
  const replicaEnv = {
    DATABASE_PATH: join(dir, "replica", "catalog.db"),
    REPLICA_OF: backup,
    REPLICA_REFRESH: "1",
    REPLICA_SESSION_SECRET: "one secret for every replica, 32+ chars",
    // The writer's password comes from ADMIN_PASSWORD, which is not in the catalog: its replicas are given it too.
    ADMIN_PASSWORD: "a long enough admin password",
    WORKERS: "2",
    PORT: "0",
    LOG_LEVEL: "info",
    ...providersOffEnv("fanza"),
  };
  let writer: Proc;
  let replica: Proc;
  let w: string;
  let r: string;
  let key: string;

  const startReplica = async () => {
    replica = startProcess(process.execPath, [CLI_ENTRY, "serve"], replicaEnv, /listening on (http:\/\/[^\s]+) .*read-only replica/);
    r = (await replica.readyLine)[1];
  };
  const get = async (base: string, path: string, k = key) => {
    const res = await fetch(`${base}${path}`, { headers: { "x-service-key": k } });
    return { status: res.status, body: await res.text() };
  };
  const cli = async (...args: string[]) => {
    const res = await runCliAsync(args, writerEnv);
    expect(res.status, `${args.join(" ")}: ${res.stderr}`).toBe(0);
    return res.stdout;
  };
  /** The backup holds every commit of the writer's. */
  /** Every commit made so far is in the backup: a sample the writer took after this call found no lag (an earlier one may still be the latest). */
  const caughtUp = () => {
    const since = Date.now();
    return waitFor("the writer's backup to catch up", async () => {
      const b = ((await fetch(`${w}/health`).then((x) => x.json())) as { backup: { lagBytes: number; lastSyncAt: string | null } }).backup;
      return b.lastSyncAt !== null && Date.parse(b.lastSyncAt) >= since && b.lagBytes === 0 ? b : null;
    });
  };
  const retired = () =>
    replica
      .output()
      .stdout.split("\n")
      .filter((l) => l.includes('"old copy retired"')).length;
  const refreshes = () =>
    replica
      .output()
      .stdout.split("\n")
      .filter((l) => l.includes('"replica refreshed"')).length;

  beforeAll(async () => {
    writer = startProcess(process.execPath, [CLI_ENTRY, "serve"], writerEnv, /listening on (http:\/\/[^\s]+)/);
    w = (await writer.readyLine)[1];
    key = /\b(vc_[A-Za-z0-9_-]{43})\b/.exec(writer.output().stdout)![1];
    await caughtUp();
    await startReplica();
  }, 60_000);

  afterAll(async () => {
    await killHard(replica);
    await killHard(writer);
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers /movie, /query and /random with the writer's bytes", async () => {
    // The whole catalog (40 titles) in one /random answer: its order is random, its records are not.
    const all = async (base: string) => {
      const a = await get(base, "/random?num=50");
      expect(a.status).toBe(200);
      return (JSON.parse(a.body) as { contentId: string }[]).sort((x, y) => x.contentId.localeCompare(y.contentId)).map((x) => JSON.stringify(x));
    };
    const titles = await all(w);
    expect(titles).toHaveLength(40);
    expect(await all(r)).toEqual(titles);
    for (const t of titles.slice(0, 5)) {
      const { dvdId } = JSON.parse(t) as { dvdId: string };
      for (const path of [`/movie?q=${dvdId}`, `/query?q=${encodeURIComponent(dvdId.split("-")[0])}`, `/query?q=bonus&num=10`]) {
        const [a, b] = [await get(w, path), await get(r, path)];
        expect(a.status, path).toBe(200);
        expect(b, path).toEqual(a);
      }
    }
  });

  it("serves a title added on the writer (CLI import) after a refresh", async () => {
    const file = join(dir, "one.ndjson");
    await cli("sample", "--count", "1", "--seed", "27", "--out", file);
    const record = JSON.parse(readFileSync(file, "utf8").trim()) as Record<string, unknown>;
    writeFileSync(file, `${JSON.stringify({ ...record, contentId: "rpl00001", dvdId: "RPL-001" })}\n`);
    expect((await get(r, "/movie?q=RPL-001")).status).toBe(404);
    await cli("import", file, "--provider", "mine");
    const onWriter = await get(w, "/movie?q=RPL-001");
    expect(onWriter.status).toBe(200);
    const t0 = Date.now();
    const onReplica = await waitFor("the title on the replica", async () => {
      const a = await get(r, "/movie?q=RPL-001");
      return a.status === 200 ? a : null;
    });
    expect(onReplica.body).toBe(onWriter.body);
    // The backup's sync (1 s), the replica's look at it (each second), a restore and new workers.
    expect(Date.now() - t0).toBeLessThan(15_000);
    // /health says which copy is served, from where, and since when.
    const health = (await fetch(`${r}/health`).then((x) => x.json())) as { catalog: { records: number }; replica: Record<string, unknown> };
    expect(health.catalog.records).toBe(41);
    expect(health.replica).toMatchObject({ from: backup, writer: backup, lastError: null });
    expect(health.replica.refreshes).toBeGreaterThanOrEqual(2);
    expect(health.replica.position).toMatch(/^[0-9a-f]{16}\/[0-9a-f]{8}\/[0-9a-f]{8}$/);
    expect(Date.parse(String(health.replica.servedSince))).toBeGreaterThanOrEqual(t0 - 1000);
    expect(health).not.toHaveProperty("backup");
  }, 60_000);

  it("takes a key created on the writer, and its revocation, from the next refresh", async () => {
    const made = (await cli("keys", "create", "--name", "short-lived")).trim().split("\n").pop()!;
    await waitFor("the new key to work on the replica", async () => ((await get(r, "/random?num=1", made)).status === 200 ? true : null));
    const id = /^(\d+)\t+short-lived/m.exec(await cli("keys", "list"))?.[1];
    await cli("keys", "revoke", id!);
    expect((await get(w, "/random?num=1", made)).status).toBe(401);
    await waitFor("the revoked key to be refused on the replica", async () => ((await get(r, "/random?num=1", made)).status === 401 ? true : null));
    // Every worker of the replica refuses it (each request on a connection of its own, handed out in turn).
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${r}/random?num=1`, { headers: { "x-service-key": made, connection: "close" } });
      expect(res.status).toBe(401);
      await res.arrayBuffer();
    }
    expect((await get(r, "/random?num=1")).status).toBe(200);
  }, 60_000);

  it("answers every request while it switches copies, again and again", async () => {
    let sent = 0;
    const failures: string[] = [];
    let going = true;
    // Two clients with keep-alive connections, and one opening a connection per request.
    const client = async (fresh: boolean) => {
      while (going) {
        sent++;
        try {
          const res = await fetch(`${r}/movie?q=RPL-001`, { headers: { "x-service-key": load, ...(fresh && { connection: "close" }) } });
          const body = await res.text();
          if (res.status !== 200 || !body.includes("RPL-001")) failures.push(`${res.status} ${body.slice(0, 200)}`);
        } catch (err) {
          failures.push(String((err as Error).cause ?? err));
        }
      }
    };
    // A key of its own with room for the load (the first key allows 6,000 requests a minute).
    const load = (await cli("keys", "create", "--name", "load", "--rate", "1000000")).trim().split("\n").pop()!;
    await waitFor("the load key on the replica", async () => ((await get(r, "/random?num=1", load)).status === 200 ? true : null));
    // Until the old copy's workers are gone, a new connection may still reach one of them, which has not the key.
    await waitFor("the copy without the key retired", () => (retired() >= refreshes() - 1 ? true : null));
    const clients = [client(false), client(false), client(true)];
    const before = refreshes();
    for (let i = 1; i <= 3; i++) {
      await cli("keys", "create", "--name", `switch-${i}`);
      await waitFor(`switch ${i}`, () => (refreshes() >= before + i ? true : null));
    }
    going = false;
    await Promise.all(clients);
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(100);
    console.log(`replica: ${sent} requests during ${refreshes() - before} switches, ${failures.length} failed`);
    // Three restores, checks and worker starts under a constant load: 14-21 s alone, past 60 s once in a full run on Node 22.
  }, 150_000);

  it("refuses a copy whose migrations are not this build's, and keeps serving the one it has", async () => {
    // The writer's catalog as a newer build would leave it: one migration more.
    const db = new Database(writerEnv.DATABASE_PATH);
    const failures = () =>
      replica
        .output()
        .stdout.split("\n")
        .filter((l) => l.includes("the copy fails its check")).length;
    const before = failures();
    const served = await get(r, "/movie?q=RPL-001");
    try {
      db.pragma("wal_autocheckpoint = 0");
      db.prepare("INSERT INTO __drizzle_migrations (hash, created_at) VALUES ('from-a-newer-build', 4102444800000)").run();
      await waitFor("the copy refused", () => (failures() > before ? true : null));
      expect(replica.output().stdout).toMatch(/newer than this build: one unknown to this build \(4102444800000\)/);
      expect(await get(r, "/movie?q=RPL-001")).toEqual(served);
    } finally {
      db.prepare("DELETE FROM __drizzle_migrations WHERE hash = 'from-a-newer-build'").run();
      db.close();
    }
    const refreshed = refreshes();
    await waitFor("a copy served again", () => (refreshes() > refreshed ? true : null));
  }, 60_000);

  it("keeps serving its copy while the backup is unreachable, and starts from it again", async () => {
    renameSync(backup, `${backup}.away`);
    try {
      await waitFor("a failed refresh in the log", () => (/replica refresh failed/.test(replica.output().stdout) ? true : null));
      expect((await get(r, "/movie?q=RPL-001")).status).toBe(200);
      // A start while the backup is away serves the copy the last run restored, and says so.
      await killHard(replica);
      await startReplica();
      expect(replica.output().stdout).toMatch(/no new copy at start: serving the copy an earlier start restored/);
      const [a, b] = [await get(w, "/movie?q=RPL-001"), await get(r, "/movie?q=RPL-001")];
      expect(b).toEqual(a);
    } finally {
      // What the writer's Litestream wrote meanwhile (it makes the directory again) goes.
      rmSync(backup, { recursive: true, force: true });
      renameSync(`${backup}.away`, backup);
    }
  }, 60_000);

  it("comes back intact after a kill -9 during a refresh", async () => {
    const files = () => readdirSync(join(dir, "replica"));
    const served = files().filter((f) => /\.replica-\d+$/.test(f));
    expect(served).toHaveLength(1);
    await cli("keys", "create", "--name", "before-the-kill");
    // Killed as soon as a new copy is being made (restored, or its workers starting).
    const underWay = () => files().filter((f) => f.includes(".restoring") || (/\.replica-\d+$/.test(f) && !served.includes(f)));
    await waitFor("a refresh under way", () => (underWay().length > 0 ? true : null));
    await killHard(replica);
    const left = files();
    // A copy being made was there when it died: a restore's file, or a whole new copy not yet switched to.
    expect(left.some((f) => f.includes(".restoring") || (/\.replica-\d+$/.test(f) && !served.includes(f)))).toBe(true);
    await startReplica();
    const sorted = async (base: string) =>
      (JSON.parse((await get(base, "/random?num=50")).body) as { contentId: string }[]).map((x) => JSON.stringify(x)).sort();
    expect(await sorted(r)).toEqual(await sorted(w));
    expect(await get(r, "/movie?q=RPL-001")).toEqual(await get(w, "/movie?q=RPL-001"));
    // What the killed run left goes: at the start, all but its newest copy; that one once a new copy is served.
    await waitFor("the killed run's files gone", () => (files().some((f) => left.includes(f)) ? null : true));
    expect(files().some((f) => f.includes(".restoring"))).toBe(false);
    expect(existsSync(replicaEnv.DATABASE_PATH)).toBe(false);
  }, 60_000);

  it("keeps a dashboard sign-in across its restart, signed with REPLICA_SESSION_SECRET", async () => {
    const cookiesOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(";")[0]);
    const login = await fetch(`${r}/dashboard/login`);
    const jar = cookiesOf(login);
    const csrf = /name="_csrf" value="([^"]+)"/.exec(await login.text())![1];
    const signIn = await fetch(`${r}/dashboard/login`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: jar.join("; "), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ _csrf: csrf, password: replicaEnv.ADMIN_PASSWORD }).toString(),
    });
    expect(signIn.status).toBe(303);
    const session = [...jar, ...cookiesOf(signIn)].join("; ");
    const keysPage = async () => (await fetch(`${r}/dashboard/keys`, { redirect: "manual", headers: { cookie: session } })).status;
    expect(await keysPage()).toBe(200);
    // Another server with the same secret (here, this one after a restart: its processes and copy are all new) takes it.
    await killHard(replica);
    await startReplica();
    for (let i = 0; i < 4; i++) expect(await keysPage()).toBe(200);
    expect((await fetch(`${r}/dashboard/keys`, { redirect: "manual" })).status).toBe(303);
  }, 60_000);

  it("replaces a worker that dies, tries again when its replacement dies before it listens, and never touches the other", async () => {
    // The replica's worker processes: children of its primary that cluster started (Litestream's looks
    // are children too, and for a moment after their fork, before their exec, look like node).
    const workers = () =>
      readFileSync(`/proc/${replica.child.pid}/task/${replica.child.pid}/children`, "utf8")
        .trim()
        .split(" ")
        .filter(Boolean)
        .map(Number)
        .filter((pid) => {
          try {
            return readFileSync(`/proc/${pid}/environ`, "utf8")
              .split("\0")
              .some((v) => v.startsWith("NODE_UNIQUE_ID="));
          } catch {
            return false;
          }
        });
    const alive = (pid: number) => existsSync(`/proc/${pid}`) && !readFileSync(`/proc/${pid}/stat`, "utf8").includes(") Z ");
    const notReplaced = () =>
      replica
        .output()
        .stdout.split("\n")
        .filter((l) => l.includes('"worker not replaced; trying again"')).length;
    // The writer is paused (its key-usage flush would move the backup), and no refresh is under way: one copy, two workers.
    writer.signalGroup("SIGSTOP");
    const copies = () => readdirSync(join(dir, "replica")).filter((f) => /\.replica-\d+$/.test(f) || f.includes(".restoring"));
    await waitFor("one copy and its two workers", () => (copies().length === 1 && workers().length === 2 ? true : null));
    const before = notReplaced();
    // The replacement starts 1 s after the death and takes a moment to listen: it is killed in that moment.
    for (let attempt = 0; attempt < 3 && notReplaced() === before; attempt++) {
      const [dies, serves] = workers();
      process.kill(dies, "SIGKILL");
      const t0 = Date.now();
      let replacement: number | undefined;
      while (replacement === undefined && Date.now() - t0 < 10_000) {
        replacement = workers().find((p) => p !== dies && p !== serves);
        if (replacement === undefined) await new Promise((r) => setTimeout(r, 5));
      }
      expect(replacement, "a replacement started").toBeDefined();
      process.kill(replacement!, "SIGKILL");
      await new Promise((r) => setTimeout(r, 300));
      expect(alive(serves), "the worker that kept serving").toBe(true);
      expect((await get(r, "/random?num=1")).status).toBe(200);
    }
    expect(notReplaced()).toBeGreaterThan(before);
    // The next try (2 s later) brings the replica back to its two workers.
    await waitFor("two workers again", () => (workers().length === 2 ? true : null));
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${r}/random?num=1`, { headers: { "x-service-key": key, connection: "close" } });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    writer.signalGroup("SIGCONT");
  }, 60_000);

  it("refuses REPLICA_OF with BACKUP_TO", async () => {
    const res = await runCliAsync(["serve"], { ...replicaEnv, BACKUP_TO: join(dir, "elsewhere") });
    expect(res.status).not.toBe(0);
    expect(res.stderr + res.stdout).toMatch(/REPLICA_OF and BACKUP_TO are both set/);
  });
});
