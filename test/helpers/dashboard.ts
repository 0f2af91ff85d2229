import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import type { Db } from "../../src/catalog/index.js";
import type { Config } from "../../src/config/load.js";
import type { DashboardOptions } from "../../src/server/dashboard/plugin.js";
import type { ServiceDeps } from "../../src/services/deps.js";
import { buildTestApp, type TestApp } from "./build-app.js";

export const ADMIN_PASSWORD = "correct horse battery staple";

export type DashboardApp = TestApp;

/**
 * The real server (API and dashboard) over a temp catalog with the real migrations,
 * ADMIN_PASSWORD set, and a sign-in throttle fast enough for tests unless told otherwise.
 */
export function buildDashboardApp(
  o: { env?: Record<string, string>; dashboard?: DashboardOptions; ingest?: (db: Db, config: Config) => ServiceDeps["ingest"]; seed?: (db: Db) => void } = {},
): Promise<DashboardApp> {
  const dashboard = { throttle: { stepMs: 1, maxDelayMs: 5, limit: 100, windowMs: 60_000 }, ...o.dashboard };
  return buildTestApp([], { ADMIN_PASSWORD, ...o.env }, { dashboard, ingest: o.ingest, seed: o.seed });
}

/** A browser's cookies for one site, as far as the dashboard needs: set, replaced, cleared. */
export class Browser {
  readonly cookies = new Map<string, string>();
  constructor(
    readonly app: FastifyInstance,
    readonly remoteAddress = "127.0.0.1",
  ) {}

  async request(o: InjectOptions): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const res = await this.app.inject({ remoteAddress: this.remoteAddress, ...o, headers: { ...(cookie ? { cookie } : {}), ...o.headers } });
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const gone = c.value === "" || c.maxAge === 0 || (c.expires !== undefined && c.expires.getTime() <= Date.now());
      if (gone) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  get(url: string, headers: Record<string, string> = {}) {
    return this.request({ method: "GET", url, headers });
  }

  /** Posts a form as a browser does (urlencoded), with the CSRF token of `csrf` unless told otherwise. */
  post(url: string, form: Record<string, string>, csrf: string | null) {
    const body = new URLSearchParams(csrf === null ? form : { _csrf: csrf, ...form }).toString();
    return this.request({ method: "POST", url, payload: body, headers: { "content-type": "application/x-www-form-urlencoded" } });
  }

  /** Opens a page and returns its CSRF token (every page with a form has one). */
  async token(url = "/dashboard/login"): Promise<string> {
    const res = await this.get(url);
    const m = /name="_csrf" value="([^"]+)"/.exec(res.body);
    if (!m) throw new Error(`no CSRF token on ${url} (status ${res.statusCode})`);
    return m[1];
  }

  async signIn(password = ADMIN_PASSWORD): Promise<LightMyRequestResponse> {
    return this.post("/dashboard/login", { password }, await this.token());
  }
}
