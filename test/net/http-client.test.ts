import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { UpstreamError } from "../../src/net/index.js";
import { perTest, sendJson, TEST_USER_AGENT } from "./test-server.js";

const UA = TEST_USER_AGENT;
const { serve, client } = perTest();

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(UpstreamError);
    return err as UpstreamError;
  }
  throw new Error("expected the call to fail");
}

describe("getJson: answers", () => {
  it("returns parsed JSON with validators, and sends the user-agent and accept headers", async () => {
    const s = await serve((_req, res) => sendJson(res, 200, { dvdId: "ABP-123" }, { etag: '"v1"', "last-modified": "Wed, 01 Jan 2025 00:00:00 GMT" }));
    const { http } = client();
    const result = await http.getJson(`${s.url}/movie/abp123`, { headers: { "x-extra": "1" } });
    expect(result).toEqual({
      status: "ok",
      data: { dvdId: "ABP-123" },
      etag: '"v1"',
      lastModified: "Wed, 01 Jan 2025 00:00:00 GMT",
      httpStatus: 200,
    });
    expect(s.seen[0]["user-agent"]).toBe(UA);
    expect(s.seen[0].accept).toBe("application/json");
    expect(s.seen[0]["x-extra"]).toBe("1");
    expect(http.stats()).toEqual({ requests: 1, retries: 0, failures: 0 });
  });

  it("decodes a gzip body", async () => {
    const s = await serve((req, res) => {
      expect(req.headers["accept-encoding"]).toContain("gzip");
      const body = gzipSync(JSON.stringify({ title: "日本語" }));
      res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip", "content-length": body.length });
      res.end(body);
    });
    const { http } = client();
    expect(await http.getJson(s.url)).toMatchObject({ status: "ok", data: { title: "日本語" } });
  });

  it("follows a redirect", async () => {
    const s = await serve((req, res) => {
      if (req.url === "/old") {
        res.writeHead(302, { location: "/new" });
        res.end();
      } else sendJson(res, 200, { at: req.url });
    });
    const { http } = client();
    expect(await http.getJson(`${s.url}/old`)).toMatchObject({ status: "ok", data: { at: "/new" } });
  });

  it("maps 404 and 410 to not_found, without retrying", async () => {
    const s = await serve((req, res) => sendJson(res, req.url === "/gone" ? 410 : 404, { error: "nope" }));
    const { http } = client();
    expect(await http.getJson(`${s.url}/missing`)).toEqual({ status: "not_found", httpStatus: 404 });
    expect(await http.getJson(`${s.url}/gone`)).toEqual({ status: "not_found", httpStatus: 410 });
    expect(http.stats()).toEqual({ requests: 2, retries: 0, failures: 0 });
  });

  it("sends conditional headers and returns not_modified on 304", async () => {
    const s = await serve((req, res) => {
      if (req.headers["if-none-match"] === '"v1"') {
        res.writeHead(304);
        res.end();
      } else sendJson(res, 200, { fresh: true });
    });
    const { http } = client();
    const lastModified = "Wed, 01 Jan 2025 00:00:00 GMT";
    expect(await http.getJson(s.url, { etag: '"v1"', lastModified })).toEqual({ status: "not_modified" });
    expect(s.seen[0]["if-modified-since"]).toBe(lastModified);
    expect(await http.getJson(s.url)).toMatchObject({ status: "ok", data: { fresh: true } });
  });
});

