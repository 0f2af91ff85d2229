/**
 * The contract every source passes (as metatube-sdk-go's testkit.Test runs each provider
 * through one set of checks), run per source against the provider simulator, with a node:http
 * proxy in front of it where an answer must go wrong: its place in the registry and the
 * capabilities it declares; its whole crawl to its own end, a listing page answered 404 never
 * being one; a held title found by its code and by its id, as the crawl read it; a missing one
 * answered no_match, another seller's code asking nothing; a maintenance page, a challenge and a
 * 500 failing, never "no match"; another title's page at the title's address, or a redirect to it,
 * never taken for the title asked; and one ingest run through the fault mix storing every title
 * the crawl read. The APIs (FANZA, r18.dev) pass what is not a site listing's. What is a
 * source's own stays in its own files.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { findByContentId } from "../../src/catalog/index.js";
import { sellersOf } from "../../src/codes/index.js";
import { runIngest } from "../../src/ingest/run-ingest.js";
import type { IngestRecord } from "../../src/model/record.js";
import { UpstreamError } from "../../src/net/index.js";
import { providerNamed } from "../../src/providers/registry.js";
import { createProviderRuntime } from "../../src/providers/runtime.js";
import { canCrawlEntries, canLookupById, type CrawlOptions, canSearch, type LookupResult, type Provider } from "../../src/providers/types.js";
import type { FaultOptions, Simulator } from "../../tools/simulator/index.js";
import { simulatedProviders, tempCatalog, testConfig } from "../helpers/build-app.js";
import { FAULT_MIX_BACKOFF, FAULT_MIX_ENV, SELLER_FAULTS } from "../helpers/fault-mix.js";
import { startServer, type TestServer } from "../net/test-server.js";
import { client, closeAll, codeOf, context, NOW, simulator } from "../tools/simulator/helpers.js";
import { crawlPages } from "./source-helpers.js";

export interface SourceFacts {
  provider: Provider;
  /** What the registry lists of it beyond its name. */
  description: Record<string, unknown>;
  searches: boolean;
  /** The simulated site: its titles and seed, and the settings its crawls and runs take (FC2_CRAWL_DAYS=0: the whole listing). */
  titles: number;
  seed: number;
  settings?: Record<string, string>;
  /** How many titles its whole listing holds (FC2 lists no delisted article). */
  listed: (sim: Simulator) => number;
  /** A code of its shape and a content id that the simulated site does not hold. */
  missing: { code: string; id: string };
  /** Its answers are pages or JSON: a maintenance page where they were asked is not_page or not_json. */
  format: "page" | "json";
  /** Paths of its listing pages, below its base URL (a proxy answers them 404). */
  listingPath?: RegExp;
  /**
   * A source with no listing of its own, an API (FANZA's release-date windows, r18.dev's list of
   * codes): the options its crawls take, whether it crawls entries again and checks `since`. What
   * only a site's listing does (a 404 listing page, the ingest's fault mix, which its own tests
   * run) is not asked of it, and another title's answer must never be taken for the one asked,
   * where the API may still find the asked one by other means (FANZA's keyword search).
   */
  api?: { crawl: CrawlOptions; entries: boolean; checksSince: boolean };
  /** Routes of the simulated site its requests never reach (MGStage's age check: every request carries the cookie). */
  neverAsked?: string[];
  /** A cursor past its listing's last page, which the site answers with a listing page of no title. */
  pastEnd?: string;
}

/** Codes of every seller's shapes, bare and named ("1pon 010120_001" is 1pondo's alone). */
const CODES_OF_EVERY_SELLER = [
  "ABP-123",
  "SIRO-4718",
  "HEYZO-0841",
  "010120_001",
  "1pon 010120_001",
  "paco 010120_001",
  "caribbeancompr 010120_001",
  "010120-001",
  "010120_01",
  "n1234",
  "FC2-PPV-1234567",
];

