import { afterEach, describe, expect, it } from "vitest";
import { createKey, listKeys, upsertRecords } from "../../src/catalog/index.js";
import { makeIngest } from "../helpers/build-app.js";
import { Browser, buildDashboardApp, type DashboardApp } from "../helpers/dashboard.js";

let t: DashboardApp;
afterEach(async () => t?.close());

const TOKEN = /<code class="secret" id="new-key">(vc_[A-Za-z0-9_-]+)<\/code>/;

async function signedIn(): Promise<Browser> {
  const b = new Browser(t.app);
  expect((await b.signIn()).statusCode).toBe(303);
  return b;
}

const movie = (key: string) => t.app.inject({ method: "GET", url: "/movie?q=ABP-123", headers: { "x-service-key": key } });

describe("dashboard keys page", () => {
  it("creates a key with a name and rate, shows its secret once, and the key opens the API at once", async () => {
    t = await buildDashboardApp({ seed: (db) => upsertRecords(db, [makeIngest()]) });
    const b = await signedIn();
    const res = await b.post("/dashboard/keys", { name: "jellyfin", rate: "120" }, await b.token("/dashboard/keys"));
    expect(res.statusCode).toBe(201);
    expect(res.headers["cache-control"]).toBe("no-store");
    const token = TOKEN.exec(res.body)?.[1] as string;
    expect(token).toMatch(/^vc_[A-Za-z0-9_-]{43}$/);
    expect(res.body.split(token)).toHaveLength(2);
    expect(res.body).toContain('data-copy="new-key"');
    const key = listKeys(t.db).find((k) => k.name === "jellyfin");
    expect(key).toMatchObject({ ratePerMinute: 120, revokedAt: null, keyPrefix: token.slice(0, 10) });
    expect((await movie(token)).statusCode).toBe(200);
    // Shown once: the list has its prefix only.
    const list = await b.get("/dashboard/keys");
    expect(list.body).not.toContain(token);
    expect(list.body).toContain(`${token.slice(0, 10)}…`);
  });

  it("takes the default rate when none is given, and refuses a bad name or rate with the reason, creating nothing", async () => {
    t = await buildDashboardApp({ env: { KEY_RATE_PER_MINUTE: "77" } });
    const b = await signedIn();
    const token = await b.token("/dashboard/keys");
    expect((await b.post("/dashboard/keys", { name: "plain", rate: "" }, token)).statusCode).toBe(201);
    expect(listKeys(t.db).find((k) => k.name === "plain")?.ratePerMinute).toBe(77);
    const before = listKeys(t.db).length;
    const bad: [Record<string, string>, string][] = [
      [{ name: "", rate: "60" }, "needs a name"],
      [{ name: "   ", rate: "60" }, "needs a name"],
      [{ name: "x".repeat(101), rate: "60" }, "at most 100 characters"],
      [{ name: "tab\there", rate: "60" }, "control characters"],
      [{ name: "ok", rate: "0" }, "whole number"],
      [{ name: "ok", rate: "-5" }, "whole number"],
      [{ name: "ok", rate: "1.5" }, "whole number"],
      [{ name: "ok", rate: "1e3" }, "whole number"],
      [{ name: "ok", rate: "1000000001" }, "whole number"],
      [{ name: "ok", rate: "lots" }, "whole number"],
    ];
    for (const [form, why] of bad) {
      const res = await b.post("/dashboard/keys", form, token);
      expect(res.statusCode, JSON.stringify(form)).toBe(400);
      expect(res.body).toContain(why);
      expect(res.body).not.toMatch(TOKEN);
    }
    expect(listKeys(t.db)).toHaveLength(before);
  });

  it("lists every key with created, last used, requests today and in 30 days, and status", async () => {
    t = await buildDashboardApp({ seed: (db) => upsertRecords(db, [makeIngest()]) });
    const b = await signedIn();
    for (let i = 0; i < 3; i++) expect((await movie(t.key)).statusCode).toBe(200);
    const res = await b.get("/dashboard/keys");
    const row = /<tr data-key-id="1">([\s\S]*?)<\/tr>/.exec(res.body)?.[1] as string;
    expect(row).toContain("test");
    const nums = [...row.matchAll(/<td class="num" data-label="[^"]+">([\d,]+)<\/td>/g)].map((m) => m[1]);
    // id, rate, today, 30 days
    expect(nums).toEqual(["1", "1,000,000", "3", "3"]);
    expect(row).toContain("active");
    expect(row).toMatch(/<time datetime="[^"]+">/);
  });

  it("sees the keys the CLI creates, and the CLI sees the keys it creates", async () => {
    t = await buildDashboardApp();
    const b = await signedIn();
    createKey(t.db, "from-the-cli", 60);
    expect((await b.get("/dashboard/keys")).body).toContain("from-the-cli");
    await b.post("/dashboard/keys", { name: "from-the-dashboard", rate: "60" }, await b.token("/dashboard/keys"));
    expect(listKeys(t.db).map((k) => k.name)).toContain("from-the-dashboard");
  });

  it("revokes a key after a confirmation page; its next request is refused", async () => {
    t = await buildDashboardApp({ seed: (db) => upsertRecords(db, [makeIngest()]) });
    const b = await signedIn();
    const { key, token } = createKey(t.db, "old", 600);
    expect((await movie(token)).statusCode).toBe(200);
    const confirm = await b.get(`/dashboard/keys/${key.id}/revoke`);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain(`action="/dashboard/keys/${key.id}/revoke"`);
    expect(listKeys(t.db).find((k) => k.id === key.id)?.revokedAt).toBeNull();
    const res = await b.post(`/dashboard/keys/${key.id}/revoke`, {}, await b.token(`/dashboard/keys/${key.id}/revoke`));
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/dashboard/keys?revoked=${key.id}`);
    expect((await b.get(res.headers.location as string)).body).toContain(`Key ${key.id} is revoked.`);
    const refused = await movie(token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe("INVALID_API_KEY");
    // Other keys are untouched.
    expect((await movie(t.key)).statusCode).toBe(200);
  });

  it("refuses a revoked key on its next request while the server is busy with that key", async () => {
    t = await buildDashboardApp({ seed: (db) => upsertRecords(db, [makeIngest()]) });
    const b = await signedIn();
    const { key, token } = createKey(t.db, "busy", 1_000_000);
    const csrf = await b.token(`/dashboard/keys/${key.id}/revoke`);
    const inFlight = Array.from({ length: 300 }, () => movie(token));
    const revoked = await b.post(`/dashboard/keys/${key.id}/revoke`, {}, csrf);
    expect(revoked.statusCode).toBe(303);
    const after = await Promise.all(Array.from({ length: 50 }, () => movie(token)));
    expect(after.every((r) => r.statusCode === 401)).toBe(true);
    const before = await Promise.all(inFlight);
    expect(before.every((r) => r.statusCode === 200 || r.statusCode === 401)).toBe(true);
  });

  it("answers 404 for a key that does not exist, and sends an already revoked key's confirmation back to the list", async () => {
    t = await buildDashboardApp();
    const b = await signedIn();
    for (const id of ["999", "abc", "1e3", "-1"]) {
      expect((await b.get(`/dashboard/keys/${id}/revoke`)).statusCode, id).toBe(404);
      expect((await b.post(`/dashboard/keys/${id}/revoke`, {}, await b.token("/dashboard/keys"))).statusCode, id).toBe(404);
    }
    const { key } = createKey(t.db, "gone", 60);
    await b.post(`/dashboard/keys/${key.id}/revoke`, {}, await b.token("/dashboard/keys"));
    const again = await b.get(`/dashboard/keys/${key.id}/revoke`);
    expect(again.statusCode).toBe(303);
    expect(listKeys(t.db).find((k) => k.id === key.id)?.revokedAt).not.toBeNull();
  });
});
