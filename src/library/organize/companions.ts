/**
 * What travels with a video: the files of its folder named for it. A file belongs to the
 * video (or stack) whose name is the longest that starts it, followed by a `.` or a `-`:
 * `ABP-123.zh-CN.ass`, `ABP-123.sub` and `.idx`, `ABP-123.nfo`, `ABP-123-poster.jpg` go
 * with `ABP-123.mp4`; `ABP-123-C.srt` with `ABP-123-C.mp4`, not with `ABP-123.mp4` beside
 * it. A stack also owns the names its readers give the whole stack (`ABP-123-poster.jpg`
 * for `ABP-123-cd1.mp4` and `-cd2`: the sidecars' names.ts). Every video of the folder counts,
 * matched or not, so nothing of a file that stays is taken by one that moves.
 */
import { findCode, isVideoFile } from "../../codes/index.js";
import { readerBases, type TitleFile } from "../sidecars/names.js";

export const SUBTITLE_EXTENSIONS = new Set(["srt", "ass", "ssa", "vtt", "sub", "idx", "sup", "smi"]);

export type CompanionKind = "subtitle" | "sidecar";

export interface Companion {
  /** The file's name in its folder. */
  name: string;
  /** The owner's base it starts with, and the rest of its name after it. */
  base: string;
  rest: string;
  kind: CompanionKind;
}

const stemOf = (name: string) => (name.lastIndexOf(".") > 0 ? name.slice(0, name.lastIndexOf(".")) : name);
const nameOf = (rel: string) => rel.slice(rel.lastIndexOf("/") + 1);

/** The names (no folder, no extension) a group of one folder's videos is known by: each file's, and its stack's. */
export function basesOf(files: TitleFile[]): string[] {
  const own = files.map((f) => stemOf(nameOf(f.rel)));
  const { kodi, plex } = readerBases(files);
  const stack = [...kodi.art, ...plex.art].map(nameOf);
  return [...new Set([...own, ...stack])];
}

export const kindOf = (name: string): CompanionKind => (SUBTITLE_EXTENSIONS.has(name.slice(name.lastIndexOf(".") + 1).toLowerCase()) ? "subtitle" : "sidecar");

/**
 * Assigns the folder's other files to the groups of videos: `groups` maps each group's key
 * to its bases (basesOf). Hidden files and the files a copy leaves (`.x.vc-part`) are nobody's.
 */
export function assignCompanions(names: string[], groups: Map<string, string[]>): Map<string, Companion[]> {
  const out = new Map<string, Companion[]>();
  const owners = new Map<string, string>();
  for (const [key, list] of groups) for (const base of list) if (!owners.has(base)) owners.set(base, key);
  for (const name of names) {
    if (name.startsWith(".") || isVideoFile(name)) continue;
    // The longest base that starts the name and ends at a "." or "-" of it: the most specific owner wins.
    let base: string | null = null;
    for (let i = name.length - 1; i > 0 && base === null; i--) {
      if ((name[i] === "." || name[i] === "-") && owners.has(name.slice(0, i))) base = name.slice(0, i);
    }
    if (base === null) continue;
    const key = owners.get(base) as string;
    const list = out.get(key) ?? [];
    list.push({ name, base, rest: name.slice(base.length), kind: kindOf(name) });
    out.set(key, list);
  }
  return out;
}

/**
 * Each base of a group at its old place and the base it takes at the new: a file's name to
 * its new name, the stack's names (Kodi's title, the NFO importer's base) to the new stack's.
 * `before` and `after` list the same files in the same order.
 */
export function baseMap(before: TitleFile[], after: TitleFile[]): Map<string, string> {
  const map = new Map<string, string>();
  const [a, b] = [readerBases(before), readerBases(after)];
  // Bases are paths without the extension: a file's is cut from its name, a reader's is one already.
  const stems = (files: TitleFile[]) => files.map((f) => stemOf(f.rel));
  const pairs: [string[], string[]][] = [
    [stems(before), stems(after)],
    [a.kodi.art, b.kodi.art],
    [a.plex.art, b.plex.art],
    [a.jellyfin.art, b.jellyfin.art],
  ];
  for (const [olds, news] of pairs)
    olds.forEach((old, i) => {
      const base = nameOf(old);
      if (news[i] !== undefined && !map.has(base)) map.set(base, nameOf(news[i]));
    });
  return map;
}

/** A group of one folder's videos, for the subtitles named by code (subtitlesByCode). */
export interface CodedGroup {
  key: string;
  /** The title's code, or null for videos without one title. */
  code: string | null;
  /** The name (no extension) of its first video: the subtitle takes that video's new name. */
  stem: string;
}

/**
 * Subtitles named for no video but by a code (`SNIS-217-C.chs.srt` beside
 * `hhd800.com@SNIS-217-C.mp4`: subtitles are often fetched apart, named by the code): each
 * goes with the one group of its folder that has that code. One that two groups could
 * take, or none, stays; it is returned, so that the plan can say so.
 */
export function subtitlesByCode(names: string[], taken: Set<string>, groups: CodedGroup[]): { found: Map<string, Companion[]>; unowned: string[] } {
  const found = new Map<string, Companion[]>();
  const unowned: string[] = [];
  for (const name of names) {
    if (name.startsWith(".") || taken.has(name) || kindOf(name) !== "subtitle") continue;
    const base = name.includes(".") ? name.slice(0, name.indexOf(".")) : name;
    const code = findCode(base)?.dvdId ?? null;
    const owners = code === null ? [] : groups.filter((g) => g.code === code);
    if (owners.length !== 1) {
      unowned.push(name);
      continue;
    }
    const list = found.get(owners[0].key) ?? [];
    list.push({ name, base: owners[0].stem, rest: name.slice(base.length), kind: "subtitle" });
    found.set(owners[0].key, list);
  }
  return { found, unowned };
}
