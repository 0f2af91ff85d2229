import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCode, type ParsedCode } from "../../src/codes/index.js";
import type { IngestRecord } from "../../src/model/record.js";
import { UpstreamError } from "../../src/net/index.js";
import { tenMusumeProvider } from "../../src/providers/10musume/index.js";
import { onePondoProvider } from "../../src/providers/1pondo/index.js";
import { muramuraProvider } from "../../src/providers/muramura/index.js";
import { pacopacomamaProvider } from "../../src/providers/pacopacomama/index.js";
import type { CrawlOptions, Provider } from "../../src/providers/types.js";
import type { Simulator } from "../../tools/simulator/index.js";
import { siteTitles } from "../../tools/simulator/site-titles.js";
import { startServer } from "../net/test-server.js";
import { client, closeAll, context, simulator } from "../tools/simulator/helpers.js";

const TITLES = 300;
const SEED = 4;
/** Each provider, the id digits of its site, and how a file name names it. */
const CASES = [
  { provider: onePondoProvider, digits: 3, named: "1pondo_", dated: true },
  { provider: tenMusumeProvider, digits: 2, named: "10musume_", dated: false },
  { provider: pacopacomamaProvider, digits: 3, named: "pacopacomama ", dated: true },
  { provider: muramuraProvider, digits: 3, named: "muramura ", dated: true },
];

const code = (text: string): ParsedCode => {
  const parsed = parseCode(text);
  if (parsed === null) throw new Error(`not a code: ${text}`);
  return parsed;
};
/** The site's ids, newest first, as the simulator makes them. */
const idsOf = (name: string, digits: number) =>
  siteTitles(TITLES, SEED, name).map((t) => {
    const [y, m, d] = t.day.split("-");
    return `${m}${d}${y.slice(2)}_${String(t.ofDay).padStart(digits, "0")}`;
  });

async function crawlAll(p: Provider, sim: Simulator, options: CrawlOptions = {}) {
  const ctx = context(sim.baseUrlOf(p.name), client());
  const records: IngestRecord[] = [];
  let cursor: string | null = null;
  let pages = 0;
  let requests = 0;
  do {
    const page = await p.crawl(cursor, options, ctx);
    expect(page.failed).toEqual([]);
    records.push(...page.records);
    requests += page.requests ?? 0;
    cursor = page.nextCursor;
    pages++;
  } while (cursor !== null && pages < 100);
  return { records, pages, requests };
}

let sim: Simulator;
beforeAll(async () => {
  sim = await simulator({ siteTitles: TITLES, seed: SEED });
});
afterAll(closeAll);

describe.each(CASES)("$provider.name over the simulator", ({ provider, digits, named, dated }) => {
  const ids = idsOf(provider.name, digits);
  const ctx = () => context(sim.baseUrlOf(provider.name), client());

  it("finds a title by every code shape of its site", async () => {
    const shapes = [`${named}${ids[0]}`, `${named}${ids[7]}`.toUpperCase(), ...(dated || digits === 2 ? [ids[3]] : [])];
    for (const text of shapes) {
      const c = code(text);
      const found = await provider.lookup(c, ctx());
      expect(found.status, text).toBe("found");
      if (found.status === "found") expect(found.record.record.dvdId).toBe(c.dvdId);
    }
    const byId = await provider.lookupById!(ids[5], ctx());
    expect(byId.status === "found" && byId.record.record.contentId).toBe(ids[5]);
  });

  it("answers no_match for a title the site does not have (its 404), and for other shapes without asking", async () => {
    const missing = digits === 2 ? "010101_99" : "010101_999";
    expect(await provider.lookup(code(`${named}${missing}`), ctx())).toEqual({ status: "no_match" });
    expect(await provider.lookupById!(missing, ctx())).toEqual({ status: "no_match" });
    const before = sim.stats().requests;
    const others = ["ABP-123", "010120-001", "caribbeancompr 010120_001", "HEYZO-0841", digits === 2 ? "010120_001" : "010120_01"];
    for (const text of others) expect(await provider.lookup(code(text), ctx()), text).toEqual({ status: "no_match" });
    expect(await provider.lookupById!("ABP-123", ctx())).toEqual({ status: "no_match" });
    expect(sim.stats().requests).toBe(before);
  });

  it("crawls the whole site, newest first, each title once", async () => {
    const before = sim.stats();
    const { records, pages, requests } = await crawlAll(provider, sim);
    const after = sim.stats();
    expect(records.map((r) => r.record.contentId)).toEqual(ids);
    const days = records.map((r) => r.record.releaseDate);
    expect(days).toEqual([...days].sort().reverse());
    expect(pages).toBe(TITLES / 50);
    expect(requests).toBe(after.requests - before.requests);
    // One request per listing page and one per title with a gallery; no title's details again.
    expect(after.byRoute[`${provider.name}.movie_details`] ?? 0).toBe(before.byRoute[`${provider.name}.movie_details`] ?? 0);
    expect(after.byRoute[`${provider.name}.movie_lists`] - (before.byRoute[`${provider.name}.movie_lists`] ?? 0)).toBe(TITLES / 50);
    expect(records.filter((r) => r.record.extra.galleryFull.length > 0).length).toBe(requests - pages);
    const galleries = (s: typeof after) => (s.byRoute[`${provider.name}.movie_gallery`] ?? 0) + (s.byRoute[`${provider.name}.movie_galleries`] ?? 0);
    if (provider === muramuraProvider) {
      // Some of its titles say Gallery, but MetaTube asks no gallery of Muramura: neither is asked.
      expect(siteTitles(TITLES, SEED, "muramura").some((t) => t.gallery > 0)).toBe(true);
      expect(galleries(after) - galleries(before)).toBe(0);
    } else {
      expect(galleries(after) - galleries(before)).toBeGreaterThan(0);
    }
  });
});

