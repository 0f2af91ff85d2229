/**
 * The live fallback and the sellers of a code (codes/sellers.ts), with providers made in the
 * test: a code is asked of its sellers' providers only; of one seller, the first provider
 * that has it answers, even when one before it failed; a code of several sellers is found
 * only when exactly one holds it and none failed to say; an amateur line's code is asked of the
 * shop that sells it (MGStage) first.
 */
import { afterEach, describe, expect, it } from "vitest";
import { firstShopOf, parseCode, type Seller } from "../../../src/codes/index.js";
import type { HttpClient } from "../../../src/net/index.js";
import { UpstreamError } from "../../../src/net/index.js";
import type { ProviderSetup } from "../../../src/providers/registry.js";
import type { ProviderRuntime } from "../../../src/providers/runtime.js";
import type { LookupResult, Provider } from "../../../src/providers/types.js";
import { LiveFallback } from "../../../src/services/live/live-fallback.js";
import { makeIngest, tempCatalog } from "../../helpers/build-app.js";

type Answer = "found" | "none" | "fail";

function fake(name: string, sellers: Seller[], answers: Record<string, Answer>, asked: string[]): Provider {
  return {
    name,
    source: name,
    sellers,
    metaTubeName: name,
    defaultBaseUrl: "http://127.0.0.1:9",
    defaultRate: 0,
    settings: [],
    async crawl() {
      return { records: [], skipped: [], nextCursor: null };
    },
    async lookup(code): Promise<LookupResult> {
      asked.push(`${name} ${code.dvdId}`);
      const a = answers[code.dvdId] ?? "none";
      if (a === "fail") throw new UpstreamError(`HTTP 503: ${name}`, { kind: "http_status", url: name, retryable: true, httpStatus: 503 });
      if (a === "none") return { status: "no_match" };
      return {
        status: "found",
        record: makeIngest(
          { contentId: `${name}-${code.dvdId}`.replace(/[^a-z0-9_]/gi, "_").toLowerCase(), dvdId: code.dvdId },
          { provider: name, censored: false },
        ),
      };
    },
  };
}

function runtimeOf(providers: Provider[]): ProviderRuntime {
  const setups: ProviderSetup[] = providers.map((provider) => ({
    provider,
    enabled: true,
    baseUrl: provider.defaultBaseUrl,
    rate: 0,
    settings: {},
    unusable: null,
  }));
  const http = { stats: () => ({ requests: 0, retries: 0, failures: 0 }) } as unknown as HttpClient;
  return {
    http,
    setups,
    get: (n) => setups.find((s) => s.provider.name === n),
    contextFor: (s) => ({ http, baseUrl: s.baseUrl, settings: {}, now: () => new Date() }),
    close: async () => {},
  };
}

const closers: (() => void)[] = [];
afterEach(() => {
  for (const c of closers.splice(0)) c();
});

function live(providers: Provider[]) {
  const { db } = tempCatalog();
  closers.push(() => db.close());
  return new LiveFallback(db, runtimeOf(providers), { timeoutMs: 2000, negativeTtlMs: 0 });
}

const code = (s: string) => parseCode(s)!;

