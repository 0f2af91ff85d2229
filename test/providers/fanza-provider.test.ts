import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { SAMPLES } from "../helpers/sample-server.js";
import { afterEach, describe, expect, it } from "vitest";
import type { IngestRecord } from "../../src/model/record.js";
import { generateSampleRecords } from "../../src/samples/titles/generate.js";
import { dvdIdToContentIdGuess, parseCode, type ParsedCode } from "../../src/codes/index.js";
import { UpstreamError } from "../../src/net/index.js";
import { fanzaProvider } from "../../src/providers/fanza/index.js";
import { FanzaApiError, parseFanzaItem, parseFanzaItemList } from "../../src/providers/fanza/parse.js";
import type { CrawlOptions, CrawlPage, ProviderContext } from "../../src/providers/types.js";
import { validateIngestRecord } from "../../src/model/validate.js";
import { compareDate, generateCatalog, type SimCatalog } from "../../tools/simulator/catalog.js";
import { renderFanzaEnvelope, renderFanzaItem } from "../../tools/simulator/render-fanza.js";
import { sendJson, startServer, type Handler } from "../net/test-server.js";
import { client, closeAll, context, simulator } from "../tools/simulator/helpers.js";

const search = fanzaProvider.search!;
const SAMPLE = path.resolve(SAMPLES, "fanza-api/itemlist-digital-videoa-mide00799.json");

const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
  await closeAll();
});

async function server(handler: Handler) {
  const s = await startServer(handler);
  servers.push(s);
  return s;
}

const canon = (dvdId: string): string => parseCode(dvdId)?.dvdId ?? dvdId;
const code = (dvdId: string): ParsedCode => {
  const parsed = parseCode(dvdId);
  if (parsed === null) throw new Error(`not a code: ${dvdId}`);
  return parsed;
};
const day = (r: IngestRecord): string => r.record.releaseDate.slice(0, 10);

async function failure(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => {
      throw new Error("expected a failure");
    },
    (e: unknown) => e,
  );
}

describe("renderFanzaItem", () => {
  const records = [...generateSampleRecords({ count: 500, seed: 11 })];

  it("has the keys of a real ItemList item and envelope, in their order", () => {
    if (!existsSync(SAMPLE)) throw new Error(`provider sample missing: ${SAMPLE}`);
    const real = JSON.parse(readFileSync(SAMPLE, "utf8"));
    const realItem = real.result.items[0];
    const full = records.find(
      (r) =>
        r.ratingCount !== null &&
        r.record.series !== null &&
        r.record.actresses.length > 0 &&
        r.record.directors.length > 0 &&
        r.record.extra.galleryFull.length > 0 &&
        r.record.extra.sampleUrl !== null,
    )!;
    const item = renderFanzaItem(full) as Record<string, Record<string, unknown>>;
    expect(Object.keys(item)).toEqual(Object.keys(realItem).filter((k) => k !== "campaign"));
    for (const k of ["review", "imageURL", "sampleImageURL", "sampleMovieURL", "iteminfo"]) {
      expect(Object.keys(item[k]), k).toEqual(Object.keys(realItem[k]));
    }
    expect(Object.keys((item.iteminfo.actress as object[])[0])).toEqual(["id", "name", "ruby"]);
    expect(typeof item.volume).toBe("string");
    expect(item.review.average).toMatch(/^\d\.\d\d$/);
    expect(item.date).toMatch(/^\d{4}-\d{2}-\d{2} 10:00:00$/);

    const envelope = renderFanzaEnvelope({ parameters: { site: "FANZA" }, totalCount: 9, firstPosition: 1, items: [item] });
    expect(Object.keys(envelope)).toEqual(Object.keys(real));
    expect(Object.keys(envelope.result as object)).toEqual(Object.keys(real.result));
    expect(parseFanzaItemList(envelope)).toMatchObject({ totalCount: 9, firstPosition: 1, resultCount: 1, skipped: [] });
  });

  it("parses back to the same essential fields for 500 generated titles, in Japanese", () => {
    for (const r of records) {
      const parsed = parseFanzaItem(renderFanzaItem(r));
      expect(validateIngestRecord(parsed)).toEqual([]);
      const [a, b] = [parsed.record, r.record];
      const alt = r.altNames;
      expect(canon(a.dvdId), b.contentId).toBe(canon(b.dvdId));
      expect(a).toMatchObject({
        contentId: b.contentId,
        titleEn: "",
        titleJa: b.titleJa,
        releaseDate: b.releaseDate,
        runtimeMins: b.runtimeMins,
        jacketFullUrl: b.jacketFullUrl,
        jacketThumbUrl: b.jacketThumbUrl,
        makers: alt.maker,
        label: alt.label?.[0],
        series: alt.series?.[0] ?? null,
        categories: alt.genre,
        actresses: alt.actress ?? [],
        directors: alt.director ?? [],
        site: "FANZA",
        serviceCode: "digital",
      });
      expect(a.extra.galleryFull).toEqual(b.extra.galleryFull);
      expect(a.extra.galleryThumb).toEqual(b.extra.galleryThumb);
      expect(a.extra.actressesRich.map((x) => x.name)).toEqual(alt.actress ?? []);
      expect(a.extra.sampleUrl === null).toBe(b.extra.sampleUrl === null);
      expect(parsed.ratingAvg).toBe(r.ratingAvg);
      expect(parsed.ratingCount).toBe(r.ratingCount);
      // Readings: one hiragana ruby per actress.
      expect(parsed.altNames.actress?.length ?? 0).toBe(b.actresses.length);
      for (const ruby of parsed.altNames.actress ?? []) expect(ruby).toMatch(/^[\u3041-\u3096ー]+$/);
    }
  });
});

