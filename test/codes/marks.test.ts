import { describe, expect, it } from "vitest";
import { readMarksText, readName } from "../../src/codes/index.js";

/**
 * The marks a name carries, as the organizers before us read them (src/codes/marks.ts says
 * where: Movie Data Capture's core.py, mdcx's file.py). Names marked "JavSP" are from JavSP's
 * unittest/testdata_avid.txt (test/fixtures/file-names/javsp-names.tsv); the others have the
 * shapes of people's downloads (test/fixtures/file-names/library-names.tsv).
 * S = subtitles, U = uncensored, L = leak.
 */
const TABLE: Array<[name: string, code: string, part: number | null, marks: string]> = [
  ["hhd800.com@ABP-057-C.mp4", "ABP-057", null, "S"],
  ["ABP-123-C.mp4", "ABP-123", null, "S"],
  ["abp-984-C.mp4", "ABP-984", null, "S"], // JavSP
  ["ABP821C.mp4", "ABP-821", null, "S"], // JavSP: C glued to the number
  ["IPX-568C.mp4", "IPX-568", null, "S"], // JavSP
  ["OFJE-287C~nyap2p.com.mp4", "OFJE-287", null, "S"], // JavSP
  ["@蜂鳥@FENGNIAO131.VIP-STARS-308_2K-C.mp4", "STARS-308", null, "S"], // JavSP: a tag, then -C
  ["IPX-177 相沢みなみ【中文字幕】.mp4", "IPX-177", null, "S"], // JavSP: bracketed in the same name
  ["SSIS-001ch.mp4", "SSIS-001", null, "S"],
  ["ssis-001-chs.mkv", "SSIS-001", null, "S"],
  ["ssis-001_cht.mkv", "SSIS-001", null, "S"],
  ["MIDE-789-sub.mp4", "MIDE-789", null, "S"],
  ["MIDE-789_subbed.mp4", "MIDE-789", null, "S"],
  ["[中文字幕]MIDE-789.mp4", "MIDE-789", null, "S"],
  ["[高清中文字幕]pred-798.mp4", "PRED-798", null, "S"],
  ["[中文字幕]SDMU_373-ch.mov", "SDMU-373", null, "S"],
  ["ABP-123 中文字幕.mp4", "ABP-123", null, "S"],
  ["ABP-123-UC.mp4", "ABP-123", null, "SU"],
  ["achj-599-UC.mkv", "ACHJ-599", null, "SU"],
  ["SDNM-175-UC-nyap2p.com.avi", "SDNM-175", null, "SU"],
  ["(FHD) SHKD-255-UC.mov", "SHKD-255", null, "SU"],
  ["JUL687-U.mp4", "JUL-687", null, "U"],
  ["DVDMS-805-U.mov", "DVDMS-805", null, "U"],
  ["ABP-123-uncensored.mp4", "ABP-123", null, "U"],
  ["ABP-123_decensored.mp4", "ABP-123", null, "U"],
  ["ABP-123-hack.mp4", "ABP-123", null, "U"],
  ["[无码破解]dvdms-762.mp4", "DVDMS-762", null, "U"],
  ["【破解】ABP-123.mp4", "ABP-123", null, "U"],
  ["ipx-123-leak.mp4", "IPX-123", null, "L"],
  ["juq225-leak.m4v", "JUQ-225", null, "L"],
  ["SOE-141_leaked.mp4", "SOE-141", null, "L"],
  ["ABP-123-流出.mp4", "ABP-123", null, "L"],
  ["[无码流出]ABP-123.mp4", "ABP-123", null, "L"],
  ["ABP-123-C-cd2.mp4", "ABP-123", 2, "S"],
  ["ABP-123-UC-cd1.mp4", "ABP-123", 1, "SU"],
  ["ABP-123-流出-UC-cd2.mp4", "ABP-123", 2, "SUL"],
  ["ABP-123-1080p-C.mp4", "ABP-123", null, "S"],
  // Closing the name after a title, as MDC and mdcx read -C before the extension.
  ["ABP-123 彼女と過ごす週末-C-cd1.mp4", "ABP-123", 1, "S"],
  ["ABP-123 Weekend With Her-流出-UC.mp4", "ABP-123", null, "SUL"],
  ["ABP-123-cd2.mp4", "ABP-123", 2, ""],
  ["ABP-123-B.mp4", "ABP-123", 2, ""],
  // None: no mark, a word of a title after a space, a mark inside a title, "no subtitles".
  ["ABP-123.mp4", "ABP-123", null, ""],
  ["ABP-123", "ABP-123", null, ""],
  ["abp00123hhb.mp4", "ABP-123", null, ""],
  ["IBW-398z.mp4", "IBW-398Z", null, ""],
  ["ABP-123 C cup.mp4", "ABP-123", null, ""],
  ["ABP-123 leak of the week.mp4", "ABP-123", null, ""],
  ["ABP-123 彼女の字幕.mp4", "ABP-123", null, ""],
  ["ABP-123 無字幕.mp4", "ABP-123", null, ""],
  ["[無字幕]ABP-123.mp4", "ABP-123", null, ""],
  ["ABP-123 Sub Girl [1080p].mp4", "ABP-123", null, ""],
  ["[Leak Of Love] ABP-123.mp4", "ABP-123", null, ""],
  ["ABP-123 Leak 流出特集.mp4", "ABP-123", null, ""],
  ["ABP-123 Sub Girl 中文字幕.mp4", "ABP-123", null, ""],
];

const letters = (m: { subtitles: boolean; uncensored: boolean; leak: boolean }) => `${m.subtitles ? "S" : ""}${m.uncensored ? "U" : ""}${m.leak ? "L" : ""}`;

describe("readName reports the marks a name carries", () => {
  it.each(TABLE)("%s: %s part %s marks %s", (name, code, part, marks) => {
    const found = readName(name).found;
    expect(found?.dvdId).toBe(code);
    expect(found?.part).toBe(part);
    expect(letters(found!.marks)).toBe(marks);
  });

  it("reads a folder's marks only where the folder names the code", () => {
    expect(letters(readName("ABP-123-C/video.mp4").found!.marks)).toBe("S");
    expect(letters(readName("中文字幕/ABP-123.mp4").found!.marks)).toBe("");
  });
});

describe("readMarksText: what a template may render as marks", () => {
  it("reads whole mark texts and refuses the rest", () => {
    expect(readMarksText("-C")).toEqual({ subtitles: true, uncensored: false, leak: false });
    expect(readMarksText("-流出-UC")).toEqual({ subtitles: true, uncensored: true, leak: true });
    expect(readMarksText("-leak")).toEqual({ subtitles: false, uncensored: false, leak: true });
    for (const bad of ["C", "-C-", "-Chinese", "-C x", " -C", "-cd1"]) expect(readMarksText(bad), bad).toBeNull();
  });
});
