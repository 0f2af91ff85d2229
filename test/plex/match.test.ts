/**
 * The Match feature over HTTP, sent the body Plex sends ("API Endpoints.md", "Match Feature":
 * type, title, year, filename, guid, manual, includeAdult; the language as a header or a query
 * parameter). The code is read from the file name (its folders too) before the title, by the
 * reader every face uses; the best match alone, or with manual=1 every candidate best first;
 * nothing, a name with two codes, or a type other than a movie: an empty container. A match is
 * answered whole, whatever the paging headers say.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IngestRecord } from "../../src/model/record.js";
import { makeIngest, simulatedProviders } from "../helpers/build-app.js";
import { nameRows, REAL_TABLES, rewriteName, sellerOfRow } from "../helpers/library-names.js";
import { sampleTitles } from "../helpers/sample-titles.js";
import { EMPTY, get, IDENTIFIER, keysOf, match, type PlexApp, plexApp } from "./plex-app.js";

const EN = { "X-Plex-Language": "en-US" };

/** SNIS-217's other copies, as DMM sells it: the FANZA API's digital one (no English), a DVD and a rental. */
function snisCopies(): IngestRecord[] {
  const r18 = sampleTitles()[0];
  const fanza = (contentId: string, serviceCode: string): IngestRecord => ({
    ...r18,
    provider: "fanza",
    pageUrl: `https://www.dmm.co.jp/${serviceCode}/-/detail/=/cid=${contentId}/`,
    record: { ...r18.record, contentId, serviceCode, titleEn: "" },
  });
  return [fanza("snis00217", "digital"), fanza("snis217", "mono"), fanza("snis217r", "rental")];
}

/** Two titles a text search for "Gross Guys" finds, of two years. */
const TEXT_TITLES = [
  makeIngest({ contentId: "abp00123", dvdId: "ABP-123", titleEn: "Gross Guys in the Office", titleJa: "", releaseDate: "2019-05-01T00:00:00.000Z" }),
  makeIngest({ contentId: "abp00124", dvdId: "ABP-124", titleEn: "Gross Guys Return", titleJa: "", releaseDate: "2020-06-01T00:00:00.000Z" }),
];

