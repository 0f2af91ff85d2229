import { beforeEach, describe, expect, it, vi } from "vitest";
import { findByContentId, upsertRecords } from "../../../src/catalog/index.js";
import { importDump, type ImportDumpOptions } from "../../../src/import/dump/import-dump.js";
import { RECORD_FORMAT } from "../../../src/import/dump/source-hash.js";
import { parseR18Combined } from "../../../src/providers/r18dev/parse.js";
import { type Block, baseBlocks, catalogForSuite, dumpText, snapshot } from "./helpers.js";

// The record builders run on this thread (workerThreads: 0), so the parser's calls can be counted.
vi.mock("../../../src/providers/r18dev/parse.js", async (original) => {
  const parse = await original<typeof import("../../../src/providers/r18dev/parse.js")>();
  return { ...parse, parseR18Combined: vi.fn(parse.parseR18Combined) };
});
const parsed = vi.mocked(parseR18Combined);

describe("import-dump: a refresh leaves out the titles whose dump rows are unchanged, unparsed", () => {
  const { db, files } = catalogForSuite();
  beforeEach(() => {
    parsed.mockClear();
  });

  const run = (blocks: Block[], opts: ImportDumpOptions = {}) => importDump(db, files.write("dump.sql", dumpText(blocks)), { workerThreads: 0, ...opts });
  const sourceHashes = () => db.prepare("SELECT content_id, source_hash FROM movies ORDER BY content_id").raw().all() as [string, string | null][];
  /** The base dump with ABW-013's English title changed. */
  const retitled = (title: string) => baseBlocks({ videos: [{ content_id: "118abw00013", dvd_id: "ABW-013", title_en: title }] });

  it("parses every title on the first import and stores each one's source hash", async () => {
    expect(await run(baseBlocks())).toMatchObject({ videos: 3, added: 3, updated: 0, unchanged: 0 });
    expect(parsed).toHaveBeenCalledTimes(3);
    expect(sourceHashes().every(([, h]) => typeof h === "string" && h.length === 22)).toBe(true);
  });

  it("parses nothing when the dump is the same, and changes nothing", async () => {
    const before = snapshot(db);
    const hashes = sourceHashes();
    expect(await run(baseBlocks())).toMatchObject({ videos: 3, added: 0, updated: 0, unchanged: 3, skipped: {} });
    expect(parsed).not.toHaveBeenCalled();
    expect(snapshot(db)).toEqual(before);
    expect(sourceHashes()).toEqual(hashes);
  });

  it("parses and writes again a title whose row changed, and only it", async () => {
    expect(await run(retitled("A New Title"))).toMatchObject({ videos: 3, added: 0, updated: 1, unchanged: 2 });
    expect(parsed).toHaveBeenCalledTimes(1);
    expect(parsed.mock.calls[0][0]).toMatchObject({ content_id: "118abw00013" });
    expect(findByContentId(db, "r18dev", "118abw00013")?.record.titleEn).toBe("A New Title");
    parsed.mockClear();
    expect(await run(retitled("A New Title"))).toMatchObject({ updated: 0, unchanged: 3 });
    expect(parsed).not.toHaveBeenCalled();
  });

  it("parses the titles a changed linked row belongs to", async () => {
    const blocks = retitled("A New Title").map((b) =>
      b.table === "derived_actress" ? { ...b, rows: b.rows.map((r) => (r[0] === 1019077 ? [r[0], "Yua M.", ...r.slice(2)] : r)) } : b,
    );
    expect(await run(blocks)).toMatchObject({ updated: 1, unchanged: 2 });
    expect(parsed.mock.calls.map(([json]) => (json as { content_id: string }).content_id)).toEqual(["ssis00001"]);
  });

  it("parses every title again when RECORD_FORMAT moves, and stores the new source hashes alone when the records are the same", async () => {
    const before = snapshot(db);
    const hashes = sourceHashes();
    const blocks = baseBlocks({ videos: [{ content_id: "118abw00013", dvd_id: "ABW-013", title_en: "A New Title" }] }).map((b) =>
      b.table === "derived_actress" ? { ...b, rows: b.rows.map((r) => (r[0] === 1019077 ? [r[0], "Yua M.", ...r.slice(2)] : r)) } : b,
    );
    expect(await run(blocks, { recordFormat: RECORD_FORMAT + 1 })).toMatchObject({ added: 0, updated: 0, unchanged: 3 });
    expect(parsed).toHaveBeenCalledTimes(3);
    expect(snapshot(db)).toEqual(before);
    const moved = sourceHashes();
    expect(moved.map(([cid]) => cid)).toEqual(hashes.map(([cid]) => cid));
    expect(moved.filter(([, h], i) => h === hashes[i][1])).toEqual([]);
    parsed.mockClear();
    expect(await run(blocks, { recordFormat: RECORD_FORMAT + 1 })).toMatchObject({ unchanged: 3 });
    expect(parsed).not.toHaveBeenCalled();
  });

  it("parses again a title another path rewrote, and puts the dump's record back", async () => {
    const blocks = baseBlocks();
    await run(blocks);
    parsed.mockClear();
    const stored = findByContentId(db, "r18dev", "ipx00535");
    const live = { provider: "r18dev", record: { ...stored!.record, titleEn: "Changed live" }, pageUrl: stored!.pageUrl, altNames: {}, censored: true };
    upsertRecords(db, [{ ratingAvg: null, ratingCount: null, popularity: null, ...live }]);
    expect(db.prepare("SELECT source_hash FROM movies WHERE content_id = 'ipx00535'").pluck().get()).toBeNull();
    expect(await run(blocks)).toMatchObject({ updated: 1, unchanged: 2 });
    expect(parsed).toHaveBeenCalledTimes(1);
    expect(findByContentId(db, "r18dev", "ipx00535")?.record.titleEn).not.toBe("Changed live");
  });

  it("leaves out the same titles on worker threads", async () => {
    const before = snapshot(db);
    expect(await run(baseBlocks(), { workerThreads: 2 })).toMatchObject({ videos: 3, added: 0, updated: 0, unchanged: 3 });
    expect(await run(retitled("On threads"), { workerThreads: 2 })).toMatchObject({ videos: 3, added: 0, updated: 1, unchanged: 2 });
    expect(snapshot(db)).not.toEqual(before);
  });
});
