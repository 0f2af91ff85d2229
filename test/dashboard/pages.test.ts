import { afterEach, describe, expect, it } from "vitest";
import { createKey, upsertRecords } from "../../src/catalog/index.js";
import { FILTER_KEYS } from "../../src/server/params/filter-parse.js";
import { makeIngest } from "../helpers/build-app.js";
import { Browser, buildDashboardApp, type DashboardApp } from "../helpers/dashboard.js";

let t: DashboardApp;
afterEach(async () => t?.close());

const XSS = `<script>alert("x")</script><img src=x onerror=alert(1)>`;

describe("dashboard pages", () => {
  it("sends a Content-Security-Policy without inline scripts, and no-store, on every page, error pages included", async () => {
    t = await buildDashboardApp();
    const b = new Browser(t.app);
    const anonymous = ["/dashboard/login", "/dashboard/nope", "/dashboard/keys"];
    await b.signIn();
    const signed = ["/dashboard/keys", "/dashboard/catalog", "/dashboard/playground", "/dashboard/catalog/runs", "/dashboard/nope"];
    for (const url of [...anonymous, ...signed]) {
      const res = await b.get(url);
      const csp = res.headers["content-security-policy"] as string;
      expect(csp, url).toContain("script-src 'self'");
      expect(csp).not.toContain("unsafe-inline");
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers["x-frame-options"]).toBe("DENY");
    }
    for (const url of signed.slice(0, 3)) {
      const res = await b.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-store");
      // Scripts only by src from this server.
      expect(res.body.match(/<script[^>]*>/g)).toEqual([expect.stringMatching(/^<script src="\/dashboard\/assets\/client\.js\?v=[0-9a-f]{12}" defer>$/)]);
      expect(res.body).not.toMatch(/\son[a-z]+=/i);
    }
    const missing = await b.get("/dashboard/nope");
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["content-type"]).toMatch(/^text\/html/);
  });

  it("serves its own script and stylesheet, cacheable, without a session", async () => {
    t = await buildDashboardApp();
    const js = await t.app.inject({ url: "/dashboard/assets/client.js" });
    expect(js.statusCode).toBe(200);
    expect(js.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(js.headers["cache-control"]).toContain("max-age");
    expect(() => new Function(js.body)).not.toThrow();
    const css = await t.app.inject({ url: "/dashboard/assets/style.css" });
    expect(css.statusCode).toBe(200);
    expect(css.body).toContain("prefers-color-scheme: dark");
  });

  it("shows text from the catalog, the runs and the keys as text: a title holding <script> is not markup", async () => {
    t = await buildDashboardApp({
      seed: (db) => {
        upsertRecords(db, [makeIngest({ titleEn: XSS }, { provider: XSS })]);
        createKey(db, XSS, 60);
      },
    });
    const b = new Browser(t.app);
    await b.signIn();
    for (const url of ["/dashboard/keys", "/dashboard/catalog", "/dashboard/playground"]) {
      const body = (await b.get(url)).body;
      expect(body, url).not.toContain("<script>alert");
      expect(body).not.toContain("<img src=x");
    }
    const keys = (await b.get("/dashboard/keys")).body;
    expect(keys).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;");
    const catalog = (await b.get("/dashboard/catalog")).body;
    expect(catalog).toContain("&lt;script&gt;alert(&quot;x&quot;)");
  });

  it("stays out of the API's OpenAPI document and leaves the API's JSON-only bodies as they were", async () => {
    t = await buildDashboardApp();
    const doc = (await t.app.inject({ url: "/docs/json" })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).filter((p) => p.startsWith("/dashboard"))).toEqual([]);
    const form = await t.app.inject({
      method: "POST",
      url: "/random",
      payload: "num=1",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-service-key": t.key },
    });
    expect(form.statusCode).toBe(415);
    expect(form.json().code).toBe("UNSUPPORTED_MEDIA_TYPE");
    // The API's errors stay JSON.
    expect((await t.app.inject({ url: "/nope" })).json().code).toBe("ROUTE_NOT_FOUND");
  });

  it("builds the playground's form from the API's bounds and filter keys", async () => {
    t = await buildDashboardApp({ env: { MAX_PAGE_SIZE: "40" } });
    const b = new Browser(t.app);
    await b.signIn();
    const body = (await b.get("/dashboard/playground")).body;
    expect(body).toContain('<option value="movie">/movie</option>');
    expect(body).toContain('<option value="query">/query</option>');
    expect(body).toContain('<option value="random">/random</option>');
    expect(body).toMatch(/name="num" type="number" min="1" max="40"/);
    expect(body).toMatch(/name="num" type="number" min="1" max="50"/);
    for (const key of FILTER_KEYS) expect(body, key).toContain(`name="filter.${key}"`);
    for (const sort of ["relevance", "release", "update", "rating", "views"]) expect(body).toContain(`<option value="${sort}">`);
  });

  it("answers a body too large for the dashboard with its own page, not JSON", async () => {
    t = await buildDashboardApp();
    const b = new Browser(t.app);
    await b.signIn();
    const res = await b.post("/dashboard/keys", { name: "x".repeat(20_000), rate: "60" }, await b.token("/dashboard/keys"));
    expect(res.statusCode).toBe(413);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
  });
});
