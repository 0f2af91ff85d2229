import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { upsertRecords } from "../../src/catalog/index.js";
import type { IngestRecord } from "../../src/model/record.js";
import { generateSampleRecords } from "../../src/samples/titles/generate.js";
import { buildTestApp, makeIngest, type TestApp } from "../helpers/build-app.js";
import { call, client, expectError, expectOk, expectQueryEnvelope, FORMS, MAX_SAFE, type Client } from "./fixtures.js";

const rated = (ratingAvg: number | null, ratingCount: number | null, popularity: number | null) => ({ ratingAvg, ratingCount, popularity });

// Hand-made records under two providers; ids follow this order (1..7).
const q1 = makeIngest(
  { contentId: "118abp00123", dvdId: "ABP-123", titleEn: "Secret Garden Party", releaseDate: "2020-01-02T00:00:00.000Z" },
  rated(4.5, 10, 500),
);
const q2 = makeIngest(
  {
    contentId: "118abp00124",
    dvdId: "ABP-124",
    titleEn: "Return of abp123",
    commentEn: "Sequel to ABP-123.",
    releaseDate: "2021-05-05T00:00:00.000Z",
  },
  rated(4.5, 30, 900),
);
const q3 = makeIngest(
  { contentId: "mide00700", dvdId: "MIDE-700", titleEn: "Morning at the Café Lumière", makers: ["Moodyz"], releaseDate: "2019-03-03T00:00:00.000Z" },
  rated(null, null, null),
);
const q4 = makeIngest(
  {
    contentId: "ssis00001",
    dvdId: "SSIS-001",
    titleEn: "Secret Summer Holiday",
    titleJa: "秘密の夏休み",
    actresses: ["Rinne"],
    makers: ["S1 NO.1 STYLE"],
    releaseDate: "2022-07-07T00:00:00.000Z",
  },
  { ...rated(3, 5, 100), altNames: { actress: ["凛音"] } },
);
const q5 = makeIngest(
  { contentId: "ipx00010", dvdId: "IPX-010", titleEn: "Other Provider Story", makers: ["IdeaPocket"], releaseDate: "2023-01-01T00:00:00.000Z" },
  { provider: "other", pageUrl: "https://example.org/ipx010", ...rated(null, null, 50) },
);
const q6 = makeIngest(
  {
    contentId: "ipx00011",
    dvdId: "IPX-011",
    titleEn: "Title: foo NEAR(bar) col:x AND stars * a OR b -x ^x",
    makers: ["IdeaPocket"],
    releaseDate: "2018-08-08T00:00:00.000Z",
  },
  { provider: "other", pageUrl: "https://example.org/ipx011", ...rated(2, 1000, 10) },
);
const q7 = makeIngest(
  {
    contentId: "ipx00012",
    dvdId: "IPX-012",
    titleEn: "Quiet Evening",
    commentEn: "Filmed in a garden.",
    makers: ["IdeaPocket"],
    releaseDate: "2024-02-02T00:00:00.000Z",
  },
  { provider: "other", pageUrl: "https://example.org/ipx012", ...rated(5, 1, 1_000_000) },
);
const HAND = [q1, q2, q3, q4, q5, q6, q7];
const handCodes = new Set(HAND.map((r) => r.record.dvdId));
const SAMPLE = [...generateSampleRecords({ count: 150, seed: 3 })].filter((r) => !handCodes.has(r.record.dvdId));
const ALL = [...HAND, ...SAMPLE];
const TOTAL = ALL.length;
/** Catalog row id of each record: buildTestApp inserts them in order in one transaction. */
const idOf = new Map(ALL.map((r, i) => [r, i + 1]));
const HAND_ONLY = { providers: "file,other" };

const cids = (body: { results: { id: string }[] }) => body.results.map((r) => r.id);

type Key = (r: IngestRecord) => number | string | null;
/** Expected order: each key descending with nulls last, then id descending (as the catalog breaks ties). */
function expectedOrder(records: IngestRecord[], keys: Key[]): string[] {
  const cmp = (a: IngestRecord, b: IngestRecord) => {
    for (const k of keys) {
      const x = k(a);
      const y = k(b);
      if (x === y) continue;
      if (x === null) return 1;
      if (y === null) return -1;
      return x < y ? 1 : -1;
    }
    return idOf.get(b)! - idOf.get(a)!;
  };
  return [...records].sort(cmp).map((r) => r.record.contentId);
}
const byRelease: Key[] = [(r) => r.record.releaseDate];
const byRating: Key[] = [(r) => r.ratingAvg, (r) => r.ratingCount];
const byViews: Key[] = [(r) => r.popularity];

