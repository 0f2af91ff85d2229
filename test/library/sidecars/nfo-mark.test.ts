/**
 * The mark buildNfo writes on the line after the declaration: readNfoMark reads it back
 * from a file's first 1 KiB, and knows no file without it exactly there (one whose mark
 * was deleted or edited, anyone else's NFO, no XML at all).
 */
import { describe, expect, it } from "vitest";
import { buildNfo, NFO_FORMAT, type NfoMark, readNfoMark } from "../../../src/library/sidecars/nfo.js";
import { makeIngest } from "../../helpers/build-app.js";
import { MARK, parseNfo } from "./read-nfo.js";

const TITLE = makeIngest({ titleJa: "A & B <c>", commentJa: "x".repeat(3000) });
const build = (mark: NfoMark = MARK) => buildNfo(TITLE, { language: "ja", mark });

describe("readNfoMark", () => {
  const ours = build();

  it("reads back the mark buildNfo wrote, from the first 1 KiB, with CRLF or a BOM too", () => {
    expect(parseNfo(ours).title).toBe("A & B <c>");
    expect(readNfoMark(ours)).toEqual(MARK);
    expect(readNfoMark(ours.slice(0, 1024))).toEqual(MARK);
    expect(readNfoMark(ours.replaceAll("\n", "\r\n"))).toEqual(MARK);
    expect(readNfoMark(`\ufeff${ours}`)).toEqual(MARK);
    const other = { tool: "video-catalog", version: "1.2.3-beta.1+b5", digest: "0123456789abcdef0123456789abcdef" };
    expect(readNfoMark(build(other))).toEqual(other);
    expect(parseNfo(build(other)).sorttitle).toBe("ABP-123");
    expect(ours).toContain(`(nfo ${NFO_FORMAT}, record ${MARK.digest})`);
  });

  it("rejects a file whose mark was deleted or edited, and anyone else's NFO", () => {
    const [declaration, mark, ...rest] = ours.split("\n");
    expect(readNfoMark([declaration, ...rest].join("\n"))).toBeNull();
    expect(readNfoMark([declaration, mark.replace("delete this line", "keep this line"), ...rest].join("\n"))).toBeNull();
    expect(readNfoMark([declaration, "<movie>", mark, ...rest.slice(1)].join("\n"))).toBeNull();
    expect(readNfoMark(ours.replace("<movie>", "<tvshow>"))).toBeNull();
    const kodi = '<?xml version="1.0" encoding="UTF-8" standalone="yes" ?>\n<!-- created on 2024-01-01 - Kodi 21.0 -->\n<movie>\n</movie>\n';
    const jellyfin = '<?xml version="1.0" encoding="utf-8" standalone="yes"?>\n<movie>\n  <plot />\n</movie>';
    for (const other of [kodi, jellyfin, "https://www.imdb.com/title/tt0062622/", "", "\u0000\u0001PNG", `${mark}\n${ours}`]) {
      expect(readNfoMark(other)).toBeNull();
    }
  });

  it("refuses to write a mark word that would break the comment or the mark's shape", () => {
    for (const bad of ["two words", "a--b", "", "x-", "a>b"]) {
      expect(() => build({ ...MARK, digest: bad })).toThrow(RangeError);
      expect(() => build({ ...MARK, tool: bad })).toThrow(RangeError);
    }
  });
});
