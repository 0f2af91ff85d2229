/**
 * A read-only replica's dashboard over a catalog opened read-only: sign-in works with
 * sessions held in the cookie alone (any process with the same secret takes them), CSRF
 * holds, every page says whose replica this is, the keys and catalog pages carry no
 * form that would write, and each write action is refused naming the writer.
 */
import { rmSync } from "node:fs";
import { sign, unsign } from "@fastify/cookie";
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type Db, createKey, setMeta } from "../../src/catalog/index.js";
import { buildServer } from "../../src/server/app.js";
import { replicaCookieSecret } from "../../src/server/dashboard/signed-sessions.js";
import { hashPassword } from "../../src/services/access/admin-password.js";
import { tempCatalog, testConfig } from "../helpers/build-app.js";
import { ADMIN_PASSWORD, Browser } from "../helpers/dashboard.js";

const WRITER = "http://writer.test:8080";
const BANNER = `This server is a read-only replica of <a href="${WRITER}">${WRITER}</a>`;
const THROTTLE = { stepMs: 1, maxDelayMs: 5, limit: 100, windowMs: 60_000 };

interface Replica {
  path: string;
  db: Db;
  dir: string;
  /** A process of the replica's server: its own app over its own read-only connection. */
  process(o?: { secret?: string }): Promise<FastifyInstance>;
  clock: { now: number };
  ingestStarts: string[];
  close(): Promise<void>;
}

const open: Replica[] = [];
afterEach(async () => {
  for (const r of open.splice(0)) await r.close();
});

/**
 * A writer's catalog with two keys, closed; then the replica's processes over it.
 * `storedPassword`: the admin password is the catalog's hash (as with ADMIN_PASSWORD unset), else ADMIN_PASSWORD.
 */
