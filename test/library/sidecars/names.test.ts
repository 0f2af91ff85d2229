/**
 * Where the sidecars go, on real stacked names: what Kodi's default stacking rules,
 * Jellyfin's (10.8+) and Plex's NFO importer make of each pair, and the bases that follow
 * (the NFO at the first part and the importer's base; the pictures at the first part,
 * Kodi's stack title and the importer's base).
 */
import { describe, expect, it } from "vitest";
import { jellyfinItems, kodiStackTitle, plexImporterBase, sidecarBase, sidecarBases, type TitleFile } from "../../../src/library/sidecars/names.js";

const stack = (...rels: string[]): TitleFile[] => rels.map((rel, i) => ({ rel, part: i + 1 }));
const single = (rel: string): TitleFile[] => [{ rel, part: null }];

describe("kodiStackTitle: Kodi's default video stacking (cd/dvd/pt/part/disc/disk + number or a-d, then a bare a-d)", () => {
  it.each([
    ["ABP-123-cd1.mp4", "ABP-123-cd2.mp4", "ABP-123.mp4"],
    ["ABP-123-CD1.mp4", "ABP-123-CD2.mp4", "ABP-123.mp4"],
    ["ABP-123cd1.mp4", "ABP-123cd2.mp4", "ABP-123.mp4"],
    ["Title [ABP-123] part1.avi", "Title [ABP-123] part2.avi", "Title [ABP-123].avi"],
    ["ABP-123 pt1.mkv", "ABP-123 pt2.mkv", "ABP-123.mkv"],
    ["ABP-123.disc1.mkv", "ABP-123.disc2.mkv", "ABP-123.mkv"],
    ["ABP-123_dvd_1.mkv", "ABP-123_dvd_2.mkv", "ABP-123.mkv"],
    ["ABP-123-cdA.mp4", "ABP-123-cdB.mp4", "ABP-123.mp4"],
    ["ABP-123-A.mp4", "ABP-123-B.mp4", "ABP-123.mp4"],
    ["ABP-123A.mp4", "ABP-123B.mp4", "ABP-123.mp4"],
    ["ABP-123-cd1-C.mp4", "ABP-123-cd2-C.mp4", "ABP-123-C.mp4"],
    ["DVDES-123-cd1.mp4", "DVDES-123-cd2.mp4", "DVDES-123.mp4"],
  ])("%s + %s -> %s", (a, b, title) => {
    expect(kodiStackTitle(a, b)).toBe(title);
  });

  it.each([
    ["ABP-123-1.mp4", "ABP-123-2.mp4"],
    ["ABP-123_1.mp4", "ABP-123_2.mp4"],
    ["ABP-123-cd1.mp4", "ABP-123-cd2.mkv"],
    ["ABP-123-cd1.mp4", "ABP-124-cd2.mp4"],
    ["ABP-123-cd1-C.mp4", "ABP-123-cd2.mp4"],
    ["ABP-123.mp4", "ABP-123-C.mp4"],
  ])("%s + %s: no stack", (a, b) => {
    expect(kodiStackTitle(a, b)).toBeNull();
  });
});