describe("fanzaProvider.lookup over the simulator", () => {
  it("finds a title by its usual content id with one request", async () => {
    const sim = await simulator({ records: 2000 });
    const ctx = context(sim.url, client());
    const r = sim.catalog.records.find((x) => x.record.contentId === dvdIdToContentIdGuess(x.record.dvdId))!;
    const result = await fanzaProvider.lookup(code(r.record.dvdId), ctx);
    expect(result).toMatchObject({ status: "found", record: { provider: "fanza", record: { contentId: r.record.contentId } } });
    expect(sim.stats().byRoute["fanza.ItemList"]).toBe(1);
  });

  it("falls back to a keyword search when the content id carries maker digits", async () => {
    const sim = await simulator({ records: 2000 });
    const ctx = context(sim.url, client());
    const picks = sim.catalog.records.filter((x) => x.record.contentId !== dvdIdToContentIdGuess(x.record.dvdId)).slice(0, 10);
    expect(picks.length).toBe(10);
    for (const r of picks) {
      const result = await fanzaProvider.lookup(code(r.record.dvdId), ctx);
      expect(result.status, r.record.dvdId).toBe("found");
      if (result.status === "found") expect(result.record.record.contentId).toBe(r.record.contentId);
    }
    expect(sim.stats().byRoute["fanza.ItemList"]).toBe(20);
  });

  it("never answers with another title than the one asked for", async () => {
    const [asked, other, third] = [...generateSampleRecords({ count: 3, seed: 5 })];
    const s = await server((_req, res) =>
      sendJson(res, 200, renderFanzaEnvelope({ parameters: {}, totalCount: 2, firstPosition: 1, items: [renderFanzaItem(other), renderFanzaItem(third)] })),
    );
    expect(await fanzaProvider.lookup(code(asked.record.dvdId), context(s.url, client()))).toEqual({ status: "no_match" });
  });

  it("sends the credentials and the documented parameters", async () => {
    const seen: URL[] = [];
    const s = await server((req, res) => {
      seen.push(new URL(req.url ?? "/", "http://x"));
      sendJson(res, 200, renderFanzaEnvelope({ parameters: {}, totalCount: 0, firstPosition: 1, items: [] }));
    });
    await fanzaProvider.lookup(code("ABP-123"), context(s.url, client(), { FANZA_API_ID: "id1", FANZA_AFFILIATE_ID: "aff-991" }));
    expect(seen.map((u) => u.pathname)).toEqual(["/affiliate/v3/ItemList", "/affiliate/v3/ItemList"]);
    expect(Object.fromEntries(seen[0].searchParams)).toEqual({
      api_id: "id1",
      affiliate_id: "aff-991",
      site: "FANZA",
      service: "digital",
      floor: "videoa",
      output: "json",
      hits: "20",
      offset: "1",
      sort: "date",
      cid: "abp00123",
    });
    expect(seen[1].searchParams.get("keyword")).toBe("ABP-123");
    expect(seen[1].searchParams.get("sort")).toBe("match");
  });

  it("throws FanzaApiError on an API error envelope", async () => {
    const s = await server((_req, res) =>
      sendJson(res, 200, { request: { parameters: {} }, result: { status: "400", message: "BAD REQUEST", errors: [{ name: "api_id", message: "invalid" }] } }),
    );
    const err = await failure(fanzaProvider.lookup(code("ABP-123"), context(s.url, client())));
    expect(err).toBeInstanceOf(FanzaApiError);
    expect((err as FanzaApiError).retryable).toBe(false);
  });

  it("needs its credentials", async () => {
    const ctx: ProviderContext = { ...context("http://127.0.0.1:9", client()), settings: {} };
    await expect(fanzaProvider.lookup(code("ABP-123"), ctx)).rejects.toThrow(/FANZA_API_ID/);
  });
});

