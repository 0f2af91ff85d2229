import { describe, expect, it } from "vitest";
import { CopyEscapeError, parseCopyHeader, unescapeCopyField } from "../../../src/import/dump/copy-text.js";

describe("unescapeCopyField", () => {
  it.each([
    ["plain", "plain"],
    ["a\\tb", "a\tb"],
    ["a\\nb\\rc", "a\nb\rc"],
    ["\\b\\f\\v", "\b\f\v"],
    ["back\\\\slash", "back\\slash"],
    ["\\\\N", "\\N"],
    ["x\\Ny", "xNy"],
    ["\\.", "."],
    ["\\101\\1010", "AA0"],
    ["\\7", "\x07"],
    ["\\x41\\x4", "A\x04"],
    ["\\xg", "xg"],
    ["\\343\\201\\202", "あ"],
    ["\\xe9\\x88\\xb4村", "鈴村"],
    ["鈴\\t村", "鈴\t村"],
  ])("%j -> %j", (raw, expected) => {
    expect(unescapeCopyField(raw)).toBe(expected);
  });

  it.each([["trailing\\"], ["\\0"], ["\\x00"], ["\\xff"], ["\\343\\201"], ["\\343x"]])("%j is invalid", (raw) => {
    expect(() => unescapeCopyField(raw)).toThrow(CopyEscapeError);
  });
});

describe("parseCopyHeader", () => {
  it.each([
    ["COPY public.t (a, b) FROM stdin;", { schema: "public", table: "t", columns: ["a", "b"] }],
    [
      'COPY public.source_dmm_trailer (content_id, url, "timestamp") FROM stdin;',
      { schema: "public", table: "source_dmm_trailer", columns: ["content_id", "url", "timestamp"] },
    ],
    ["COPY t(a,b) FROM stdin;", { schema: null, table: "t", columns: ["a", "b"] }],
    ["COPY t FROM stdin;", { schema: null, table: "t", columns: null }],
    ['COPY "a.b"."c" ("x""y") FROM stdin;', { schema: "a.b", table: "c", columns: ['x"y'] }],
  ])("%s", (line, expected) => {
    expect(parseCopyHeader(line)).toEqual(expected);
  });

  it.each([
    "COPY t (a) TO stdout;",
    "COPY t (a) FROM stdin WITH (FORMAT csv);",
    "COPY t (a) FROM '/tmp/file';",
    "COPY t (a FROM stdin;",
    "COPY (SELECT 1) TO stdout;",
    "CREATE TABLE t (a int);",
  ])("rejects %s", (line) => {
    expect(parseCopyHeader(line)).toBeNull();
  });
});
