/**
 * The fault mix the sellers' crawls are tested through, and the client that goes through it.
 * About a third of all requests fault (every 7th a 500, 11th a 429 with Retry-After, 13th a
 * challenge, 19th a maintenance page served 200, 23rd a half body; every 17th is slow). At that
 * rate a URL's 8 retries run out for about one URL in ten thousand (0.35^9), a few runs in a
 * hundred of a crawl of some hundreds of pages, in an order a loaded machine happens upon (CI
 * did); such a title is listed and the next run asks it first (ingest-incremental.test.ts). The
 * tests here are of nothing lost on the way, so their client retries until the source answers.
 */
import type { FaultOptions } from "../../tools/simulator/index.js";

export const SELLER_FAULTS: FaultOptions = {
  every: { status500: 7, rate429: 11, challenge: 13, html: 19, slow: 17, truncate: 23 },
  slowMs: 300,
  retryAfterSeconds: 1,
};

/** The settings of a runtime that outlasts SELLER_FAULTS. */
export const FAULT_MIX_ENV = { HTTP_MAX_RETRIES: "16", HTTP_TIMEOUT_MS: "5000" } as const;

/**
 * Its client's backoff: short, and never longer than the simulator's Retry-After (1 s). Its waits
 * take no time: how long the client waits (Retry-After included) is held in its own tests; here
 * what a crawl stores is under test, not its pace.
 */
export const FAULT_MIX_BACKOFF = { baseDelayMs: 20, maxDelayMs: 1000, sleep: async () => {} } as const;