describe("fanzaProvider.search", () => {
  it("maps each sort to the API's and returns records in its order", async () => {
    const sim = await simulator({ records: 3000 });
    const ctx = context(sim.url, client());
    const cids = (rs: IngestRecord[]) => rs.map((r) => r.record.contentId);
    const all = sim.catalog.records;

    const release = await search("", 2, "release", ctx);
    expect(cids(release)).toEqual(cids([...all].sort(compareDate).slice(20, 40)));
    expect(cids(await search("", 2, "update", ctx))).toEqual(cids(release));

    const views = await search("", 1, "views", ctx);
    expect(cids(views)).toEqual(cids(sim.catalog.ordered("rank").slice(0, 20) as IngestRecord[]));
    expect(views.map((r) => r.popularity)).toEqual(views.map((_, i) => 1_000_000 - (i + 1)));

    const rating = await search("", 1, "rating", ctx);
    const avgs = rating.map((r) => r.ratingAvg ?? 0);
    expect(avgs).toEqual([...avgs].sort((a, b) => b - a));
    expect(rating.every((r) => r.popularity === null)).toBe(true);

    const wanted = all[123];
    const relevance = await search(wanted.record.dvdId, 1, "relevance", ctx);
    expect(relevance[0].record.contentId).toBe(wanted.record.contentId);
    expect(await search("xyzzy-nothing", 1, "relevance", ctx)).toEqual([]);
  });

  it("returns nothing past the API's offset cap, without asking", async () => {
    const sim = await simulator({ records: 100 });
    const ctx = context(sim.url, client());
    expect(await search("a", 2501, "release", ctx)).toEqual([]);
    expect(sim.stats().requests).toBe(0);
    expect(await search("a", 2500, "release", ctx)).toEqual([]);
    expect(sim.stats().requests).toBe(1);
    await expect(search("a", 0, "release", ctx)).rejects.toThrow(RangeError);
  });

  it("fails on an offset the API refuses (simulator cap below the provider's)", async () => {
    const sim = await simulator({ records: 100, maxOffset: 20 });
    const err = await failure(search("", 3, "release", context(sim.url, client())));
    expect(err).toBeInstanceOf(UpstreamError);
    expect((err as UpstreamError).httpStatus).toBe(400);
  });
});