describe("live lookups by a code's sellers", () => {
  it("asks a code of its sellers' providers alone", async () => {
    const asked: string[] = [];
    const l = live([fake("dmm1", ["dmm"], {}, asked), fake("heyzo", ["heyzo"], { "HEYZO-0841": "found" }, asked), fake("p1", ["1pondo"], {}, asked)]);
    expect(await l.lookup(code("HEYZO-0841"), null)).toMatchObject({ status: "found", provider: "heyzo" });
    expect(await l.lookup(code("ABP-123"), null)).toEqual({ status: "no_match" });
    expect(asked).toEqual(["heyzo HEYZO-0841", "dmm1 ABP-123"]);
  });

  it("of one seller, answers with the provider that has it after one that failed", async () => {
    const asked: string[] = [];
    const l = live([fake("r18", ["dmm"], { "ABP-123": "fail" }, asked), fake("fz", ["dmm"], { "ABP-123": "found" }, asked)]);
    expect(await l.lookup(code("ABP-123"), null)).toMatchObject({ status: "found", provider: "fz" });
  });

  it("a code of several sellers: found when one alone holds it, ambiguous when two do, failed when one holds it and another could not say", async () => {
    const asked: string[] = [];
    const sites = (answers: Record<string, Record<string, Answer>>) =>
      live(["1pondo", "caribbeancompr", "pacopacomama", "muramura"].map((s) => fake(s, [s as Seller], answers[s] ?? {}, asked)));
    const c = code("042922_001");
    expect(c.kind).toBe("dated");

    const one = await sites({ caribbeancompr: { "042922_001": "found" } }).lookup(c, null);
    expect(one).toMatchObject({ status: "found", provider: "caribbeancompr" });
    expect(asked.sort()).toEqual(["1pondo 042922_001", "caribbeancompr 042922_001", "muramura 042922_001", "pacopacomama 042922_001"]);

    const two = await sites({ "1pondo": { "042922_001": "found" }, caribbeancompr: { "042922_001": "found" } }).lookup(c, null);
    expect(two.status).toBe("ambiguous");
    expect(two.status === "ambiguous" && two.found.map((f) => f.provider)).toEqual(["1pondo", "caribbeancompr"]);

    const unsure = await sites({ "1pondo": { "042922_001": "found" }, muramura: { "042922_001": "fail" } }).lookup(c, null);
    expect(unsure).toMatchObject({ status: "failed", errors: [{ provider: "muramura" }] });

    // The name says 1pondo: 1pondo alone is asked, and answers.
    asked.length = 0;
    const named = await sites({ "1pondo": { "042922_001": "found" }, caribbeancompr: { "042922_001": "found" } }).lookup(code("1pondo_042922_001"), null);
    expect(named).toMatchObject({ status: "found", provider: "1pondo" });
    expect(asked).toEqual(["1pondo 042922_001"]);
  });

  it("providers= narrows a code of several sellers to the named ones", async () => {
    const asked: string[] = [];
    const l = live(["1pondo", "caribbeancompr"].map((s) => fake(s, [s as Seller], { "042922_001": "found" }, asked)));
    expect(await l.lookup(code("042922_001"), ["caribbeancompr"])).toMatchObject({ status: "found", provider: "caribbeancompr" });
    expect(asked).toEqual(["caribbeancompr 042922_001"]);
  });
});

describe("an amateur line is asked of the shop that sells it first", () => {
  // DMM's providers first, MGStage last, as PROVIDER_ORDER and the registry rank them.
  const shops = (answers: Record<string, Answer>, asked: string[]) =>
    live([fake("r18dev", ["dmm"], answers, asked), fake("fanza", ["dmm"], answers, asked), fake("mgstage", ["dmm"], answers, asked)]);

  it("the codes room knows the lines: MGStage's for the amateur ones, none for the labels' codes", () => {
    for (const c of ["SIRO-4550", "259LUXU-1234", "LUXU-1234", "300MIUM-123", "200GANA-2000", "390JAC-100"]) expect(firstShopOf(code(c)), c).toBe("mgstage");
    for (const c of ["ABP-123", "SSIS-001", "HEYZO-1234", "FC2-PPV-1234567", "042922_001"]) expect(firstShopOf(code(c)), c).toBeNull();
  });

  it("SIRO-, 259LUXU-, 300MIUM-: MGStage first, and DMM's providers not asked when it has the title", async () => {
    const asked: string[] = [];
    const l = shops({ "SIRO-4550": "found", "259LUXU-1234": "found", "300MIUM-123": "found" }, asked);
    for (const c of ["SIRO-4550", "LUXU-1234", "300MIUM-123"]) expect(await l.lookup(code(c), null), c).toMatchObject({ status: "found", provider: "mgstage" });
    expect(asked).toEqual(["mgstage SIRO-4550", "mgstage 259LUXU-1234", "mgstage 300MIUM-123"]);
  });

  it("then DMM's providers, in their order, when MGStage has no such title", async () => {
    const asked: string[] = [];
    expect(await shops({}, asked).lookup(code("SIRO-4550"), null)).toEqual({ status: "no_match" });
    expect(asked).toEqual(["mgstage SIRO-4550", "r18dev SIRO-4550", "fanza SIRO-4550"]);
  });

  it("a label's code keeps the order (DMM's first), and a request's providers= order is kept as asked", async () => {
    const asked: string[] = [];
    const l = shops({}, asked);
    await l.lookup(code("ABP-123"), null);
    await l.lookup(code("SIRO-4551"), ["fanza", "mgstage"]);
    expect(asked).toEqual(["r18dev ABP-123", "fanza ABP-123", "mgstage ABP-123", "fanza SIRO-4551", "mgstage SIRO-4551"]);
  });
});
