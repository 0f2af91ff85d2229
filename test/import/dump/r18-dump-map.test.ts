import { describe, expect, it } from "vitest";
import { GALLERY_MAX, TABLE_COLUMNS, columnIndex, dumpImageUrl, galleryRange, isR18Table } from "../../../src/import/dump/r18-dump-map.js";
import { collect, readExcerpt, rowsOf } from "./collect.js";

const PICS = "https://pics.dmm.co.jp/";

describe("dumpImageUrl", () => {
  it.each([
    ["digital/video/100tv00031/100tv00031pl", `${PICS}digital/video/100tv00031/100tv00031pl.jpg`],
    ["/digital/video/118abw00013/118abw00013ps", `${PICS}digital/video/118abw00013/118abw00013ps.jpg`],
    ["mono/movie/adult/118abw013/118abw013pl.jpg", `${PICS}mono/movie/adult/118abw013/118abw013pl.jpg`],
    ["https://pics.dmm.co.jp/digital/video/x/xpl.jpg", "https://pics.dmm.co.jp/digital/video/x/xpl.jpg"],
    ["http://example.com/a.png", "http://example.com/a.png"],
    ["//pics.dmm.co.jp/a/b.jpg", "https://pics.dmm.co.jp/a/b.jpg"],
    ["", null],
    ["   ", null],
    [null, null],
  ])("%j -> %j", (input, expected) => {
    expect(dumpImageUrl(input)).toBe(expected);
  });
});

describe("galleryRange", () => {
  const dir = "digital/video/118abw00013/118abw00013";

  it("expands first..last by the trailing number", () => {
    const urls = galleryRange(`${dir}jp-1`, `${dir}jp-12`);
    expect(urls).toHaveLength(12);
    expect(urls[0]).toBe(`${PICS}${dir}jp-1.jpg`);
    expect(urls[11]).toBe(`${PICS}${dir}jp-12.jpg`);
    expect(urls[4]).toBe(`${PICS}${dir}jp-5.jpg`);
    expect(galleryRange(`${dir}-1`, `${dir}-3`)).toEqual([1, 2, 3].map((n) => `${PICS}${dir}-${n}.jpg`));
  });

  it("keeps zero padding and explicit extensions", () => {
    expect(galleryRange("a/x-08.jpg", "a/x-10.jpg")).toEqual(["a/x-08.jpg", "a/x-09.jpg", "a/x-10.jpg"].map((p) => PICS + p));
  });

  it("tolerates odd pairs", () => {
    const one = `${PICS}${dir}jp-1.jpg`;
    expect(galleryRange(`${dir}jp-1`, `${dir}jp-1`)).toEqual([one]);
    expect(galleryRange(`${dir}jp-1`, null)).toEqual([one]);
    expect(galleryRange(null, `${dir}jp-1`)).toEqual([one]);
    expect(galleryRange(null, null)).toEqual([]);
    expect(galleryRange("", "")).toEqual([]);
    expect(galleryRange(`${dir}jp-1`, "digital/video/other/otherjp-5")).toEqual([one, `${PICS}digital/video/other/otherjp-5.jpg`]);
    expect(galleryRange(`${dir}jp-5`, `${dir}jp-2`)).toEqual([`${PICS}${dir}jp-5.jpg`, `${PICS}${dir}jp-2.jpg`]);
    expect(galleryRange(`${dir}jp`, `${dir}jp-3`)).toEqual([`${PICS}${dir}jp.jpg`, `${PICS}${dir}jp-3.jpg`]);
  });

  it(`caps the range at ${GALLERY_MAX}`, () => {
    const urls = galleryRange("a/x-1", "a/x-100000");
    expect(urls).toHaveLength(GALLERY_MAX);
    expect(urls.at(-1)).toBe(`${PICS}a/x-${GALLERY_MAX}.jpg`);
  });

  it("maps the excerpt's row to 12 full and 12 thumbnail URLs", async () => {
    const events = await collect(readExcerpt());
    const header = events.find((e) => e.type === "table" && e.table === "derived_video");
    const { index, missing } = columnIndex(header?.type === "table" ? header.columns : [], TABLE_COLUMNS.derived_video);
    expect(missing).toEqual([]);
    const [row] = rowsOf(events, "derived_video");
    expect(galleryRange(row[index.gallery_full_first], row[index.gallery_full_last])).toHaveLength(12);
    expect(galleryRange(row[index.gallery_thumb_first], row[index.gallery_thumb_last])[11]).toBe(`${PICS}${dir}-12.jpg`);
    expect(dumpImageUrl(row[index.jacket_full_url])).toBe(`${PICS}${dir}pl.jpg`);
  });
});

describe("columnIndex", () => {
  it("maps wanted columns by name, whatever the header order", () => {
    const header = ["name_kana", "id", "extra", "image_url", "name_romaji"];
    expect(columnIndex(header, TABLE_COLUMNS.derived_actress)).toEqual({
      index: { name_kana: 0, id: 1, image_url: 3, name_romaji: 4 },
      missing: ["name_kanji"],
      unknown: ["extra"],
    });
  });

  it("knows the tables of the import", () => {
    expect(Object.keys(TABLE_COLUMNS)).toHaveLength(10);
    expect(TABLE_COLUMNS.derived_video).toHaveLength(20);
    expect(isR18Table("derived_video_director")).toBe(true);
    expect(isR18Table("source_dmm_trailer")).toBe(false);
    expect(isR18Table("toString")).toBe(false);
  });
});
