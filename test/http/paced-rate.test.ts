/**
 * Pacing: on the MetaTube routes, whose plugins never retry, a request over its budget
 * waits for its turn instead of being refused, in the order requests came, while no more
 * than MAX_WAIT_SECONDS of the rate is waiting; past that, and on our own API always, a
 * 429 with retry-after as before. Time is the SimClock's.
 */
import { rmSync } from "node:fs";
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { createKey, upsertRecords } from "../../src/catalog/index.js";
import { LeasedRates } from "../../src/cluster/worker-side.js";
import { buildServer } from "../../src/server/app.js";
import { LoginThrottle } from "../../src/services/access/sign-in-throttle.js";
import { KeyRateLimiter, MAX_WAIT_SECONDS, waitTurn } from "../../src/services/access/rate-budget.js";
import { makeIngest, tempCatalog, testConfig } from "../helpers/build-app.js";
import { SimClock } from "../helpers/sim-clock.js";

describe("KeyRateLimiter.reserve", () => {
  it("reserves the next tokens in order, each at its own time, while no more than maxQueued are ahead", () => {
    let now = 0;
    const limiter = new KeyRateLimiter({ now: () => now, sleep: async () => {} });
    for (let i = 0; i < 60; i++) expect(limiter.reserve(1, 60, 2)).toEqual({ granted: true, waitMs: 0 });
    expect(limiter.reserve(1, 60, 2)).toEqual({ granted: true, waitMs: 1000 });
    expect(limiter.reserve(1, 60, 2)).toEqual({ granted: true, waitMs: 2000 });
    // A third would wait 3 s: refused, and nothing taken.
    expect(limiter.reserve(1, 60, 2)).toEqual({ granted: false, waitMs: 3000 });
    expect(limiter.reserve(1, 60, 2)).toEqual({ granted: false, waitMs: 3000 });
    // A plain take waits behind the reservations too.
    expect(limiter.take(1, 60)).toBe(3);
    now = 1500;
    expect(limiter.reserve(1, 60, 2)).toEqual({ granted: true, waitMs: 1500 });
    // Other keys have their own buckets.
    expect(limiter.take(2, 60)).toBe(0);
  });
});

describe("through the cluster (WORKERS > 1): LeasedRates", () => {
  it("takes a token of its lease, else the primary's reservation of the key's next one", async () => {
    let now = 0;
    const primary = new KeyRateLimiter({ now: () => now, sleep: async () => {} });
    // The calls as src/cluster/primary.ts (and replica.ts) answer them.
    const calls: Record<string, (...args: never[]) => unknown> = {
      "rates.grant": (key: string, rate: number, want: number) => primary.takeUpTo(key, rate, want),
      "rates.reserve": (key: string, rate: number, queued: number) => primary.reserve(key, rate, queued),
    };
    const leased = new LeasedRates(async (op, ...args) => calls[op](...(args as never[])), 2);
    for (let i = 0; i < 600; i++) expect(await leased.reserve(7, 600, 2)).toEqual({ granted: true, waitMs: 0 });
    expect(await leased.reserve(7, 600, 2)).toEqual({ granted: true, waitMs: 100 });
    expect(await leased.reserve(7, 600, 2)).toEqual({ granted: true, waitMs: 200 });
    expect(await leased.reserve(7, 600, 2)).toEqual({ granted: false, waitMs: 300 });
    now = 1000;
    expect(await leased.take(7, 600)).toBe(0);
  });
});

