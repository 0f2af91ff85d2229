import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDumpFile, readCopyDump, type CopyEvent } from "../../../src/import/dump/copy-reader.js";
import { TABLE_COLUMNS, columnIndex, dumpImageUrl, galleryRange, isR18Table } from "../../../src/import/dump/r18-dump-map.js";
import { writeSampleDump, type SampleDumpOptions, type SampleDumpResult } from "../../../tools/sample-dump/dump.js";
import { collect, rowsOf, tablesOf } from "../../import/dump/collect.js";

const ALL_TABLES = [
  "derived_actress",
  "derived_category",
  "derived_director",
  "derived_label",
  "derived_maker",
  "derived_series",
  "derived_video",
  "derived_video_actress",
  "derived_video_category",
  "derived_video_director",
  "machine_translation",
  "source_dmm_trailer",
];

const tmp = mkdtempSync(path.join(tmpdir(), "sample-dump-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A Writable that keeps what it gets; `delayMs` makes it slow so backpressure kicks in. */
function memoryStream(delayMs = 0): Writable & { chunks: Buffer[]; text(): Buffer } {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    highWaterMark: 16 * 1024,
    write(chunk: Buffer, _enc, cb) {
      chunks.push(chunk);
      if (delayMs) setTimeout(cb, delayMs);
      else cb();
    },
  });
  return Object.assign(stream, { chunks, text: () => Buffer.concat(chunks) });
}

async function sample(opts: Omit<SampleDumpOptions, "out">): Promise<{ result: SampleDumpResult; bytes: Buffer }> {
  const out = memoryStream();
  const result = await writeSampleDump({ ...opts, out });
  return { result, bytes: out.text() };
}

/** Rows of a table as objects keyed by column name, whatever the header order. */
function records(events: CopyEvent[], table: string): Record<string, string | null>[] {
  const header = events.find((e) => e.type === "table" && e.table === table);
  if (header?.type !== "table") throw new Error(`no ${table} block`);
  return rowsOf(events, table).map((values) => Object.fromEntries(header.columns.map((c, i) => [c, values[i]])));
}

function groupBy<T>(list: T[], key: (t: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of list) map.set(key(item), [...(map.get(key(item)) ?? []), item]);
  return map;
}

