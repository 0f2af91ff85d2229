import { readdirSync, rmSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, findByContentId } from "../../../src/catalog/index.js";
import { writeSampleDump } from "../../../tools/sample-dump/dump.js";
import { DumpTruncatedError, importDump, type ImportDumpOptions } from "../../../src/import/dump/import-dump.js";
import { tempCatalog } from "../../helpers/build-app.js";
import { TempDir, VIDEO_COLUMNS, baseBlocks, dumpText, snapshot } from "./helpers.js";

const files = new TempDir();
afterAll(() => files.remove());

/** The catalogs the tests made: closed and removed after them all (a hook registered inside a test never runs). */
const catalogs: { db: Db; dir: string }[] = [];
afterAll(() => {
  for (const c of catalogs) {
    c.db.close();
    rmSync(c.dir, { recursive: true, force: true });
  }
});

/** A fresh temp catalog per use; closed and removed at the end. */
function catalog(): { db: Db; dir: string } {
  const c = tempCatalog();
  catalogs.push(c);
  return c;
}

const record = (db: Db, cid: string) => findByContentId(db, "r18dev", cid)?.record;

async function run(db: Db, text: string | Buffer, name = "dump.sql", opts: ImportDumpOptions = {}) {
  const notes: string[] = [];
  const summary = await importDump(db, files.write(name, text), { onNote: (n) => notes.push(n), ...opts });
  return { summary, notes };
}

/** 1-based line of the first line of `text` that starts with `prefix`. */
function lineOf(text: string, prefix: string): number {
  return text.split("\n").findIndex((l) => l.startsWith(prefix)) + 1;
}

