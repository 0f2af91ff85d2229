import { afterAll, describe, expect, it } from "vitest";
import { StagedVideos, StagingDb } from "../../../src/catalog/index.js";
import { RECORD_FORMAT, SourceHashes } from "../../../src/import/dump/source-hash.js";
import { stageDump } from "../../../src/import/dump/stage.js";
import { Tally } from "../../../src/import/dump/summary.js";
import { type Block, TempDir, baseBlocks, dumpText } from "./helpers.js";

const dir = new TempDir();
afterAll(() => dir.remove());

/** Each staged video's source hash, by content_id, as the record builders compute it. */
async function hashes(blocks: Block[], format = RECORD_FORMAT): Promise<Record<string, string>> {
  const staging = StagingDb.create({ dir: dir.path });
  try {
    await stageDump(dir.write("dump.sql", dumpText(blocks)), staging, new Tally(), () => {});
    const plan = await staging.finish(2);
    const staged = new StagedVideos(staging.path);
    const sources = new SourceHashes(plan.videoBlocks, format);
    const out: Record<string, string> = {};
    for (const start of plan.batches) for (const v of staged.batch(start, 2)) out[v.contentId] = sources.of(v);
    staged.close();
    return out;
  } finally {
    staging.close();
  }
}

/** The base dump with one table's rows changed by `edit`. */
function withTable(table: string, edit: (rows: Block["rows"]) => Block["rows"], blocks = baseBlocks()): Block[] {
  return blocks.map((b) => (b.table === table ? { ...b, rows: edit(b.rows.map((r) => [...r])) } : b));
}

/** The content_ids whose hash differs between two runs. */
function changed(a: Record<string, string>, b: Record<string, string>): string[] {
  return Object.keys({ ...a, ...b })
    .filter((cid) => a[cid] !== b[cid])
    .sort();
}

describe("a staged video's source hash", () => {
  it("is the same for the same rows, and differs between videos", async () => {
    const base = await hashes(baseBlocks());
    expect(Object.keys(base).sort()).toEqual(["118abw00013", "ipx00535", "ssis00001"]);
    expect(await hashes(baseBlocks())).toEqual(base);
    expect(new Set(Object.values(base)).size).toBe(3);
    for (const h of Object.values(base)) expect(h).toMatch(/^[A-Za-z0-9+/]{22}$/);
  });

  it("moves with any field of the video's own row, and only for that video", async () => {
    const base = await hashes(baseBlocks());
    const edits: [string, string | number | null][] = [
      ["title_en", "Another title"],
      ["comment_ja", "説明"],
      ["runtime_mins", 183],
      ["release_date", "2020-10-03"],
      ["sample_url", null],
      ["series_id", null],
      ["gallery_full_last", "digital/video/118abw00013/118abw00013jp-11"],
      ["service_code", "mono"],
    ];
    for (const [column, value] of edits) {
      const next = await hashes(baseBlocks({ videos: [{ content_id: "118abw00013", dvd_id: "ABW-013", [column]: value }] }));
      expect(changed(base, next), column).toEqual(["118abw00013"]);
    }
  });

  it("moves with a linked row that changes, is added or is removed", async () => {
    const base = await hashes(baseBlocks());
    // Actress 1019076 is linked to ABW-013 and SSIS-001.
    const renamed = withTable("derived_actress", (rows) => rows.map((r) => (r[0] === 1019076 ? [r[0], "Airi S.", ...r.slice(2)] : r)));
    expect(changed(base, await hashes(renamed))).toEqual(["118abw00013", "ssis00001"]);
    // The maker of ABW-013 and SSIS-001 (40136); IPX-535 has another.
    const maker = withTable("derived_maker", (rows) => rows.map((r) => (r[0] === 40136 ? [r[0], "Prestige Inc.", r[2]] : r)));
    expect(changed(base, await hashes(maker))).toEqual(["118abw00013", "ssis00001"]);
    const series = withTable("derived_series", (rows) => rows.map((r) => [r[0], r[1], "シリーズ"]));
    expect(changed(base, await hashes(series))).toEqual(["118abw00013", "ipx00535"]);
    const added = withTable("derived_video_category", (rows) => [...rows, ["ipx00535", 4111, null]]);
    expect(changed(base, await hashes(added))).toEqual(["ipx00535"]);
    const removed = withTable("derived_video_director", () => []);
    expect(changed(base, await hashes(removed))).toEqual(["118abw00013"]);
    const reordered = withTable("derived_video_actress", (rows) => rows.map((r) => (r[0] === "ssis00001" ? [r[0], r[1], 3 - (r[2] as number), r[3]] : r)));
    expect(changed(base, await hashes(reordered))).toEqual(["ssis00001"]);
    // A link to an actress the dump lacks is left out of the record, and of the hash, until she appears.
    const dangling = withTable("derived_video_actress", (rows) => [...rows, ["ipx00535", 1019999, 2, null]]);
    expect(changed(base, await hashes(dangling))).toEqual([]);
    const appears = withTable("derived_actress", (rows) => [...rows, [1019999, "New Face", null, "新人", null]], dangling);
    expect(changed(base, await hashes(appears))).toEqual(["ipx00535"]);
  });

  it("is canonical: the order of the dump's tables and of rows that keep the record's order does not move it", async () => {
    const base = await hashes(baseBlocks());
    expect(await hashes([...baseBlocks()].reverse())).toEqual(base);
    // Actresses are ordered by ordinality: their rows may come in any order.
    expect(await hashes(withTable("derived_video_actress", (rows) => rows.reverse()))).toEqual(base);
    // Categories keep file order within a video; the videos' runs may come in any order.
    const categories = withTable("derived_video_category", (rows) => [
      ...rows.filter((r) => r[0] === "ssis00001"),
      ...rows.filter((r) => r[0] !== "ssis00001"),
    ]);
    expect(await hashes(categories)).toEqual(base);
    const dimensions = withTable("derived_actress", (rows) => rows.reverse());
    expect(await hashes(dimensions)).toEqual(base);
  });

  it("moves for every video with RECORD_FORMAT, and with the columns of the COPY block the row was read under", async () => {
    const base = await hashes(baseBlocks());
    expect(changed(base, await hashes(baseBlocks(), RECORD_FORMAT + 1))).toEqual(Object.keys(base).sort());
    // The same lines under other columns (here an extra one) are other rows: parsed again, never taken for the same.
    const wider = baseBlocks().map((b) =>
      b.table === "derived_video" ? { ...b, columns: [...b.columns, "extra"], rows: b.rows.map((r) => [...r, null]) } : b,
    );
    expect(changed(base, await hashes(wider))).toEqual(Object.keys(base).sort());
  });
});