describe("waitTurn", () => {
  it("paces requests over the rate in the order they came, up to MAX_WAIT_SECONDS of the rate; the others are refused with retry-after", async () => {
    const clock = new SimClock();
    const limiter = new KeyRateLimiter(clock);
    const rate = 600;
    for (let i = 0; i < rate; i++) expect(await waitTurn(limiter, "k", rate)).toBe(0);
    const queued = (MAX_WAIT_SECONDS * rate) / 60;
    const outcome: { n: number; wait: number; at: number }[] = [];
    await clock.run(
      Array.from({ length: queued + 3 }, (_, n) => async () => {
        const wait = await waitTurn(limiter, "k", rate);
        outcome.push({ n, wait, at: clock.now() });
      }),
    );
    const went = outcome.filter((o) => o.wait === 0);
    expect(went.map((o) => o.n)).toEqual(Array.from({ length: queued }, (_, n) => n));
    expect(went.map((o) => o.at)).toEqual(Array.from({ length: queued }, (_, n) => (n + 1) * 100));
    expect(outcome.filter((o) => o.wait > 0)).toEqual([0, 1, 2].map((i) => ({ n: queued + i, wait: MAX_WAIT_SECONDS + 1, at: 0 })));
  });

  it("a rate too small to hold one request that long is refused at once, as it always was", async () => {
    const limiter = new KeyRateLimiter(new SimClock());
    const rate = Math.floor(60 / MAX_WAIT_SECONDS) - 1;
    for (let i = 0; i < rate; i++) expect(await waitTurn(limiter, "k", rate)).toBe(0);
    expect(await waitTurn(limiter, "k", rate)).toBeGreaterThan(MAX_WAIT_SECONDS);
  });
});

describe("over HTTP: the MetaTube routes pace, our own API refuses", () => {
  let app: FastifyInstance | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await app?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("a key at 60 a minute: two Bearer requests past it wait one and two seconds and are answered, the third is a 429; x-service-key is refused at once; the image routes likewise per address", async () => {
    const catalog = tempCatalog();
    dir = catalog.dir;
    upsertRecords(catalog.db, [makeIngest()]);
    const { token } = createKey(catalog.db, "sixty", 60);
    const clock = new SimClock();
    const config = testConfig({ DATABASE_PATH: catalog.path, IMAGE_RATE_PER_MINUTE: "60" });
    app = await buildServer(
      { db: catalog.db, config, live: null, pool: null, ingest: null },
      { logger: false, dashboard: false, shared: { rates: new KeyRateLimiter(clock), signIn: new LoginThrottle() } },
    );
    const search = { url: "/v1/movies/search?q=ABP-123&provider=&fallback=True", headers: { authorization: `Bearer ${token}` } };
    const image = { url: "/v1/images/primary/file/abp00123?ratio=-1&pos=-1&auto=False&quality=90" };
    for (let i = 0; i < 60; i++) {
      expect((await app.inject(search)).statusCode).toBe(200);
      // No image is served here (no image cache): a 404 that went through the budget.
      expect((await app.inject(image)).statusCode).toBe(404);
    }

    const answers: { what: string; status: number; at: number; retryAfter?: string }[] = [];
    const ask = (what: string, request: { url: string; headers?: Record<string, string> }) => async () => {
      const res = await app!.inject(request);
      answers.push({ what, status: res.statusCode, at: clock.now(), retryAfter: res.headers["retry-after"] as string | undefined });
    };
    await clock.run([
      ask("search 1", search),
      ask("search 2", search),
      ask("search 3", search),
      ask("/movie", { url: "/movie?q=ABP-123", headers: { "x-service-key": token } }),
      ask("image 1", image),
      ask("image 2", image),
      ask("image 3", image),
    ]);
    const of = (prefix: string) =>
      answers
        .filter((a) => a.what.startsWith(prefix))
        .map(({ status, at, retryAfter }) => ({ status, at, retryAfter }))
        .sort((a, b) => a.status - b.status || a.at - b.at);
    expect(of("search")).toEqual([
      { status: 200, at: 1000, retryAfter: undefined },
      { status: 200, at: 2000, retryAfter: undefined },
      { status: 429, at: 0, retryAfter: "3" },
    ]);
    expect(of("image")).toEqual([
      { status: 404, at: 1000, retryAfter: undefined },
      { status: 404, at: 2000, retryAfter: undefined },
      { status: 429, at: 0, retryAfter: "3" },
    ]);
    // Refused at once, whatever the MetaTube requests had reserved by then.
    expect(of("/movie")).toEqual([{ status: 429, at: 0, retryAfter: expect.stringMatching(/^[1-3]$/) }]);
  });
});
