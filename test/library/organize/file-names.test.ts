import { describe, expect, it } from "vitest";
import { readName } from "../../../src/codes/index.js";
import { collisionKey, legalPath, type NameTarget } from "../../../src/library/organize/file-names.js";
import type { Piece, RenderedPath } from "../../../src/library/organize/template.js";

const bytes = (s: string) => Buffer.byteLength(s, "utf8");
const code = (text: string): Piece => ({ text, title: false, keep: true });
const lit = (text: string): Piece => ({ text, title: false });
const title = (text: string): Piece => ({ text, title: true });
const file = (...pieces: Piece[]): RenderedPath => ({ folders: [], file: pieces });
const folder = (...pieces: Piece[]): RenderedPath => ({ folders: [pieces], file: [code("ABP-123")] });
const stem = (r: RenderedPath, target: NameTarget, suffixes = [".mp4"]) => legalPath(r, { target, suffixes }).stem;
const folderName = (r: RenderedPath, target: NameTarget) => legalPath(r, { target, suffixes: [".mp4"] }).folders[0];

/** A Japanese title of the length DMM gives its longest ones (made-up words, 100 characters, 300 bytes). */
const LONG_TITLE = "夏休みに帰省した田舎で幼馴染の彼女と過ごした忘れられない三日間の記録".repeat(3).slice(0, 100);

describe("legalPath: lengths", () => {
  it("keeps a name that fits as it is", () => {
    expect(stem(file(code("ABP-123"), lit(" "), title("週末")), "posix")).toBe("ABP-123 週末");
  });

  it.each<NameTarget>(["posix", "windows"])("cuts a 300-byte title to fit 255 bytes with the longest suffix (%s)", (target) => {
    expect(bytes(LONG_TITLE)).toBe(300);
    const suffixes = [".mp4", ".zh-CN.ass", "-fanart-20.jpg"];
    const s = stem(file(code("ABP-123"), lit(" "), title(LONG_TITLE), code("-C"), code("-cd1")), target, suffixes);
    expect(bytes(s) + bytes("-fanart-20.jpg")).toBeLessThanOrEqual(255);
    expect(bytes(s) + bytes("-fanart-20.jpg")).toBeGreaterThan(250);
    expect(s.startsWith("ABP-123 夏休みに")).toBe(true);
    expect(s.endsWith("…-C-cd1")).toBe(true);
    const found = readName(`${s}.mp4`).found!;
    expect([found.dvdId, found.part, found.marks.subtitles]).toEqual(["ABP-123", 1, true]);
  });

  it("on windows holds both limits, 255 UTF-16 units and 255 bytes (a Samba share on ext4)", () => {
    // Astral letters: 4 bytes and 2 units each; "𠀋" x 100 is 400 bytes and 200 units: under NTFS's limit, over ext4's.
    const s = stem(file(code("ABP-123"), title("𠀋".repeat(100))), "windows", [".mp4"]);
    expect(bytes(`${s}.mp4`)).toBeLessThanOrEqual(255);
    expect(`${s}.mp4`.length).toBeLessThanOrEqual(255);
    expect(s).toMatch(/^ABP-123(?:𠀋)+…$/u);
  });

  it("cuts at a grapheme: no half surrogate pair, no emoji sequence or combining mark split", () => {
    const family = "👩‍👩‍👧‍👦"; // one grapheme of 7 code points, 25 bytes
    const accented = "e\u0301"; // NFC makes it é; a base with two marks stays a grapheme
    const stacked = "a\u0301\u0323";
    for (const t of [family.repeat(20), `${accented}${stacked}`.repeat(80), "😀".repeat(100)]) {
      for (const target of ["posix", "windows"] as const) {
        const s = stem(file(code("ABP-123"), lit(" "), title(t)), target);
        const kept = s.slice("ABP-123 ".length, -1);
        expect(s.endsWith("…")).toBe(true);
        expect(t.normalize("NFC").startsWith(kept)).toBe(true);
        expect(Array.from(new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(t.normalize("NFC")), (x) => x.segment).join("")).toContain(kept);
        expect(() => encodeURIComponent(s)).not.toThrow(); // a lone surrogate would throw
        expect(bytes(`${s}.mp4`)).toBeLessThanOrEqual(255);
      }
    }
  });

  it("shortens the others only when the titles are not enough, and never the code, marks or part", () => {
    const cast = Array.from({ length: 60 }, (_, i) => `女優${i}号`).join(", ");
    const s = stem(file(lit(cast), lit(" "), code("ABP-123"), lit(" "), title("週末"), code("-UC"), code("-cd2")), "posix");
    expect(s.endsWith(" ABP-123 -UC-cd2")).toBe(true);
    expect(s.startsWith("女優0号, 女優1号")).toBe(true);
    expect(bytes(`${s}.mp4`)).toBeLessThanOrEqual(255);
  });

  it("cuts folders at 255 as well", () => {
    const f = folderName(folder(title(LONG_TITLE)), "posix");
    expect(bytes(f)).toBeLessThanOrEqual(255);
    expect(f.endsWith("…")).toBe(true);
  });
});

