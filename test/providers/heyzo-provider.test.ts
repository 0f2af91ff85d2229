/**
 * The HEYZO provider against the simulated site (tools/simulator/sites/heyzo.ts): its
 * setting, lookups of every code shape, the site's 404, the whole crawl, its cursor, `since`,
 * and crawlEntries. What every source does alike: heyzo-contract.test.ts.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { IngestRecord } from "../../src/model/record.js";
import { englishBaseUrl } from "../../src/providers/heyzo/fetch.js";
import { heyzoId, heyzoProvider as provider } from "../../src/providers/heyzo/index.js";
import type { Simulator } from "../../tools/simulator/index.js";
import { siteTitles } from "../../tools/simulator/site-titles.js";
import { HEYZO_LISTING_SIZE } from "../../tools/simulator/sites/heyzo.js";
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

const titles = siteTitles(TITLES, SEED, "heyzo");
/** The site's ids, newest first: the newest is the highest number. */
const all = titles.map((_, i) => String(TITLES - i).padStart(4, "0"));
const ctx = (settings: Record<string, string> = {}) => context(sim.baseUrlOf("heyzo"), client(), settings);
const routes = () => sim.stats().byRoute;
const count = (route: string) => routes()[route] ?? 0;
const ids = (records: IngestRecord[]) => records.map((r) => r.record.contentId);

const crawlAll = (since?: string, cursor: string | null = null) => crawlPages(provider, ctx(), { since }, cursor, 50);