describe("writeSampleDump, read back with readCopyDump", () => {
  const videos = 2000;
  let result: SampleDumpResult;
  let bytes: Buffer;
  let events: CopyEvent[];
  const skipped: string[] = [];

  beforeAll(async () => {
    ({ result, bytes } = await sample({ videos, seed: 42 }));
    events = await collect(bytes, { onUnknown: (s) => skipped.push(s.text) });
  });

  it("writes a pg_dump-like text with every table, and counts what it wrote", () => {
    const text = bytes.toString("utf8");
    expect(text.startsWith("--\n-- PostgreSQL database dump\n--\n")).toBe(true);
    expect(skipped).toContain("SET statement_timeout = 0;");
    expect(skipped).toContain("CREATE TABLE public.derived_video (");
    expect(text.trimEnd().endsWith("-- PostgreSQL database dump complete\n--")).toBe(true);
    expect(tablesOf(events)).toEqual(ALL_TABLES);
    expect(events.filter((e) => e.type === "error" || e.type === "truncated")).toEqual([]);
    const ends = Object.fromEntries(events.flatMap((e) => (e.type === "end" ? [[e.table, e.rows]] : [])));
    expect(ends).toEqual(result.rows);
    expect(result).toMatchObject({ videos, actresses: videos / 4, bytes: bytes.length, textBytes: bytes.length });
    for (const e of events) {
      if (e.type === "table" && isR18Table(e.table)) expect(columnIndex(e.columns, TABLE_COLUMNS[e.table]).missing).toEqual([]);
    }
  });

  it("has realistic, consistent video rows", () => {
    const rows = records(events, "derived_video");
    expect(rows).toHaveLength(videos);
    expect(new Set(rows.map((r) => r.content_id)).size).toBe(videos);
    for (const r of rows) {
      expect(r.content_id).toMatch(/^(h_\d+)?\d*[a-z]{3,5}\d{5}$/);
      expect(r.dvd_id).toMatch(/^[A-Z]{3,5}-\d{3,}$/);
      expect(r.content_id).toContain(r.dvd_id?.split("-")[0].toLowerCase());
      expect(r.jacket_full_url).toMatch(/^(digital\/video|mono\/movie\/adult)\/[^/]+\/[^/]+pl$/);
      expect(r.title_ja).toBeTruthy();
      expect(["digital", "mono"]).toContain(r.service_code);
      const gallery = galleryRange(r.gallery_full_first, r.gallery_full_last);
      const last = Number(/-(\d+)$/.exec(r.gallery_full_last ?? "-0")?.[1]);
      expect(gallery).toHaveLength(last);
      if (last > 0) expect(gallery[0]).toBe(dumpImageUrl(r.gallery_full_first));
    }
    for (const col of ["title_en", "comment_en", "comment_ja", "sample_url", "series_id", "runtime_mins"]) {
      expect(
        rows.some((r) => r[col] === null),
        `${col} has NULLs`,
      ).toBe(true);
      expect(
        rows.some((r) => r[col] !== null),
        `${col} has values`,
      ).toBe(true);
    }
    // Titles and comments that exercise the escapes came back decoded.
    expect(rows.some((r) => r.title_en?.includes("\t"))).toBe(true);
    expect(rows.some((r) => r.title_en?.includes("\n"))).toBe(true);
    expect(rows.some((r) => r.title_en?.includes("\\N "))).toBe(true);
    expect(rows.some((r) => r.comment_ja?.includes("\r\n"))).toBe(true);
    expect(bytes.includes("\\\\N ")).toBe(true);
  });

  it("links videos to existing actresses, categories, directors, makers, labels and series", () => {
    const ids = (table: string) => new Set(records(events, table).map((r) => r.id));
    const actresses = records(events, "derived_actress");
    expect(actresses).toHaveLength(videos / 4);
    expect(actresses[0]).toEqual({
      id: "1019076",
      name_romaji: "Airi Suzumura",
      image_url: "suzumura_airi.jpg",
      name_kanji: "鈴村あいり",
      name_kana: "すずむらあいり",
    });
    expect(new Set(actresses.map((a) => a.name_romaji)).size).toBe(actresses.length);
    expect(actresses.some((a) => a.image_url === null)).toBe(true);

    const videoIds = new Set(records(events, "derived_video").map((r) => r.content_id));
    const actressIds = ids("derived_actress");
    const byVideo = groupBy(records(events, "derived_video_actress"), (r) => r.content_id ?? "");
    for (const [cid, links] of byVideo) {
      expect(videoIds.has(cid)).toBe(true);
      expect(links.length).toBeLessThanOrEqual(4);
      expect(links.map((l) => l.ordinality)).toEqual(links.map((_, k) => String(k + 1)));
      for (const l of links) expect(actressIds.has(l.actress_id)).toBe(true);
    }
    expect(byVideo.size).toBeLessThan(videos);

    const categoryIds = ids("derived_category");
    for (const [, links] of groupBy(records(events, "derived_video_category"), (r) => r.content_id ?? "")) {
      expect(links.length).toBeGreaterThanOrEqual(2);
      expect(links.length).toBeLessThanOrEqual(8);
      expect(new Set(links.map((l) => l.category_id)).size).toBe(links.length);
      for (const l of links) expect(categoryIds.has(l.category_id)).toBe(true);
    }
    expect(groupBy(records(events, "derived_video_category"), (r) => r.content_id ?? "").size).toBe(videos);

    const directorIds = ids("derived_director");
    const directed = groupBy(records(events, "derived_video_director"), (r) => r.content_id ?? "");
    for (const [, links] of directed) {
      expect(links).toHaveLength(1);
      expect(directorIds.has(links[0].director_id)).toBe(true);
    }
    expect(directed.size).toBeGreaterThan(0);
    expect(directed.size).toBeLessThan(videos);

    const makers = ids("derived_maker");
    const labels = ids("derived_label");
    const series = ids("derived_series");
    for (const r of records(events, "derived_video")) {
      expect(makers.has(r.maker_id)).toBe(true);
      expect(labels.has(r.label_id)).toBe(true);
      if (r.series_id !== null) expect(series.has(r.series_id)).toBe(true);
    }
  });

  it("is deterministic by seed", async () => {
    expect((await sample({ videos, seed: 42 })).bytes.equals(bytes)).toBe(true);
    expect((await sample({ videos, seed: 43 })).bytes.equals(bytes)).toBe(false);
  });

  it("shuffles tables and columns on request, with the same data", async () => {
    const shuffled = await sample({ videos, seed: 42, shuffleTables: true, shuffleColumns: true });
    const shuffledEvents = await collect(shuffled.bytes);
    expect(tablesOf(shuffledEvents)).not.toEqual(ALL_TABLES);
    expect([...tablesOf(shuffledEvents)].sort()).toEqual(ALL_TABLES);
    const header = shuffledEvents.find((e) => e.type === "table" && e.table === "derived_video");
    expect(header?.type === "table" && header.columns).not.toEqual(TABLE_COLUMNS.derived_video);
    for (const table of ["derived_video", "derived_actress", "derived_video_actress"]) {
      expect(records(shuffledEvents, table)).toEqual(records(events, table));
    }
  });
});

