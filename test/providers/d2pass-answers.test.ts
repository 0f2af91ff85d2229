/**
 * What a D2Pass site's answers mean, against a server each test sets: the API's JSON null or
 * {} is its "no such title", details of another id are a failure, a gallery that fails or is
 * malformed leaves the title without pictures, a 304 is a broken answer, and the listing ends
 * only where it says so (an empty page before its total is a failure), cut at `since` by the
 * page's last dated row.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onePondoProvider } from "../../src/providers/1pondo/index.js";
import { startServer, sendJson, type TestServer } from "../net/test-server.js";
import { client, closeAll, codeOf, context } from "../tools/simulator/helpers.js";

const real = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../fixtures/d2pass/10musume-movie_details-042922_01.json"), "utf8"));
/** A 1pondo title of the real record's content, with the current gallery. */
const details = (id: string, release = "2022-04-29") => ({ ...real, MovieID: id, Release: release, Gallery: true, HasGallery: false });
const GALLERY = { MovieID: "x", Rows: [{ Img: "movie_gallery/sample/x/a.jpg", Protected: false }] };

/** Answers by path: a JSON body, or a status with no body. */
let answers: Record<string, unknown> = {};
let server: TestServer;
beforeAll(async () => {
  server = await startServer((req, res) => {
    const a = answers[req.url ?? ""];
    if (a === undefined) return sendJson(res, 404, { error: "not found" });
    if (typeof a === "number") {
      res.writeHead(a);
      return res.end();
    }
    sendJson(res, 200, a);
  });
});
afterAll(async () => {
  await server.close();
  await closeAll();
});

const ctx = () => context(server.url, client({ maxRetries: 1 }));
const detailsAt = (id: string) => `/dyn/phpauto/movie_details/movie_id/${id}.json`;
const galleryAt = (id: string) => `/dyn/dla/json/movie_gallery/${id}.json`;
const listAt = (offset: number) => `/dyn/phpauto/movie_lists/list_newest_${offset}.json`;
const lookup = (id: string) => onePondoProvider.lookup(codeOf(`1pon ${id}`), ctx());

describe("a D2Pass title's answers", () => {
  it("the API's JSON null or {} is its 'no such title', as a 404 is", async () => {
    answers = { [detailsAt("010120_001")]: null, [detailsAt("010120_002")]: {} };
    expect(await lookup("010120_001")).toEqual({ status: "no_match" });
    expect(await lookup("010120_002")).toEqual({ status: "no_match" });
    expect(await onePondoProvider.lookupById!("010120_003", ctx())).toEqual({ status: "no_match" });
  });

  it("details of another MovieID than the one asked are a failure, never that title under this id", async () => {
    answers = { [detailsAt("010120_001")]: details("010120_009") };
    await expect(lookup("010120_001")).rejects.toThrow(/asked for 010120_001, the source answered with 010120_009/);
    const page = await onePondoProvider.crawlEntries!(["010120_001"], ctx());
    expect(page.failed).toEqual([{ id: "010120_001", kind: "parse", reason: expect.stringContaining("010120_009") }]);
  });

  it("a gallery that fails (500 after retries, not JSON, {Rows: null}) leaves the title without pictures", async () => {
    answers = {
      [detailsAt("010120_001")]: details("010120_001"),
      [galleryAt("010120_001")]: 500,
      [detailsAt("010120_002")]: details("010120_002"),
      [galleryAt("010120_002")]: { MovieID: "010120_002", Rows: null },
      [detailsAt("010120_003")]: details("010120_003"),
      [galleryAt("010120_003")]: GALLERY,
    };
    for (const id of ["010120_001", "010120_002"]) {
      const found = await lookup(id);
      expect(found.status, id).toBe("found");
      if (found.status === "found") expect(found.record.record.extra).toMatchObject({ galleryFull: [], galleryThumb: [] });
    }
    const with3 = await lookup("010120_003");
    expect(with3.status === "found" && with3.record.record.extra.galleryFull).toEqual([`${server.url}/dyn/dla/images/movie_gallery/sample/x/a.jpg`]);
  });

  it("the required part failing fails the title: details answered 500", async () => {
    answers = { [detailsAt("010120_001")]: 500 };
    await expect(lookup("010120_001")).rejects.toMatchObject({ name: "UpstreamError", httpStatus: 500 });
  });

  it("a 304 to a request without validators is a broken answer (UpstreamError), as net/response.ts has it", async () => {
    answers = { [detailsAt("010120_001")]: 304 };
    await expect(lookup("010120_001")).rejects.toMatchObject({ name: "UpstreamError", kind: "http_status", httpStatus: 304, retryable: false });
  });

  it("sends no cookie (no ageCheck: the JSON API has no age gate; MetaTube dropped it in cd860f1)", () => {
    expect(server.seen.length).toBeGreaterThan(0);
    expect(server.seen.every((h) => h.cookie === undefined)).toBe(true);
  });
});

describe("the end of a D2Pass listing", () => {
  const crawl = (offset: number | null, since?: string) => onePondoProvider.crawl(offset === null ? null : JSON.stringify({ offset }), { since }, ctx());
  const rows = (from: number, n: number, day = (i: number) => `2022-04-${String(29 - i).padStart(2, "0")}`) =>
    Array.from({ length: n }, (_, i) => details(`042922_${String(from + i + 1).padStart(3, "0")}`, day(from + i)));

  it("an empty first page is a failure: the listing holds no titles", async () => {
    answers = { [listAt(0)]: { TotalRows: 0, SplitSize: 50, Rows: [] } };
    await expect(crawl(null)).rejects.toThrow(/the listing holds no titles/);
  });

  it("an empty page before the total it announced is a failure; past it, the end", async () => {
    answers = { [listAt(50)]: { TotalRows: 120, SplitSize: 50, Rows: [] }, [listAt(100)]: { TotalRows: 100, SplitSize: 50, Rows: [] } };
    await expect(crawl(50)).rejects.toThrow(/announced more/);
    expect(await crawl(100)).toMatchObject({ records: [], nextCursor: null });
  });

  it("a row without a MovieID is reported; the page's other titles are kept", async () => {
    answers = { [listAt(0)]: { TotalRows: 3, SplitSize: 50, Rows: [...rows(0, 2), { ...real, MovieID: null }] } };
    const page = await crawl(null);
    expect(page.records.map((r) => r.record.contentId)).toEqual(["042922_001", "042922_002"]);
    expect(page.skipped).toEqual([{ id: null, reason: "listing row without a MovieID" }]);
    expect(page.nextCursor).toBeNull();
  });

  it("`since`: an old row listed late is left out and does not end the crawl; the page's last dated row does", async () => {
    const day = (i: number) => (i === 1 ? "2020-01-01" : `2022-04-${String(29 - i).padStart(2, "0")}`);
    answers = { [listAt(0)]: { TotalRows: 120, SplitSize: 50, Rows: rows(0, 5, day) } };
    const page = await crawl(null, "2022-04-20");
    expect(page.records.map((r) => r.record.contentId)).toEqual(["042922_001", "042922_003", "042922_004", "042922_005"]);
    expect(page.nextCursor).toBe('{"offset":50}');
    answers = { [listAt(50)]: { TotalRows: 120, SplitSize: 50, Rows: rows(7, 12) } };
    const reached = await crawl(50, "2022-04-20");
    expect(reached.records.map((r) => r.record.contentId)).toEqual(["042922_008", "042922_009", "042922_010"]);
    expect(reached.nextCursor).toBeNull();
  });
});
