import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, makeIngest, type TestApp } from "../helpers/build-app.js";
import { client, expectError, expectOk, expectQueryEnvelope, type Client } from "./fixtures.js";

const none = { actressesRich: [], sampleUrl: null, galleryFull: [], galleryThumb: [] };

const r1 = makeIngest(
  {
    contentId: "ssis00101",
    dvdId: "SSIS-101",
    titleEn: "Everything About Her",
    categories: ["Drama", "Big Tits"],
    actresses: ["Yua Mikami"],
    actors: ["Ken Watanabe"],
    directors: ["Kyoshiro"],
    authors: ["Natsume"],
    makers: ["S1 NO.1 STYLE"],
    label: "S1 NO.1 STYLE",
    series: "Dream Woman",
    runtimeMins: 120,
    releaseDate: "2021-01-01T00:00:00.000Z",
    site: "FANZA",
    extra: { ...none, actressesRich: [{ name: "Yua Mikami", image: null }] },
  },
  {
    altNames: {
      genre: ["ドラマ", "巨乳"],
      actress: ["三上悠亜"],
      actor: ["渡辺健"],
      director: ["京四郎"],
      author: ["夏目"],
      maker: ["エスワン ナンバーワンスタイル"],
      label: ["エスワン"],
      series: ["ドリームウーマン"],
    },
  },
);
const r2 = makeIngest(
  {
    contentId: "118abp00202",
    dvdId: "ABP-202",
    titleEn: "Comedy Night",
    categories: ["Comedy"],
    actresses: ["Airi Suzumura"],
    makers: ["Prestige"],
    label: "ABSOLUTELY WONDERFUL",
    series: null,
    runtimeMins: 90,
    releaseDate: "2021-06-15T00:00:00.000Z",
    site: "FANZA",
  },
  { altNames: { label: ["アブソリュートリーワンダフル"], actress: ["鈴村あいり"] } },
);
const r3 = makeIngest(
  {
    contentId: "heyzo_1234",
    dvdId: "HEYZO-1234",
    titleEn: "Uncensored Special",
    categories: ["Creampie"],
    actresses: ["Yua Mikami"],
    makers: ["HEYZO"],
    label: "HEYZO",
    runtimeMins: 60,
    releaseDate: "2020-12-31T00:00:00.000Z",
    site: "HEYZO",
    serviceCode: "heyzo",
  },
  { provider: "other", censored: false, pageUrl: "https://www.heyzo.com/moviepages/1234/index.html" },
);
const r4 = makeIngest(
  {
    contentId: "ccc00003",
    dvdId: "CCC-003",
    titleEn: "Long Feature",
    categories: ["Documentary"],
    actresses: [],
    makers: ["Caribbean Studio"],
    label: "Long Label",
    runtimeMins: 150,
    releaseDate: "2022-03-01T00:00:00.000Z",
    site: "MGS",
    extra: none,
  },
  { provider: "other" },
);
const RECORDS = [r1, r2, r3, r4];
const R1 = r1.record.contentId;
const R2 = r2.record.contentId;
const R3 = r3.record.contentId;
const R4 = r4.record.contentId;

type FilterValue = string | number | (string | number)[];
type Filter = Record<string, FilterValue>;

const FILTER_FORMS = ["POST object", "GET JSON", "GET terms", "GET terms quoted"] as const;
type FilterForm = (typeof FILTER_FORMS)[number];

