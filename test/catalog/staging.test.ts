import { existsSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { isStagedTable, type StagingPlan, stagedColumns } from "../../src/catalog/staging/dump-tables.js";
import { StagedVideos } from "../../src/catalog/staging/staged-videos.js";
import { StagingDb } from "../../src/catalog/staging/staging-db.js";
import { copyEncode } from "../../tools/sample-dump/rows.js";
import { baseBlocks, TempDir } from "../import/dump/helpers.js";

describe("the staging database", () => {
  const dir = new TempDir();
  afterAll(() => dir.remove());

  /** The base dump's rows staged as the import would, plus a repeated video and a link to a missing actress. */
  async function stage(): Promise<{ staging: StagingDb; plan: StagingPlan }> {
    const staging = StagingDb.create({ dir: dir.path });
    let line = 0;
    for (const block of baseBlocks()) {
      if (!isStagedTable(block.table)) continue;
      const sink = staging.table(block.table, block.columns);
      const at = stagedColumns(block.table).map((c) => block.columns.indexOf(c));
      const rows = [...block.rows];
      if (block.table === "derived_video") rows.push([...rows[1]]);
      if (block.table === "derived_video_actress") rows.push(["ipx00535", 1019999, 2, null]);
      for (const row of rows)
        sink.add(
          at.map((i) => (i < 0 || row[i] === null ? null : String(row[i]))),
          ++line,
          row.map((v) => copyEncode(v)).join("\t"),
        );
      staging.endTable();
    }
    return { staging, plan: await staging.finish(2) };
  }

  it("plans batches in content_id order, and names repeated rows", async () => {
    const { staging, plan } = await stage();
    expect(plan.videos).toBe(4);
    expect(plan.batches).toEqual([
      ["", -1],
      ["ipx00535", 3],
    ]);
    expect(plan.duplicates).toEqual([{ contentId: "ssis00001", rowid: 4, line: expect.any(Number) }]);
    expect(staging.rows).toMatchObject({ derived_video: 4, derived_actress: 3, derived_video_actress: 5 });
    staging.close();
    expect(existsSync(staging.path)).toBe(false);
  });

  it("joins the same rows whether the dimension tables are in memory or read per batch", async () => {
    const { staging, plan } = await stage();
    const read = (opts?: { dimensionsInMemory: number }) => {
      const staged = new StagedVideos(staging.path, opts);
      const videos = plan.batches.flatMap((b) => staged.join(staged.batch(b, 2)));
      staged.close();
      return { videos, dangling: staged.dangling };
    };
    const inMemory = read();
    const perBatch = read({ dimensionsInMemory: 0 });
    expect(perBatch).toEqual(inMemory);
    expect(inMemory.dangling).toEqual({ derived_video_actress: 1, derived_video_category: 0, derived_video_director: 0 });
    const [abw, ipx, ssis, ssisAgain] = inMemory.videos;
    expect([abw, ipx, ssis, ssisAgain].map((v) => v.contentId)).toEqual(["118abw00013", "ipx00535", "ssis00001", "ssis00001"]);
    expect(abw).toMatchObject({
      maker: { name_en: "Prestige" },
      label: { name_en: "ABSOLUTELY WONDERFUL" },
      series: { name_ja: "声が出せない状況で…" },
      categories: [{ id: "4111" }, { id: "5016" }],
      directors: [{ name_romaji: "Kantoku Mei" }],
    });
    // Links split over two runs of rows, put back in ordinality order.
    expect(ssis.actresses.map((a) => a.name_romaji)).toEqual(["Airi Suzumura", "Yua Mikami"]);
    expect(ssis).toMatchObject({ label: null, series: null, directors: [] });
    expect(ipx.actresses).toEqual([
      { id: "1019078", name_romaji: null, image_url: "kanji_only.jpg", name_kanji: "漢字だけ", name_kana: null, row_hash: expect.any(String) },
    ]);
    staging.close();
  });
});