describe("getJson: retries", () => {
  it("honours retry-after (seconds) on 429", async () => {
    const s = await serve((_req, res, n) => (n === 1 ? sendJson(res, 429, {}, { "retry-after": "1" }) : sendJson(res, 200, { ok: 1 })));
    const { http, sleeps, events } = client();
    expect(await http.getJson(s.url)).toMatchObject({ status: "ok", data: { ok: 1 } });
    expect(sleeps).toEqual([1000]);
    expect(events).toEqual([{ type: "retry", url: s.url, attempt: 1, delayMs: 1000, kind: "rate_limited" }]);
    expect(http.stats()).toEqual({ requests: 2, retries: 1, failures: 0 });
  });

  it("honours retry-after as an HTTP date on 503", async () => {
    const at = new Date(Date.now() + 3000).toUTCString();
    const s = await serve((_req, res, n) => (n === 1 ? sendJson(res, 503, {}, { "retry-after": at }) : sendJson(res, 200, {})));
    const { http, sleeps } = client();
    await http.getJson(s.url);
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]).toBeGreaterThan(1000);
    expect(sleeps[0]).toBeLessThanOrEqual(3000);
  });

  it("fails rate_limited at once when retry-after exceeds maxDelayMs", async () => {
    const s = await serve((_req, res) => sendJson(res, 429, {}, { "retry-after": "120" }));
    const { http, sleeps } = client({ maxDelayMs: 30_000 });
    const err = await failure(http.getJson(s.url));
    expect(err).toMatchObject({ kind: "rate_limited", retryable: true, httpStatus: 429, retryAfterMs: 120_000 });
    expect(sleeps).toEqual([]);
    expect(http.stats()).toEqual({ requests: 1, retries: 0, failures: 1 });
  });

  it("retries a burst of 500s", async () => {
    const s = await serve((_req, res, n) => (n <= 3 ? sendJson(res, 500, {}) : sendJson(res, 200, { n })));
    const { http } = client();
    expect(await http.getJson(s.url)).toMatchObject({ status: "ok", data: { n: 4 } });
    expect(http.stats()).toEqual({ requests: 4, retries: 3, failures: 0 });
  });

  it("backs off exponentially with full jitter, capped, then fails with the last kind", async () => {
    const s = await serve((_req, res) => sendJson(res, 503, {}));
    const top = client({ random: () => 1, baseDelayMs: 100, maxDelayMs: 500 });
    const err = await failure(top.http.getJson(s.url));
    expect(err).toMatchObject({ kind: "http_status", httpStatus: 503, retryable: true });
    expect(top.sleeps).toEqual([100, 200, 400, 500]);
    expect(top.events.at(-1)).toEqual({ type: "fail", url: s.url, attempt: 5, kind: "http_status" });
    expect(top.http.stats()).toEqual({ requests: 5, retries: 4, failures: 1 });

    const rolls = [0, 0.5, 0.25, 0.9];
    const jittered = client({ random: () => rolls.shift()!, baseDelayMs: 100, maxDelayMs: 10_000 });
    await failure(jittered.http.getJson(s.url));
    expect(jittered.sleeps).toEqual([0, 100, 100, 720]);
  });

  it("times out a server that never sends headers, retrying first", async () => {
    const s = await serve(() => {});
    const { http, events } = client({ timeoutMs: 150, maxRetries: 1 });
    const started = Date.now();
    const err = await failure(http.getJson(s.url));
    expect(err).toMatchObject({ kind: "timeout", retryable: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
    expect(events.map((e) => e.type)).toEqual(["retry", "fail"]);
    expect(http.stats()).toEqual({ requests: 2, retries: 1, failures: 1 });
  });

  it("times out a body that stalls mid-way", async () => {
    const s = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": 100 });
      res.write('{"partial":');
    });
    const { http } = client({ timeoutMs: 200, maxRetries: 1 });
    const err = await failure(http.getJson(s.url));
    expect(err.kind).toBe("timeout");
    expect(http.stats().requests).toBe(2);
  });

  it("retries a body cut short by the server, then fails", async () => {
    const s = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": 100 });
      res.write('{"cut":', () => res.socket?.destroy());
    });
    const { http } = client({ maxRetries: 2 });
    const err = await failure(http.getJson(s.url));
    expect(["network", "bad_json"]).toContain(err.kind);
    expect(err.retryable).toBe(true);
    expect(http.stats()).toEqual({ requests: 3, retries: 2, failures: 1 });
  });

  it("retries invalid JSON, then fails bad_json", async () => {
    const s = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end('{"broken": ');
    });
    const { http } = client({ maxRetries: 2 });
    expect(await failure(http.getJson(s.url))).toMatchObject({ kind: "bad_json", retryable: true });
    expect(http.stats().requests).toBe(3);
  });

  it("retries a refused connection as a network error", async () => {
    const s = await serve(() => {});
    await s.close();
    const { http } = client({ maxRetries: 1 });
    expect(await failure(http.getJson(s.url))).toMatchObject({ kind: "network", retryable: true });
    expect(http.stats().requests).toBe(2);
  });
});

