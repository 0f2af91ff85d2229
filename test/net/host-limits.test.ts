import { describe, expect, it } from "vitest";
import { createHttpClient, type HttpClient, type HttpClientOptions } from "../../src/net/index.js";
import { perTest, sendJson, type TestServer } from "./test-server.js";

const { serve, keep } = perTest();

function client(over: Partial<HttpClientOptions> = {}): HttpClient {
  return keep(createHttpClient({ userAgent: "video-catalog/test", timeoutMs: 5000, ...over }));
}

/** A server that answers after `delayMs` and records the most requests it held at once. */
async function countingServer(delayMs: number): Promise<TestServer & { maxInFlight: () => number }> {
  let inFlight = 0;
  let max = 0;
  const s = await serve((_req, res) => {
    inFlight += 1;
    max = Math.max(max, inFlight);
    setTimeout(() => {
      inFlight -= 1;
      sendJson(res, 200, {});
    }, delayMs);
  });
  return Object.assign(s, { maxInFlight: () => max });
}

describe("per-host limits", () => {
  it("spaces requests evenly at the host's rate", async () => {
    const s = await serve((_req, res) => sendJson(res, 200, {}));
    const http = client({ hostRate: { [s.host]: 20 }, hostConcurrency: 10 });
    const started = performance.now();
    await Promise.all(Array.from({ length: 10 }, () => http.getJson(s.url)));
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(440);
    expect(elapsed).toBeLessThan(2000);
  });

  it("applies a rate change to requests already queued", async () => {
    const s = await serve((_req, res) => sendJson(res, 200, {}));
    const http = client({ hostRate: { [s.host]: 1 } });
    const started = performance.now();
    const all = Promise.all(Array.from({ length: 4 }, () => http.getJson(s.url)));
    setTimeout(() => http.setHostRate(s.host, 100), 20);
    await all;
    expect(performance.now() - started).toBeLessThan(600);
  });

  it("keeps at most hostConcurrency requests in flight per host", async () => {
    const s = await countingServer(60);
    const http = client({ hostConcurrency: 2 });
    await Promise.all(Array.from({ length: 8 }, () => http.getJson(s.url)));
    expect(s.maxInFlight()).toBe(2);
    expect(http.stats().requests).toBe(8);
  });

  it("does not let a busy host hold back another", async () => {
    const slow = await countingServer(400);
    const fast = await serve((_req, res) => sendJson(res, 200, {}));
    const http = client({ hostConcurrency: 1 });
    const slowCalls = Promise.all([http.getJson(slow.url), http.getJson(slow.url)]);
    const started = performance.now();
    await http.getJson(fast.url);
    expect(performance.now() - started).toBeLessThan(300);
    await slowCalls;
  });

  it("shares one caller signal across many queued calls without listener warnings", async () => {
    const warnings: Error[] = [];
    const onWarning = (w: Error): void => {
      warnings.push(w);
    };
    process.on("warning", onWarning);
    try {
      const s = await countingServer(5);
      const http = client({ hostConcurrency: 2 });
      const shared = new AbortController().signal;
      await Promise.all(Array.from({ length: 30 }, () => http.getJson(s.url, { signal: shared })));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(warnings.filter((w) => w.name === "MaxListenersExceededWarning")).toEqual([]);
    } finally {
      process.off("warning", onWarning);
    }
  });
});