async function replica(o: { storedPassword?: boolean } = {}): Promise<Replica> {
  const { db: writer, dir, path } = tempCatalog();
  createKey(writer, "jellyfin", 600);
  createKey(writer, "kodi", 60);
  if (o.storedPassword) setMeta(writer, "admin_password_hash", await hashPassword(ADMIN_PASSWORD));
  writer.close();
  const config = testConfig({ DATABASE_PATH: path, ...(o.storedPassword ? {} : { ADMIN_PASSWORD }), REPLICA_OF: `${dir}/backup` });
  const clock = { now: Date.now() };
  const ingestStarts: string[] = [];
  const apps: FastifyInstance[] = [];
  const dbs: Db[] = [openDatabase(path, { readonly: true })];
  const r: Replica = {
    path,
    db: dbs[0],
    dir,
    clock,
    ingestStarts,
    async process(p = {}) {
      const db = openDatabase(path, { readonly: true });
      dbs.push(db);
      // An ingest starter is there, as on a server that could run one: the replica must not offer or start it.
      const ingest = {
        start: async (provider: string) => {
          ingestStarts.push(provider);
          return { runId: 1 };
        },
      };
      const app = await buildServer(
        { db, config, live: null, pool: null, ingest },
        { logger: false, dashboard: { throttle: THROTTLE, now: () => clock.now }, readOnly: { writer: WRITER, sessionSecret: p.secret ?? "one secret" } },
      );
      apps.push(app);
      return app;
    },
    async close() {
      for (const app of apps) await app.close();
      for (const db of dbs) db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  open.push(r);
  return r;
}

const keyRows = (db: Db) => db.prepare("SELECT * FROM api_keys ORDER BY id").all();

describe("a read-only replica's dashboard", () => {
  it("starts over a read-only catalog that has no cookie secret yet, and signs in without writing a session", async () => {
    const r = await replica();
    const b = new Browser(await r.process());
    const login = await b.get("/dashboard/login");
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain(BANNER);
    const res = await b.signIn();
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/dashboard/keys");
    expect(b.cookies.has("vc_dashboard")).toBe(true);
    expect((await b.get("/dashboard/keys")).statusCode).toBe(200);
    expect(r.db.prepare("SELECT count(*) FROM dashboard_sessions").pluck().get()).toBe(0);
    expect(r.db.prepare("SELECT count(*) FROM meta WHERE key = 'dashboard_cookie_secret'").pluck().get()).toBe(0);
  });

  it("refuses a wrong password and a sign-in without its CSRF token", async () => {
    const r = await replica();
    const b = new Browser(await r.process());
    expect((await b.signIn("wrong")).statusCode).toBe(401);
    expect((await b.post("/dashboard/login", { password: ADMIN_PASSWORD }, null)).statusCode).toBe(403);
    expect(b.cookies.has("vc_dashboard")).toBe(false);
    expect((await b.get("/dashboard/keys")).statusCode).toBe(303);
  });

  it("says on every page that it is a read-only replica of the writer, and shows keys and catalog with no form that writes", async () => {
    const r = await replica();
    const b = new Browser(await r.process());
    await b.signIn();
    for (const url of ["/dashboard/keys", "/dashboard/catalog", "/dashboard/playground", "/dashboard/nope"]) {
      const res = await b.get(url);
      expect(res.statusCode, url).not.toBe(500);
      expect(res.body, url).toContain(BANNER);
      expect(res.body, url).toContain("Key usage is not counted here.");
      // No form posts anywhere but the sign-out (the playground's form sends its request to the API, from the browser).
      expect(res.body.match(/<form method="post"/g), url).toHaveLength(1);
      expect(res.body, url).toContain('<form method="post" action="/dashboard/logout"');
    }
    const keys = await b.get("/dashboard/keys");
    expect(keys.body).toContain("jellyfin");
    expect(keys.body).toContain("kodi");
    expect(keys.body).not.toContain("Create a key");
    expect(keys.body).not.toContain("/revoke");
    expect(keys.body).toContain("requests answered here are not counted");
    const catalog = await b.get("/dashboard/catalog");
    expect(catalog.body).not.toContain("Ingest now");
    expect(catalog.body).not.toContain("/dashboard/catalog/ingest");
  });

  it("refuses every write action with a page naming the writer (403, never 500), and changes nothing", async () => {
    const r = await replica();
    const b = new Browser(await r.process());
    await b.signIn();
    const before = keyRows(r.db);
    const token = await b.token("/dashboard/keys");
    for (const [method, url, form, what] of [
      ["POST", "/dashboard/keys", { name: "sneaky", rate: "60" }, "create keys"],
      ["GET", "/dashboard/keys/1/revoke", {}, "revoke keys"],
      ["POST", "/dashboard/keys/1/revoke", {}, "revoke keys"],
      ["POST", "/dashboard/catalog/ingest", { provider: "fanza" }, "start ingest runs"],
    ] as const) {
      const res = method === "GET" ? await b.get(url) : await b.post(url, form, token);
      expect(res.statusCode, url).toBe(403);
      expect(res.headers["content-type"], url).toMatch(/^text\/html/);
      expect(res.body, url).toContain(`This server is a read-only replica of ${WRITER}: ${what} there.`);
    }
    expect(keyRows(r.db)).toEqual(before);
    expect(r.ingestStarts).toEqual([]);
    // CSRF still holds: without the token, the form is refused as forged.
    const forged = await b.post("/dashboard/keys", { name: "sneaky", rate: "60" }, null);
    expect(forged.statusCode).toBe(403);
    expect(forged.body).toContain("came from another site");
  });

  it("takes a session in any process that shares the secret, not in one with another secret nor from a tampered cookie", async () => {
    const r = await replica();
    const b = new Browser(await r.process());
    await b.signIn();
    const worker = new Browser(await r.process());
    for (const [k, v] of b.cookies) worker.cookies.set(k, v);
    expect((await worker.get("/dashboard/keys")).statusCode).toBe(200);
    // A form of one process is taken by the other (the CSRF secret's cookie is signed alike).
    const token = await b.token("/dashboard/keys");
    expect((await worker.post("/dashboard/logout", {}, token)).statusCode).toBe(303);

    const stranger = new Browser(await r.process({ secret: "another secret" }));
    for (const [k, v] of b.cookies) stranger.cookies.set(k, v);
    expect((await stranger.get("/dashboard/keys")).statusCode).toBe(303);

    // A cookie signed as the server signs them (so only the session's own MAC can refuse it): the same session is taken, a longer one not.
    const cookieSecret = replicaCookieSecret("one secret");
    const session = unsign(decodeURIComponent(b.cookies.get("vc_dashboard")!), cookieSecret).value!;
    const [expires, nonce, mac] = session.split(".");
    const forged = new Browser(b.app);
    forged.cookies.set("vc_dashboard", encodeURIComponent(sign(session, cookieSecret)));
    expect((await forged.get("/dashboard/keys")).statusCode).toBe(200);
    forged.cookies.set("vc_dashboard", encodeURIComponent(sign(`${Number(expires) - 1000}.${nonce}.${mac}`, cookieSecret)));
    expect((await forged.get("/dashboard/keys")).statusCode).toBe(303);
  });

  it("ends a session when it expires, when it signs out (the cookie cleared), and when the admin password changes", async () => {
    const r = await replica({ storedPassword: true });
    const b = new Browser(await r.process());
    expect((await b.signIn()).statusCode).toBe(303);
    expect((await b.get("/dashboard/keys")).statusCode).toBe(200);
    const cookie = b.cookies.get("vc_dashboard")!;

    r.clock.now += 13 * 3_600_000; // past DASHBOARD_SESSION_HOURS (12)
    expect((await b.get("/dashboard/keys")).statusCode).toBe(303);
    r.clock.now = Date.now();
    expect((await b.get("/dashboard/keys")).statusCode).toBe(200);

    await b.post("/dashboard/logout", {}, await b.token("/dashboard/keys"));
    expect(b.cookies.has("vc_dashboard")).toBe(false);
    expect((await b.get("/dashboard/keys")).statusCode).toBe(303);

    // The writer resets the password; the replica's next copy holds the new hash.
    b.cookies.set("vc_dashboard", cookie);
    expect((await b.get("/dashboard/keys")).statusCode).toBe(200);
    const writer = openDatabase(r.path);
    setMeta(writer, "admin_password_hash", await hashPassword("a new password"));
    writer.close();
    expect((await b.get("/dashboard/keys")).statusCode).toBe(303);
  });
});