const quote = (v: string | number) => `"${String(v).replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
const bare = (v: string | number) => (/[\s"]/.test(String(v)) ? quote(v) : String(v));

/** The same filter in each of its three forms (terms with and without quotes). */
function terms(filter: Filter, quoted: boolean): string {
  return Object.entries(filter)
    .flatMap(([k, v]) => ([] as (string | number)[]).concat(v).map((one) => `${k}:${quoted ? quote(one) : bare(one)}`))
    .join(" ");
}

function send(c: Client, path: string, form: FilterForm, filter: Filter, extra: Record<string, string | number> = {}) {
  switch (form) {
    case "POST object":
      return c.post(path, { ...extra, filter });
    case "GET JSON":
      return c.get(path, { ...extra, filter: JSON.stringify(filter) });
    case "GET terms":
      return c.get(path, { ...extra, filter: terms(filter, false) });
    case "GET terms quoted":
      return c.get(path, { ...extra, filter: terms(filter, true) });
  }
}

const ids = (body: { results: { id: string }[] }) => body.results.map((r) => r.id).sort();

const CASES: [string, Filter, string[]][] = [
  ["genre (English)", { genre: "Drama" }, [R1]],
  ["genre (case-insensitive)", { genre: "big TITS" }, [R1]],
  ["genre (Japanese altName)", { genre: "ドラマ" }, [R1]],
  ["genre (exact, not a prefix)", { genre: "Dram" }, []],
  ["actress", { actress: "Yua Mikami" }, [R1, R3]],
  ["actress (case-insensitive)", { actress: "YUA mikami" }, [R1, R3]],
  // R1 pairs 三上悠亜 with Yua Mikami (one person, by her full names): the HEYZO title naming her in Latin letters is hers too.
  ["actress (Japanese altName, and her other name's titles)", { actress: "三上悠亜" }, [R1, R3]],
  ["actress (exact, not a word)", { actress: "Yua" }, []],
  ["actress (Japanese, other record)", { actress: "鈴村あいり" }, [R2]],
  ["actor", { actor: "ken watanabe" }, [R1]],
  ["actor (Japanese)", { actor: "渡辺健" }, [R1]],
  ["director", { director: "KYOSHIRO" }, [R1]],
  ["director (Japanese)", { director: "京四郎" }, [R1]],
  ["author", { author: "Natsume" }, [R1]],
  ["author (Japanese)", { author: "夏目" }, [R1]],
  ["maker (with spaces)", { maker: "S1 NO.1 STYLE" }, [R1]],
  ["maker (case-insensitive)", { maker: "s1 no.1 style" }, [R1]],
  ["maker (Japanese with a space)", { maker: "エスワン ナンバーワンスタイル" }, [R1]],
  ["maker (other)", { maker: "Prestige" }, [R2]],
  ["label", { label: "absolutely wonderful" }, [R2]],
  ["label (Japanese)", { label: "アブソリュートリーワンダフル" }, [R2]],
  ["series", { series: "Dream Woman" }, [R1]],
  ["series (Japanese)", { series: "ドリームウーマン" }, [R1]],
  ["series (exact)", { series: "Dream" }, []],
  ["censored", { censored: "censored" }, [R1, R2, R4]],
  ["uncensored", { censored: "uncensored" }, [R3]],
  ["runtimeMin (inclusive)", { runtimeMin: "120" }, [R1, R4]],
  ["runtimeMax (inclusive)", { runtimeMax: "90" }, [R2, R3]],
  ["runtimeMin and runtimeMax", { runtimeMin: "61", runtimeMax: "120" }, [R1, R2]],
  ["releaseAfter (inclusive)", { releaseAfter: "2021-01-01" }, [R1, R2, R4]],
  ["releaseBefore (inclusive)", { releaseBefore: "2021-01-01" }, [R1, R3]],
  ["releaseAfter and releaseBefore", { releaseAfter: "2021-01-01", releaseBefore: "2021-06-15" }, [R1, R2]],
  ["site", { site: "fanza" }, [R1, R2]],
  ["site (other)", { site: "HEYZO" }, [R3]],
  ["provider", { provider: "other" }, [R3, R4]],
  ["provider (file)", { provider: "file" }, [R1, R2]],
  ["terms combine with AND", { maker: "S1 NO.1 STYLE", releaseAfter: "2021-01-01", actress: "Yua Mikami" }, [R1]],
  ["terms combine with AND (no match)", { actress: "Yua Mikami", provider: "file", censored: "uncensored" }, []],
  ["a key given twice ANDs its values", { actress: ["Yua Mikami", "Airi Suzumura"] }, []],
  ["a value with an escaped quote", { series: 'Dream "Woman"' }, []],
];

const MALFORMED: [string, Filter][] = [
  ["unknown key", { foo: "bar" }],
  ["unknown key (javinfo-like but not ours)", { studio: "S1" }],
  ["releaseAfter month 13", { releaseAfter: "2021-13-01" }],
  ["releaseAfter February 30", { releaseAfter: "2021-02-30" }],
  ["releaseBefore without dashes", { releaseBefore: "20210101" }],
  ["releaseBefore with a time", { releaseBefore: "2021-01-01T00:00:00Z" }],
  ["runtimeMin not a number", { runtimeMin: "abc" }],
  ["runtimeMin negative", { runtimeMin: "-5" }],
  ["runtimeMax fractional", { runtimeMax: "1.5" }],
  ["censored maybe", { censored: "maybe" }],
  ["provider unknown", { provider: "nope" }],
  ["runtimeMin given twice", { runtimeMin: ["1", "2"] }],
];

describe("filter", () => {
  let t: TestApp;
  let c: Client;
  beforeAll(async () => {
    t = await buildTestApp(RECORDS);
    c = client(t);
  });
  afterAll(async () => {
    await t.close();
  });

  describe.each(FILTER_FORMS)("%s", (form) => {
    it.each(CASES)("/query %s", async (_name, filter, expected) => {
      const res = await send(c, "/query", form, filter, { num: 100 });
      expectOk(res);
      expectQueryEnvelope(res.json());
      expect(ids(res.json())).toEqual([...expected].sort());
      expect(res.headers["x-total-count"]).toBe(String(expected.length));
    });

    it.each(MALFORMED)("/query rejects %s with 400 INVALID_PARAMETER", async (_name, filter) => {
      const body = expectError(await send(c, "/query", form, filter), 400, "INVALID_PARAMETER");
      expect(body.message).toMatch(/filter|provider/);
    });

    it("/random applies the filter", async () => {
      const res = await send(c, "/random", form, { provider: "other" }, { num: 50 });
      expectOk(res);
      expect(
        res
          .json()
          .map((r: { contentId: string }) => r.contentId)
          .sort(),
      ).toEqual([R3, R4].sort());
      const un = await send(c, "/random", form, { censored: "uncensored" });
      expectOk(un);
      expect(un.json().map((r: { contentId: string }) => r.contentId)).toEqual([R3]);
      const nothing = await send(c, "/random", form, { genre: "No Such Genre" });
      expectOk(nothing);
      expect(nothing.json()).toEqual([]);
    });

    it("/random rejects a malformed filter", async () => {
      expectError(await send(c, "/random", form, { runtimeMin: "abc" }), 400, "INVALID_PARAMETER");
      expectError(await send(c, "/random", form, { nope: "x" }), 400, "INVALID_PARAMETER");
    });

    it("combines with q and with providers", async () => {
      const res = await send(c, "/query", form, { actress: "Yua Mikami" }, { q: "uncensored" });
      expectOk(res);
      expect(ids(res.json())).toEqual([R3]);
      const both = await send(c, "/query", form, { provider: "other" }, { providers: "file" });
      expectOk(both);
      expect(ids(both.json())).toEqual([]);
      const same = await send(c, "/query", form, { provider: "other" }, { providers: "other,file" });
      expect(ids(same.json())).toEqual([R3, R4].sort());
    });
  });

  it("accepts numbers for runtime in the object and JSON forms", async () => {
    expect(ids((await c.post("/query", { filter: { runtimeMin: 120 } })).json())).toEqual([R1, R4].sort());
    expect(ids((await c.get("/query", { filter: '{"runtimeMax":90}' })).json())).toEqual([R2, R3].sort());
  });

  it("accepts an array of names in the object form (AND)", async () => {
    expect(ids((await c.post("/query", { filter: { actress: ["Yua Mikami"] } })).json())).toEqual([R1, R3].sort());
    expect(ids((await c.post("/query", { filter: { genre: ["Drama", "Big Tits"] } })).json())).toEqual([R1]);
  });

  it("treats an empty filter as no filter", async () => {
    for (const res of [await c.get("/query", { filter: "" }), await c.get("/query", { filter: "{}" }), await c.post("/query", { filter: {} })]) {
      expectOk(res);
      expect(res.json().count).toBe(4);
    }
  });

  it.each([
    ["an unterminated quote", 'actress:"Yua Mikami'],
    ["an unterminated quote after a good term", 'site:FANZA maker:"S1'],
    ["a term without a colon", "actress"],
    ["a term without a value", "actress:"],
    ["an empty quoted value", 'actress:""'],
    ["a term without a key", ":Yua"],
    ["JSON that does not parse", '{"actress": "Yua'],
    ["JSON with a nested object", '{"actress": {"name": "Yua Mikami"}}'],
    ["JSON with an empty array", '{"actress": []}'],
    ["JSON with null", '{"actress": null}'],
    ["a JSON array", '["actress", "Yua Mikami"]'],
  ])("GET rejects %s with 400", async (_name, filter) => {
    expectError(await c.get("/query", { filter }), 400, "INVALID_PARAMETER");
  });

  it.each([
    ["an array of terms", ["actress:Yua", "site:FANZA"]],
    ["a nested object value", { actress: { name: "Yua Mikami" } }],
    ["a null value", { actress: null }],
    ["an empty array value", { actress: [] }],
    ["a number", 12],
  ])("POST rejects a filter that is %s with 400", async (_name, filter) => {
    expectError(await c.post("/query", { filter }), 400, "INVALID_PARAMETER");
  });

  it("an unknown key's message lists the valid keys", async () => {
    const body = expectError(await c.get("/query", { filter: "studio:S1" }), 400, "INVALID_PARAMETER");
    for (const k of ["genre", "actress", "maker", "releaseAfter", "provider"]) expect(body.message).toContain(k);
  });
});