/** A proxy in front of the simulator: `answer` may take a request (a path rewritten, a redirect, a status), else it is passed on. */
async function proxyOf(target: string, answer: (path: string) => { path?: string; redirect?: string; status?: number } | null): Promise<TestServer> {
  return startServer((req: IncomingMessage, res: ServerResponse) => {
    const asked = req.url ?? "/";
    const to = answer(asked);
    if (to?.redirect !== undefined) {
      res.writeHead(302, { location: to.redirect });
      return void res.end();
    }
    if (to?.status !== undefined) {
      res.writeHead(to.status, { "content-type": "text/html" });
      return void res.end("<h1>Not Found</h1>");
    }
    fetch(target + (to?.path ?? asked), { headers: { cookie: req.headers.cookie ?? "" }, redirect: "manual" }).then(async (r) => {
      const headers: Record<string, string> = {};
      for (const k of ["content-type", "location", "retry-after"]) if (r.headers.get(k) !== null) headers[k] = r.headers.get(k)!;
      res.writeHead(r.status, headers);
      res.end(Buffer.from(await r.arrayBuffer()));
    });
  });
}

/** A path with one title's id as another's, in the case the path writes it (MGStage's ids are upper case in its URLs). */
function swapId(path: string, from: string, to: string, inQuery = false): string {
  const [p, query = ""] = path.split(/(?=\?)/);
  const swap = (text: string) =>
    text.replace(new RegExp(from.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "gi"), (m) => (m === m.toUpperCase() ? to.toUpperCase() : to));
  return swap(p) + (inQuery ? swap(query) : query);
}

