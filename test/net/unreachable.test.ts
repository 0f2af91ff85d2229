/**
 * A host that cannot be reached is not asked again for the whole budget: a name that does not
 * resolve is not retried, a refused connection once, quickly; a connection that broke is retried
 * as before; and a host found out of reach is left alone for a while, each call to it failing at
 * once rather than waiting for its turn of the host's rate. The resolver is the test's own (the client's lookup), so no name leaves the machine.
 */
import type { LookupFunction } from "node:net";
import { describe, expect, it } from "vitest";
import { UpstreamError } from "../../src/net/index.js";
import { perTest } from "./test-server.js";

const { serve, client } = perTest();

/** A resolver that knows no name, as the system's says on a machine without a network. */
function noSuchHost(asked: string[]): LookupFunction {
  return (hostname, _options, callback) => {
    asked.push(hostname);
    const err = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND", syscall: "getaddrinfo", hostname });
    process.nextTick(() => callback(err, "", 4));
  };
}

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(UpstreamError);
  return err as UpstreamError;
}

describe("hosts that cannot be reached", () => {
  it("does not retry a host name that does not resolve", async () => {
    const asked: string[] = [];
    const { http, sleeps } = client({ maxRetries: 4, lookup: noSuchHost(asked) });
    const err = await failure(http.getJson("http://r18.dev.invalid/videos/vod/movies/detail/-/dvd_id=abp-123/json"));
    expect(err).toMatchObject({ kind: "network", systemCode: "ENOTFOUND", retryable: true });
    expect(asked).toEqual(["r18.dev.invalid"]);
    expect(sleeps).toEqual([]);
    expect(http.stats()).toEqual({ requests: 1, retries: 0, failures: 1 });
  });

  it("retries a refused connection once, after a short wait", async () => {
    const s = await serve(() => {});
    await s.close();
    const { http, sleeps } = client({ maxRetries: 4, random: () => 1 });
    expect(await failure(http.getJson(s.url))).toMatchObject({ kind: "network", systemCode: "ECONNREFUSED" });
    expect(sleeps).toEqual([100]);
    expect(http.stats()).toEqual({ requests: 2, retries: 1, failures: 1 });
  });

  it("leaves a name that did not resolve alone for a while: the calls after fail at once, with no request and no slot of the host's rate", async () => {
    const asked: string[] = [];
    let now = 1_000_000;
    const host = "pics.dmm.co.jp.invalid";
    const { http } = client({ maxRetries: 4, lookup: noSuchHost(asked), hostRate: { [host]: 1 }, now: () => now });
    const url = (n: number) => `http://${host}/digital/video/abp0012${n}/abp0012${n}pl.jpg`;
    await failure(http.getBytes(url(1)));
    const started = performance.now();
    for (const n of [2, 3, 4]) expect(await failure(http.getBytes(url(n)))).toMatchObject({ kind: "network", systemCode: "ENOTFOUND", url: url(n) });
    // At 1 request a second, each of these would have waited for its slot.
    expect(performance.now() - started).toBeLessThan(500);
    expect(asked).toEqual([host]);
    expect(http.stats()).toEqual({ requests: 1, retries: 0, failures: 4 });
    now += 10_000;
    await failure(http.getBytes(url(5)));
    expect(asked).toEqual([host, host]);
  });

  it("leaves a refused address alone for a moment only, after its quick retry", async () => {
    const s = await serve(() => {});
    await s.close();
    let now = 1_000_000;
    const { http } = client({ maxRetries: 4, random: () => 1, now: () => now });
    await failure(http.getJson(s.url));
    expect(await failure(http.getJson(s.url))).toMatchObject({ systemCode: "ECONNREFUSED" });
    expect(http.stats()).toEqual({ requests: 2, retries: 1, failures: 2 });
    now += 2_000;
    await failure(http.getJson(s.url));
    expect(http.stats().requests).toBe(4);
  });

  it("still retries a connection the server broke, as often as allowed", async () => {
    const s = await serve((req) => req.socket.destroy());
    const { http, sleeps } = client({ maxRetries: 3, random: () => 1 });
    expect(await failure(http.getJson(s.url))).toMatchObject({ kind: "network", retryable: true });
    expect(sleeps).toEqual([500, 1000, 2000]);
    expect(http.stats().requests).toBe(4);
  });
});