describe("heyzo provider", () => {
  it("declares HEYZO_ENGLISH, on unless set", () => {
    expect(provider.settings.map((s) => [s.env, s.default])).toEqual([["HEYZO_ENGLISH", "on"]]);
  });

  it("reads the site's id from a code, a content id or a listing entry", () => {
    expect(["HEYZO-0841", "heyzo_hd_0841_full", "0841", "841", " 841 ", "heyzo-841"].map(heyzoId)).toEqual(Array(6).fill("0841"));
    expect(["ABP-123", "", "n1234", "010120_001"].map(heyzoId)).toEqual([null, null, null, null]);
  });

  it("finds the English pages beside the real site, and under /en of any other base URL", () => {
    expect(englishBaseUrl("https://www.heyzo.com")).toBe("https://en.heyzo.com");
    expect(englishBaseUrl("https://heyzo.com/")).toBe("https://en.heyzo.com");
    expect(englishBaseUrl("http://127.0.0.1:9/heyzo")).toBe("http://127.0.0.1:9/heyzo/en");
  });

  it("finds a title by every code shape the reader gives it, with its English page", async () => {
    const i = titles.findIndex((t) => t.titleEn !== null && t.actresses.length > 0);
    const id = all[i];
    const n = String(Number(id));
    for (const shape of [`HEYZO-${id}`, `heyzo_hd_${id}_full.mp4`, `[HEYZO] ${id}`, `heyzo-${n}`, `(Heyzo)(${id})`]) {
      const c = code(shape);
      expect(c.dvdId, shape).toBe(`HEYZO-${id}`);
      const before = [count("heyzo.moviepages"), count("heyzo.en.moviepages")];
      const result = await provider.lookup(c, ctx());
      if (result.status !== "found") throw new Error(`${shape}: ${result.status}`);
      expect(result.record.record).toMatchObject({ contentId: id, dvdId: `HEYZO-${id}`, titleJa: titles[i].titleJa, titleEn: titles[i].titleEn });
      expect(result.record.altNames.actress).toEqual(titles[i].actresses.map((a) => a.en));
      expect(result.record.pageUrl).toBe(`${sim.baseUrlOf("heyzo")}/moviepages/${id}/index.html`);
      expect([count("heyzo.moviepages") - before[0], count("heyzo.en.moviepages") - before[1]]).toEqual([1, 1]);
    }
    expect((await provider.lookupById!(id, ctx())).status).toBe("found");
    expect((await provider.lookupById!(n, ctx())).status).toBe("found");
  });

  it("reads the Japanese page alone when HEYZO_ENGLISH is off, and when the English page is the site's 404", async () => {
    const i = titles.findIndex((t) => t.titleEn !== null);
    const before = count("heyzo.en.moviepages");
    const off = await provider.lookup(code(`HEYZO-${all[i]}`), ctx({ HEYZO_ENGLISH: "off" }));
    expect(off.status === "found" && off.record.record.titleEn).toBe("");
    expect(count("heyzo.en.moviepages")).toBe(before);
    const j = titles.findIndex((t) => t.titleEn === null);
    const none = await provider.lookup(code(`HEYZO-${all[j]}`), ctx());
    expect(none.status === "found" && none.record.record.titleEn).toBe("");
    expect(count("heyzo.en.moviepages")).toBe(before + 1);
  });

  it("answers no_match for an id the site does not have (its 404), without asking the English page", async () => {
    const before = [count("heyzo.moviepages"), count("heyzo.en.moviepages")];
    expect(await provider.lookup(code("HEYZO-0999"), ctx())).toEqual({ status: "no_match" });
    expect(await provider.lookupById!("0998", ctx())).toEqual({ status: "no_match" });
    expect([count("heyzo.moviepages") - before[0], count("heyzo.en.moviepages") - before[1]]).toEqual([2, 0]);
  });

  it("crawls the whole listing, newest first, one listing page per crawl page", async () => {
    const before = { ...routes() };
    const pages = await crawlAll();
    expect(pages).toHaveLength(Math.ceil(TITLES / HEYZO_LISTING_SIZE));
    const records = pages.flatMap((p) => p.records);
    expect(ids(records)).toEqual(all);
    expect(pages.every((p) => p.skipped.length === 0 && p.failed!.length === 0)).toBe(true);
    const english = titles.filter((t) => t.titleEn !== null).length;
    // A listing page, each title's page, and the English page (a 404 for a title without one).
    expect(pages.reduce((n, p) => n + p.requests!, 0)).toBe(pages.length + 2 * TITLES);
    expect(count("heyzo.listpages") - (before["heyzo.listpages"] ?? 0)).toBe(pages.length);
    expect(records.filter((r) => r.record.titleEn !== "")).toHaveLength(english);
    const days = records.map((r) => r.record.releaseDate);
    expect(days).toEqual([...days].sort().reverse());
  });

  it("resumes from a page's cursor with the pages that follow it, and refuses a bad cursor", async () => {
    const first = await provider.crawl(null, {}, ctx());
    expect(first.nextCursor).toBe('{"page":2}');
    const rest = await crawlAll(undefined, first.nextCursor);
    expect(ids([...first.records, ...rest.flatMap((p) => p.records)])).toEqual(all);
    await expect(provider.crawl("page 2", {}, ctx())).rejects.toBeInstanceOf(RangeError);
  });

  it("stops where the listing reaches titles released before `since`", async () => {
    const since = titles[40].day;
    const pages = await crawlAll(since);
    const want = all.filter((_, i) => titles[i].day >= since);
    expect(ids(pages.flatMap((p) => p.records))).toEqual(want);
    expect(pages).toHaveLength(Math.ceil((want.length + 1) / HEYZO_LISTING_SIZE));
    expect(pages.at(-1)!.nextCursor).toBeNull();
  });

  it("fetches given entries again as one page: ids, codes, unknown ids, what is no id", async () => {
    const page = await provider.crawlEntries!([all[2], `HEYZO-${all[7]}`, "0999", "not an id", ""], ctx());
    expect(ids(page.records)).toEqual([all[2], all[7]]);
    expect(page.skipped).toEqual([
      { id: "0999", reason: "no such title" },
      { id: "not an id", reason: "not a HEYZO id" },
    ]);
    expect(page.nextCursor).toBeNull();
  });
});
