/**
 * WORKERS=2 as a user runs it (the built server): two HTTP processes on one port under a
 * primary. Every request here comes on a connection of its own, which the primary hands
 * to the workers in turn, so a rule that held per process only (each worker's own rate
 * budget, its own sign-in count) would let twice as much through, and these fail.
 */
import { request as httpRequest } from "node:http";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openCatalog } from "../../src/catalog/index.js";
import { CLI_ENTRY, runCli, startProcess } from "../helpers/run-cli.js";

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request on a new connection (no keep-alive). */
function send(origin: string, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${origin}${path}`, { method, headers: { connection: "close", ...headers }, agent: false }, (res) => {
      let text = "";
      res.setEncoding("utf8").on("data", (d: string) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** Children of a process (the workers of the primary), from /proc. */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(" ").filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

const ADMIN = "a long enough admin password";

describe("WORKERS=2", () => {
  const dir = mkdtempSync(join(tmpdir(), "vc-workers-"));
  const env = {
    DATABASE_PATH: join(dir, "catalog.db"),
    WORKERS: "2",
    PORT: "0",
    INGEST_CRON: "off",
    LOG_LEVEL: "info",
    ADMIN_PASSWORD: ADMIN,
    SAMPLE_COUNT: "50",
  };
  let server: ReturnType<typeof startProcess>;
  let origin: string;

  beforeAll(async () => {
    server = startProcess(process.execPath, [CLI_ENTRY, "serve"], env, /listening on (http:\/\/[^\s]+) .*2 worker processes/);
    origin = (await server.readyLine)[1];
  }, 60_000);

  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      const exited = new Promise((r) => server.child.once("exit", r));
      server.signalGroup("SIGKILL");
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it("a key's rate is one budget across the workers, and its usage adds up exactly", async () => {
    const created = runCli(["keys", "create", "--name", "twenty", "--rate", "20"], env);
    const key = created.stdout.trim().split("\n").pop()!;
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await send(origin, "GET", "/movie?q=ABP-056", { "x-service-key": key })).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    // The MetaTube face draws on the same budget.
    expect((await send(origin, "GET", "/v1/movies/search?q=ABP-056", { authorization: `Bearer ${key}` })).status).toBe(429);
  });

  it("a key made or revoked with the CLI counts from the next request, whichever worker answers", async () => {
    const key = runCli(["keys", "create", "--name", "fresh"], env).stdout.trim().split("\n").pop()!;
    for (let i = 0; i < 4; i++) expect((await send(origin, "GET", "/random?num=1", { "x-service-key": key })).status).toBe(200);
    const id = /^(\d+)\t+fresh/m.exec(runCli(["keys", "list"], env).stdout)?.[1];
    expect(runCli(["keys", "revoke", id!], env).status).toBe(0);
    for (let i = 0; i < 4; i++) expect((await send(origin, "GET", "/random?num=1", { "x-service-key": key })).status).toBe(401);
  });

  it("a dashboard session and its CSRF token hold on every worker; the wrong-password limit is one count", async () => {
    const page = await send(origin, "GET", "/dashboard/login");
    const cookies = (a: Answer) => ((a.headers["set-cookie"] as string[] | undefined) ?? []).map((c) => c.split(";")[0]);
    let jar = cookies(page);
    const token = /name="_csrf" value="([^"]+)"/.exec(page.body)![1];
    const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
    const signIn = await send(
      origin,
      "POST",
      "/dashboard/login",
      { cookie: jar.join("; "), "content-type": "application/x-www-form-urlencoded" },
      form({ _csrf: token, password: ADMIN }),
    );
    expect(signIn.status).toBe(303);
    jar = [...jar.filter((c) => !cookies(signIn).some((n) => n.split("=")[0] === c.split("=")[0])), ...cookies(signIn)];
    for (let i = 0; i < 4; i++) expect((await send(origin, "GET", "/dashboard/keys", { cookie: jar.join("; ") })).status).toBe(200);
    // A form's token from one worker, posted to another.
    const keysPage = await send(origin, "GET", "/dashboard/keys", { cookie: jar.join("; ") });
    const formToken = /name="_csrf" value="([^"]+)"/.exec(keysPage.body)![1];
    const made = await send(
      origin,
      "POST",
      "/dashboard/keys",
      { cookie: jar.join("; "), "content-type": "application/x-www-form-urlencoded" },
      form({ _csrf: formToken, name: "from-dashboard" }),
    );
    expect(made.status, made.body.slice(0, 300)).toBe(201);
    expect(made.body).toContain("vc_");

    // Ten wrong passwords at once, on ten connections: the eleventh is refused whatever worker gets it.
    const wrong = () =>
      send(
        origin,
        "POST",
        "/dashboard/login",
        { cookie: cookies(page).join("; "), "content-type": "application/x-www-form-urlencoded" },
        form({ _csrf: token, password: "wrong" }),
      );
    const tries = await Promise.all(Array.from({ length: 10 }, wrong));
    expect(tries.map((t) => t.status)).toEqual(Array(10).fill(401));
    for (let i = 0; i < 2; i++) expect((await wrong()).status).toBe(429);
  }, 60_000);

  it("SIGTERM drains every process and exits 0; what the workers counted reaches the catalog", async () => {
    const exited = new Promise<number | null>((r) => server.child.once("exit", (code) => r(code)));
    process.kill(server.child.pid!, "SIGTERM");
    expect(await exited).toBe(0);
    expect(server.output().stdout.match(/"msg":"shut down"/g)?.length).toBe(3);
    // The start's notes, said by the primary alone: PUBLIC_URL unset, so Plex gets the sources' pictures.
    expect(server.output().stdout.match(/"msg":"plex: the provider names the sources' own pictures/g)?.length).toBe(1);
    // The key's 20 answered requests, counted by two processes, flushed as they stopped.
    const db = openCatalog(env.DATABASE_PATH, { readonly: true });
    const counted = db.prepare("SELECT sum(u.requests) FROM api_key_usage u JOIN api_keys k ON k.id = u.key_id WHERE k.name = 'twenty'").pluck().get();
    db.close();
    expect(counted).toBe(20);
  }, 60_000);

  it("a worker that dies is replaced and said in the log", async () => {
    server = startProcess(process.execPath, [CLI_ENTRY, "serve"], env, /listening on (http:\/\/[^\s]+) .*2 worker processes/);
    origin = (await server.readyLine)[1];
    const workers = childrenOf(server.child.pid!);
    expect(workers).toHaveLength(2);
    process.kill(workers[0], "SIGKILL");
    await new Promise((r) => setTimeout(r, 2000));
    expect(server.output().stdout).toMatch(/"msg":"worker process died; starting another"/);
    expect(childrenOf(server.child.pid!)).toHaveLength(2);
    for (let i = 0; i < 4; i++) expect((await send(origin, "GET", "/health")).status).toBe(200);
    const exited = new Promise<number | null>((r) => server.child.once("exit", (code) => r(code)));
    process.kill(server.child.pid!, "SIGTERM");
    expect(await exited).toBe(0);
  }, 60_000);
});