describe("jellyfinItems: Jellyfin's stacking (the marker ends the name)", () => {
  it("stacks cd/part/pt/disc parts under their first name, and leaves -A/-B, -1/-2 and a marker before a tag alone", () => {
    expect(jellyfinItems(["ABP-123-cd2.mp4", "ABP-123-cd1.mp4"])).toEqual([["ABP-123-cd1.mp4", "ABP-123-cd2.mp4"]]);
    expect(jellyfinItems(["Title [ABP-123] part1.avi", "Title [ABP-123] part2.avi"])).toEqual([["Title [ABP-123] part1.avi", "Title [ABP-123] part2.avi"]]);
    expect(jellyfinItems(["ABP-123 (cd1).mp4", "ABP-123 (cd2).mp4"])).toEqual([["ABP-123 (cd1).mp4", "ABP-123 (cd2).mp4"]]);
    expect(jellyfinItems(["ABP-123-cdA.mp4", "ABP-123-cdB.mp4"])).toEqual([["ABP-123-cdA.mp4", "ABP-123-cdB.mp4"]]);
    expect(jellyfinItems(["ABP-123-A.mp4", "ABP-123-B.mp4"])).toEqual([["ABP-123-A.mp4"], ["ABP-123-B.mp4"]]);
    expect(jellyfinItems(["ABP-123-1.mp4", "ABP-123-2.mp4"])).toEqual([["ABP-123-1.mp4"], ["ABP-123-2.mp4"]]);
    expect(jellyfinItems(["ABP-123-cd1-C.mp4", "ABP-123-cd2-C.mp4"])).toEqual([["ABP-123-cd1-C.mp4"], ["ABP-123-cd2-C.mp4"]]);
    expect(jellyfinItems(["ABP-123cd1.mp4", "ABP-123cd2.mp4"])).toEqual([["ABP-123cd1.mp4"], ["ABP-123cd2.mp4"]]);
  });

  it("keeps one part type and one part of each number in a stack, names sorted as it sorts them", () => {
    expect(jellyfinItems(["X-cd1.mp4", "X-part2.mp4"])).toEqual([["X-cd1.mp4"], ["X-part2.mp4"]]);
    expect(jellyfinItems(["X-cd2.mp4", "X-cd10.mp4"])).toEqual([["X-cd10.mp4", "X-cd2.mp4"]]);
  });
});

describe("plexImporterBase: XBMCnfoMoviesImporter's get_base_file (Contents/Code/__init__.py, VIDEO_FILE_BASE_REGEX)", () => {
  // (?is)\s*-\s*(cd|dvd|disc|disk|part|pt|d)\s*[0-9]$ cut twice from the name without its extension.
  it.each([
    ["ABP-123-cd1.mp4", "ABP-123"],
    ["Momo/MIFD-612-CD2.mkv", "Momo/MIFD-612"],
    ["ABP-123 - disc 1.mkv", "ABP-123"],
    ["ABP-123-part1-cd2.mp4", "ABP-123"],
    ["ABP-123-d1.mp4", "ABP-123"],
    ["ABP-123-pt2.avi", "ABP-123"],
    ["ABP-123-cd10.mp4", "ABP-123-cd10"],
    ["ABP-123 pt1.mkv", "ABP-123 pt1"],
    ["ABP-123.disc1.mkv", "ABP-123.disc1"],
    ["ABP-123-cdA.mp4", "ABP-123-cdA"],
    ["ABP-123-A.mp4", "ABP-123-A"],
    ["Shelf-cd1/ABP-123.mp4", "Shelf-cd1/ABP-123"],
  ])("%s -> %s", (rel, base) => {
    expect(plexImporterBase(rel)).toBe(base);
  });
});