describe("match over the real samples", () => {
  let p: PlexApp;
  beforeAll(async () => {
    p = await plexApp();
  });
  afterAll(() => p.close());

  it("the best match alone, by the code in the file name: every real name shape of a DMM code, never a wrong title", async () => {
    const names: string[] = [];
    for (const table of REAL_TABLES)
      for (const row of nameRows(table)) {
        if (!/^[A-Z]+-\d+$/.test(row.code) || sellerOfRow(row) !== "dmm") continue;
        const name = rewriteName(row.name, row.code, "SNIS-217");
        if (name !== null) names.push(name);
      }
    expect(names.length).toBeGreaterThan(350);
    let matched = 0;
    for (const name of names) {
      const { status, body } = await match(p, { type: 1, filename: `/Movies/${name}` }, EN);
      expect(status, name).toBe(200);
      const keys = keysOf(body);
      // Never a wrong title: SNIS-217, or no match where the reader finds no code.
      expect([["r18dev_snis00217"], []], name).toContainEqual(keys);
      expect(body.MediaContainer.totalSize).toBe(keys.length);
      if (keys.length === 1) matched++;
    }
    expect(matched / names.length).toBeGreaterThanOrEqual(0.99);
  });

  it("the code in a folder when the file's own name has none; the file name before the title; the title when the name has no code", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ filename: "/Movies/SNIS-217 Tia/video.mp4" }, "r18dev_snis00217"],
      [{ filename: "Movies/[FHD] mide-799 Nanasawa Mia.mkv", title: "Mide 799" }, "fanza_mide00799"],
      [{ filename: "/Movies/SONE-708.mp4", title: "SNIS-217" }, "fanza_sone00708"],
      [{ filename: "/Movies/movie.mp4", title: "SNIS-217" }, "r18dev_snis00217"],
      [{ title: "royd191" }, "r18dev_royd191"],
      [{ title: "tkmird261", year: 2023 }, "fanza_tkmird261"],
    ];
    for (const [hints, key] of cases) {
      const { status, body } = await match(p, { type: 1, ...hints }, EN);
      expect(status, JSON.stringify(hints)).toBe(200);
      expect(body.MediaContainer, JSON.stringify(hints)).toMatchObject({ offset: 0, totalSize: 1, identifier: IDENTIFIER, size: 1 });
      expect(keysOf(body), JSON.stringify(hints)).toEqual([key]);
    }
  });

  it("a guid of this provider's scheme names its title outright; another scheme's, or one of no title, is only a hint", async () => {
    const guid = (key: string) => `${IDENTIFIER}://movie/${key}`;
    expect(keysOf((await match(p, { type: 1, guid: guid("fanza_mide00799"), filename: "/Movies/SNIS-217.mp4" })).body)).toEqual(["fanza_mide00799"]);
    expect(keysOf((await match(p, { type: 1, guid: guid("fanza_zzz00001"), filename: "/Movies/SNIS-217.mp4" })).body)).toEqual(["r18dev_snis00217"]);
    expect(keysOf((await match(p, { type: 1, guid: `${IDENTIFIER}://movie/not a key`, title: "SNIS-217" })).body)).toEqual(["r18dev_snis00217"]);
    expect(keysOf((await match(p, { type: 1, guid: "imdb://tt0088763", title: "SNIS-217" })).body)).toEqual(["r18dev_snis00217"]);
    expect((await match(p, { type: 1, guid: guid("fanza_mide00799") })).body.MediaContainer.Metadata[0].guid).toBe(guid("fanza_mide00799"));
  });

  it("a name with two codes is no match, though each alone is a title here; with manual=1 both codes' titles", async () => {
    expect(keysOf((await match(p, { type: 1, filename: "/Movies/SNIS-217.mp4" })).body)).toEqual(["r18dev_snis00217"]);
    expect(keysOf((await match(p, { type: 1, filename: "/Movies/MIDE-799.mp4" })).body)).toEqual(["fanza_mide00799"]);
    const both = await match(p, { type: 1, filename: "/Movies/SNIS-217 MIDE-799.mp4", title: "SNIS-217 MIDE-799" });
    expect(both.status).toBe(200);
    expect(both.body).toEqual(EMPTY);
    const manual = await match(p, { type: 1, manual: 1, filename: "/Movies/SNIS-217 MIDE-799.mp4" });
    expect(keysOf(manual.body)).toEqual(["r18dev_snis00217", "fanza_mide00799"]);
  });

  it("nothing found is an empty container, a 200: no code, a code the catalog lacks, no live provider", async () => {
    for (const hints of [{ filename: "/Movies/holiday 2019.mp4" }, { filename: "/Movies/ABW-001.mp4", title: "ABW-001" }, { title: "zzzz qqqq" }]) {
      const { status, body, res } = await match(p, { type: 1, ...hints });
      expect(status, JSON.stringify(hints)).toBe(200);
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(body).toEqual(EMPTY);
    }
  });

  it("a type other than a movie is an empty container: shows, seasons, episodes, collections", async () => {
    for (const type of [2, 3, 4, 18]) {
      const { status, body } = await match(p, { type, title: "SNIS-217", parentTitle: "SNIS-217", index: 1 });
      expect(status, String(type)).toBe(200);
      expect(body).toEqual(EMPTY);
    }
  });

  it("includeAdult does not hide a title: every answer is marked isAdult", async () => {
    for (const includeAdult of [0, 1, undefined]) {
      const { body } = await match(p, { type: 1, title: "SNIS-217", includeAdult });
      expect(body.MediaContainer.Metadata.map((m: { isAdult: boolean }) => m.isAdult)).toEqual([true]);
    }
  });

  it("the match is the full Metadata object, in the language asked as a header or a query parameter", async () => {
    const meta = await match(p, { type: 1, title: "SNIS-217" }, {}, "?X-Plex-Language=en-US&X-Plex-Country=US");
    const one = meta.body.MediaContainer.Metadata[0];
    expect(one).toMatchObject({ title: "SNIS-217 Gross Guys on Hot Babes!", originalTitle: "ラブ◆キモメン ティア", key: "/library/metadata/r18dev_snis00217" });
    const ja = await match(p, { type: 1, title: "SNIS-217" }, { "X-Plex-Language": "ja-JP" });
    expect(ja.body.MediaContainer.Metadata[0].title).toBe("SNIS-217 ラブ◆キモメン ティア");
  });

  it("what the body says wrong is a 400 in the JSON error shape; a body that is not JSON, a 415", async () => {
    const url = `${p.root}/library/metadata/matches`;
    const bad = async (payload: string, contentType = "application/json", headers: Record<string, string> = {}) => {
      const res = await p.app.inject({ method: "POST", url, headers: { "content-type": contentType, ...headers }, payload });
      return { status: res.statusCode, body: res.json() as { error: { code: number; message: string } } };
    };
    const cases: [string, string][] = [
      ["{not json", "the body is not valid JSON"],
      ["[1]", "the body must be a JSON object"],
      ['"SNIS-217"', "the body must be a JSON object"],
      ["null", "the body must be a JSON object"],
      ["", "the body must be a JSON object"],
      ['{"title":"SNIS-217"}', "type is required"],
      ['{"type":"movie","title":"SNIS-217"}', "type must be an integer"],
      ['{"type":1.5,"title":"SNIS-217"}', "type must be an integer"],
      ['{"type":1,"title":217}', "title must be a string"],
      ['{"type":1,"title":"SNIS-217","manual":2}', "manual must be 1 or 0"],
      ['{"type":1,"title":"SNIS-217","year":"last"}', "year must be an integer"],
      ['{"type":1}', "a movie match needs a title, a filename or a guid"],
    ];
    for (const [payload, message] of cases) {
      const { status, body } = await bad(payload);
      expect(status, payload).toBe(400);
      expect(body.error.code, payload).toBe(400);
      expect(body.error.message, payload).toContain(message);
    }
    expect(await bad("type=1", "text/plain")).toEqual({
      status: 415,
      body: { error: { code: 415, message: "the body must be JSON (content-type: application/json)" } },
    });
    expect(await bad(JSON.stringify({ type: 1, title: "x".repeat(17_000) }))).toEqual({
      status: 413,
      body: { error: { code: 413, message: "the body is larger than 16 KiB" } },
    });
  });
});

