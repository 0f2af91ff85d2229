import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { SAMPLES } from "../helpers/sample-server.js";
import { afterEach, describe, expect, it } from "vitest";
import type { IngestRecord } from "../../src/model/record.js";
import { generateSampleRecords } from "../../src/samples/titles/generate.js";
import { dvdIdToContentIdGuess, parseCode, type ParsedCode } from "../../src/codes/index.js";
import { parseR18Combined } from "../../src/providers/r18dev/parse.js";
import { r18devProvider } from "../../src/providers/r18dev/index.js";
import { validateIngestRecord } from "../../src/model/validate.js";
import { renderR18 } from "../../tools/simulator/render-r18.js";
import { sendJson, startServer, type Handler } from "../net/test-server.js";
import { client, closeAll, context, simulator } from "../tools/simulator/helpers.js";

const SAMPLE = path.resolve(SAMPLES, "r18dev/combined-SNIS-217.json");

const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
  await closeAll();
});

const canon = (dvdId: string): string => parseCode(dvdId)?.dvdId ?? dvdId;
const code = (dvdId: string): ParsedCode => {
  const parsed = parseCode(dvdId);
  if (parsed === null) throw new Error(`not a code: ${dvdId}`);
  return parsed;
};

async function server(handler: Handler) {
  const s = await startServer(handler);
  servers.push(s);
  return s;
}

