import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseCode } from "../../../src/codes/index.js";
import { createProviderRuntime, type ProviderRuntime } from "../../../src/providers/runtime.js";
import { LiveFallback } from "../../../src/services/live/live-fallback.js";
import { buildTestApp, makeIngest, type TestApp, tempCatalog, testConfig } from "../../helpers/build-app.js";
import { json, localServer, sample } from "../../helpers/sample-server.js";

/**
 * A provider that keeps failing rests: live lookups stop asking it after a few failures
 * in a row, answer 502 at once meanwhile, and let one request probe it after a while.
 * Against a local server speaking r18.dev's real format.
 */
describe("live fallback: the circuit breaker per provider", () => {
  let upstream: Awaited<ReturnType<typeof localServer>>;
  let mode: "ok" | "fail" | "challenge" | "broken" = "ok";
  const combined = sample("r18dev/combined-SNIS-217.json");
  const env = (url: string) => ({
    PROVIDER_R18DEV_ENABLED: "on",
    PROVIDER_R18DEV_BASE_URL: url,
    PROVIDER_R18DEV_RATE: "0",
    HTTP_MAX_RETRIES: "2",
    HTTP_TIMEOUT_MS: "1000",
    LIVE_TIMEOUT_MS: "1500",
  });

  beforeAll(async () => {
    upstream = await localServer(async (req, res) => {
      const url = req.url ?? "";
      if (mode === "fail") return json(res, 503, { error: "down" });
      if (mode === "challenge") {
        res.writeHead(403, { "content-type": "text/html; charset=UTF-8", "cf-mitigated": "challenge" });
        res.end("<!DOCTYPE html><html><head><title>Just a moment...</title></head></html>");
        return;
      }
      if (url.includes("/dvd_id=SNIS-217/")) return json(res, 200, { content_id: "snis00217" });
      // One title whose record cannot be read: the provider answers, the title is unusable.
      if (mode === "broken" && url.includes("/combined=snis00217/")) return json(res, 200, { content_id: "snis00217", dvd_id: 217 });
      if (url.includes("/combined=snis00217/")) return json(res, 200, combined);
      return json(res, 404, { error: "not found" });
    });
  });
  afterAll(() => upstream.close());
  beforeEach(() => {
    mode = "ok";
    upstream.hits.clear();
  });

  describe("through the API", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp([makeIngest({ contentId: "local00001", dvdId: "LOC-001" })], env(upstream.url), { live: true });
    });
    afterAll(() => t.close());
    const movie = (q: string) => t.app.inject({ url: `/movie?q=${encodeURIComponent(q)}`, headers: { "x-service-key": t.key } });

    it("one title the provider gives unreadable, asked again and again, is not taken for the provider failing", async () => {
      mode = "broken";
      for (let i = 0; i < 8; i++) {
        const r = await movie("SNIS-217");
        expect(r.statusCode).toBe(502);
        expect(r.json().message).toContain("r18dev");
      }
      // Asked once: the next asks within a minute are answered with its failure, and count for nothing.
      const asked = [...upstream.hits].filter(([u]) => u.includes("/combined=snis00217/")).reduce((n, [, c]) => n + c, 0);
      expect(asked).toBe(1);
      // Other codes are still asked (here: the source has no such title).
      const other = await movie("ABP-777");
      expect(other.statusCode).toBe(404);
    });

    it("answers misses 502 within LIVE_TIMEOUT_MS, then at once without asking, while hits keep their latency", async () => {
      mode = "challenge";
      for (let i = 1; i <= 5; i++) {
        const started = performance.now();
        const r = await movie(`BAD-00${i}`);
        expect(r.statusCode).toBe(502);
        expect(r.json()).toMatchObject({ code: "UPSTREAM_FAILED" });
        expect(performance.now() - started).toBeLessThan(1500 + 250);
      }
      const asked = upstream.total();
      expect(asked).toBeGreaterThanOrEqual(5);

      // Open: the provider is not asked; the answer says why, at once.
      const started = performance.now();
      const r = await movie("BAD-009");
      expect(performance.now() - started).toBeLessThan(100);
      expect(r.statusCode).toBe(502);
      expect(r.json().message).toContain("r18dev");
      expect(upstream.total()).toBe(asked);

      // Hits never wait on the provider: a burst of them beside misses stays fast.
      const hits: number[] = [];
      await Promise.all([
        ...Array.from({ length: 5 }, (_, i) => movie(`BAD-1${i}`)),
        ...Array.from({ length: 20 }, async () => {
          const s = performance.now();
          expect((await movie("LOC-001")).statusCode).toBe(200);
          hits.push(performance.now() - s);
        }),
      ]);
      expect(Math.max(...hits)).toBeLessThan(100);
      expect(upstream.total()).toBe(asked);
    });
  });

  describe("its states", () => {
    let runtime: ProviderRuntime;
    let clock = 1_000_000;
    let live: LiveFallback;
    const { db, dir } = tempCatalog();
    beforeAll(() => {
      runtime = createProviderRuntime(testConfig(env(upstream.url)), { http: { sleep: async () => {} } });
      live = new LiveFallback(db, runtime, { timeoutMs: 1500, negativeTtlMs: 0, now: () => clock, breakerFailures: 3, breakerCooldownMs: 30_000 });
    });
    afterAll(async () => {
      await runtime.close();
      db.close();
      (await import("node:fs")).rmSync(dir, { recursive: true, force: true });
    });
    const code = (c: string) => parseCode(c)!;

    it("opens after 3 failures in a row, lets one probe through after the cooldown, and closes when it answers", async () => {
      mode = "fail";
      for (let i = 0; i < 3; i++) expect((await live.lookup(code(`DOWN-00${i}`), null)).status).toBe("failed");
      const asked = upstream.total();
      const open = await live.lookup(code("DOWN-010"), null);
      expect(open).toMatchObject({
        status: "failed",
        errors: [{ provider: "r18dev", message: expect.stringMatching(/failed 3 times in a row; next try in 30 s/) }],
      });
      expect(upstream.total()).toBe(asked);

      // After the cooldown one probe goes; it fails: another cooldown.
      clock += 30_001;
      expect((await live.lookup(code("DOWN-011"), null)).status).toBe("failed");
      expect(upstream.total()).toBeGreaterThan(asked);
      const probed = upstream.total();
      expect((await live.lookup(code("DOWN-012"), null)).status).toBe("failed");
      expect(upstream.total()).toBe(probed);

      // The source is back: the next probe answers, and the breaker closes.
      mode = "ok";
      clock += 30_001;
      expect(await live.lookup(code("SNIS-217"), null)).toMatchObject({ status: "found", provider: "r18dev" });
      expect((await live.lookup(code("NONE-001"), null)).status).toBe("no_match");
      expect((await live.lookup(code("NONE-002"), null)).status).toBe("no_match");
    });

    it("counts one failure for identical misses that share a call", async () => {
      clock += 60_000;
      mode = "fail";
      const many = await Promise.all(Array.from({ length: 6 }, () => live.lookup(code("SAME-001"), null)));
      expect(many.every((m) => m.status === "failed")).toBe(true);
      // One failure so far: two more distinct misses are still asked.
      const before = upstream.total();
      await live.lookup(code("SAME-002"), null);
      expect(upstream.total()).toBeGreaterThan(before);
      mode = "ok";
      await live.lookup(code("NONE-003"), null);
    });
  });
});