describe("manual match: every candidate, best first", () => {
  let p: PlexApp;
  beforeAll(async () => {
    p = await plexApp({ more: [...snisCopies(), ...TEXT_TITLES] });
  });
  afterAll(() => p.close());

  it("the best match alone is the copy the language prefers: r18.dev's in English, the FANZA API's in Japanese", async () => {
    expect(keysOf((await match(p, { type: 1, filename: "/Movies/SNIS-217.mp4" }, EN)).body)).toEqual(["r18dev_snis00217"]);
    expect(keysOf((await match(p, { type: 1, filename: "/Movies/SNIS-217.mp4" }, { "X-Plex-Language": "ja-JP" })).body)).toEqual(["fanza_snis00217"]);
  });

  it("the code's copies (digital, DVD, rental), then the text matches of the title, those of the asked year first", async () => {
    const { status, body } = await match(p, { type: 1, manual: 1, title: "Gross Guys", year: 2020, filename: "/Movies/SNIS-217.mp4" }, EN);
    expect(status).toBe(200);
    expect(keysOf(body)).toEqual(["r18dev_snis00217", "fanza_snis00217", "fanza_snis217", "fanza_snis217r", "file_abp00124", "file_abp00123"]);
    expect(body.MediaContainer).toMatchObject({ offset: 0, totalSize: 6, size: 6 });
    // Without manual, the same hints are the file's code alone.
    expect(keysOf((await match(p, { type: 1, title: "Gross Guys", year: 2020, filename: "/Movies/SNIS-217.mp4" }, EN)).body)).toEqual(["r18dev_snis00217"]);
  });

  it("what a person types in Fix Match comes before the file's code", async () => {
    const { body } = await match(p, { type: 1, manual: "1", title: "MIDE-799", filename: "/Movies/SNIS-217.mp4" }, EN);
    expect(keysOf(body)).toEqual(["fanza_mide00799", "r18dev_snis00217", "fanza_snis00217", "fanza_snis217", "fanza_snis217r"]);
  });

  it("is never lost to paging: X-Plex-Container-Start 0, 1 or absent (and any -Size), as headers or query parameters, the match is answered whole", async () => {
    const manual = { type: 1, manual: 1, title: "Gross Guys", year: 2020, filename: "/Movies/SNIS-217.mp4" };
    const all = ["r18dev_snis00217", "fanza_snis00217", "fanza_snis217", "fanza_snis217r", "file_abp00124", "file_abp00123"];
    const pagings: [Record<string, string>, string][] = [
      [{}, ""],
      [{ "X-Plex-Container-Start": "0" }, ""],
      [{ "X-Plex-Container-Start": "1" }, ""],
      [{}, "?X-Plex-Container-Start=1&X-Plex-Container-Size=20"],
      [{ "X-Plex-Container-Start": "1", "X-Plex-Container-Size": "2" }, ""],
      [{ "X-Plex-Container-Start": "0", "X-Plex-Container-Size": "1" }, ""],
      [{ "X-Plex-Container-Start": "6" }, ""],
      [{ "X-Plex-Container-Size": "0" }, ""],
    ];
    for (const [headers, query] of pagings) {
      const said = JSON.stringify({ headers, query });
      const best = await match(p, { type: 1, filename: "/Movies/SNIS-217.mp4" }, { ...EN, ...headers }, query);
      expect(best.status, said).toBe(200);
      expect(keysOf(best.body), said).toEqual(["r18dev_snis00217"]);
      expect(best.body.MediaContainer, said).toMatchObject({ offset: 0, totalSize: 1, size: 1 });
      const every = await match(p, manual, { ...EN, ...headers }, query);
      expect(keysOf(every.body), said).toEqual(all);
      expect(every.body.MediaContainer, said).toMatchObject({ offset: 0, totalSize: 6, size: 6 });
    }
  });
});

describe("match with a live provider that fails", () => {
  let p: PlexApp;
  beforeAll(async () => {
    // DMM's live providers at an address where nothing listens: every lookup fails.
    p = await plexApp({ live: true, env: { ...simulatedProviders("http://127.0.0.1:9"), HTTP_MAX_RETRIES: "0", LIVE_TIMEOUT_MS: "2000" } });
  });
  afterAll(() => p.close());

  it("is contained: an empty container for a code the catalog lacks, the catalog's answer for one it has", async () => {
    for (const manual of [0, 1]) {
      const missing = await match(p, { type: 1, manual, filename: "/Movies/ABW-001.mp4", title: "ABW-001" });
      expect(missing.status).toBe(200);
      expect(missing.body).toEqual(EMPTY);
    }
    expect(keysOf((await match(p, { type: 1, filename: "/Movies/SNIS-217.mp4" })).body)).toEqual(["r18dev_snis00217"]);
    // The providers were asked, and failed: a title by its id, which only they could answer, is a 502.
    const byId = await get(p, "/library/metadata/r18dev_abw00001");
    expect(byId.status).toBe(502);
    expect(byId.body.error.code).toBe(502);
  });
});