describe("renderR18", () => {
  const records = [...generateSampleRecords({ count: 500, seed: 7 })];

  it("has exactly the keys of a real combined response, in its order", () => {
    if (!existsSync(SAMPLE)) throw new Error(`provider sample missing: ${SAMPLE}`);
    const real = JSON.parse(readFileSync(SAMPLE, "utf8")) as Record<string, unknown[]>;
    const rich = records.find((r) => r.record.actresses.length > 0 && r.record.directors.length > 0 && r.record.extra.galleryFull.length > 0)!;
    const json = renderR18(rich) as unknown as Record<string, Record<string, unknown>[]>;
    expect(Object.keys(json)).toEqual(Object.keys(real));
    expect(Object.keys(json).length).toBe(31);
    for (const list of ["actresses", "categories", "gallery", "directors"]) {
      expect(Object.keys(json[list][0])).toEqual(Object.keys(real[list][0] as object));
    }
    expect(json.actresses[0].image_url === null || !String(json.actresses[0].image_url).includes("/")).toBe(true);
    expect(json.site_id).toBe(2);
    expect(json.release_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("parses back to the same record for 500 generated titles", () => {
    for (const r of records) {
      const parsed = parseR18Combined(renderR18(r));
      expect(validateIngestRecord(parsed)).toEqual([]);
      const [a, b] = [parsed.record, r.record];
      expect(canon(a.dvdId)).toBe(canon(b.dvdId));
      expect({ ...a, dvdId: b.dvdId, site: b.site }).toEqual({ ...b, makers: b.makers.slice(0, 1), commentJa: null });
      // The parser keeps a Japanese name only where it differs from the English one ("4K").
      const differing = (names: string[], alts: string[] = []) => alts.filter((x, i) => x !== names[i]);
      expect(parsed.altNames.actress ?? []).toEqual(differing(b.actresses, r.altNames.actress));
      expect(parsed.altNames.genre ?? []).toEqual(differing(b.categories, r.altNames.genre));
    }
  });

  it("masks title_en the way r18.dev does and keeps the real title uncensored", () => {
    const r = structuredClone(records[0]);
    r.record.titleEn = "Fucking Great Day";
    const json = renderR18(r);
    expect(json.title_en).toBe("F****** Great Day");
    expect(parseR18Combined(json).record.titleEn).toBe("Fucking Great Day");
  });
});

describe("r18devProvider.lookup over the simulator", () => {
  it("finds titles of every code family by their canonical code", async () => {
    const sim = await simulator({ records: 2000 });
    const ctx = context(sim.url, client());
    const picks = sim.catalog.records.filter((_, i) => i % 37 === 0 || i % 50 === 7).slice(0, 60);
    expect(picks.some((r) => !r.censored)).toBe(true);
    for (const r of picks) {
      const result = await r18devProvider.lookup(code(r.record.dvdId), ctx);
      expect(result.status, r.record.dvdId).toBe("found");
      if (result.status === "found") {
        expect(result.record.record.contentId).toBe(r.record.contentId);
        expect(result.record.provider).toBe("r18dev");
      }
    }
  });

  it("answers no_match for an unknown code after trying the usual content id", async () => {
    const sim = await simulator({ records: 500 });
    const ctx = context(sim.url, client());
    expect(await r18devProvider.lookup(code("ZZZQ-999"), ctx)).toEqual({ status: "no_match" });
    expect(sim.stats().byRoute).toMatchObject({ "r18dev.dvd_id": 1, "r18dev.combined": 1 });
  });

  it("falls back to the guessed content id when the code lookup has no match", async () => {
    const r = [...generateSampleRecords({ count: 200, seed: 3 })].find((x) => x.record.contentId === dvdIdToContentIdGuess(x.record.dvdId))!;
    const paths: string[] = [];
    const s = await server((req, res) => {
      paths.push(req.url ?? "");
      if (req.url?.includes("/dvd_id=")) return sendJson(res, 200, { content_id: null });
      if (req.url?.includes(`/combined=${r.record.contentId}/`)) return sendJson(res, 200, renderR18(r));
      sendJson(res, 404, { detail: "Not Found" });
    });
    const result = await r18devProvider.lookup(code(r.record.dvdId), context(s.url, client()));
    expect(result.status).toBe("found");
    expect(paths).toEqual([
      `/videos/vod/movies/detail/-/dvd_id=${encodeURIComponent(code(r.record.dvdId).dvdId)}/json`,
      `/videos/vod/movies/detail/-/combined=${r.record.contentId}/json`,
    ]);
  });

  it("never answers with another title than the one asked for", async () => {
    const [asked, other] = [...generateSampleRecords({ count: 2, seed: 3 })];
    const s = await server((req, res) => {
      if (req.url?.includes("/dvd_id=")) return sendJson(res, 200, { content_id: other.record.contentId });
      sendJson(res, 200, renderR18(other));
    });
    expect(await r18devProvider.lookup(code(asked.record.dvdId), context(s.url, client()))).toEqual({ status: "no_match" });
  });
});

describe("r18devProvider.crawl of a code list", () => {
  async function crawlAll(cursor: string | null, codes: string[], ctx: ReturnType<typeof context>) {
    const pages = [];
    do {
      const page = await r18devProvider.crawl(cursor, { codes }, ctx);
      pages.push(page);
      cursor = page.nextCursor;
    } while (cursor !== null);
    return pages;
  }

  function list(records: readonly IngestRecord[]): { codes: string[]; expected: string[] } {
    const known = records.slice(0, 30);
    const byCid = records.slice(30, 35);
    const codes = [
      ...known.map((r, i) => (i % 3 === 0 ? r.record.dvdId.toLowerCase() : r.record.dvdId)),
      ...byCid.map((r) => r.record.contentId),
      "ZZZQ-901",
      "ZZZQ-902",
      "",
      "  ",
      "# a comment",
      "???",
      "zzzq00903",
    ];
    return { codes, expected: [...known, ...byCid].map((r) => r.record.contentId) };
  }

  it("walks the list in pages of 20, skipping unknown entries, and resumes from a cursor", async () => {
    const sim = await simulator({ records: 500 });
    const ctx = context(sim.url, client());
    const { codes, expected } = list(sim.catalog.records);
    expect(codes.length).toBe(42);

    const pages = await crawlAll(null, codes, ctx);
    expect(pages.map((p) => p.nextCursor)).toEqual(["20", "40", null]);
    expect(pages.flatMap((p) => p.records.map((r) => r.record.contentId))).toEqual(expected);
    expect(pages.flatMap((p) => p.skipped)).toEqual([
      { id: "ZZZQ-901", reason: "no match" },
      { id: "ZZZQ-902", reason: "no match" },
      { id: "???", reason: "not a catalog code" },
      { id: "zzzq00903", reason: "no match" },
    ]);
    expect(pages[0].requests).toBe(40);

    const resumed = await r18devProvider.crawl("20", { codes }, ctx);
    expect(resumed.records).toEqual(pages[1].records);
    expect(await r18devProvider.crawl("42", { codes }, ctx)).toMatchObject({ records: [], nextCursor: null });
  });

  it("refuses to crawl without codes or with a broken cursor", async () => {
    const ctx = context("http://127.0.0.1:9", client());
    await expect(r18devProvider.crawl(null, {}, ctx)).rejects.toThrow(/codes/);
    await expect(r18devProvider.crawl(null, { codes: [] }, ctx)).rejects.toThrow(/codes/);
    await expect(r18devProvider.crawl("x1", { codes: ["ABP-001"] }, ctx)).rejects.toThrow(RangeError);
  });

  it("gets the same records through 429s, 500 bursts and truncated bodies", async () => {
    const sim = await simulator({ records: 500 });
    const { codes, expected } = list(sim.catalog.records);
    const clean = await crawlAll(null, codes, context(sim.url, client()));
    sim.setFaults({ rate429: 0.2, burst500: { every: 20, burst: 3 }, truncateShare: 0.05, retryAfterSeconds: 0 });
    const faulty = await crawlAll(null, codes, context(sim.url, client({ maxRetries: 10 })));
    expect(faulty.flatMap((p) => p.records)).toEqual(clean.flatMap((p) => p.records));
    expect(faulty.flatMap((p) => p.records.map((r) => r.record.contentId))).toEqual(expected);
    const { faults } = sim.stats();
    expect(faults.rate429).toBeGreaterThan(0);
    expect(faults.burst500).toBeGreaterThan(0);
    expect(faults.truncate).toBeGreaterThan(0);
  });
});
