/**
 * The Plex provider is private: its URL carries one of the API keys as a path segment
 * (`/plex/{key}`), and that key's revocation and rate hold as on every face. A key missing,
 * unknown or revoked is a 401 on the root and on every feature; a request over the key's rate
 * waits its turn (a scan is paced, not refused) until more than 2 s of the rate is waiting;
 * and no log line writes a key in full, whichever way the URL reaches the log.
 */
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKey, revokeKey } from "../../src/catalog/index.js";
import { LoginThrottle } from "../../src/services/access/sign-in-throttle.js";
import { KeyRateLimiter } from "../../src/services/access/rate-budget.js";
import type { LiveFallback } from "../../src/services/live/live-fallback.js";
import { ask, type PlexApp, plexApp } from "./plex-app.js";

/** Every request of the provider under a root: the root, match, metadata, images. */
function requests(root: string) {
  return [
    { method: "GET" as const, url: root },
    { method: "GET" as const, url: `${root}/` },
    {
      method: "POST" as const,
      url: `${root}/library/metadata/matches`,
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ type: 1, title: "SNIS-217" }),
    },
    { method: "GET" as const, url: `${root}/library/metadata/r18dev_snis00217` },
    { method: "GET" as const, url: `${root}/library/metadata/r18dev_snis00217/images` },
  ];
}

describe("the key in the provider's URL", () => {
  let p: PlexApp;
  beforeAll(async () => {
    // A public address: the provider names its own image routes (test/plex/pictures.test.ts).
    p = await plexApp({ env: { PUBLIC_URL: "https://catalog.example.com" } });
  });
  afterAll(() => p.close());

  it("a good key: every request answered", async () => {
    for (const r of requests(p.root)) expect((await ask(p.app, r)).status, r.url).toBe(200);
  });

  it("no key is a 401 that says what URL to give Plex", async () => {
    for (const url of ["/plex", "/plex/"]) {
      for (const method of ["GET", "POST"] as const) {
        const { status, body } = await ask(p.app, { method, url });
        expect(status, `${method} ${url}`).toBe(401);
        expect(body).toEqual({ error: { code: 401, message: "missing API key: the provider URL is {this service's address}/plex/{API key}" } });
      }
    }
  });

  it("an unknown key is a 401 on every path, a path of no feature included", async () => {
    const unknown = `vc_${"x".repeat(43)}`;
    for (const root of [`/plex/${unknown}`, "/plex/short", `/plex/${"k".repeat(100)}`, `/plex/${"k".repeat(1024)}`]) {
      for (const r of [...requests(root), { method: "GET" as const, url: `${root}/nothing/here` }]) {
        const { status, body } = await ask(p.app, r);
        expect(status, r.url).toBe(401);
        expect(body).toEqual({ error: { code: 401, message: "unknown or revoked API key" } });
      }
    }
    // A segment longer than any a route reads (1,024 characters) is refused by the router before any route: a 400, never a 500.
    expect((await ask(p.app, { url: `/plex/${"k".repeat(1025)}` })).status).toBe(400);
  });

  it("a revoked key is a 401 from its next request on", async () => {
    const { key, token } = createKey(p.db, "revoked soon", 1000);
    const root = `/plex/${token}`;
    expect((await ask(p.app, { url: root })).status).toBe(200);
    revokeKey(p.db, key.id);
    for (const r of requests(root)) {
      const { status, body } = await ask(p.app, r);
      expect(status, r.url).toBe(401);
      expect(body.error.message).toBe("unknown or revoked API key");
    }
  });

  it("the image routes stay public: a picture URL the provider gives needs no key", async () => {
    const { body } = await ask(p.app, { url: `${p.root}/library/metadata/r18dev_snis00217` });
    const poster = new URL(body.MediaContainer.Metadata[0].thumb);
    const res = await p.app.inject({ url: poster.pathname });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/jpeg");
  });
});

describe("the key's rate", () => {
  let p: PlexApp;
  /** The waits the rate budget asked for: the budget's clock stands still, so only a wait's length is seen. */
  const slept: number[] = [];
  beforeAll(async () => {
    const clock = { now: () => 0, sleep: async (ms: number) => void slept.push(ms) };
    p = await plexApp({ server: { shared: { rates: new KeyRateLimiter(clock), signIn: new LoginThrottle() } } });
  });
  afterAll(() => p.close());

  it("over the rate a request waits its turn, while at most 2 s of the rate waits; past that a 429 with retry-after; one budget with the other faces", async () => {
    const { token } = createKey(p.db, "sixty a minute", 60);
    const statuses: number[] = [];
    for (let i = 0; i < 62; i++) statuses.push((await ask(p.app, { url: `/plex/${token}/library/metadata/r18dev_snis00217` })).status);
    expect(statuses).toEqual(Array(62).fill(200));
    // The 61st and the 62nd waited a second's and two seconds' worth of the rate.
    expect(slept).toEqual([1000, 2000]);
    const over = await ask(p.app, {
      method: "POST",
      url: `/plex/${token}/library/metadata/matches`,
      headers: { "content-type": "application/json" },
      payload: '{"type":1,"title":"SNIS-217"}',
    });
    expect(over.status).toBe(429);
    expect(over.res.headers["retry-after"]).toBe("3");
    expect(over.body).toEqual({ error: { code: 429, message: "rate limit of 60 requests per minute exceeded" } });
    expect((await p.app.inject({ url: "/movie?q=SNIS-217", headers: { "x-service-key": token } })).statusCode).toBe(429);
  });
});

