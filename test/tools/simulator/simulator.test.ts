import { afterEach, describe, expect, it } from "vitest";
import { parseSimulateArgs } from "../../../src/cli/simulate-providers.js";
import { parseCode } from "../../../src/codes/index.js";
import { parseFanzaItemList } from "../../../src/providers/fanza/parse.js";
import { parseR18Combined } from "../../../src/providers/r18dev/parse.js";
import { romajiToHiragana, nameReading } from "../../../tools/simulator/kana.js";
import { closeAll, simulator } from "./helpers.js";

afterEach(closeAll);

const CREDS = { api_id: "sim", affiliate_id: "sim-990", site: "FANZA", service: "digital", floor: "videoa", output: "json" };

async function get(base: string, path: string): Promise<{ status: number; headers: Headers; json: any; text: string }> {
  const res = await fetch(base + path);
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: res.status, headers: res.headers, json, text };
}

const itemList = (params: Record<string, string>) => `/affiliate/v3/ItemList?${new URLSearchParams({ ...CREDS, ...params })}`;

describe("r18.dev routes", () => {
  it("maps a code to its content id and serves the combined record", async () => {
    const sim = await simulator({ records: 300 });
    const r = sim.catalog.records[42];
    const lookup = await get(sim.url, `/videos/vod/movies/detail/-/dvd_id=${encodeURIComponent(r.record.dvdId)}/json`);
    expect(lookup).toMatchObject({ status: 200, json: { content_id: r.record.contentId } });
    expect(lookup.headers.get("content-type")).toMatch(/application\/json/);
    // Any spelling of the code that parses to the same canonical code.
    const lower = await get(sim.url, `/videos/vod/movies/detail/-/dvd_id=${r.record.dvdId.toLowerCase()}/json`);
    expect(lower.json).toEqual({ content_id: r.record.contentId });

    const combined = await get(sim.url, `/videos/vod/movies/detail/-/combined=${r.record.contentId}/json`);
    expect(combined.status).toBe(200);
    expect(Object.keys(combined.json).length).toBe(31);
    expect(parseR18Combined(combined.json).record.contentId).toBe(r.record.contentId);
  });

  it("answers 404 for unknown codes, content ids and paths", async () => {
    const sim = await simulator({ records: 100 });
    expect((await get(sim.url, "/videos/vod/movies/detail/-/dvd_id=ZZZQ-999/json")).status).toBe(404);
    expect((await get(sim.url, "/videos/vod/movies/detail/-/combined=zzzq00999/json")).status).toBe(404);
    expect((await get(sim.url, "/nothing/here")).status).toBe(404);
    expect(sim.stats().byRoute).toEqual({ "r18dev.dvd_id": 1, "r18dev.combined": 1, "fanza.ItemList": 0, unknown: 1 });
  });
});

