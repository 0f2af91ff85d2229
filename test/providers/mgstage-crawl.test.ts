/**
 * MGStage's crawl against the simulated site, a month at a time: the site's list stops short of
 * its end (as the real listing without words does), so walking the listing cannot reach every
 * title and walking the months can; `since`, the cursor of a month and page, the oldest month.
 * The whole crawl through the ingest (killed and resumed): mgstage-ingest.test.ts.
 */
import { afterEach, describe, expect, it } from "vitest";
import { mgstageProvider as provider } from "../../src/providers/mgstage/index.js";
import { providerSetups } from "../../src/providers/registry.js";
import { parseProductList } from "../../src/providers/mgstage/parse-list.js";
import type { ProviderContext } from "../../src/providers/types.js";
import { siteTitles } from "../../tools/simulator/site-titles.js";
import { MGSTAGE_LIST_LIMIT, mgstageProducts } from "../../tools/simulator/sites/mgstage.js";
import { testConfig } from "../helpers/build-app.js";
import { client, closeAll, context, simulator } from "../tools/simulator/helpers.js";
import { expectedRecord } from "./mgstage-expected.js";
import { crawlPages } from "./source-helpers.js";

afterEach(async () => {
  await closeAll();
});

const SEED = 1;
/** The months the simulated titles fall in go back from 2026-10; the helpers' clock is 2026-11-10. */
const FIRST = { MGSTAGE_FIRST_MONTH: "2026-01" };

async function site(titles: number, settings: Record<string, string> = FIRST, faults = {}) {
  const sim = await simulator({ siteTitles: titles, seed: SEED, faults });
  const baseUrl = sim.baseUrlOf("mgstage");
  const products = mgstageProducts(siteTitles(titles, SEED, "mgstage"), SEED);
  return { sim, baseUrl, ctx: context(baseUrl, client(), settings), products };
}

const routes = (sim: Awaited<ReturnType<typeof simulator>>) => {
  const r = sim.stats().byRoute;
  return { product: r["mgstage.product"] ?? 0, list: r["mgstage.list"] ?? 0, agecheck: r["mgstage.agecheck"] ?? 0 };
};

const crawlAll = (cursor: string | null, since: string | undefined, ctx: ProviderContext) => crawlPages(provider, ctx, { since }, cursor);

const cursor = (month: string, page = 1) => JSON.stringify({ month, page });
/** The months from `newest` back to `oldest`, YYYY-MM. */
const monthsFrom = (newest: string, oldest: string): string[] => {
  const index = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7)) - 1;
  const out: string[] = [];
  for (let i = index(newest); i >= index(oldest); i--) out.push(`${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, "0")}`);
  return out;
};