describe("the server's log", () => {
  let p: PlexApp;
  const lines: string[] = [];
  let key = "";
  /** A live provider that breaks with the request's URL in its error: a 500 the error handler logs. */
  const broken = async () => {
    throw new Error(`upstream choked on /plex/${key}/library/metadata/matches`);
  };
  const live = {
    names: () => [],
    neverStore: () => undefined,
    unstoredAnswer: () => undefined,
    serves: () => true,
    lookup: broken,
    lookupById: broken,
    search: broken,
  } as unknown as LiveFallback;

  beforeAll(async () => {
    p = await plexApp({
      env: { LOG_LEVEL: "trace" },
      deps: { live },
      server: { logger: true, logStream: { write: (line: string) => lines.push(line) } },
    });
    key = p.key;
  });
  afterAll(() => p.close());

  it("never writes a key in full: Fastify's request serializer, messages, errors, a refused request's bytes", async () => {
    const unknown = `vc_${"Q".repeat(43)}`;
    for (const r of [...requests(p.root), ...requests(`/plex/${unknown}`)]) await ask(p.app, r);
    // A 500: the live provider breaks on a code the catalog lacks; its error names the URL.
    const failed = await ask(p.app, {
      method: "POST",
      url: `${p.root}/library/metadata/matches`,
      headers: { "content-type": "application/json" },
      payload: '{"type":1,"filename":"ABW-001.mp4"}',
    });
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual({ error: { code: 500, message: "internal error" } });
    // The shapes Fastify writes a URL in: its request serializer, a message, an error under err, an error alone.
    p.app.log.info({ req: { method: "GET", url: `/plex/${key}/library/metadata/x`, headers: {} } }, "incoming request");
    p.app.log.info(`Route GET:/plex/${key}/nothing not found`);
    p.app.log.warn({ err: new Error(`Reply was already sent, did you forget to "return reply" in the "/plex/${key}/y" (GET) route?`) });
    p.app.log.error(new Error(`failed at /plex/${key}/z`));
    // A request Node's parser refuses: Fastify logs it at trace with its bytes.
    const base = await p.app.listen({ host: "127.0.0.1", port: 0 });
    await new Promise<void>((resolve) => {
      const s = connect(Number(new URL(base).port), "127.0.0.1", () => s.write(`GET /plex/${key}/library/metadata HTTP/1.1\r\nBad Header Line\r\n\r\n`));
      s.on("data", () => undefined);
      s.on("close", () => resolve());
      s.on("error", () => resolve());
    });

    const log = lines.join("");
    for (const secret of [key, unknown, key.slice(10), unknown.slice(10)]) expect(log).not.toContain(secret);
    const shown = `/plex/${key.slice(0, 10)}…`;
    // Each of them was written, redacted: the 500, the request serializer's, the message, the two errors, the refused bytes.
    expect(lines.filter((l) => l.includes(shown)).length).toBeGreaterThanOrEqual(6);
    const parsed = lines.map((l) => JSON.parse(l) as Record<string, any>);
    expect(parsed.find((l) => l.msg === "plex request failed")).toMatchObject({ level: 50, url: `${shown}/library/metadata/matches` });
    expect(parsed.find((l) => l.msg === "plex request failed")?.err.message).toBe(`upstream choked on ${shown}/library/metadata/matches`);
    expect(parsed.find((l) => l.msg === "plex: API key refused")).toMatchObject({ url: `/plex/${unknown.slice(0, 10)}…`, refusal: "invalid" });
    expect(parsed.find((l) => l.msg === "incoming request")?.req.url).toBe(`${shown}/library/metadata/x`);
    expect(parsed.find((l) => typeof l.msg === "string" && l.msg.startsWith("Route GET:"))?.msg).toBe(`Route GET:${shown}/nothing not found`);
    expect(parsed.find((l) => l.msg === "client error")?.err.rawPacket).toContain(`GET ${shown}/library/metadata HTTP/1.1`);
    // A redacted error keeps its type and its message as the line's.
    expect(parsed.find((l) => l.msg === `failed at ${shown}/z`)?.err).toMatchObject({ type: "Error", message: `failed at ${shown}/z` });
  });
});
