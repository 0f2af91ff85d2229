/**
 * A site crawled newest first (Provider.incremental): the first run goes through its whole
 * listing; once that has finished, later runs ask only for what came out since that crawl
 * began, less an overlap; a run killed midway resumes, and the mark is where its crawl began.
 */
import { afterEach, describe, expect, it } from "vitest";
import { getProviderState } from "../../src/catalog/index.js";
import { INCREMENTAL_OVERLAP_DAYS, runIngest } from "../../src/ingest/run-ingest.js";
import { makeIngest, tempCatalog } from "../helpers/build-app.js";
import type { CrawlOptions, Provider } from "../../src/providers/types.js";
import type { ProviderRuntime } from "../../src/providers/runtime.js";
import type { HttpClient } from "../../src/net/index.js";

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 10, 1, 3);

/** A listing of titles, title k out on day k from T0 - 39 days, newest first, 5 a page; each crawl call is recorded with its options. Titles in `failing` fail. */
function siteOf(titles: () => number, failing = new Set<string>()) {
  const calls: { cursor: string | null; since: string | undefined }[] = [];
  const day = (k: number) => new Date(T0 + (k - 39) * DAY).toISOString().slice(0, 10);
  const record = (k: number) =>
    makeIngest({ contentId: `t${k}`, dvdId: `HEYZO-${String(k + 1).padStart(4, "0")}`, releaseDate: `${day(k)}T00:00:00.000Z` }, { provider: "testsite" });
  const provider: Provider = {
    name: "testsite",
    source: "a test site",
    sellers: ["heyzo"],
    metaTubeName: "TESTSITE",
    defaultBaseUrl: "http://127.0.0.1:9",
    defaultRate: 0,
    settings: [],
    incremental: true,
    lookup: async () => ({ status: "no_match" }),
    async crawl(cursor: string | null, options: CrawlOptions) {
      calls.push({ cursor, since: options.since });
      const from = cursor === null ? 0 : Number(cursor);
      const records = [];
      const failed: { id: string; kind: string; reason: string }[] = [];
      let i = from;
      for (; i < Math.min(from + 5, titles()); i++) {
        const k = titles() - 1 - i;
        if (options.since !== undefined && day(k) < options.since) return { records, skipped: [], failed, nextCursor: null };
        if (failing.has(`t${k}`)) failed.push({ id: `t${k}`, kind: "http_status", reason: "HTTP 503" });
        else records.push(record(k));
      }
      return { records, skipped: [], failed, nextCursor: i < titles() ? String(i) : null };
    },
    async crawlEntries(entries: string[]) {
      calls.push({ cursor: `entries ${entries.join(",")}`, since: undefined });
      const records = entries.filter((e) => !failing.has(e)).map((e) => record(Number(e.slice(1))));
      return { records, skipped: [], failed: [], nextCursor: null };
    },
  };
  return { provider, calls };
}