describe("legalPath: characters and names", () => {
  it.each<[NameTarget, string, string]>([
    ["windows", 'a<b>c:d"e/f\\g|h?i*j', "a＜b＞c：d＂e／f＼g｜h？i＊j"],
    ["posix", 'a<b>c:d"e/f\\g|h?i*j', 'a<b>c:d"e／f\\g|h?i*j'],
    ["windows", "tab\there\u0000nul\u001fus", "tab_here_nul_us"],
    ["posix", "tab\there\u0000nul", "tab_here_nul"],
    ["windows", "Mr. Big...", "Mr. Big"],
    ["windows", "trailing spaces   ", "trailing spaces"],
    ["posix", "Mr. Big...", "Mr. Big..."],
    ["posix", "..hidden", "hidden"],
    ["windows", ". .hidden", "hidden"],
    ["windows", "CON", "CON_"],
    ["windows", "con", "con_"],
    ["windows", "CON.txt", "CON_.txt"],
    ["windows", "nul.tar.gz", "nul_.tar.gz"],
    ["windows", "COM1", "COM1_"],
    ["windows", "LPT9", "LPT9_"],
    ["windows", "COM0", "COM0_"],
    ["windows", "COM¹", "COM¹_"],
    ["windows", "LPT³", "LPT³_"],
    ["windows", "CONSOLE", "CONSOLE"],
    ["windows", "COM10", "COM10"],
    ["posix", "CON", "CON"],
    ["posix", "..", "_"],
    ["windows", "...", "_"],
    ["posix", ".", "_"],
  ])("%s: %j -> %j", (target, text, expected) => {
    expect(folderName(folder(lit(text)), target)).toBe(expected);
  });

  it("normalizes to NFC", () => {
    const nfd = "ガ".normalize("NFD") + "e\u0301";
    expect(folderName(folder(title(nfd)), "posix")).toBe("ガé");
    expect(stem(file(code("ABP-123"), title(nfd)), "windows")).toBe("ABP-123ガé");
  });

  it("makes a reserved stem safe with any suffix (CON.mp4 is CON)", () => {
    expect(stem(file(code("CON")), "windows")).toBe("CON_");
    expect(stem(file(code("CON")), "posix")).toBe("CON");
  });

  it("keeps the suffix reserve for companions: a long stem fits with the longest suffix", () => {
    const t = "a".repeat(300);
    const short = stem(file(code("ABP-123"), title(t)), "posix", [".mp4"]);
    const long = stem(file(code("ABP-123"), title(t)), "posix", [".mp4", ".zh-CN.ass", "-fanart-20.jpg"]);
    expect(bytes(`${short}.mp4`)).toBe(255);
    expect(bytes(`${long}-fanart-20.jpg`)).toBe(255);
  });
});

describe("collisionKey", () => {
  it("folds case on windows only, and NFC everywhere", () => {
    expect(collisionKey("Actress/ABP-123 Title/ABP-123.mp4", "windows")).toBe(collisionKey("actress/abp-123 title/abp-123.MP4", "windows"));
    expect(collisionKey("Actress/ABP-123.mp4", "posix")).not.toBe(collisionKey("actress/abp-123.mp4", "posix"));
    expect(collisionKey("Re\u0301sume\u0301/x", "posix")).toBe(collisionKey("Résumé/x", "posix"));
    expect(collisionKey("ÉCOLE/é", "windows")).toBe(collisionKey("e\u0301cole/É", "windows"));
    // NTFS upper-cases one letter to one letter: ß is not SS there.
    expect(collisionKey("straße", "windows")).not.toBe(collisionKey("STRASSE", "windows"));
  });
});
