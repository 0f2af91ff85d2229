import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { openDumpFile, readCopyDump, readCopyDumpBatches, type SkippedLine } from "../../../src/import/dump/copy-reader.js";
import { chunked, collect, readExcerpt, rowsOf, tablesOf } from "./collect.js";

const EXCERPT_TABLES = [
  "derived_video",
  "derived_actress",
  "derived_maker",
  "derived_label",
  "derived_series",
  "derived_director",
  "derived_category",
  "derived_video_actress",
  "derived_video_category",
  "derived_video_director",
  "source_dmm_trailer",
];

const tmp = mkdtempSync(path.join(tmpdir(), "copy-reader-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function block(header: string, ...rows: string[]): string {
  return `${header}\n${rows.map((r) => `${r}\n`).join("")}\\.\n`;
}

describe("readCopyDump on the real r18.dev excerpt", () => {
  it("yields exactly its tables and rows", async () => {
    const events = await collect(readExcerpt());
    expect(tablesOf(events)).toEqual(EXCERPT_TABLES);
    expect(events.filter((e) => e.type === "error" || e.type === "truncated")).toEqual([]);
    const ends = Object.fromEntries(events.flatMap((e) => (e.type === "end" ? [[e.table, e.rows]] : [])));
    expect(ends).toEqual({
      derived_video: 1,
      derived_actress: 1,
      derived_maker: 1,
      derived_label: 1,
      derived_series: 1,
      derived_director: 1,
      derived_category: 2,
      derived_video_actress: 1,
      derived_video_category: 2,
      derived_video_director: 1,
      source_dmm_trailer: 1,
    });
    const video = events.find((e) => e.type === "table" && e.table === "derived_video");
    expect(video).toMatchObject({ schema: "public", line: 1 });
    expect(video?.type === "table" && video.columns.length).toBe(20);

    const [row] = rowsOf(events, "derived_video");
    expect(row.slice(0, 8)).toEqual(["118abw00013", "ABW-013", "You Can't Make A Sound", "Airi Suzumura", null, null, "182", "2020-10-02"]);
    expect(row[14]).toBe("digital/video/118abw00013/118abw00013jp-1");
    expect(row.slice(18)).toEqual(["2", "digital"]);
    expect(rowsOf(events, "derived_actress")).toEqual([["1019076", "Airi Suzumura", "suzumura_airi.jpg", "鈴村あいり", "すずむらあいり"]]);
    expect(rowsOf(events, "derived_category").map((r) => r[2])).toEqual(["寝取り・寝取られ・NTR", "潮吹き"]);
    const trailer = events.find((e) => e.type === "table" && e.table === "source_dmm_trailer");
    expect(trailer?.type === "table" && trailer.columns).toEqual(["content_id", "url", "timestamp"]);
    const categoryRows = events.filter((e) => e.type === "row" && e.table === "derived_video_category");
    expect(categoryRows.map((e) => e.type === "row" && e.line)).toEqual([27, 28]);
  });

  it("gives the same events whatever the chunking (1 byte, 7 bytes, random sizes)", async () => {
    const bytes = readExcerpt();
    const whole = await collect(chunked(bytes, [bytes.length]));
    expect(await collect(chunked(bytes, [1]))).toEqual(whole);
    expect(await collect(chunked(bytes, [7]))).toEqual(whole);
    for (let seed = 1; seed <= 5; seed++) {
      const sizes = Array.from({ length: 50 }, (_, k) => 1 + ((seed * 7919 * (k + 3)) % 97));
      expect(await collect(chunked(bytes, sizes))).toEqual(whole);
    }
  });
});

describe("COPY text format", () => {
  const header = "COPY public.t (a, b) FROM stdin;";

  it("decodes escapes, and only a whole-field \\N is NULL", async () => {
    const text = block(
      header,
      "tab\\there\tline\\nbreak",
      "back\\\\slash\t\\N",
      "\\\\N\tx\\Ny",
      "cr\\r\\b\\f\\v\t\\101\\x42\\x4a",
      "\\343\\201\\202\\xe3\\x81\\x84\tplain \\. dot",
      "\t",
    );
    const events = await collect(text);
    expect(rowsOf(events, "t")).toEqual([
      ["tab\there", "line\nbreak"],
      ["back\\slash", null],
      ["\\N", "xNy"],
      ["cr\r\b\f\v", "ABJ"],
      ["あい", "plain . dot"],
      ["", ""],
    ]);
  });

  it("reports invalid escapes as errors with their line and reads on", async () => {
    const text = block(header, "ok\t1", "bad\\\t2", "\\xff\t3", "\\000\t4", "fine\t5");
    const events = await collect(text);
    expect(rowsOf(events, "t")).toEqual([
      ["ok", "1"],
      ["fine", "5"],
    ]);
    const errors = events.filter((e) => e.type === "error");
    expect(errors.map((e) => e.type === "error" && e.line)).toEqual([3, 4, 5]);
    expect(errors.map((e) => e.type === "error" && e.reason)).toEqual([
      expect.stringContaining("lone backslash"),
      expect.stringContaining("not valid UTF-8"),
      expect.stringContaining("NUL"),
    ]);
    expect(events.at(-1)).toMatchObject({ type: "end", table: "t", rows: 2, errors: 3 });
  });

  it("skips a row whose field count is wrong, with its line number", async () => {
    const text = `SET x = 1;\n${block(header, "a\t1", "only-one", "b\t2\textra", "c\t3", "d\t4\t5\t6")}`;
    const events = await collect(text);
    expect(rowsOf(events, "t")).toEqual([
      ["a", "1"],
      ["c", "3"],
    ]);
    expect(events.filter((e) => e.type === "error")).toEqual([
      { type: "error", table: "t", line: 4, reason: "expected 2 fields, got 1" },
      { type: "error", table: "t", line: 5, reason: "expected 2 fields, got 3" },
      { type: "error", table: "t", line: 7, reason: "expected 2 fields, got 4" },
    ]);
    expect(events.at(-1)).toEqual({ type: "end", table: "t", rows: 2, errors: 3, line: 8 });
  });

  it("parses headers: quoted columns, no schema, another schema, no column list", async () => {
    const text = [
      block('COPY public.source_dmm_trailer (content_id, url, "timestamp") FROM stdin;', "c\tu\tt"),
      block("COPY derived_label (id, name_en) FROM stdin;", "1\tx"),
      block('COPY "Other Schema"."Mixed ""Case""" ("Col A", b) FROM stdin;', "1\t2"),
      block("COPY public.bare FROM stdin;", "1\t2\t3"),
    ].join("");
    const tables = (await collect(text)).filter((e) => e.type === "table");
    expect(tables.map((e) => e.type === "table" && [e.schema, e.table, e.columns])).toEqual([
      ["public", "source_dmm_trailer", ["content_id", "url", "timestamp"]],
      [null, "derived_label", ["id", "name_en"]],
      ["Other Schema", 'Mixed "Case"', ["Col A", "b"]],
      ["public", "bare", []],
    ]);
  });

  it("skips everything outside COPY data and tells onUnknown about it", async () => {
    const skipped: SkippedLine[] = [];
    const text = [
      "\uFEFF--\n-- PostgreSQL database dump\n--\n\nSET statement_timeout = 0;\n",
      "CREATE TABLE public.t (\n    a integer\n);\n\n",
      block("COPY public.csv (a) FROM stdin WITH (FORMAT csv);", "COPY public.fake (a) FROM stdin;", "x"),
      block("COPY public.t (a) FROM stdin;", "1"),
      "ALTER TABLE ONLY public.t\n    ADD CONSTRAINT t_pkey PRIMARY KEY (a);\n",
    ].join("");
    const events = await collect(text, { onUnknown: (s) => skipped.push(s) });
    expect(tablesOf(events)).toEqual(["t"]);
    expect(rowsOf(events, "t")).toEqual([["1"]]);
    expect(skipped.map((s) => s.kind)).toEqual(["statement", "statement", "statement", "statement", "copy", "statement", "statement"]);
    expect(skipped[0]).toEqual({ line: 5, text: "SET statement_timeout = 0;", kind: "statement" });
  });

  it("tolerates CRLF line ends", async () => {
    const text = block("COPY public.t (a, b) FROM stdin;", "x\t\\N", "y\tz").replace(/\n/g, "\r\n");
    const events = await collect(text);
    expect(rowsOf(events, "t")).toEqual([
      ["x", null],
      ["y", "z"],
    ]);
    expect(events.at(-1)).toMatchObject({ type: "end", rows: 2 });
  });

  it("reads the columns in the header's order (shuffled columns)", async () => {
    const text = block(
      "COPY public.derived_actress (name_kana, id, image_url, name_romaji, name_kanji) FROM stdin;",
      "すずむらあいり\t1019076\tsuzumura_airi.jpg\tAiri Suzumura\t鈴村あいり",
    );
    const events = await collect(text);
    const table = events[0];
    expect(table.type === "table" && table.columns).toEqual(["name_kana", "id", "image_url", "name_romaji", "name_kanji"]);
    expect(rowsOf(events, "derived_actress")[0][1]).toBe("1019076");
  });

  it("only splits the tables asked for, still reporting the others' blocks", async () => {
    const text = readExcerpt();
    const events = await collect(text, { tables: ["derived_video_category"] });
    expect(tablesOf(events)).toEqual(EXCERPT_TABLES);
    expect(events.filter((e) => e.type === "row").map((e) => e.type === "row" && e.table)).toEqual(["derived_video_category", "derived_video_category"]);
    expect(events.find((e) => e.type === "end" && e.table === "derived_category")).toMatchObject({ rows: 2 });
  });

  it("simply has no events for tables the dump lacks", async () => {
    const text = readExcerpt().toString("utf8");
    const without = text.replace(/COPY public\.derived_(director|video_director) [\s\S]*?\\\.\n/g, "");
    const events = await collect(without);
    expect(tablesOf(events)).toEqual(EXCERPT_TABLES.filter((t) => !t.endsWith("director")));
    expect(events.filter((e) => e.type === "row")).toHaveLength(11);
    expect(events.filter((e) => e.type === "error" || e.type === "truncated")).toEqual([]);
  });

  it("yields nothing for a dump without COPY blocks", async () => {
    expect(await collect("--\n-- empty\n--\nSET x = 1;\n")).toEqual([]);
    expect(await collect("")).toEqual([]);
  });
});

describe("truncated input", () => {
  const text = block("COPY public.t (a, b) FROM stdin;", "a\t1", "b\t2", "c\t3");

  it("stops with a truncated event when the text ends between lines of a block", async () => {
    const cut = text.slice(0, text.indexOf("c\t3"));
    const events = await collect(cut);
    expect(rowsOf(events, "t")).toEqual([
      ["a", "1"],
      ["b", "2"],
    ]);
    expect(events.at(-1)).toEqual({ type: "truncated", table: "t", line: 3, rows: 2, partialLine: false });
  });

  it("does not emit a cut last line, even when it could pass for a row", async () => {
    const c = text.indexOf("c\t3");
    // [cut, complete rows]: "c\t", "c\t3" without its newline, a lone "\" of the end marker.
    for (const [cut, rows] of [
      [c + 2, 2],
      [c + 3, 2],
      [c + 5, 3],
    ]) {
      const events = await collect(text.slice(0, cut));
      expect(rowsOf(events, "t")).toHaveLength(rows);
      expect(events.at(-1)).toMatchObject({ type: "truncated", table: "t", rows, partialLine: true });
    }
  });

  it("accepts a final end marker without its newline", async () => {
    const events = await collect(text.slice(0, -1));
    expect(events.at(-1)).toMatchObject({ type: "end", table: "t", rows: 3 });
  });

  it("stops inside a multi-byte character without inventing text", async () => {
    const bytes = Buffer.from(block("COPY public.t (a) FROM stdin;", "鈴村あいり"));
    const events = await collect(bytes.subarray(0, bytes.indexOf("あ") + 1));
    expect(rowsOf(events, "t")).toEqual([]);
    expect(events.at(-1)).toMatchObject({ type: "truncated", partialLine: true, line: 2 });
  });
});

describe("chunk boundaries", () => {
  it("rejoins lines and UTF-8 characters split across chunks", async () => {
    const text = [
      "-- 鈴村あいり in a comment\n",
      block(
        "COPY public.derived_actress (id, name_romaji, image_url, name_kanji, name_kana) FROM stdin;",
        "1019076\tAiri Suzumura\tsuzumura_airi.jpg\t鈴村あいり\tすずむらあいり",
        "2\t\\N\t\\N\t寝取り・寝取られ\\tNTR\t😀 emoji",
        "3\tback\\\\slash\t\\N\t\\343\\201\\202\t\\\\N",
      ),
    ]
      .join("")
      .replace(/\n/g, (m, at: number) => (at % 2 ? "\r\n" : m));
    const bytes = Buffer.from(text);
    const whole = await collect(chunked(bytes, [bytes.length]));
    expect(rowsOf(whole, "derived_actress")).toEqual([
      ["1019076", "Airi Suzumura", "suzumura_airi.jpg", "鈴村あいり", "すずむらあいり"],
      ["2", null, null, "寝取り・寝取られ\tNTR", "😀 emoji"],
      ["3", "back\\slash", null, "あ", "\\N"],
    ]);
    for (const sizes of [[1], [2], [3], [7], [5, 1, 2, 13, 4], [64, 3]]) {
      expect(await collect(chunked(bytes, sizes))).toEqual(whole);
    }
    // Every split point inside "鈴村あいり" (3 bytes per character).
    const at = bytes.indexOf("鈴村あいり\t");
    for (let cut = at; cut <= at + 15; cut++) {
      const parts = async function* () {
        yield bytes.subarray(0, cut);
        yield bytes.subarray(cut);
      };
      expect(await collect(parts())).toEqual(whole);
    }
  });

  it("batches: same events, grouped, for big chunks as for small ones", async () => {
    const big = Buffer.from(block("COPY public.t (a) FROM stdin;", ...Array.from({ length: 30_000 }, (_, i) => `row ${i}`)));
    const batches: number[] = [];
    let rows = 0;
    for await (const batch of readCopyDumpBatches(chunked(big, [big.length]))) {
      batches.push(batch.length);
      rows += batch.filter((e) => e.type === "row").length;
    }
    expect(rows).toBe(30_000);
    expect(batches.length).toBeGreaterThan(1);
  });
});

describe("openDumpFile", () => {
  it("gunzips a gzip file (by magic bytes, whatever its name) and counts compressed bytes", async () => {
    const excerpt = readExcerpt();
    const gz = path.join(tmp, "dump.sql.bin");
    const gzBytes = gzipSync(Buffer.concat([excerpt, excerpt]));
    writeFileSync(gz, gzBytes);
    const stream = openDumpFile(gz);
    expect(stream.progress).toMatchObject({ gzip: true, totalBytes: gzBytes.length, bytesRead: 0 });
    const events = await collect(stream);
    expect(events.filter((e) => e.type === "row")).toHaveLength(2 * 13);
    expect(stream.progress.bytesRead).toBe(gzBytes.length);

    const plain = path.join(tmp, "dump.sql.gz");
    writeFileSync(plain, excerpt);
    const plainStream = openDumpFile(plain);
    expect(plainStream.progress.gzip).toBe(false);
    expect(await collect(plainStream)).toEqual(await collect(excerpt));
  });

  it("closes the file when the reader is left early", async () => {
    const file = path.join(tmp, "early.sql");
    writeFileSync(file, readExcerpt());
    const stream = openDumpFile(file);
    for await (const event of readCopyDump(stream)) {
      expect(event.type).toBe("table");
      break;
    }
    expect(stream.destroyed).toBe(true);
  });

  it("surfaces a corrupt gzip as an error of the stream", async () => {
    const bad = path.join(tmp, "bad.gz");
    writeFileSync(bad, Buffer.concat([gzipSync(readExcerpt()).subarray(0, 200), Buffer.from("garbage")]));
    await expect(collect(openDumpFile(bad))).rejects.toThrow();
  });
});