describe("import-dump: the COPY format", () => {
  it("decodes escapes and NULLs, orders actresses by ordinality, falls back to Japanese names", async () => {
    const { db } = catalog();
    const { summary } = await run(db, dumpText(baseBlocks()));
    expect(summary).toMatchObject({ videos: 3, added: 3, actresses: 3, skipped: {} });
    expect(record(db, "ssis00001")).toMatchObject({
      titleEn: "Tab\there, back\\slash \\N and\nnewline",
      titleJa: "",
      commentEn: "Line one\r\nLine two",
      commentJa: "説明\tです",
      runtimeMins: 0,
      series: null,
      label: "",
      makers: ["Prestige"],
      actresses: ["Airi Suzumura", "Yua Mikami"],
      directors: [],
      extra: { sampleUrl: null, galleryFull: [], galleryThumb: [] },
    });
    expect(record(db, "ssis00001")?.extra.actressesRich[1]).toEqual({ name: "Yua Mikami", image: null });
    expect(record(db, "ipx00535")).toMatchObject({ makers: ["アイデアポケット"], actresses: ["漢字だけ"], categories: [] });
    expect(record(db, "ipx00535")?.extra.galleryFull).toHaveLength(3);
  });

  it("reads columns by name and tables in any order", async () => {
    const plain = catalog();
    const shuffled = catalog();
    for (const [c, shuffle] of [
      [plain, false],
      [shuffled, true],
    ] as const) {
      const path = `${files.path}/sample-${shuffle}.sql.gz`;
      await writeSampleDump({ videos: 400, seed: 3, out: path, shuffleTables: shuffle, shuffleColumns: shuffle });
      const s = await importDump(c.db, path);
      expect(s.videos).toBeGreaterThan(380);
    }
    expect(snapshot(shuffled.db)).toEqual(snapshot(plain.db));

    // The hand-made dump too: link tables first, every header reversed.
    const reversed = catalog();
    const blocks = baseBlocks()
      .reverse()
      .map((b) => ({ ...b, columns: [...b.columns].reverse(), rows: b.rows.map((r) => [...r].reverse()) }));
    await run(reversed.db, dumpText(blocks));
    const straight = catalog();
    await run(straight.db, dumpText(baseBlocks()));
    expect(snapshot(reversed.db)).toEqual(snapshot(straight.db));
  });

  it("imports without a missing table, and notes unknown tables and columns", async () => {
    const { db } = catalog();
    const blocks = baseBlocks().filter((b) => b.table !== "derived_video_director" && b.table !== "derived_series");
    const video = blocks.find((b) => b.table === "derived_video")!;
    video.columns = [...video.columns, "popularity"];
    video.rows = video.rows.map((r) => [...r, 7]);
    blocks.push({ table: "source_dmm_trailer", columns: ["content_id", "url", '"timestamp"'], rows: [["118abw00013", "https://x/t.mp4", "2020-10-02"]] });
    const { summary, notes } = await run(db, dumpText(blocks));
    expect(summary).toMatchObject({ videos: 3, skipped: {} });
    expect(record(db, "118abw00013")).toMatchObject({ directors: [], series: null, actresses: ["Airi Suzumura"], makers: ["Prestige"] });
    expect(notes).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/no derived_video_director table: videos are imported without directors/),
        expect.stringMatching(/no derived_series table: videos are imported without series names/),
        expect.stringMatching(/table source_dmm_trailer is not used by the import; skipped/),
        expect.stringMatching(/derived_video: unknown columns skipped: popularity/),
      ]),
    );
  });

  it("skips a broken row, reports it with its line, and imports the rest (a bad date or runtime is an unknown one)", async () => {
    const { db } = catalog();
    let text = dumpText(
      baseBlocks({
        videos: [
          { content_id: "bad00001", dvd_id: "BAD-001", release_date: "2020-13-45" },
          { content_id: "bad00002", dvd_id: "BAD-002", runtime_mins: "two hours" },
          { content_id: "bad00004", dvd_id: "BAD-004" },
        ],
      }),
    );
    // A row cut short, a field ending in a lone backslash, a link with a broken id.
    text = text.replace("bad00004\t", "bad00003\tBAD-003\tonly three fields\nbad00004\t");
    text = text.replace(/(bad00004\t.*\tdigital)\n/, "$1\\\n");
    text = text.replace("ipx00535\t1019078\t1", "ipx00535\tx1019078\t1");
    const { summary } = await run(db, text);
    expect(summary.videos).toBe(5);
    const at = (prefix: string) => ({ count: 1, examples: [expect.objectContaining({ line: lineOf(text, prefix) })] });
    expect(summary.skipped).toEqual({
      "derived_video: wrong number of fields": at("bad00003"),
      "derived_video: invalid escape": at("bad00004"),
      "derived_video_actress: unparseable actress_id": at("ipx00535\tx"),
    });
    // A date that is not one is left out, as when the source has none: the title is kept.
    expect(record(db, "bad00001")?.releaseDate).toBe("");
    expect(record(db, "bad00002")?.runtimeMins).toBe(0);
    expect(record(db, "ipx00535")?.actresses).toEqual([]);
    expect(record(db, "118abw00013")?.actresses).toEqual(["Airi Suzumura"]);
  });

  describe("a truncated file", () => {
    const c = catalog();
    let before: string[];
    beforeAll(async () => {
      await run(c.db, dumpText(baseBlocks()));
      before = snapshot(c.db);
    });

    it("imports nothing when the text ends inside COPY data, and says why", async () => {
      const newer = dumpText(
        baseBlocks({
          videos: [
            { content_id: "118abw00013", dvd_id: "ABW-013", title_en: "Changed" },
            { content_id: "new00001", dvd_id: "NEW-001" },
          ],
        }),
      );
      const cut = newer.slice(0, newer.indexOf("118abw00013\t5016"));
      const attempt = run(c.db, cut);
      await expect(attempt).rejects.toBeInstanceOf(DumpTruncatedError);
      await expect(attempt).rejects.toThrow(/truncated: it ends inside the COPY data of derived_video_category at line \d+\. Nothing was imported/);
      expect(snapshot(c.db)).toEqual(before);
      expect(readdirSync(c.dir).filter((f) => f.startsWith(".import-dump-"))).toEqual([]);
    });

    it("imports nothing from a cut .gz", async () => {
      const gz = gzipSync(dumpText(baseBlocks({ videos: [{ content_id: "new00001", dvd_id: "NEW-001" }] })));
      await expect(run(c.db, gz.subarray(0, gz.length - 40), "cut.sql.gz")).rejects.toThrow(/unexpected end of file/);
      expect(snapshot(c.db)).toEqual(before);
    });

    it("notes a plain file that lacks pg_dump's closing line", async () => {
      const { notes } = await run(c.db, dumpText(baseBlocks(), { trailer: false }));
      expect(notes).toContainEqual(expect.stringMatching(/does not end with pg_dump's "dump complete" line/));
    });
  });

  it("keeps the first of two rows with the same content_id", async () => {
    const { db } = catalog();
    const blocks = baseBlocks();
    const video = blocks.find((b) => b.table === "derived_video")!;
    const copy = [...video.rows[0]];
    copy[VIDEO_COLUMNS.indexOf("title_en")] = "A second row";
    video.rows.push(copy);
    const text = dumpText(blocks);
    const { summary } = await run(db, text);
    expect(summary.videos).toBe(3);
    expect(summary.skipped["derived_video: duplicate content_id"]).toEqual({
      count: 1,
      examples: [expect.objectContaining({ line: lineOf(text, "118abw00013\tABW-013\tA second row") })],
    });
    expect(record(db, "118abw00013")?.titleEn).toBe("You Can't Make A Sound");
  });
});