function runtimeOf(provider: Provider): ProviderRuntime {
  const setup = { provider, enabled: true, baseUrl: provider.defaultBaseUrl, rate: 0, settings: {}, unusable: null };
  const http = { stats: () => ({ requests: 0, retries: 0, failures: 0 }) } as unknown as HttpClient;
  return {
    http,
    setups: [setup],
    get: () => setup,
    contextFor: () => ({ http, baseUrl: setup.baseUrl, settings: {}, now: () => new Date(T0) }),
    close: async () => {},
  };
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

describe("incremental crawls of a site listed newest first", () => {
  it("crawls the whole listing first, then only what came out since (less the overlap)", async () => {
    const { db } = tempCatalog();
    cleanups.push(() => db.close());
    let count = 40;
    const site = siteOf(() => count);
    let clock = T0;
    const [first] = await runIngest(db, runtimeOf(site.provider), { trigger: "cli" }, () => clock);
    expect(first).toMatchObject({ status: "succeeded", added: 40, pages: 8 });
    expect(site.calls.every((c) => c.since === undefined)).toBe(true);
    expect(getProviderState(db, "testsite")).toMatchObject({ completeAt: T0, crawlStartedAt: T0 });

    // 60 days on, 60 more titles: the next run reaches back to 30 days before the last crawl began.
    site.calls.length = 0;
    clock = T0 + 60 * DAY;
    count = 100;
    const [second] = await runIngest(db, runtimeOf(site.provider), { trigger: "cli" }, () => clock);
    const since = new Date(T0 - INCREMENTAL_OVERLAP_DAYS * DAY).toISOString().slice(0, 10);
    expect(site.calls.every((c) => c.since === since)).toBe(true);
    expect(second.status).toBe("succeeded");
    // Titles from 30 days before T0 on: the 60 new ones and 31 already held.
    expect(second).toMatchObject({ added: 60, records: 91, skipped: 31 });
    expect(db.prepare("SELECT count(*) FROM movies").pluck().get()).toBe(100);
    expect(getProviderState(db, "testsite")?.completeAt).toBe(clock);

    // --full: the whole listing again, and it marks the crawl too.
    site.calls.length = 0;
    clock += DAY;
    const [full] = await runIngest(db, runtimeOf(site.provider), { trigger: "cli", full: true }, () => clock);
    expect(full).toMatchObject({ status: "succeeded", records: 100, added: 0 });
    expect(site.calls.every((c) => c.since === undefined)).toBe(true);
    expect(getProviderState(db, "testsite")?.completeAt).toBe(clock);
  });

  it("a run stopped midway resumes, and marks the crawl's start, not its own", async () => {
    const { db } = tempCatalog();
    cleanups.push(() => db.close());
    const site = siteOf(() => 30);
    const [cut] = await runIngest(db, runtimeOf(site.provider), { trigger: "cli", limit: 10 }, () => T0);
    expect(cut.status).toBe("stopped");
    expect(getProviderState(db, "testsite")).toMatchObject({ completeAt: null, crawlStartedAt: T0 });
    const later = T0 + 2 * DAY;
    const [rest] = await runIngest(db, runtimeOf(site.provider), { trigger: "cli" }, () => later);
    expect(rest).toMatchObject({ status: "succeeded", added: 20 });
    expect(site.calls.find((c) => c.cursor !== null && c.since === undefined)).toBeDefined();
    expect(getProviderState(db, "testsite")?.completeAt).toBe(T0);
  });

  it("a title that failed is asked again by the next run, whatever the run's since", async () => {
    const { db } = tempCatalog();
    cleanups.push(() => db.close());
    const failing = new Set(["t3"]);
    const site = siteOf(() => 40, failing);
    const [first] = await runIngest(db, runtimeOf(site.provider), { trigger: "cli" }, () => T0);
    expect(first).toMatchObject({ status: "succeeded", added: 39, failures: 1 });
    // Title 3 is 36 days older than T0: outside the next run's window (30 days before the crawl began).
    failing.clear();
    site.calls.length = 0;
    const [next] = await runIngest(db, runtimeOf(site.provider), { trigger: "cli" }, () => T0 + 5 * DAY);
    expect(site.calls[0]).toEqual({ cursor: "entries t3", since: undefined });
    expect(next).toMatchObject({ status: "succeeded", added: 1, failures: 0 });
    expect(db.prepare("SELECT count(*) FROM movies").pluck().get()).toBe(40);
    expect(db.prepare("SELECT count(*) FROM ingest_failures").pluck().get()).toBe(0);
  });

  it("a run given --since neither uses nor moves the mark", async () => {
    const { db } = tempCatalog();
    cleanups.push(() => db.close());
    const site = siteOf(() => 40);
    const since = new Date(T0 - 5 * DAY).toISOString().slice(0, 10);
    const [run] = await runIngest(db, runtimeOf(site.provider), { trigger: "cli", since }, () => T0);
    expect(run).toMatchObject({ status: "succeeded", added: 6, records: 6 });
    expect(getProviderState(db, "testsite")?.completeAt ?? null).toBeNull();
  });
});
