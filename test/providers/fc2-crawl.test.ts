/**
 * fc2Provider over the simulated FC2 market (tools/simulator/sites/fc2.ts): lookups of
 * listed and delisted articles, the search, the crawl back FC2_CRAWL_DAYS days (or the whole
 * listing), cursors, and earlier failures asked again. The faults that must never read as
 * "no match": fc2-contract.test.ts.
 */
import { afterEach, describe, expect, it } from "vitest";
import { fc2Provider as provider } from "../../src/providers/fc2/index.js";
import { SEARCH_TITLES } from "../../src/providers/site-source.js";
import type { ProviderContext } from "../../src/providers/types.js";
import { siteTitles } from "../../tools/simulator/site-titles.js";
import { FC2_PAGE_SIZE, fc2Articles } from "../../tools/simulator/sites/fc2.js";
import { client, closeAll, codeOf, context, simulator } from "../tools/simulator/helpers.js";
import { expectedRecord } from "./fc2-expected.js";
import { crawlPages } from "./source-helpers.js";

afterEach(() => closeAll());

describe("fc2Provider over the simulated market", () => {
  const SEED = 1;
  async function market(titles = 120) {
    const sim = await simulator({ siteTitles: titles, seed: SEED });
    const baseUrl = sim.baseUrlOf("fc2");
    const articles = fc2Articles(siteTitles(titles, SEED, "fc2"), SEED);
    return { sim, baseUrl, articles, ctx: (settings: Record<string, string> = {}) => context(baseUrl, client(), settings) };
  }
  const routes = (sim: Awaited<ReturnType<typeof simulator>>) => {
    const r = sim.stats().byRoute;
    return { article: r["fc2.article"] ?? 0, description: r["fc2.description"] ?? 0, list: r["fc2.list"] ?? 0, search: r["fc2.search"] ?? 0 };
  };

  const crawlAll = (since: string | undefined, ctx: ProviderContext) => crawlPages(provider, ctx, { since });

  it("finds every listed article by its code, and answers no_match for a delisted one", async () => {
    const { sim, baseUrl, articles, ctx } = await market();
    const kept = articles.filter((a) => !a.delisted);
    for (const a of [kept[0], kept[kept.length - 1]])
      expect(await provider.lookup(codeOf(`FC2-PPV-${a.id}`), ctx())).toEqual({ status: "found", record: expectedRecord(a, baseUrl, true) });
    const gone = articles.find((a) => a.delisted)!;
    expect(await provider.lookup(codeOf(`FC2-PPV-${gone.id}`), ctx())).toEqual({ status: "no_match" });
    expect(routes(sim)).toEqual({ article: 3, description: 2, list: 0, search: 0 });
  });

  it("searches by number and by words", async () => {
    const { baseUrl, articles, ctx } = await market();
    const a = articles.find((x) => !x.delisted)!;
    expect(await provider.search!(a.id, 1, "relevance", ctx())).toEqual([expectedRecord(a, baseUrl)]);
    const words = a.title.titleJa.slice(0, 3);
    const found = await provider.search!(words, 1, "relevance", ctx());
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThanOrEqual(SEARCH_TITLES);
    expect(found.every((r) => r.record.titleJa.includes(words))).toBe(true);
  });

  it("crawls back FC2_CRAWL_DAYS days: the pages down to the first reaching older titles, every fetched title kept", async () => {
    const { sim, baseUrl, articles, ctx } = await market(200);
    const listed = articles.filter((a) => !a.delisted);
    // NOW is 2026-11-10 (JST noon): 30 days back is 2026-10-11.
    const pages = await crawlAll(undefined, ctx());
    const last = Math.floor(listed.findIndex((a) => a.title.day < "2026-10-11") / FC2_PAGE_SIZE);
    expect(pages.length).toBe(last + 1);
    expect(pages.flatMap((p) => p.records)).toEqual(listed.slice(0, (last + 1) * FC2_PAGE_SIZE).map((a) => expectedRecord(a, baseUrl, true)));
    expect(routes(sim)).toMatchObject({ list: last + 1, article: (last + 1) * FC2_PAGE_SIZE, description: (last + 1) * FC2_PAGE_SIZE });
    // A later `since` wins; no limit reads the whole listing.
    expect((await crawlAll("2026-10-25", ctx())).flatMap((p) => p.records).length).toBe(FC2_PAGE_SIZE);
    expect((await crawlAll(undefined, ctx({ FC2_CRAWL_DAYS: "0", FC2_DESCRIPTION: "off" }))).flatMap((p) => p.records)).toHaveLength(listed.length);
  });

  it("resumes from a cursor, refuses a broken one, and fetches listed ids again as one page", async () => {
    const { baseUrl, articles, ctx } = await market();
    const listed = articles.filter((a) => !a.delisted);
    const all = { FC2_CRAWL_DAYS: "0" };
    const second = await provider.crawl('{"page":2}', {}, ctx(all));
    expect(second.records.map((r) => r.record.contentId)).toEqual(listed.slice(FC2_PAGE_SIZE, 2 * FC2_PAGE_SIZE).map((a) => a.id));
    expect(await provider.crawl('{"page":99}', {}, ctx(all))).toEqual({ records: [], skipped: [], failed: [], nextCursor: null, requests: 1 });
    for (const bad of ["x", "2", '{"page":0}', "null"]) await expect(provider.crawl(bad, {}, ctx())).rejects.toThrow(RangeError);
    const gone = articles.find((a) => a.delisted)!;
    const page = await provider.crawlEntries!([listed[3].id, `FC2-PPV-${listed[9].id}`, gone.id, "a/b", ""], ctx());
    expect(page.records).toEqual([expectedRecord(listed[3], baseUrl, true), expectedRecord(listed[9], baseUrl, true)]);
    expect(page.skipped).toEqual([
      { id: gone.id, reason: "no such article (removed)" },
      { id: "a/b", reason: "not an FC2 article id" },
    ]);
  });
});
