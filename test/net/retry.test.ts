import { describe, expect, it } from "vitest";
import { fromTransportError, UpstreamError } from "../../src/net/errors.js";
import { backoffDelay, parseRetryAfter, retriesFor, retryDelay } from "../../src/net/retry.js";

describe("parseRetryAfter", () => {
  const now = Date.parse("2025-01-01T00:00:00Z");
  it.each([
    ["120", 120_000],
    [" 0 ", 0],
    ["Wed, 01 Jan 2025 00:00:05 GMT", 5000],
    ["Tue, 31 Dec 2024 23:00:00 GMT", 0],
    ["1.5", 1500],
    ["-1", undefined],
    ["1e3", undefined],
    ["soon", undefined],
    ["", undefined],
    [undefined, undefined],
  ])("%s -> %s", (value, expected) => {
    expect(parseRetryAfter(value, now)).toBe(expected);
  });
});

describe("backoffDelay", () => {
  it("grows as base * 2^retry under the cap, scaled by the jitter roll", () => {
    const opts = { baseDelayMs: 500, maxDelayMs: 30_000 };
    expect([0, 1, 2, 3, 10].map((r) => backoffDelay(r, { ...opts, random: () => 1 }))).toEqual([500, 1000, 2000, 4000, 30_000]);
    expect(backoffDelay(3, { ...opts, random: () => 0 })).toBe(0);
    for (let r = 0; r < 8; r++) {
      const d = backoffDelay(r, { ...opts, random: Math.random });
      expect(d).toBeGreaterThanOrEqual(0);
      expect(d).toBeLessThanOrEqual(Math.min(30_000, 500 * 2 ** r));
    }
  });
});

describe("retriesFor: how often a failure is tried again within one call", () => {
  const failure = (over: Partial<ConstructorParameters<typeof UpstreamError>[1]>) =>
    new UpstreamError("failed", { kind: "network", url: "http://example.invalid/", retryable: true, ...over });

  it.each([
    // The name does not resolve: the system's resolver has tried already; offline, every attempt misses alike.
    ["ENOTFOUND", 0],
    ["EAI_AGAIN", 0],
    // Nothing listens, or no route: once, quickly.
    ["ECONNREFUSED", 1],
    ["ENETUNREACH", 1],
    ["EHOSTUNREACH", 1],
    // A connection that broke mid-way: every retry the client allows.
    ["ECONNRESET", 4],
    ["EPIPE", 4],
  ])("a network failure %s: %i of 4", (systemCode, retries) => {
    expect(retriesFor(failure({ systemCode }), 4)).toBe(retries);
  });

  it("keeps every retry for timeouts, 5xx, 429 and pages that are not the one asked; none for what cannot succeed", () => {
    expect(retriesFor(failure({ kind: "timeout" }), 4)).toBe(4);
    expect(retriesFor(failure({ kind: "http_status", httpStatus: 503 }), 4)).toBe(4);
    expect(retriesFor(failure({ kind: "rate_limited", httpStatus: 429 }), 4)).toBe(4);
    expect(retriesFor(failure({ kind: "network" }), 4)).toBe(4);
    expect(retriesFor(failure({ kind: "forbidden", httpStatus: 401, retryable: false }), 4)).toBe(0);
    expect(retriesFor(failure({ kind: "network", systemCode: "ECONNRESET", retryable: false }), 4)).toBe(0);
  });

  it("never more than the client allows", () => {
    expect(retriesFor(failure({ systemCode: "ECONNREFUSED" }), 0)).toBe(0);
    expect(retriesFor(failure({ systemCode: "ECONNRESET" }), 2)).toBe(2);
  });

  it("waits a fifth of the first backoff before a refused connection's one retry, the usual backoff otherwise", () => {
    const opts = { baseDelayMs: 500, maxDelayMs: 30_000, random: () => 1 };
    expect(retryDelay(failure({ systemCode: "ECONNREFUSED" }), 0, opts)).toBe(100);
    expect(retryDelay(failure({ systemCode: "ECONNRESET" }), 0, opts)).toBe(500);
    expect(retryDelay(failure({ kind: "timeout" }), 2, opts)).toBe(2000);
  });
});

describe("fromTransportError: the system's code of a failed connection", () => {
  const systemError = (code: string) => Object.assign(new Error(`connect ${code}`), { code });

  it("is the error's own, or its first attempt's when several addresses were tried", () => {
    expect(fromTransportError(systemError("ENOTFOUND"), "http://nowhere.invalid/", false).systemCode).toBe("ENOTFOUND");
    const both = Object.assign(new AggregateError([systemError("ECONNREFUSED"), systemError("ECONNREFUSED")], "all failed"), {});
    expect(fromTransportError(both, "http://localhost:9/", false)).toMatchObject({ kind: "network", systemCode: "ECONNREFUSED", retryable: true });
    expect(fromTransportError(new Error("socket hang up"), "http://127.0.0.1:9/", false).systemCode).toBeUndefined();
  });
});