describe("a crawl of 1pondo's listing", () => {
  const ids = idsOf("1pondo", 3);
  const ctx = () => context(sim.baseUrlOf("1pondo"), client());

  it("resumes after the page its cursor names", async () => {
    const first = await onePondoProvider.crawl(null, {}, ctx());
    expect(first.records.map((r) => r.record.contentId)).toEqual(ids.slice(0, 50));
    const second = await onePondoProvider.crawl(first.nextCursor, {}, ctx());
    expect(second.records.map((r) => r.record.contentId)).toEqual(ids.slice(50, 100));
    expect(second.nextCursor).not.toBeNull();
  });

  it("stops at `since`, keeping only the titles released on or after it", async () => {
    const days = siteTitles(TITLES, SEED, "1pondo").map((t) => t.day);
    const since = days[120];
    const { records, pages } = await crawlAll(onePondoProvider, sim, { since });
    const wanted = days.filter((d) => d >= since).length;
    expect(records.map((r) => r.record.contentId)).toEqual(ids.slice(0, wanted));
    expect(pages).toBe(Math.ceil((wanted + 1) / 50));
  });

  it("refuses a cursor it did not make", async () => {
    await expect(onePondoProvider.crawl("50", {}, ctx())).rejects.toThrow(RangeError);
    await expect(onePondoProvider.crawl('{"offset":-1}', {}, ctx())).rejects.toThrow(RangeError);
  });

  it("crawlEntries fetches those titles again; one the site lacks is skipped", async () => {
    const page = await onePondoProvider.crawlEntries!([ids[3], ` ${ids[200]} `, "010101_999", ids[3]], ctx());
    expect(page.records.map((r) => r.record.contentId)).toEqual([ids[3], ids[200]]);
    expect(page.skipped).toEqual([{ id: "010101_999", reason: "no match" }]);
    expect(page.failed).toEqual([]);
    expect(page.nextCursor).toBeNull();
  });
});

describe("a page that is no JSON where the details were asked", () => {
  const maintenance = readFileSync(path.resolve(import.meta.dirname, "../fixtures/d2pass/maintenance-200-written.html"), "utf8");

  it("is thrown (never no_match): the site's maintenance or age page served 200, a challenge", async () => {
    const server = await startServer((req, res) => {
      if (req.url?.includes("060426_002")) {
        res.writeHead(403, { "content-type": "text/html", "cf-mitigated": "challenge" });
        res.end("<html><title>Just a moment...</title></html>");
        return;
      }
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(maintenance);
    });
    const ctx = context(server.url, client({ maxRetries: 1 }));
    await expect(onePondoProvider.lookup(code("060426_001"), ctx)).rejects.toMatchObject({ name: "UpstreamError", kind: "not_json" });
    await expect(onePondoProvider.lookup(code("060426_002"), ctx)).rejects.toMatchObject({ kind: "challenge" });
    await expect(onePondoProvider.crawl(null, {}, ctx)).rejects.toBeInstanceOf(UpstreamError);
    await server.close();
  });

  it("in a gallery fails no title: the title is stored without its pictures, as MetaTube stores it", async () => {
    // Every third request a maintenance page, no retries: some galleries fail.
    sim.setFaults({ every: { html: 3 } });
    const c = context(sim.baseUrlOf("10musume"), client({ maxRetries: 0 }));
    // The listing request may meet a fault too (the faults go by request number): asked again.
    const attempt = () => tenMusumeProvider.crawl('{"offset":50}', {}, c);
    const page = await attempt()
      .catch(attempt)
      .finally(() => sim.setFaults({}));
    expect(page.failed).toEqual([]);
    expect(page.records.map((r) => r.record.contentId)).toEqual(idsOf("10musume", 2).slice(50, 100));
    const withGallery = siteTitles(TITLES, SEED, "10musume")
      .slice(50, 100)
      .filter((t) => t.gallery > 0);
    const pictured = page.records.filter((r) => r.record.extra.galleryFull.length > 0);
    expect(pictured.length).toBeGreaterThan(0);
    expect(pictured.length).toBeLessThan(withGallery.length);
  });
});