describe("getJson: failures, retried or not", () => {
  it("maps 403 and 401 to forbidden; 401 (our credentials) is not retried", async () => {
    const s = await serve((req, res) => sendJson(res, req.url === "/401" ? 401 : 403, {}));
    const { http } = client({ maxRetries: 0 });
    expect(await failure(http.getJson(`${s.url}/403`))).toMatchObject({ kind: "forbidden", httpStatus: 403, retryable: true });
    expect(await failure(http.getJson(`${s.url}/401`))).toMatchObject({ kind: "forbidden", httpStatus: 401, retryable: false });
    expect(http.stats()).toEqual({ requests: 2, retries: 0, failures: 2 });
    const again = client({ maxRetries: 2 }).http;
    await failure(again.getJson(`${s.url}/401`));
    expect(again.stats()).toEqual({ requests: 1, retries: 0, failures: 1 });
  });

  it("maps other 4xx to http_status", async () => {
    const s = await serve((_req, res) => sendJson(res, 400, {}));
    const { http } = client();
    expect(await failure(http.getJson(s.url))).toMatchObject({ kind: "http_status", httpStatus: 400, retryable: false });
    expect(http.stats().requests).toBe(1);
  });

  it.each([
    ["403 with cf-mitigated", 403, { "cf-mitigated": "challenge" }, "<html>blocked</html>"],
    ["503 'Just a moment...'", 503, {}, "<!DOCTYPE html><html><head><title>Just a moment...</title></head></html>"],
    ["403 'Attention Required'", 403, {}, "<html><head><title>Attention Required! | Cloudflare</title></head></html>"],
    ["200 with challenge-platform", 200, {}, '<html><script src="/cdn-cgi/challenge-platform/h/b/orchestrate"></script></html>'],
  ])("recognises a Cloudflare challenge, and retries it with backoff a bounded number of times: %s", async (_name, status, headers, body) => {
    const s = await serve((_req, res) => {
      res.writeHead(status, { "content-type": "text/html; charset=UTF-8", ...headers });
      res.end(body);
    });
    const { http } = client({ maxRetries: 2 });
    expect(await failure(http.getJson(s.url))).toMatchObject({ kind: "challenge", retryable: true, httpStatus: status });
    expect(http.stats()).toEqual({ requests: 3, retries: 2, failures: 1 });
  });

  it.each([
    ["text/html", "text/html; charset=utf-8", "<html><body>Welcome</body></html>"],
    ["markup labelled as JSON", "application/json", "  <html><body>maintenance</body></html>"],
  ])("rejects HTML where JSON was expected: %s", async (_name, type, body) => {
    const s = await serve((_req, res) => {
      res.writeHead(200, { "content-type": type });
      res.end(body);
    });
    const { http } = client({ maxRetries: 1 });
    expect(await failure(http.getJson(s.url))).toMatchObject({ kind: "not_json", httpStatus: 200, retryable: true });
    expect(http.stats().requests).toBe(2);
  });

  it("stops reading a body over the cap, declared or chunked", async () => {
    const big = JSON.stringify({ pad: "x".repeat(4096) });
    const s = await serve((req, res) => {
      if (req.url === "/declared") return sendJson(res, 200, { pad: "x".repeat(4096) });
      res.writeHead(200, { "content-type": "application/json" });
      for (let i = 0; i < big.length; i += 512) res.write(big.slice(i, i + 512));
      res.end();
    });
    const { http } = client({ maxBodyBytes: 1024 });
    expect(await failure(http.getJson(`${s.url}/declared`))).toMatchObject({ kind: "too_large", retryable: false });
    expect(await failure(http.getJson(`${s.url}/chunked`))).toMatchObject({ kind: "too_large" });
    expect(http.stats()).toEqual({ requests: 2, retries: 0, failures: 2 });
  });
});

describe("getJson: caller abort", () => {
  it("aborts an in-flight request at once, without retrying", async () => {
    const s = await serve(() => {});
    const { http } = client({ timeoutMs: 5000 });
    const ctl = new AbortController();
    setTimeout(() => ctl.abort(), 50);
    const started = Date.now();
    expect(await failure(http.getJson(s.url, { signal: ctl.signal }))).toMatchObject({ kind: "aborted", retryable: false });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(http.stats()).toEqual({ requests: 1, retries: 0, failures: 0 });
  });

  it("aborts during a backoff wait", async () => {
    const s = await serve((_req, res) => sendJson(res, 500, {}));
    const { http } = client({ sleep: () => new Promise(() => {}) });
    const ctl = new AbortController();
    setTimeout(() => ctl.abort(), 50);
    expect(await failure(http.getJson(s.url, { signal: ctl.signal }))).toMatchObject({ kind: "aborted" });
    expect(http.stats()).toEqual({ requests: 1, retries: 1, failures: 0 });
  });

  it("sends nothing when the signal is already aborted", async () => {
    const s = await serve((_req, res) => sendJson(res, 200, {}));
    const { http } = client();
    expect(await failure(http.getJson(s.url, { signal: AbortSignal.abort() }))).toMatchObject({ kind: "aborted" });
    expect(http.stats().requests).toBe(0);
  });
});
