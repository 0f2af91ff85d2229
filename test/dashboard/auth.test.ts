import { afterEach, describe, expect, it } from "vitest";
import { listKeys } from "../../src/catalog/index.js";
import { ADMIN_PASSWORD, Browser, buildDashboardApp, type DashboardApp } from "../helpers/dashboard.js";

let t: DashboardApp;
afterEach(async () => t?.close());

const PAGES = ["/dashboard", "/dashboard/keys", "/dashboard/catalog", "/dashboard/catalog/runs", "/dashboard/playground", "/dashboard/keys/1/revoke"];

describe("dashboard sign-in", () => {
  it("sends every page to the sign-in page without a session, whatever API key comes along", async () => {
    t = await buildDashboardApp();
    const b = new Browser(t.app);
    for (const url of PAGES) {
      const headerSets: Record<string, string>[] = [{}, { "x-service-key": t.key }, { "x-javinfo-key": t.key }];
      for (const headers of headerSets) {
        const res = await b.get(url, headers);
        expect(res.statusCode, url).toBe(303);
        expect(res.headers.location).toBe("/dashboard/login");
      }
    }
    const login = await b.get("/dashboard/login");
    expect(login.statusCode).toBe(200);
    expect(login.headers["content-type"]).toMatch(/^text\/html/);
    expect(login.body).toContain('type="password"');
  });

  it("does no action without a session, even with a valid CSRF token: each is sent to the sign-in page", async () => {
    t = await buildDashboardApp();
    const b = new Browser(t.app);
    const token = await b.token();
    const keys = listKeys(t.db);
    for (const [url, form] of [
      ["/dashboard/keys", { name: "sneaky", rate: "60" }],
      ["/dashboard/keys/1/revoke", {}],
      ["/dashboard/catalog/ingest", { provider: "fanza" }],
    ] as const) {
      const res = await b.post(url, form, token);
      expect(res.statusCode, url).toBe(303);
      expect(res.headers.location).toBe("/dashboard/login");
    }
    expect(listKeys(t.db)).toEqual(keys);
  });

  it("signs in with the admin password: a signed, httpOnly, SameSite=Strict cookie on /dashboard with an expiry", async () => {
    t = await buildDashboardApp({ env: { DASHBOARD_SESSION_HOURS: "6" } });
    const b = new Browser(t.app);
    const res = await b.signIn();
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/dashboard/keys");
    const setCookie = ([] as string[]).concat(res.headers["set-cookie"] ?? []).find((c) => c.startsWith("vc_dashboard="));
    expect(setCookie).toBeDefined();
    expect(setCookie).toMatch(/; HttpOnly/i);
    expect(setCookie).toMatch(/; SameSite=Strict/i);
    expect(setCookie).toMatch(/; Path=\/dashboard/);
    expect(setCookie).toMatch(/; Max-Age=21600/);
    expect(setCookie).not.toMatch(/; Secure/i);
    // Signed: the token, a dot, its signature; a changed token or signature opens nothing.
    const value = b.cookies.get("vc_dashboard") as string;
    expect(value).toMatch(/^[A-Za-z0-9_-]{43}\.[A-Za-z0-9%+/=_-]+$/);
    expect((await b.get("/dashboard/keys")).statusCode).toBe(200);
    // The token's first letter changed (to one it is not: a token starting with x made this test pass a cookie unchanged, 1 run in 64).
    const changed = `${value[0] === "x" ? "y" : "x"}${value.slice(1)}`;
    for (const forged of [changed, value.split(".")[0], `${value.split(".")[0]}.AAAA`]) {
      const other = new Browser(t.app);
      other.cookies.set("vc_dashboard", forged);
      expect((await other.get("/dashboard/keys")).statusCode).toBe(303);
    }
  });

  it("marks the cookies Secure when the request came over https (behind a proxy that says so)", async () => {
    t = await buildDashboardApp({ env: { TRUST_PROXY: "on" } });
    const b = new Browser(t.app);
    const form = await b.request({ method: "GET", url: "/dashboard/login", headers: { "x-forwarded-proto": "https" } });
    const token = /name="_csrf" value="([^"]+)"/.exec(form.body)?.[1] as string;
    const res = await b.request({
      method: "POST",
      url: "/dashboard/login",
      payload: new URLSearchParams({ _csrf: token, password: ADMIN_PASSWORD }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-proto": "https" },
    });
    expect(res.statusCode).toBe(303);
    for (const c of [res.headers["set-cookie"], form.headers["set-cookie"]].flat()) expect(c).toMatch(/; Secure/i);
  });

  it("refuses a wrong password with 401, slower each time, then refuses the client outright (429) until the window ends", async () => {
    let now = Date.parse("2026-11-26T00:00:00Z");
    t = await buildDashboardApp({ dashboard: { throttle: { stepMs: 60, maxDelayMs: 150, limit: 3, windowMs: 600_000 }, now: () => now } });
    const b = new Browser(t.app, "203.0.113.7");
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      const res = await b.signIn("wrong password");
      times.push(performance.now() - t0);
      expect(res.statusCode).toBe(401);
      expect(res.body).toContain("Wrong password.");
      expect(b.cookies.has("vc_dashboard")).toBe(false);
    }
    expect(times[0]).toBeGreaterThanOrEqual(55);
    expect(times[1]).toBeGreaterThanOrEqual(115);
    expect(times[2]).toBeGreaterThanOrEqual(145);
    // Limited: even the right password is not checked now.
    const locked = await b.signIn(ADMIN_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers["retry-after"])).toBe(600);
    expect(locked.body).toContain("Too many wrong passwords");
    expect(b.cookies.has("vc_dashboard")).toBe(false);
    // Another client is not held up by this one.
    expect((await new Browser(t.app, "198.51.100.2").signIn()).statusCode).toBe(303);
    // After the window, the right password works and clears the count.
    now += 600_000;
    expect((await b.signIn()).statusCode).toBe(303);
  });

  it("counts guesses sent in parallel against the limit before any of them is answered", async () => {
    t = await buildDashboardApp({ dashboard: { throttle: { stepMs: 1, maxDelayMs: 5, limit: 3, windowMs: 600_000 } } });
    const b = new Browser(t.app, "203.0.113.9");
    const token = await b.token();
    const statuses = await Promise.all(Array.from({ length: 10 }, () => b.post("/dashboard/login", { password: "guess" }, token).then((r) => r.statusCode)));
    expect(statuses.filter((s) => s === 401)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });

  it("refuses an empty or oversized password without checking it", async () => {
    t = await buildDashboardApp();
    const b = new Browser(t.app);
    expect((await b.signIn("")).statusCode).toBe(401);
    expect((await b.signIn("x".repeat(2000))).statusCode).toBe(401);
    expect((await b.signIn(` ${ADMIN_PASSWORD}`)).statusCode).toBe(401);
  });

  it("ends a session when it expires", async () => {
    let now = Date.now();
    t = await buildDashboardApp({ env: { DASHBOARD_SESSION_HOURS: "1" }, dashboard: { now: () => now } });
    const b = new Browser(t.app);
    await b.signIn();
    expect((await b.get("/dashboard/keys")).statusCode).toBe(200);
    now += 3_600_000 - 1000;
    expect((await b.get("/dashboard/keys")).statusCode).toBe(200);
    now += 2000;
    const res = await b.get("/dashboard/keys");
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/dashboard/login");
    // Its POSTs too: nothing is created by an expired session.
    const before = listKeys(t.db).length;
    const created = await b.post("/dashboard/keys", { name: "late", rate: "60" }, await b.token());
    expect(created.statusCode).toBe(303);
    expect(listKeys(t.db)).toHaveLength(before);
  });

  it("signs out: the cookie is cleared and the old cookie opens nothing any more", async () => {
    t = await buildDashboardApp();
    const b = new Browser(t.app);
    await b.signIn();
    const stolen = b.cookies.get("vc_dashboard") as string;
    const token = await b.token("/dashboard/keys");
    const res = await b.post("/dashboard/logout", {}, token);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/dashboard/login?signed-out");
    expect(b.cookies.has("vc_dashboard")).toBe(false);
    expect((await b.get("/dashboard/login?signed-out")).body).toContain("You are signed out.");
    const replay = new Browser(t.app);
    replay.cookies.set("vc_dashboard", stolen);
    expect((await replay.get("/dashboard/keys")).statusCode).toBe(303);
  });
});