describe("DMM ItemList route", () => {
  it("pages the catalog newest first with the envelope's counters", async () => {
    const sim = await simulator({ records: 500 });
    const first = await get(sim.url, itemList({ hits: "100", sort: "date" }));
    expect(first.status).toBe(200);
    expect(first.json.request.parameters).toMatchObject({ hits: "100", sort: "date", site: "FANZA" });
    expect(first.json.result).toMatchObject({ status: 200, result_count: 100, total_count: 500, first_position: 1 });
    const last = await get(sim.url, itemList({ hits: "100", offset: "451", sort: "date" }));
    expect(last.json.result).toMatchObject({ result_count: 50, total_count: 500, first_position: 451 });
    const page = parseFanzaItemList(first.json);
    expect(page.skipped).toEqual([]);
    const dates = page.items.map((r) => r.record.releaseDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(first.json.result.items[0].affiliateURL).toContain("af_id=sim-990");
  });

  it("filters by cid, keyword and an inclusive date window", async () => {
    const sim = await simulator({ records: 500 });
    const r = sim.catalog.records[10];
    const byCid = await get(sim.url, itemList({ cid: r.record.contentId }));
    expect(byCid.json.result.items.map((i: { content_id: string }) => i.content_id)).toEqual([r.record.contentId]);
    expect((await get(sim.url, itemList({ cid: "zzzq00999" }))).json.result).toMatchObject({ total_count: 0, items: [] });

    const byKeyword = await get(sim.url, itemList({ keyword: r.record.dvdId, sort: "match" }));
    expect(byKeyword.json.result.items[0].content_id).toBe(r.record.contentId);
    const byTitle = await get(sim.url, itemList({ keyword: r.record.titleJa.slice(0, 6) }));
    expect(byTitle.json.result.items.map((i: { content_id: string }) => i.content_id)).toContain(r.record.contentId);

    const day = r.record.releaseDate.slice(0, 10);
    const sameDay = sim.catalog.records.filter((x) => x.record.releaseDate.slice(0, 10) === day).length;
    const window = await get(sim.url, itemList({ gte_date: `${day}T00:00:00`, lte_date: `${day}T23:59:59`, sort: "date" }));
    expect(window.json.result.total_count).toBe(sameDay);
    // Items carry 10:00:00; a window ending at midnight of that day leaves them out.
    const midnight = await get(sim.url, itemList({ gte_date: `${day}T00:00:00`, lte_date: `${day}T00:00:00` }));
    expect(midnight.json.result.total_count).toBe(0);
  });

  it("orders by rank and review", async () => {
    const sim = await simulator({ records: 300 });
    const rank = await get(sim.url, itemList({ sort: "rank", hits: "50" }));
    expect(rank.json.result.items.map((i: { content_id: string }) => i.content_id)).toEqual(
      sim.catalog
        .ordered("rank")
        .slice(0, 50)
        .map((r) => r.record.contentId),
    );
    const review = parseFanzaItemList((await get(sim.url, itemList({ sort: "review", hits: "50" }))).json);
    const avgs = review.items.map((r) => r.ratingAvg ?? 0);
    expect(avgs).toEqual([...avgs].sort((a, b) => b - a));
  });

  it.each([
    ["hits over 100", { hits: "101" }],
    ["hits 0", { hits: "0" }],
    ["offset over the cap", { offset: "50001" }],
    ["an unknown sort", { sort: "price" }],
    ["a malformed date", { gte_date: "2024-01-01" }],
  ])("answers 400 with the error envelope for %s", async (_name, params) => {
    const sim = await simulator({ records: 50 });
    const res = await get(sim.url, itemList(params));
    expect(res.status).toBe(400);
    expect(res.json.result).toMatchObject({ status: "400", message: "BAD REQUEST" });
    expect(res.json.result.errors.length).toBeGreaterThan(0);
  });

  it("requires the credentials and honours a lower offset cap", async () => {
    const sim = await simulator({ records: 50, maxOffset: 10 });
    const noId = await get(sim.url, `/affiliate/v3/ItemList?${new URLSearchParams({ affiliate_id: "x-990", site: "FANZA" })}`);
    expect(noId.status).toBe(400);
    expect(noId.json.result.errors).toContainEqual({ name: "api_id", message: "api_id is required" });
    expect((await get(sim.url, itemList({ offset: "10" }))).status).toBe(200);
    expect((await get(sim.url, itemList({ offset: "11" }))).status).toBe(400);
  });
});

describe("faults", () => {
  const path = "/videos/vod/movies/detail/-/dvd_id=ZZZQ-1/json";

  async function statuses(base: string, n: number): Promise<number[]> {
    const out: number[] = [];
    for (let i = 0; i < n; i++) out.push((await get(base, path)).status);
    return out;
  }

  it("answers a share of requests 429 with a configurable retry-after", async () => {
    const sim = await simulator({ records: 10, faults: { rate429: 1 } });
    const res = await get(sim.url, path);
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("1");
    sim.setFaults({ rate429: 1, retryAfterSeconds: 3 });
    expect((await get(sim.url, path)).headers.get("retry-after")).toBe("3");
    sim.setFaults({});
    expect((await get(sim.url, path)).status).toBe(404);
    expect(sim.stats().faults.rate429).toBe(2);
  });

  it("starts a burst of 500s every Nth request", async () => {
    const sim = await simulator({ records: 10, faults: { burst500: { every: 4, burst: 2 } } });
    expect(await statuses(sim.url, 10)).toEqual([404, 404, 404, 500, 500, 404, 404, 500, 500, 404]);
    expect(sim.stats().faults.burst500).toBe(4);
  });

  it("serves a Cloudflare challenge and an HTML page where JSON belongs", async () => {
    const sim = await simulator({ records: 10, faults: { challengeShare: 1 } });
    const challenge = await get(sim.url, path);
    expect(challenge.status).toBe(403);
    expect(challenge.headers.get("cf-mitigated")).toBe("challenge");
    expect(challenge.text).toContain("Just a moment...");
    sim.setFaults({ htmlShare: 1 });
    const html = await get(sim.url, path);
    expect(html.status).toBe(200);
    expect(html.headers.get("content-type")).toMatch(/text\/html/);
  });

  it("delays the headers of slow responses", async () => {
    const sim = await simulator({ records: 10, faults: { slowMs: 150, slowShare: 1 } });
    const t0 = Date.now();
    expect((await get(sim.url, path)).status).toBe(404);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(140);
    expect(sim.stats().faults.slow).toBe(1);
  });

  it("delays every answer of the sources named, and only theirs", async () => {
    const sim = await simulator({ records: 10, faults: { sourceDelayMs: { r18dev: 400 } } });
    const t0 = Date.now();
    expect((await get(sim.url, path)).status).toBe(404);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(390);
    const t1 = Date.now();
    await get(sim.url, "/affiliate/v3/ItemList?api_id=sim&affiliate_id=sim-990&site=FANZA&service=digital&floor=videoa&hits=1");
    expect(Date.now() - t1).toBeLessThan(390);
    expect(sim.stats().faults.slow).toBe(0);
    await expect(simulator({ faults: { sourceDelayMs: { fanza: -1 } } })).rejects.toThrow(RangeError);
  });

  it("cuts bodies short after announcing their full length", async () => {
    const sim = await simulator({ records: 10, faults: { truncateShare: 1 } });
    const r = sim.catalog.records[0];
    const res = await fetch(`${sim.url}/videos/vod/movies/detail/-/combined=${r.record.contentId}/json`);
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
    expect(sim.stats().faults.truncate).toBe(1);
  });

  it("answers 429 over the requests-per-second limit", async () => {
    const sim = await simulator({ records: 10, faults: { rateLimitRps: 3 } });
    const results = await Promise.all(Array.from({ length: 8 }, () => get(sim.url, path)));
    expect(results.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(4);
    expect(sim.stats().faults.rateLimit).toBeGreaterThanOrEqual(4);
  });

  it("is deterministic for a seed", async () => {
    const faults = { rate429: 0.3, challengeShare: 0.1 };
    const a = await simulator({ records: 10, seed: 5, faults });
    const b = await simulator({ records: 10, seed: 5, faults });
    const c = await simulator({ records: 10, seed: 5, faults: { ...faults, seed: 6 } });
    const [sa, sb, sc] = [await statuses(a.url, 40), await statuses(b.url, 40), await statuses(c.url, 40)];
    expect(sa).toEqual(sb);
    expect(sa).not.toEqual(sc);
    expect(sa.filter((s) => s === 429).length).toBeGreaterThan(3);
  });

  it("rejects impossible settings", async () => {
    await expect(simulator({ faults: { rate429: 2 } })).rejects.toThrow(RangeError);
    await expect(simulator({ faults: { burst500: { every: 0, burst: 1 } } })).rejects.toThrow(RangeError);
  });
});

describe("readings", () => {
  it.each([
    ["Yui Hatano", "はたのゆい"],
    ["Tsukasa Aoi", "あおいつかさ"],
    ["Shiori Ichinose", "いちのせしおり"],
    ["Jun Honjo", "ほんじょじゅん"],
    ["Ryo Kawakita", "かわきたりょ"],
    ["Rinne", "りんね"],
  ])("%s reads %s", (romaji, kana) => {
    expect(nameReading(romaji)).toBe(kana);
  });

  it("writes a doubled consonant as a small tsu", () => {
    expect(romajiToHiragana("Hattori")).toBe("はっとり");
    expect(romajiToHiragana("Kanna")).toBe("かんな");
  });
});

describe("simulate-providers arguments", () => {
  it("reads ports, catalog and fault switches", () => {
    expect(
      parseSimulateArgs([
        "--port",
        "8089",
        "--records",
        "1000",
        "--seed",
        "3",
        "--fault-429",
        "0.1",
        "--fault-500",
        "every:20,burst:3",
        "--slow-ms",
        "200",
        "--slow-share",
        "0.1",
        "--truncate",
        "0.05",
        "--challenge",
        "0.01",
      ]),
    ).toEqual({
      port: 8089,
      host: "127.0.0.1",
      records: 1000,
      seed: 3,
      maxOffset: undefined,
      faults: { rate429: 0.1, burst500: { every: 20, burst: 3 }, slowMs: 200, slowShare: 0.1, truncateShare: 0.05, challengeShare: 0.01 },
    });
    expect(parseSimulateArgs([]).faults).toEqual({});
  });

  it.each([
    ["--fault-429", "2"],
    ["--fault-500", "20x3"],
    ["--port", "http"],
    ["--bogus", "1"],
  ])("rejects %s %s", (flag, value) => {
    expect(() => parseSimulateArgs([flag, value])).toThrow();
  });
});

it("codes the simulator serves parse as codes", async () => {
  const sim = await simulator({ records: 200 });
  for (const r of sim.catalog.records) expect(parseCode(r.record.dvdId)).not.toBeNull();
});