describe("sidecarBases", () => {
  const art = (bases: string[]) => ({ poster: bases, fanart: bases });

  it.each([
    ["cd1/cd2", stack("ABP-123-cd1.mp4", "ABP-123-cd2.mp4"), "ABP-123-cd1", "ABP-123", "ABP-123"],
    ["CD1/CD2 in a folder", stack("Idols/ABP-123-CD1.mp4", "Idols/ABP-123-CD2.mp4"), "Idols/ABP-123-CD1", "Idols/ABP-123", "Idols/ABP-123"],
    ["part1/part2", stack("Title [ABP-123] part1.avi", "Title [ABP-123] part2.avi"), "Title [ABP-123] part1", "Title [ABP-123]", "Title [ABP-123] part1"],
    ["pt1/pt2", stack("ABP-123 pt1.mkv", "ABP-123 pt2.mkv"), "ABP-123 pt1", "ABP-123", "ABP-123 pt1"],
    ["disc1/2/3", stack("a/b/ABP-123.disc1.mkv", "a/b/ABP-123.disc2.mkv", "a/b/ABP-123.disc3.mkv"), "a/b/ABP-123.disc1", "a/b/ABP-123", "a/b/ABP-123.disc1"],
  ])("%s: the NFO at the first part (Kodi, Jellyfin) and the importer's base; pictures also at Kodi's stack title", (_, files, first, kodiTitle, plex) => {
    const bases = sidecarBases(files);
    expect(bases.nfo).toEqual([...new Set([first, plex])]);
    // Read by two readers first: Kodi's title when the importer reads it too (-cd1 names).
    const pictures = plex === kodiTitle ? [kodiTitle, first] : [first, kodiTitle];
    expect(bases).toMatchObject(art(pictures));
    expect(bases.landscape).toEqual([first, kodiTitle]);
    expect(bases.kodiArt).toEqual([kodiTitle]);
    expect(bases.jellyfinArt).toEqual([first]);
    expect(sidecarBase(files)).toBe(first);
  });

  it("MIFD-612-cd1/-cd2: Kodi's library and the importer find MIFD-612.nfo's title, poster and fanart; Jellyfin its first part's", () => {
    expect(sidecarBases(stack("MIFD-612-cd1.mp4", "MIFD-612-cd2.mp4"))).toEqual({
      nfo: ["MIFD-612-cd1", "MIFD-612"],
      poster: ["MIFD-612", "MIFD-612-cd1"],
      fanart: ["MIFD-612", "MIFD-612-cd1"],
      landscape: ["MIFD-612-cd1", "MIFD-612"],
      kodiArt: ["MIFD-612"],
      jellyfinArt: ["MIFD-612-cd1"],
    });
  });

  it("orders the parts by part, whatever order the files come in", () => {
    const files = [
      { rel: "ABP-123-cd2.mp4", part: 2 },
      { rel: "ABP-123-cd1.mp4", part: 1 },
    ];
    expect(sidecarBases(files)).toMatchObject({ nfo: ["ABP-123-cd1", "ABP-123"], kodiArt: ["ABP-123"], jellyfinArt: ["ABP-123-cd1"] });
  });

  it("-A/-B: Kodi stacks them, Jellyfin keeps two films, so each part has its own and Kodi's pictures are added", () => {
    expect(sidecarBases(stack("ABP-123-A.mp4", "ABP-123-B.mp4"))).toEqual({
      nfo: ["ABP-123-A", "ABP-123-B"],
      poster: ["ABP-123-A", "ABP-123-B", "ABP-123"],
      fanart: ["ABP-123-A", "ABP-123-B", "ABP-123"],
      landscape: ["ABP-123-A", "ABP-123-B", "ABP-123"],
      kodiArt: ["ABP-123"],
      jellyfinArt: ["ABP-123-A", "ABP-123-B"],
    });
    expect(sidecarBase(stack("ABP-123-A.mp4", "ABP-123-B.mp4"))).toBe("ABP-123-A");
  });

  it("parts no reader stacks (-1/-2, _1/_2) are separate films: one set per file", () => {
    for (const files of [stack("ABP-123-1.mp4", "ABP-123-2.mp4"), stack("ABP-123_1.mp4", "ABP-123_2.mp4")]) {
      const own = files.map((f) => f.rel.replace(/\.mp4$/, ""));
      expect(sidecarBases(files)).toEqual({ nfo: own, poster: own, fanart: own, landscape: own, kodiArt: own, jellyfinArt: own });
    }
  });

  it("a single file, or files of one code without parts: each its own name; a lone -cd1 also the importer's base", () => {
    const one = ["ABP-123"];
    expect(sidecarBases(single("ABP-123.mp4"))).toEqual({ nfo: one, poster: one, fanart: one, landscape: one, kodiArt: one, jellyfinArt: one });
    expect(sidecarBase(single("Movies/[Prestige] ABP-123 (2020).1080p.mkv"))).toBe("Movies/[Prestige] ABP-123 (2020).1080p");
    expect(sidecarBase(single("ABP-123-C.mp4"))).toBe("ABP-123-C");
    expect(sidecarBases(single("ABP-123-cd1.mp4"))).toMatchObject({
      nfo: ["ABP-123-cd1", "ABP-123"],
      poster: ["ABP-123-cd1", "ABP-123"],
      landscape: ["ABP-123-cd1"],
    });
    const versions = [
      { rel: "ABP-123.mp4", part: null },
      { rel: "ABP-123-C.mp4", part: null },
    ];
    expect(sidecarBases(versions).nfo).toEqual(["ABP-123", "ABP-123-C"]);
  });
});
