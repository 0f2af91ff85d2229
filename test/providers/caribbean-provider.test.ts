import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { IngestRecord } from "../../src/model/record.js";
import { caribbeancomProvider } from "../../src/providers/caribbeancom/index.js";
import { caribbeancomprProvider } from "../../src/providers/caribbeancompr/index.js";
import type { Provider, ProviderContext } from "../../src/providers/types.js";
import type { Simulator } from "../../tools/simulator/index.js";
import { siteTitles } from "../../tools/simulator/site-titles.js";
import { CARIBBEAN_LISTING_SIZE, caribbeanId } from "../../tools/simulator/sites/caribbean.js";
import { client, closeAll, codeOf, context, simulator } from "../tools/simulator/helpers.js";
import { crawlPages } from "./source-helpers.js";

const TITLES = 95;
const SEED = 4;
const code = codeOf;

let sim: Simulator;
beforeAll(async () => {
  sim = await simulator({ siteTitles: TITLES, seed: SEED });
});
afterEach(() => sim.setFaults({}));
afterAll(() => closeAll());

const SITES = [
  {
    provider: caribbeancomProvider,
    sep: "-" as const,
    metaTubeName: "Caribbeancom",
    base: "https://www.caribbeancom.com",
    shapes: (id: string) => [id, `Carib ${id}`],
  },
  {
    provider: caribbeancomprProvider,
    sep: "_" as const,
    metaTubeName: "CaribbeancomPR",
    base: "https://www.caribbeancompr.com",
    shapes: (id: string) => [id, `caribbeancompr ${id}`, `caribpr-${id.replace("_", "-")}`],
  },
];

/** Every page of a crawl from `cursor`, in order. */
const crawlAll = (p: Provider, ctx: ProviderContext, since?: string, cursor: string | null = null) => crawlPages(p, ctx, { since }, cursor, 50);

const ids = (records: IngestRecord[]) => records.map((r) => r.record.contentId);

describe.each(SITES)("$provider.name", ({ provider, sep, metaTubeName, base, shapes }) => {
  const titles = siteTitles(TITLES, SEED, provider.name);
  const all = titles.map((t) => caribbeanId(t, sep));
  const ctx = () => context(sim.baseUrlOf(provider.name), client());
  const routes = () => sim.stats().byRoute;

  it("finds a title by every code shape the reader gives it", async () => {
    for (const shape of shapes(all[3])) {
      const c = code(shape);
      expect(c.dvdId).toBe(all[3]);
      const result = await provider.lookup(c, ctx());
      expect(result.status).toBe("found");
      if (result.status !== "found") continue;
      expect(result.record.record.contentId).toBe(all[3]);
      expect(result.record.record.titleJa).toBe(titles[3].titleJa);
      expect(result.record.pageUrl).toBe(`${sim.baseUrlOf(provider.name)}/moviepages/${all[3]}/index.html`);
    }
    expect((await provider.lookupById!(all[5], ctx())).status).toBe("found");
  });

  it("answers no_match for an id the site does not have (its 404)", async () => {
    const before = routes()[`${provider.name}.title`] ?? 0;
    expect(await provider.lookup(code(`010199${sep}999`), ctx())).toEqual({ status: "no_match" });
    expect(await provider.lookupById!(`010199${sep}998`, ctx())).toEqual({ status: "no_match" });
    expect(routes()[`${provider.name}.title`]).toBe(before + 2);
  });

  it("crawls the whole listing, newest first, one listing page per crawl page", async () => {
    const before = { ...routes() };
    const pages = await crawlAll(provider, ctx());
    expect(pages).toHaveLength(Math.ceil(TITLES / CARIBBEAN_LISTING_SIZE));
    const records = pages.flatMap((p) => p.records);
    expect(ids(records)).toEqual(all);
    expect(pages.every((p) => p.skipped.length === 0 && p.failed!.length === 0)).toBe(true);
    expect(pages.reduce((n, p) => n + p.requests!, 0)).toBe(TITLES + pages.length);
    expect(routes()[`${provider.name}.listing`] - (before[`${provider.name}.listing`] ?? 0)).toBe(pages.length);
    expect(records.map((r) => r.record.releaseDate)).toEqual([...records.map((r) => r.record.releaseDate)].sort().reverse());
  });

  it("resumes from a page's cursor with the pages that follow it", async () => {
    const first = await provider.crawl(null, {}, ctx());
    const rest = await crawlAll(provider, ctx(), undefined, first.nextCursor);
    expect(ids([...first.records, ...rest.flatMap((p) => p.records)])).toEqual(all);
    // The next page, with the ids of this one (a page that repeats them ends the listing).
    expect(JSON.parse(first.nextCursor!)).toEqual({ page: 2, seen: all.slice(0, CARIBBEAN_LISTING_SIZE) });
  });

  it("stops where the listing reaches titles released before `since`", async () => {
    const since = titles[40].day;
    const pages = await crawlAll(provider, ctx(), since);
    const want = titles.filter((t) => t.day >= since).map((t) => caribbeanId(t, sep));
    expect(ids(pages.flatMap((p) => p.records))).toEqual(want);
    expect(pages).toHaveLength(Math.ceil((want.length + 1) / CARIBBEAN_LISTING_SIZE));
    expect(pages.at(-1)!.nextCursor).toBeNull();
  });

  it("refuses a bad cursor and a bad since", async () => {
    for (const bad of [
      "{",
      "3",
      '{"page":2}',
      '{"page":0,"seen":[]}',
      '{"page":1.5,"seen":[]}',
      '{"page":2,"seen":[1]}',
      '{"page":2,"seen":[],"x":1}',
      "null",
    ]) {
      await expect(provider.crawl(bad, {}, ctx())).rejects.toBeInstanceOf(RangeError);
    }
    await expect(provider.crawl(null, { since: "2026/01/01" }, ctx())).rejects.toBeInstanceOf(RangeError);
  });

  it("crawlEntries: those titles again as one page, unknown and malformed ids skipped", async () => {
    const other = sep === "-" ? "010120_001" : "010120-001";
    const page = await provider.crawlEntries!([all[7], ` ${all[2]} `, "", `010199${sep}999`, other], ctx());
    expect(ids(page.records)).toEqual([all[7], all[2]]);
    expect(page.skipped).toEqual([
      { id: `010199${sep}999`, reason: "no match" },
      { id: other, reason: expect.stringMatching(/^not a Caribbeancom.* id$/) },
    ]);
    expect(page.nextCursor).toBeNull();
    expect(page.requests).toBe(3);
  });
});
