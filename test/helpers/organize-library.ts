/**
 * A download folder with every case organize must handle, on real file systems, and a
 * catalog that holds its titles (the providers' real samples, parsed by their parsers):
 * - two different files of one code in two download folders (the second: a conflict), and
 *   a byte-for-byte copy of another (a duplicate, left in place);
 * - a cd1/cd2 stack with subtitles in two languages per part, and an .idx/.sub pair;
 * - the user's own NFO and poster beside a video (moved, never replaced);
 * - subtitles fetched apart and named by the code (`SNIS-217-C.chs.srt` beside
 *   `hhd800.com@SNIS-217-C.mp4`: it goes with it), and one of a video that stays (listed);
 * - a file with two codes in its name (ambiguous: stays), one with none, one not in the catalog;
 * - a title over 255 bytes in its folder's name: the real SONE-708 record, its title run on
 *   with the real TKMIRD-261's (FANZA's longest titles run to about 250 characters; none of
 *   the samples is that long);
 * - a target the library already holds with other bytes (a clash);
 * - a video with a second hard link (a torrent client's seeding copy) outside the folder;
 * - a folder on another file system (/dev/shm, linked into the downloads), moved by copy.
 * File names as people download them (site prefixes, -C marks, spaces, brackets).
 */
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, lstatSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openCatalog, upsertRecords } from "../../src/catalog/index.js";
import type { IngestRecord } from "../../src/model/record.js";
import { sampleTitles } from "./sample-titles.js";

/** /dev/shm when it is another file system than the temporary folder (a real cross-device move), else null. */
export const OTHER_FS = existsSync("/dev/shm") && statSync("/dev/shm").dev !== statSync(tmpdir()).dev ? "/dev/shm" : null;

export function organizeTitles(): IngestRecord[] {
  const titles = sampleTitles();
  const title = (code: string) => (titles.find((t) => t.record.dvdId === code) as IngestRecord).record.titleJa;
  const sone = titles.find((t) => t.record.dvdId === "SONE-708") as IngestRecord;
  sone.record = { ...sone.record, titleJa: `${title("SONE-708")} ${title("TKMIRD-261")}` };
  return titles;
}

export function seedCatalog(dbPath: string): void {
  const db = openCatalog(dbPath);
  upsertRecords(db, organizeTitles());
  db.close();
}

/** Distinct bytes per file, so that a file found elsewhere is known by its bytes. */
const bytes = (name: string, n = 64) => `${name}\n`.repeat(Math.ceil(n / (name.length + 1))).slice(0, n);

function put(root: string, rel: string, content = bytes(rel)): string {
  const p = join(root, rel);
  mkdirSync(join(p, ".."), { recursive: true });
  writeFileSync(p, content);
  return p;
}

export interface CaseLibrary {
  src: string;
  lib: string;
  /** The seeding copy: a second name of one download, outside the downloads. */
  seeding: string;
}

/** Builds the downloads under `root/downloads` and a library under `root/library` holding one clashing file. */
export function buildCaseLibrary(root: string, otherFs: string | null): CaseLibrary {
  const src = join(root, "downloads");
  const lib = join(root, "library");
  put(src, "hhd800.com@SNIS-217-C.mp4");
  put(src, "hhd800.com@SNIS-217-C.zh-CN.ass");
  // Subtitles fetched apart, named by the code: one goes with its video, one has no video to go with.
  put(src, "SNIS-217-C.chs.srt", bytes("a subtitle named by the code"));
  put(src, "SSIS-001.srt", bytes("a subtitle of a video that stays"));
  put(src, "dl2/SNIS-217-C.mp4", bytes("another SNIS-217-C"));
  put(src, "[ROYD-191] 兄嫁とキスだけ/ROYD-191-cd1.mp4");
  put(src, "[ROYD-191] 兄嫁とキスだけ/ROYD-191-cd2.mp4");
  for (const part of ["cd1", "cd2"]) {
    put(src, `[ROYD-191] 兄嫁とキスだけ/ROYD-191-${part}.zh-CN.ass`);
    put(src, `[ROYD-191] 兄嫁とキスだけ/ROYD-191-${part}.en.srt`);
  }
  put(src, "[ROYD-191] 兄嫁とキスだけ/ROYD-191-cd1.idx");
  put(src, "[ROYD-191] 兄嫁とキスだけ/ROYD-191-cd1.sub");
  put(src, "mide799/MIDE-799.mp4");
  put(src, "mide799/MIDE-799.nfo", "<movie><title>my own notes</title></movie>\n");
  put(src, "mide799/MIDE-799-poster.jpg", bytes("my own poster"));
  put(src, "SONE-708.mkv");
  put(src, "copies/SONE-708.mkv", readFileSync(join(src, "SONE-708.mkv"), "utf8"));
  put(src, "ABP-123 SSIS-001.mp4");
  put(src, "holiday 2021.mp4");
  put(src, "ZZZ-999.mp4");
  const seeding = join(root, "seeding-TKMIRD-261.mp4");
  linkSync(put(src, "TKMIRD-261.mp4"), seeding);
  if (otherFs !== null) {
    put(otherFs, "SNIS-217.mp4", bytes("SNIS-217 on another disk"));
    symlinkSync(otherFs, join(src, "usb"));
  }
  return { src, lib, seeding };
}

/**
 * A smaller download folder for the tests that kill a run at each of its points: one file
 * of each kind of step (a stack with a subtitle, a file with a second hard link, a file on
 * another file system), so that every kind of step is cut at every point.
 */
export function buildSmallLibrary(root: string, otherFs: string | null): CaseLibrary {
  const src = join(root, "downloads");
  const lib = join(root, "library");
  put(src, "[ROYD-191]/ROYD-191-cd1.mp4");
  put(src, "[ROYD-191]/ROYD-191-cd2.mp4");
  put(src, "[ROYD-191]/ROYD-191-cd1.zh-CN.ass");
  const seeding = join(root, "seeding-TKMIRD-261.mp4");
  linkSync(put(src, "TKMIRD-261.mp4"), seeding);
  if (otherFs !== null) {
    put(otherFs, "SNIS-217.mp4", bytes("SNIS-217 on another disk"));
    symlinkSync(otherFs, join(src, "usb"));
  }
  return { src, lib, seeding };
}

/** The library's clash: a file at MIDE-799's target with other bytes, put there once the plan says where that is. */
export function putClash(path: string): void {
  put(path, "", bytes("someone else's file"));
}

export interface TreeEntry {
  bytes: string;
  ino: number;
}

/** Every file under `root` (links not followed) by path, with its bytes and inode; a symbolic link as "-> target". */
export function treeOf(root: string, rel = ""): Map<string, TreeEntry> {
  const out = new Map<string, TreeEntry>();
  if (!existsSync(join(root, rel))) return out;
  for (const name of readdirSync(join(root, rel)).sort()) {
    const p = rel === "" ? name : `${rel}/${name}`;
    const s = lstatSync(join(root, p));
    if (s.isSymbolicLink()) out.set(p, { bytes: "-> link", ino: s.ino });
    else if (s.isDirectory()) {
      out.set(`${p}/`, { bytes: "", ino: 0 });
      for (const [k, v] of treeOf(root, p)) out.set(k, v);
    } else out.set(p, { bytes: readFileSync(join(root, p), "latin1"), ino: s.ino });
  }
  return out;
}