describe("writeSampleDump output targets", () => {
  it("gzips a .gz path, readable through openDumpFile", async () => {
    const file = path.join(tmp, "sample.sql.gz");
    const result = await writeSampleDump({ videos: 300, out: file, seed: 7 });
    expect(result.bytes).toBe(statSync(file).size);
    expect(result.bytes).toBeLessThan(result.textBytes);
    expect(readFileSync(file).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    const plain = await sample({ videos: 300, seed: 7 });
    expect(await collect(openDumpFile(file))).toEqual(await collect(plain.bytes));
  });

  it("waits for a slow stream to drain, and leaves it open with end: false", async () => {
    const out = memoryStream(1);
    const result = await writeSampleDump({ videos: 3000, out, seed: 3, end: false });
    expect(out.writableEnded).toBe(false);
    expect(out.chunks.length).toBeGreaterThan(1);
    expect(out.text().length).toBe(result.textBytes);
    out.end();
  });

  it("rejects when the destination cannot be written", async () => {
    await expect(writeSampleDump({ videos: 10, out: path.join(tmp, "missing-dir", "x.sql") })).rejects.toThrow(/ENOENT/);
  });
});

describe("100k videos", () => {
  it("generates and reads back at a usable speed", async () => {
    const file = path.join(tmp, "100k.sql");
    let start = performance.now();
    const result = await writeSampleDump({ videos: 100_000, out: file, seed: 1 });
    const writeSeconds = (performance.now() - start) / 1000;

    start = performance.now();
    const rows: Record<string, number> = {};
    for await (const e of readCopyDump(openDumpFile(file))) {
      if (e.type === "row") rows[e.table] = (rows[e.table] ?? 0) + 1;
      else expect(e.type === "error" || e.type === "truncated").toBe(false);
    }
    const readSeconds = (performance.now() - start) / 1000;

    expect(rows).toEqual(result.rows);
    expect(rows.derived_video).toBe(100_000);
    expect(rows.derived_actress).toBe(25_000);
    // Loose floors (a shared, busy machine): ~5x below what an idle 2-core box does.
    expect(100_000 / writeSeconds).toBeGreaterThan(5_000);
    expect(result.textBytes / 1e6 / readSeconds).toBeGreaterThan(15);
  }, 120_000);
});

describe("writeSampleDump edge cases", () => {
  it("writes a valid dump with no videos, and rejects a bad count", async () => {
    const { result, bytes } = await sample({ videos: 0 });
    expect(result).toMatchObject({ videos: 0, actresses: 0 });
    const events = await collect(bytes);
    expect(tablesOf(events)).toEqual(ALL_TABLES);
    expect(rowsOf(events, "derived_video")).toEqual([]);
    await expect(writeSampleDump({ videos: -1, out: memoryStream() })).rejects.toThrow(RangeError);
    await expect(writeSampleDump({ videos: 1.5, out: memoryStream() })).rejects.toThrow(RangeError);
  });
});