function links(header: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof header !== "string") return out;
  for (const part of header.split(/,\s*(?=<)/)) {
    const m = /^<([^>]+)>;\s*rel="([a-z]+)"$/.exec(part.trim());
    expect(m, `link part ${part}`).not.toBeNull();
    out[m![2]] = m![1];
  }
  return out;
}

describe("/query", () => {
  let t: TestApp;
  let c: Client;
  beforeAll(async () => {
    t = await buildTestApp(ALL);
    c = client(t);
  });
  afterAll(async () => {
    await t.close();
  });

  describe.each(FORMS)("%s shape", (form) => {
    it("answers with exactly the spec's envelope and search results", async () => {
      const res = await call(c, form, "/query", { q: "garden" });
      expectOk(res);
      const body = res.json();
      expectQueryEnvelope(body);
      expect(body.q).toBe("garden");
      expect(body.query).toBe("garden");
      expect(body.source).toBe("catalog");
      const hit = body.results.find((r: { id: string }) => r.id === "118abp00123");
      expect(hit).toEqual({
        id: "118abp00123",
        dvdId: "ABP-123",
        title: "Secret Garden Party",
        cover: q1.record.jacketThumbUrl,
        releaseDate: "2020-01-02",
        extra: {
          studio: "Prestige",
          url: q1.pageUrl,
          maker: "Prestige",
          actresses: q1.record.extra.actressesRich,
          categories: q1.record.categories,
          runtimeMins: q1.record.runtimeMins,
          series: q1.record.series,
        },
      });
      const other = await call(c, form, "/query", { q: "Other Provider Story" });
      expect(other.json().results[0]).toMatchObject({ id: "ipx00010", extra: { studio: "IdeaPocket", url: "https://example.org/ipx010" } });
    });

    it("echoes q and gives the query as used (a code in its canonical spelling)", async () => {
      const res = await call(c, form, "/query", { q: "abp123" });
      expectOk(res);
      expect(res.json().q).toBe("abp123");
      expect(res.json().query).toBe("ABP-123");
      const text = await call(c, form, "/query", { q: "  Café   Lumière " });
      expect(text.json().q).toBe("  Café   Lumière ");
      expect(text.json().query).toBe("Café Lumière");
      expect(cids(text.json())).toEqual(["mide00700"]);
    });

    it("without q lists the whole catalog newest first, with the default page size 10", async () => {
      const res = await call(c, form, "/query", {});
      expectOk(res);
      const body = res.json();
      expectQueryEnvelope(body);
      expect(body.q).toBe("");
      expect(body.count).toBe(10);
      expect(res.headers["x-total-count"]).toBe(String(TOTAL));
      expect(cids(body)).toEqual(expectedOrder(ALL, byRelease).slice(0, 10));
    });
  });

  it("accepts POST /query with no body at all", async () => {
    const res = await c.post("/query");
    expectOk(res);
    expect(res.json().count).toBe(10);
  });

  describe("bounds of page and num", () => {
    it.each(FORMS)("%s: page 9007199254740991 is a 200 with count 0", async (form) => {
      const res = await call(c, form, "/query", { page: MAX_SAFE });
      expectOk(res);
      expectQueryEnvelope(res.json());
      expect(res.json().count).toBe(0);
      expect(res.headers["x-total-count"]).toBe(String(TOTAL));
      expect(links(res.headers.link).next).toBeUndefined();
    });

    it("GET: page 9007199254740992, page 0, page -1, page 1.5 and page abc are 400", async () => {
      for (const page of ["9007199254740992", "0", "-1", "1.5", "abc", "18014398509481984", "1e16"]) {
        expectError(await c.get("/query", { page }), 400, "INVALID_PARAMETER");
      }
    });

    // Ajv coerces "Infinity" and "1e400" to Infinity, which passes `integer` and its bounds.
    it("GET: page and num of Infinity or 1e400 are 400, never 500 or 200", async () => {
      for (const v of ["Infinity", "1e400", "-Infinity"]) {
        expectError(await c.get("/query", { page: v }), 400, "INVALID_PARAMETER");
        expectError(await c.get("/query", { num: v }), 400, "INVALID_PARAMETER");
        expectError(await c.get("/random", { num: v }), 400, "INVALID_PARAMETER");
      }
    });

    it('POST: page 9007199254740992, page 0 and page "x" are 400', async () => {
      for (const page of [9007199254740992, 0, 1.5, "x"]) {
        expectError(await c.post("/query", { page }), 400, "INVALID_PARAMETER");
      }
    });

    it.each(FORMS)("%s: num 9007199254740991 is a 200 capped to MAX_PAGE_SIZE (100)", async (form) => {
      const res = await call(c, form, "/query", { num: MAX_SAFE });
      expectOk(res);
      expect(res.json().count).toBe(100);
      expect(cids(res.json())).toEqual(expectedOrder(ALL, byRelease).slice(0, 100));
      const page2 = await call(c, form, "/query", { num: MAX_SAFE, page: 2 });
      expectOk(page2);
      expect(cids(page2.json())).toEqual(expectedOrder(ALL, byRelease).slice(100, 200));
    });

    it.each(FORMS)("%s: num 1 gives one result", async (form) => {
      const res = await call(c, form, "/query", { num: 1 });
      expectOk(res);
      expect(res.json().count).toBe(1);
    });

    it("num 0, num 9007199254740992, num -1 and num abc are 400 (GET and POST)", async () => {
      for (const num of ["0", "9007199254740992", "-1", "abc", "2.5"]) {
        expectError(await c.get("/query", { num }), 400, "INVALID_PARAMETER");
      }
      for (const num of [0, 9007199254740992, -1, "abc", 2.5]) {
        expectError(await c.post("/query", { num }), 400, "INVALID_PARAMETER");
      }
    });

    it("q longer than 512 characters is 400, an empty q is the whole catalog", async () => {
      expectError(await c.get("/query", { q: "a".repeat(513) }), 400, "INVALID_PARAMETER");
      const res = await c.get("/query", { q: "" });
      expectOk(res);
      expect(res.headers["x-total-count"]).toBe(String(TOTAL));
    });
  });

  describe("count, x-total-count and link", () => {
    it("pages through every match once, with next and prev links", async () => {
      const seen: string[] = [];
      const pages = Math.ceil(TOTAL / 40);
      for (let page = 1; page <= pages; page++) {
        const res = await c.get("/query", { num: 40, page });
        expectOk(res);
        const body = res.json();
        expect(body.count).toBe(body.results.length);
        expect(body.count).toBe(Math.min(40, TOTAL - (page - 1) * 40));
        expect(res.headers["x-total-count"]).toBe(String(TOTAL));
        const l = links(res.headers.link);
        if (page < pages) expect(l.next).toBe(`/query?num=40&page=${page + 1}`);
        else expect(l.next).toBeUndefined();
        if (page > 1) expect(l.prev).toBe(`/query?num=40&page=${page - 1}`);
        else expect(l.prev).toBeUndefined();
        seen.push(...cids(body));
      }
      expect(seen).toEqual(expectedOrder(ALL, byRelease));
      const past = await c.get("/query", { num: 40, page: pages + 1 });
      expectOk(past);
      expect(past.json().count).toBe(0);
      expect(past.json().results).toEqual([]);
      expect(past.headers["x-total-count"]).toBe(String(TOTAL));
      expect(links(past.headers.link).next).toBeUndefined();
    });

    it("has no link header when one page holds every match", async () => {
      const res = await c.get("/query", { q: "Other Provider Story" });
      expectOk(res);
      expect(res.json().count).toBe(1);
      expect(res.headers["x-total-count"]).toBe("1");
      expect(res.headers.link).toBeUndefined();
    });

    it("links keep q, providers, filter and sort, and following them gives the next page", async () => {
      const first = await c.get("/query", { q: "secret", providers: "file,other", filter: "releaseAfter:2000-01-01", sort: "release", num: 1 });
      expectOk(first);
      expect(first.headers["x-total-count"]).toBe("2");
      const next = links(first.headers.link).next;
      const url = new URL(next, "http://x");
      expect(Object.fromEntries(url.searchParams)).toEqual({
        q: "secret",
        providers: "file,other",
        filter: "releaseAfter:2000-01-01",
        sort: "release",
        num: "1",
        page: "2",
      });
      const second = await t.app.inject({ method: "GET", url: next, headers: { "x-service-key": t.key } });
      expectOk(second);
      expect(cids(second.json())).toEqual(["118abp00123"]);
      expect(cids(first.json())).toEqual(["ssis00001"]);
      expect(links(second.headers.link).prev).toBeDefined();
      expect(links(second.headers.link).next).toBeUndefined();
    });

    it("links of a POST are GET URLs carrying the filter as JSON text and providers as a list", async () => {
      const res = await c.post("/query", { providers: ["other"], filter: { maker: "IdeaPocket" }, sort: "release", num: 1 });
      expectOk(res);
      expect(res.headers["x-total-count"]).toBe("3");
      expect(cids(res.json())).toEqual(["ipx00012"]);
      const next = links(res.headers.link).next;
      expect(Object.fromEntries(new URL(next, "http://x").searchParams)).toEqual({
        providers: "other",
        filter: '{"maker":"IdeaPocket"}',
        sort: "release",
        num: "1",
        page: "2",
      });
      const second = await t.app.inject({ method: "GET", url: next, headers: { "x-service-key": t.key } });
      expectOk(second);
      expect(cids(second.json())).toEqual(["ipx00010"]);
    });

    it("POST answers carry the same headers", async () => {
      const res = await c.post("/query", { num: 10, page: 2 });
      expectOk(res);
      expect(res.headers["x-total-count"]).toBe(String(TOTAL));
      const l = links(res.headers.link);
      expect(l.next).toBe("/query?num=10&page=3");
      expect(l.prev).toBe("/query?num=10&page=1");
    });
  });

  describe("providers", () => {
    const fileIds = HAND.filter((r) => r.provider === "file").map((r) => r.record.contentId);
    const otherIds = HAND.filter((r) => r.provider === "other").map((r) => r.record.contentId);

    it.each([
      ["comma string", () => c.get("/query", { providers: "file", num: 100 })],
      ["POST array", () => c.post("/query", { providers: ["file"], num: 100 })],
      ["POST string", () => c.post("/query", { providers: "file", num: 100 })],
    ])("restricts results to one provider (%s)", async (_name, send) => {
      const res = await send();
      expectOk(res);
      expect(cids(res.json()).sort()).toEqual([...fileIds].sort());
      expect(res.headers["x-total-count"]).toBe(String(fileIds.length));
    });

    it.each([
      ["comma string", () => c.get("/query", { providers: "file,other", num: 100 })],
      ["comma string with spaces and case", () => c.get("/query", { providers: " File , OTHER ", num: 100 })],
      ["repeated parameter", () => c.get("/query", { providers: ["file", "other"], num: 100 })],
      ["POST array", () => c.post("/query", { providers: ["other", "file"], num: 100 })],
    ])("restricts results to two providers (%s)", async (_name, send) => {
      const res = await send();
      expectOk(res);
      expect(cids(res.json()).sort()).toEqual([...fileIds, ...otherIds].sort());
    });

    it("restricts text search too", async () => {
      const res = await c.get("/query", { q: "garden", providers: "other" });
      expectOk(res);
      expect(cids(res.json())).toEqual(["ipx00012"]);
    });

    it.each([
      ["GET", () => c.get("/query", { providers: "nope" })],
      ["GET in a list", () => c.get("/query", { providers: "file,nope" })],
      ["GET repeated", () => c.get("/query", { providers: ["file", "nope"] })],
      ["POST", () => c.post("/query", { providers: ["nope"] })],
      ["GET /movie", () => c.get("/movie", { q: "ABP-123", providers: "nope" })],
      ["POST /random", () => c.post("/random", { providers: ["nope"] })],
    ])("an unknown provider is 400 INVALID_PARAMETER listing the valid ones (%s)", async (_name, send) => {
      const body = expectError(await send(), 400, "INVALID_PARAMETER");
      expect(body.message).toContain("nope");
      for (const p of ["file", "other", "sample"]) expect(body.message).toContain(p);
    });
  });

  describe("sort", () => {
    beforeAll(() => {
      // Change two old records later, in a known order, so update order differs from release order.
      const now = Date.now();
      upsertRecords(t.db, [{ ...q3, record: { ...q3.record, commentEn: "Remastered." } }], now + 60_000);
      upsertRecords(t.db, [{ ...q6, record: { ...q6.record, commentEn: "Remastered." } }], now + 120_000);
    });

    it.each(FORMS)("%s release: newest release first", async (form) => {
      const res = await call(c, form, "/query", { ...HAND_ONLY, sort: "release" });
      expectOk(res);
      expect(cids(res.json())).toEqual(["ipx00012", "ipx00010", "ssis00001", "118abp00124", "118abp00123", "mide00700", "ipx00011"]);
    });

    it.each(FORMS)("%s rating: average desc, then count desc, unrated last", async (form) => {
      const res = await call(c, form, "/query", { ...HAND_ONLY, sort: "rating" });
      expectOk(res);
      expect(cids(res.json())).toEqual(["ipx00012", "118abp00124", "118abp00123", "ssis00001", "ipx00011", "ipx00010", "mide00700"]);
    });

    it.each(FORMS)("%s views: most popular first, unknown popularity last", async (form) => {
      const res = await call(c, form, "/query", { ...HAND_ONLY, sort: "views" });
      expectOk(res);
      expect(cids(res.json())).toEqual(["ipx00012", "118abp00124", "118abp00123", "ssis00001", "ipx00010", "ipx00011", "mide00700"]);
    });

    it.each(FORMS)("%s update: last change in the catalog first", async (form) => {
      const res = await call(c, form, "/query", { ...HAND_ONLY, sort: "update" });
      expectOk(res);
      const ids = cids(res.json());
      expect(ids.slice(0, 2)).toEqual(["ipx00011", "mide00700"]);
      expect(ids.slice(2)).toEqual(["ipx00012", "ipx00010", "ssis00001", "118abp00124", "118abp00123"]);
    });

    it.each(FORMS)("%s relevance: a title match before a comment match, whatever the dates", async (form) => {
      const res = await call(c, form, "/query", { q: "garden", ...HAND_ONLY, sort: "relevance" });
      expectOk(res);
      expect(cids(res.json())).toEqual(["118abp00123", "ipx00012"]);
      const byDate = await call(c, form, "/query", { q: "garden", ...HAND_ONLY, sort: "release" });
      expect(cids(byDate.json())).toEqual(["ipx00012", "118abp00123"]);
      const dflt = await call(c, form, "/query", { q: "garden", ...HAND_ONLY });
      expect(cids(dflt.json())).toEqual(["118abp00123", "ipx00012"]);
    });

    it("sorts the whole catalog by rating, views and release", async () => {
      for (const [sort, keys] of [
        ["rating", byRating],
        ["views", byViews],
        ["release", byRelease],
      ] as const) {
        const res = await c.get("/query", { sort, num: 100 });
        expectOk(res);
        expect(cids(res.json()), sort).toEqual(expectedOrder(ALL, keys).slice(0, 100));
      }
    });

    it("relevance without q falls back to release order", async () => {
      const res = await c.get("/query", { ...HAND_ONLY, sort: "relevance" });
      expectOk(res);
      expect(cids(res.json())).toEqual(["ipx00012", "ipx00010", "ssis00001", "118abp00124", "118abp00123", "mide00700", "ipx00011"]);
    });

    it("an unknown sort is 400 INVALID_PARAMETER (GET and POST)", async () => {
      for (const sort of ["newest", "RELEASE", "", "rating desc"]) {
        expectError(await c.get("/query", { sort }), 400, "INVALID_PARAMETER");
        expectError(await c.post("/query", { sort }), 400, "INVALID_PARAMETER");
      }
    });
  });

  describe("search", () => {
    it.each(["cafe", "CAFE", "Café", "CAFÉ", "café lumiere", "LUMIÈRE"])("is case- and accent-insensitive: %j finds Café", async (q) => {
      const res = await c.get("/query", { q, num: 100 });
      expectOk(res);
      expect(cids(res.json())).toContain("mide00700");
    });

    it.each([
      ["actress altName", "凛音"],
      ["title substring", "夏休"],
      ["title two characters across a particle", "の夏"],
      ["one character at the start of a run", "凛"],
      ["one character inside a run", "夏"],
      ["one kanji inside a run", "密"],
    ])("finds Japanese text by substring: %s %j", async (_what, q) => {
      const res = await c.get("/query", { q, num: 100 });
      expectOk(res);
      expect(cids(res.json())).toContain("ssis00001");
      const only = await c.get("/query", { q, ...HAND_ONLY });
      expect(cids(only.json())).toEqual(["ssis00001"]);
    });

    // A kanji is a term of its own, a kana a bigram prefix: every sort finds the same titles.
    it.each(["夏", "密", "の", "凛"])("finds one Japanese character with every sort, the same titles: %j", async (q) => {
      const sets = [];
      for (const sort of ["relevance", "release", "update", "rating", "views"]) {
        const res = await c.get("/query", { q, sort, num: 100, ...HAND_ONLY });
        expectOk(res);
        expect(cids(res.json())).toContain("ssis00001");
        sets.push(cids(res.json()).sort());
      }
      for (const set of sets) expect(set).toEqual(sets[0]);
    });

    // The last character of a run starts no bigram: it is indexed alone as well.
    it.each([
      ["the last character of a title run", "み"],
      ["the last character of a name", "音"],
    ])("finds Japanese text by substring: %s %j", async (_what, q) => {
      const res = await c.get("/query", { q, ...HAND_ONLY });
      expectOk(res);
      expect(cids(res.json())).toEqual(["ssis00001"]);
    });

    it.each(["abp123", "ABP-123", "abp-00123", "118abp00123"])("ranks the exact code first for %j", async (q) => {
      for (const form of FORMS) {
        const res = await call(c, form, "/query", { q });
        expectOk(res);
        const ids = cids(res.json());
        expect(ids[0]).toBe("118abp00123");
      }
    });

    it("finds other records that mention a code after the exact one", async () => {
      const res = await c.get("/query", { q: "abp123", ...HAND_ONLY });
      expectOk(res);
      expect(cids(res.json())).toEqual(["118abp00123", "118abp00124"]);
    });

    it.each([
      ["title:foo", true],
      ["NEAR(", true],
      ["NEAR(bar", true],
      ["col:x", true],
      ["a OR b", true],
      ["-x", true],
      ["^x", true],
      ["AND", true],
      ["stars *", true],
      ['"foo', true],
      ['"', false],
      ["*", false],
      ["(", false],
      [")", false],
      ["x".repeat(500), false],
      ['(a OR "b" NEAR(c d) title:e * -f ^g '.repeat(15).slice(0, 500), false],
    ])("searches FTS syntax as text: %j", async (q, findsSyntaxRecord) => {
      for (const form of FORMS) {
        const res = await call(c, form, "/query", { q, providers: "other" });
        expectOk(res);
        expectQueryEnvelope(res.json());
        expect(res.json().q).toBe(q);
        if (findsSyntaxRecord) expect(cids(res.json())).toContain("ipx00011");
        else expect(cids(res.json())).not.toContain("ipx00011");
      }
    });
  });
});

describe("/query with MAX_PAGE_SIZE=5", () => {
  let t: TestApp;
  const records = [...generateSampleRecords({ count: 12, seed: 5 })];
  beforeAll(async () => {
    t = await buildTestApp(records, { MAX_PAGE_SIZE: "5" });
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(FORMS)("%s caps num at 5 and links pages of 5", async (form) => {
    const c = client(t);
    for (const num of [MAX_SAFE, 6, 100]) {
      const res = await call(c, form, "/query", { num });
      expectOk(res);
      expect(res.json().count).toBe(5);
      expect(res.headers["x-total-count"]).toBe("12");
      expect(links(res.headers.link).next).toBe("/query?num=5&page=2");
    }
    const small = await call(c, form, "/query", { num: 3 });
    expect(small.json().count).toBe(3);
    const last = await call(c, form, "/query", { num: MAX_SAFE, page: 3 });
    expect(last.json().count).toBe(2);
    expect(links(last.headers.link).next).toBeUndefined();
    expect(links(last.headers.link).prev).toBe("/query?num=5&page=2");
  });
});