describe("fanzaProvider.crawl by release-date windows", () => {
  const SINCE = "2025-06-01";
  // ~4 releases a day at the end: 30-day windows need more than one page of 100.
  let big: SimCatalog | undefined;
  const bigCatalog = (): SimCatalog => (big ??= generateCatalog(20_000, 1));

  async function crawlAll(ctx: ProviderContext, options: CrawlOptions): Promise<CrawlPage[]> {
    const pages: CrawlPage[] = [];
    let cursor: string | null = null;
    do {
      const page = await fanzaProvider.crawl(cursor, options, ctx);
      pages.push(page);
      cursor = page.nextCursor;
      if (pages.length > 2000) throw new Error("crawl does not end");
    } while (cursor !== null);
    return pages;
  }

  const ids = (pages: CrawlPage[]) => pages.flatMap((p) => p.records.map((r) => r.record.contentId));
  const expected = (records: readonly IngestRecord[], since: string) =>
    records
      .filter((r) => day(r) >= since)
      .map((r) => r.record.contentId)
      .sort();

  it("collects every title released since `since` exactly once, paging through full windows", async () => {
    const sim = await simulator({ catalog: bigCatalog() });
    const pages = await crawlAll(context(sim.url, client()), { since: SINCE });
    const got = ids(pages);
    expect(new Set(got).size).toBe(got.length);
    expect([...got].sort()).toEqual(expected(sim.catalog.records, SINCE));
    const cursors = pages.map((p) => (p.nextCursor === null ? null : JSON.parse(p.nextCursor)));
    expect(cursors[0]).toEqual({ end: "2026-11-03", days: 14, offset: 1 });
    expect(cursors.some((c) => c !== null && c.offset > 1)).toBe(true);
    expect(cursors.some((c) => c !== null && c.days === 30)).toBe(true);
    expect(pages.flatMap((p) => p.skipped)).toEqual([]);
    // Newest first, window after window.
    const days = pages.flatMap((p) => p.records.map(day));
    expect(days).toEqual([...days].sort().reverse());
  });

  it("halves windows that hold more than the offset cap and still collects everything once", async () => {
    const sim = await simulator({ catalog: bigCatalog(), maxOffset: 60 });
    const ctx = context(sim.url, client(), { FANZA_MAX_OFFSET: "60", FANZA_PAGE_SIZE: "20" });
    const pages = await crawlAll(ctx, { since: SINCE });
    const got = ids(pages);
    expect(new Set(got).size).toBe(got.length);
    expect([...got].sort()).toEqual(expected(sim.catalog.records, SINCE));
    expect(pages.some((p) => (p.requests ?? 0) > 1)).toBe(true);
    expect(pages.flatMap((p) => p.skipped)).toEqual([]);
  });

  it("crawls a single day over the cap as far as the API goes, and says what it left out", async () => {
    const since = "2026-09-01";
    const sim = await simulator({ catalog: bigCatalog(), maxOffset: 3 });
    const ctx = context(sim.url, client(), { FANZA_MAX_OFFSET: "3", FANZA_PAGE_SIZE: "2" });
    const pages = await crawlAll(ctx, { since });
    const got = ids(pages);
    expect(new Set(got).size).toBe(got.length);

    const perDay = new Map<string, number>();
    for (const r of sim.catalog.records) if (day(r) >= since) perDay.set(day(r), (perDay.get(day(r)) ?? 0) + 1);
    const reachable = [...perDay.values()].reduce((n, c) => n + Math.min(c, 4), 0);
    const left = [...perDay.values()].reduce((n, c) => n + Math.max(0, c - 4), 0);
    expect(left).toBeGreaterThan(0);
    expect(got.length).toBe(reachable);
    const notes = pages.flatMap((p) => p.skipped);
    expect(notes.every((n) => n.id === null && /pages only to offset 3/.test(n.reason))).toBe(true);
    expect(notes.reduce((n, x) => n + Number(/: (\d+) not crawled$/.exec(x.reason)![1]), 0)).toBe(left);
  });

  it("says what it left when the API gives an empty page where its total says more remain", async () => {
    // total_count 500, then nothing at offset 101: the window is left, and the run's notes say how much.
    const s = await server((req, res) => {
      const offset = Number(new URL(req.url ?? "", "http://x").searchParams.get("offset"));
      sendJson(res, 200, renderFanzaEnvelope({ parameters: {}, totalCount: 500, firstPosition: offset, items: [] }));
    });
    const cursor = JSON.stringify({ end: "2026-11-03", days: 7, offset: 101 });
    const page = await fanzaProvider.crawl(cursor, { since: "2026-01-01" }, context(s.url, client()));
    expect(page.records).toEqual([]);
    expect(page.skipped).toEqual([
      { id: null, reason: "2026-10-28..2026-11-03 holds 500 titles, but the page at offset 101 came back empty: 400 not crawled" },
    ]);
    expect(JSON.parse(page.nextCursor!)).toMatchObject({ end: "2026-10-27", offset: 1 });
  });

  it("gets the same records through 429s, 500 bursts and truncated bodies", async () => {
    const sim = await simulator({ catalog: bigCatalog() });
    const clean = ids(await crawlAll(context(sim.url, client()), { since: SINCE }));
    sim.setFaults({ rate429: 0.2, burst500: { every: 20, burst: 3 }, truncateShare: 0.05 });
    const faulty = ids(await crawlAll(context(sim.url, client({ maxRetries: 8 })), { since: SINCE }));
    expect(faulty).toEqual(clean);
    const { faults } = sim.stats();
    expect(faults.rate429).toBeGreaterThan(0);
    expect(faults.burst500).toBeGreaterThan(0);
    expect(faults.truncate).toBeGreaterThan(0);
  });

  it("starts today in Japan, ends at once when since is in the future, and rejects broken cursors", async () => {
    const seen: URL[] = [];
    const s = await server((req, res) => {
      seen.push(new URL(req.url ?? "/", "http://x"));
      sendJson(res, 200, renderFanzaEnvelope({ parameters: {}, totalCount: 0, firstPosition: 1, items: [] }));
    });
    // 2026-11-09T20:00Z is already the 10th in Japan.
    const ctx = { ...context(s.url, client()), now: () => new Date("2026-11-09T20:00:00Z") };
    const page = await fanzaProvider.crawl(null, {}, ctx);
    expect(seen[0].searchParams.get("gte_date")).toBe("2026-11-04T00:00:00");
    expect(seen[0].searchParams.get("lte_date")).toBe("2026-11-10T23:59:59");
    expect(seen[0].searchParams.get("hits")).toBe("100");
    expect(seen[0].searchParams.get("sort")).toBe("date");
    expect(JSON.parse(page.nextCursor!)).toEqual({ end: "2026-11-03", days: 14, offset: 1 });

    expect(await fanzaProvider.crawl(null, { since: "2027-01-01" }, ctx)).toEqual({ records: [], skipped: [], nextCursor: null, requests: 0 });
    const last = await fanzaProvider.crawl(JSON.stringify({ end: "2000-01-05", days: 30, offset: 1 }), {}, ctx);
    expect(last.nextCursor).toBeNull();
    expect(seen.at(-1)!.searchParams.get("gte_date")).toBe("2000-01-01T00:00:00");
    for (const bad of ["{", "{}", JSON.stringify({ end: "2026-02-30", days: 7, offset: 1 }), JSON.stringify({ end: "2026-01-01", days: 0, offset: 1 })]) {
      await expect(fanzaProvider.crawl(bad, {}, ctx)).rejects.toThrow(RangeError);
    }
  });
});