export function sourceContract(facts: SourceFacts): void {
  const { provider } = facts;
  const name = provider.name;
  let sim: Simulator;
  let crawled: IngestRecord[] = [];
  const api = facts.api;
  const options = api?.crawl ?? {};
  const ctx = (base = sim.baseUrlOf(name), maxRetries = 2) => context(base, client({ maxRetries }), facts.settings);
  const failureOf = (p: Promise<unknown>) =>
    p.then(
      (v) => ({ answered: v }),
      (e: unknown) => e,
    );
  const held = () => [crawled[0], crawled[Math.floor(crawled.length / 2)], crawled[crawled.length - 1]];
  const codeOfRecord = (r: IngestRecord) => codeOf(r.record.dvdId);
  /** The simulator's address of the source's base URL through a proxy. */
  const through = (proxy: TestServer) => sim.baseUrlOf(name).replace(sim.url, proxy.url);
  /** The source's path prefix on the simulator (a site's /<name>; none for the APIs). */
  const prefix = () => sim.baseUrlOf(name).slice(sim.url.length);

  describe(`${name}: the source contract`, () => {
    beforeAll(async () => {
      sim = await simulator({ siteTitles: facts.titles, seed: facts.seed, records: api === undefined ? 20 : facts.titles });
    });
    afterAll(() => closeAll());

    it("is listed under its name with its description and the capabilities it declares", () => {
      expect(providerNamed(name)).toBe(provider);
      expect(provider).toMatchObject(facts.description);
      const listing = provider.incremental === true;
      expect([canSearch(provider), canLookupById(provider), canCrawlEntries(provider), listing]).toEqual([facts.searches, true, api?.entries ?? true, !api]);
    });

    it("crawls its whole listing, each title once, to the listing's own end", async () => {
      const pages = await crawlPages(provider, ctx(), options, null, 500);
      crawled = pages.flatMap((p) => p.records);
      const ids = crawled.map((r) => r.record.contentId);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.length).toBe(facts.listed(sim));
      expect(pages.length).toBeGreaterThan(1);
      expect(pages.at(-1)!.nextCursor).toBeNull();
      expect(pages.every((p) => (p.failed ?? []).length === 0)).toBe(true);
      expect(crawled.every((r) => r.provider === name)).toBe(true);
      expect((await provider.crawl(pages[0].nextCursor, options, ctx())).records).toEqual(pages[1].records);
      if (facts.pastEnd !== undefined) expect(await provider.crawl(facts.pastEnd, {}, ctx())).toMatchObject({ records: [], nextCursor: null, requests: 1 });
      await expect(provider.crawl("page 2", options, ctx())).rejects.toBeInstanceOf(RangeError);
      if (api?.checksSince !== false) await expect(provider.crawl(null, { ...options, since: "2026-13" }, ctx())).rejects.toBeInstanceOf(RangeError);
    });

    it.skipIf(facts.listingPath === undefined)("fails, never ends, at a listing page the site answers 404", async () => {
      const proxy = await proxyOf(sim.url, (path) => (facts.listingPath!.test(path.slice(prefix().length)) ? { status: 404 } : null));
      try {
        const err = await failureOf(provider.crawl(null, {}, ctx(through(proxy))));
        expect(err).toBeInstanceOf(UpstreamError);
        expect(err).toMatchObject({ kind: "http_status", httpStatus: 404, retryable: true, url: expect.stringContaining(proxy.url) });
      } finally {
        await proxy.close();
      }
    });

    it("finds a held title by its code and by its id, as its crawl read it", async () => {
      for (const r of held()) {
        expect(await provider.lookup(codeOfRecord(r), ctx()), r.record.dvdId).toEqual({ status: "found", record: r });
        expect(await provider.lookupById?.(r.record.contentId, ctx()), r.record.contentId).toEqual({ status: "found", record: r });
      }
    });

    it("answers no_match for a title the site does not hold, and asks nothing for another seller's code", async () => {
      expect(await provider.lookup(codeOf(facts.missing.code), ctx())).toEqual({ status: "no_match" });
      expect(await provider.lookupById?.(facts.missing.id, ctx())).toEqual({ status: "no_match" });
      // An API is asked only for its sellers' codes by the services (its provider does not sort them).
      if (api !== undefined) return;
      const before = sim.stats().requests;
      const others = CODES_OF_EVERY_SELLER.map(codeOf).filter((c) => !sellersOf(c).some((s) => provider.sellers.includes(s)));
      expect(others.length).toBeGreaterThan(3);
      for (const c of others) expect(await provider.lookup(c, ctx()), c.dvdId).toEqual({ status: "no_match" });
      expect(await provider.lookupById?.("../etc", ctx())).toEqual({ status: "no_match" });
      expect(sim.stats().requests).toBe(before);
    });

    it.each([
      ["a maintenance page served 200", { every: { html: 1 } }, facts.format === "page" ? "not_page" : "not_json"],
      ["a Cloudflare challenge", { every: { challenge: 1 } }, "challenge"],
      ["a 500 on every attempt", { burst500: { every: 1, burst: 1 } }, "http_status"],
    ] as [string, FaultOptions, string][])("fails, never no_match, on %s", async (_name, faults, kind) => {
      sim.setFaults(faults);
      try {
        const code = codeOfRecord(crawled[0]);
        expect(await failureOf(provider.lookup(code, ctx()))).toMatchObject({ name: "UpstreamError", kind });
        expect(await failureOf(provider.lookupById!(crawled[0].record.contentId, ctx()))).toMatchObject({ name: "UpstreamError", kind });
        const crawl = await failureOf(provider.crawl(null, options, ctx()));
        // A crawl of entries lists each one failing; a listing page failing fails the page.
        if (api?.entries) expect(crawl).toMatchObject({ answered: { records: [], failed: expect.arrayContaining([expect.objectContaining({ kind })]) } });
        else expect(crawl).toMatchObject({ name: "UpstreamError", kind });
      } finally {
        sim.setFaults({});
      }
    });

    it.each(["served at its address", "redirected to"])("fails, never another title, where the site answers another title's page %s", async (how) => {
      const [asked, other] = [crawled[0].record.contentId, crawled[1].record.contentId];
      const proxy = await proxyOf(sim.url, (path) => {
        // An API names the title in its query too (FANZA's cid).
        const named = api === undefined ? path.split("?")[0] : path;
        if (!path.startsWith(prefix()) || !new RegExp(asked, "i").test(named)) return null;
        const to = swapId(path, asked, other, api !== undefined);
        return how === "redirected to" ? { redirect: to } : { path: to };
      });
      try {
        const lookups = [provider.lookup(codeOfRecord(crawled[0]), ctx(through(proxy), 0)), provider.lookupById!(asked, ctx(through(proxy), 0))];
        for (const answer of await Promise.all(lookups.map(failureOf))) {
          const found = (answer as { answered?: LookupResult }).answered;
          // An API may answer "none" for a list without the asked title, or find it by other means; a site fails.
          if (api !== undefined && found !== undefined)
            expect(found.status === "no_match" || found.record.record.contentId === asked, JSON.stringify(found)).toBe(true);
          else expect(answer, JSON.stringify(answer)).toMatchObject({ name: "ProviderParseError", provider: name });
        }
        if (!canCrawlEntries(provider)) return;
        const page = await provider.crawlEntries([asked], ctx(through(proxy), 0));
        expect([page.records, page.failed]).toEqual([[], [{ id: asked, kind: "parse", reason: expect.any(String) }]]);
      } finally {
        await proxy.close();
      }
    });

    describe.skipIf(process.env.SKIP_SLOW_TESTS === "1" || api !== undefined)("through the fault mix", () => {
      it("one ingest run stores every title its crawl read, nothing lost, no failure left", async () => {
        const catalog = tempCatalog();
        onTestFinished(() => {
          catalog.db.close();
          rmSync(catalog.dir, { recursive: true, force: true });
        });
        const rt = createProviderRuntime(testConfig({ ...simulatedProviders(sim), ...FAULT_MIX_ENV, ...facts.settings }), {
          now: () => NOW,
          http: FAULT_MIX_BACKOFF,
        });
        sim.setFaults(SELLER_FAULTS);
        const before = sim.stats();
        const [run] = await runIngest(catalog.db, rt, { provider: name, trigger: "cli" }).finally(() => sim.setFaults({}));
        const http = rt.http.stats();
        await rt.close();
        const after = sim.stats();
        const faults = (k: keyof typeof after.faults) => after.faults[k] - before.faults[k];
        // Every Nth request faults (the first kind that applies wins its turn): at least half of each kind's share came.
        const served = after.requests - before.requests;
        const every = SELLER_FAULTS.every!;
        const periods = {
          burst500: every.status500!,
          rate429: every.rate429!,
          challenge: every.challenge!,
          html: every.html!,
          slow: every.slow!,
          truncate: every.truncate!,
        };
        for (const [k, n] of Object.entries(periods)) {
          expect(faults(k as keyof typeof periods), k).toBeGreaterThanOrEqual(Math.max(served >= n ? 1 : 0, Math.floor(served / n / 2)));
        }
        expect(run).toMatchObject({ status: "succeeded", added: crawled.length, failures: 0, errors: 0, error: null });
        const stored = [...crawled].sort((a, b) => a.record.contentId.localeCompare(b.record.contentId));
        expect(stored.map((r) => findByContentId(catalog.db, name, r.record.contentId)?.record)).toEqual(stored.map((r) => r.record));
        expect([run.requests, run.retries]).toEqual([http.requests, http.retries]);
        expect(run.requests).toBe(served);
        for (const route of facts.neverAsked ?? []) expect(after.byRoute[route] ?? 0, route).toBe(before.byRoute[route] ?? 0);
        expect(run.retries).toBeGreaterThanOrEqual(faults("burst500") + faults("rate429") + faults("challenge") + faults("html"));
      }, 180_000);
    });
  });
}