describe("mgstageProvider.crawl, a month at a time", () => {
  it("reaches every title where the site's list stops short: walking the listing reaches fewer", async () => {
    const { sim, baseUrl, ctx, products } = await site(200);
    // The old crawl's walk: the listing without words, newest first, until a page lists nothing.
    const listed = new Set<string>();
    for (let page = 1; page < 20; page++) {
      const res = await fetch(`${baseUrl}/search/cSearch.php?search_word=&sort=new&list_cnt=30&type=top&page=${page}`, { headers: { cookie: "adc=1" } });
      const list = parseProductList(await res.text());
      if (list.items.length === 0) break;
      for (const x of list.items) listed.add(x.id);
    }
    const pages = await crawlAll(null, undefined, ctx);
    const crawled = pages.flatMap((p) => p.records.map((r) => r.record.contentId));
    console.log(`mgstage simulated: ${products.length} titles; the listing walk reaches ${listed.size}, the month crawl ${new Set(crawled).size}`);
    expect(listed.size).toBe(MGSTAGE_LIST_LIMIT);
    expect(crawled).toEqual(products.map((p) => p.id.toLowerCase()));
    expect(routes(sim).product).toBe(200);
  });

  it("walks the months newest first back to MGSTAGE_FIRST_MONTH, a list page a crawl page, each title once", async () => {
    const { sim, baseUrl, ctx, products } = await site(130);
    const pages = await crawlAll(null, undefined, ctx);
    const months = monthsFrom("2026-11", "2026-01");
    expect(pages.map((p) => p.nextCursor)).toEqual([...months.slice(1).map((m) => cursor(m)), null]);
    expect(pages.flatMap((p) => p.records)).toEqual(products.map((p) => expectedRecord(p, baseUrl)));
    expect(pages.flatMap((p) => [...p.skipped, ...(p.failed ?? [])])).toEqual([]);
    // Each month: its list page, then each of its titles.
    const perMonth = months.map((m) => products.filter((p) => p.title.day.startsWith(m)).length);
    expect(pages.map((p) => p.requests)).toEqual(perMonth.map((n) => n + 1));
    expect(routes(sim)).toEqual({ product: 130, list: months.length, agecheck: 0 });
  });

  it("goes down to `since` from that day of its month, and no further", async () => {
    const { ctx, products } = await site(130);
    const since = products[45].title.day;
    const pages = await crawlAll(null, since, ctx);
    expect(pages.flatMap((p) => p.records.map((r) => r.record.contentId))).toEqual(products.filter((p) => p.title.day >= since).map((p) => p.id.toLowerCase()));
    expect(pages).toHaveLength(monthsFrom("2026-11", since.slice(0, 7)).length);
    // A `since` before the oldest month stops at that month; one after today asks nothing.
    expect((await crawlAll(null, "2000-01-01", ctx)).flatMap((p) => p.records)).toHaveLength(130);
    expect(await provider.crawl(null, { since: "2027-01-01" }, ctx)).toEqual({ records: [], skipped: [], failed: [], nextCursor: null, requests: 0 });
    await expect(provider.crawl(null, { since: "2026-13" }, ctx)).rejects.toThrow(RangeError);
  });

  it("resumes at the month and page a cursor names, and ends at the oldest month (2013-01 unless set)", async () => {
    const { ctx, products } = await site(130);
    const october = products.filter((p) => p.title.day.startsWith("2026-10")).map((p) => p.id.toLowerCase());
    const page = await provider.crawl(cursor("2026-10"), {}, ctx);
    expect([page.records.map((r) => r.record.contentId), page.nextCursor]).toEqual([october, cursor("2026-09")]);
    // Past a month's last page: nothing listed, on to the month before.
    expect(await provider.crawl(cursor("2026-10", 2), {}, ctx)).toMatchObject({ records: [], nextCursor: cursor("2026-09"), requests: 1 });
    expect((await provider.crawl(cursor("2026-01"), {}, ctx)).nextCursor).toBeNull();
    const byDefault = context(ctx.baseUrl, ctx.http);
    expect((await provider.crawl(cursor("2013-02"), {}, byDefault)).nextCursor).toBe(cursor("2013-01"));
    expect((await provider.crawl(cursor("2013-01"), {}, byDefault)).nextCursor).toBeNull();
    expect((await provider.crawl(cursor("2012-12"), {}, byDefault)).nextCursor).toBeNull();
  });

  it("reads MGSTAGE_FIRST_MONTH as a month, and refuses one that is none", () => {
    const setting = (env: Record<string, string>) => providerSetups(testConfig(env)).find((s) => s.provider.name === "mgstage")!.settings.MGSTAGE_FIRST_MONTH;
    expect([setting({}), setting({ MGSTAGE_FIRST_MONTH: " 2010-04 " })]).toEqual(["2013-01", "2010-04"]);
    for (const bad of ["2013-13", "2013-1", "201301", "1999-12", "2013.01"])
      expect(() => setting({ MGSTAGE_FIRST_MONTH: bad }), bad).toThrow(/MGSTAGE_FIRST_MONTH/);
  });

  it("starts at the newest month from a cursor of the listing it walked before; refuses a broken cursor", async () => {
    const { ctx } = await site(40);
    expect((await provider.crawl('{"page":3}', {}, ctx)).nextCursor).toBe(cursor("2026-10"));
    for (const bad of [
      "x",
      "2",
      "null",
      '{"page":0}',
      '{"page":1.5}',
      '{"pages":2}',
      '{"month":"2026-13","page":1}',
      '{"month":"2026-10"}',
      '{"month":"2026-10","page":0}',
    ]) {
      await expect(provider.crawl(bad, {}, ctx)).rejects.toThrow(RangeError);
    }
  });

  it("lists a title that fails after its retries as failed, keeping the page's others", async () => {
    const { sim, ctx } = await site(40);
    const first = await provider.crawl(cursor("2026-10"), {}, ctx);
    const listRequest = sim.stats().requests + 1;
    let k = 3;
    while (listRequest % k === 0) k++;
    sim.setFaults({ every: { html: k } });
    const page = await provider.crawl(cursor("2026-10"), {}, context(sim.baseUrlOf("mgstage"), client({ maxRetries: 0 }), FIRST));
    expect(page.failed!.length).toBeGreaterThan(0);
    expect(page.failed!.every((f) => f.kind === "not_page")).toBe(true);
    expect(page.records.length + page.failed!.length).toBe(first.records.length);
    expect(page.nextCursor).toBe(first.nextCursor);
  });
});