describe("dashboard forms and cross-site requests", () => {
  it("refuses a state-changing request without the page's CSRF token, and changes nothing", async () => {
    t = await buildDashboardApp();
    const b = new Browser(t.app);
    await b.signIn();
    const before = listKeys(t.db).length;
    const forged = [
      await b.post("/dashboard/keys", { name: "forged", rate: "60" }, null),
      await b.post("/dashboard/keys", { name: "forged", rate: "60" }, "not-a-token"),
      await b.post("/dashboard/keys/1/revoke", {}, null),
      await b.post("/dashboard/logout", {}, null),
    ];
    for (const res of forged) {
      expect(res.statusCode).toBe(403);
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
      expect(res.body).toContain("came from another site or has expired");
    }
    expect(listKeys(t.db)).toHaveLength(before);
    expect(listKeys(t.db).every((k) => k.revokedAt === null)).toBe(true);
    // Still signed in: the forged sign-out did nothing.
    expect((await b.get("/dashboard/keys")).statusCode).toBe(200);
  });

  it("refuses a token minted for another browser (its CSRF secret cookie is not this one's)", async () => {
    t = await buildDashboardApp();
    const victim = new Browser(t.app);
    await victim.signIn();
    const attacker = new Browser(t.app);
    const attackerToken = await attacker.token();
    const before = listKeys(t.db).length;
    const res = await victim.post("/dashboard/keys", { name: "forged", rate: "60" }, attackerToken);
    expect(res.statusCode).toBe(403);
    expect(listKeys(t.db)).toHaveLength(before);
  });

  it("refuses a sign-in posted from another site (no CSRF cookie, no token)", async () => {
    t = await buildDashboardApp();
    const res = await t.app.inject({
      method: "POST",
      url: "/dashboard/login",
      payload: `password=${encodeURIComponent(ADMIN_PASSWORD)}`,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers["set-cookie"] ?? "").not.toContain("vc_dashboard=");
  });
});
