/**
 * Which video files share sidecars: the parts of one title in one folder (a stack:
 * `-cd1`/`-cd2`, `part1`, `-A`/`-B`) share one set, named for the stack; any other
 * file has its own, named for the file. Two files of one code without parts
 * (`ABP-123.mp4`, `ABP-123-C.mp4`) are two versions, not a stack.
 */
import path from "node:path";
import type { TitleFile } from "./names.js";

export interface MatchedFile<T> extends TitleFile {
  /** What the file was matched to; files of one title carry the same key. */
  key: string;
  title: T;
}

export interface SidecarGroup<T> {
  title: T;
  files: TitleFile[];
}

export function groupForSidecars<T>(matched: MatchedFile<T>[]): SidecarGroup<T>[] {
  const byFolderAndTitle = new Map<string, MatchedFile<T>[]>();
  for (const m of matched) {
    const k = `${path.posix.dirname(m.rel)}\u0000${m.key}`;
    const list = byFolderAndTitle.get(k);
    if (list) list.push(m);
    else byFolderAndTitle.set(k, [m]);
  }
  const groups: SidecarGroup<T>[] = [];
  for (const list of byFolderAndTitle.values()) {
    const parts = list.filter((m) => m.part !== null);
    const partsDiffer = new Set(parts.map((m) => m.part)).size === parts.length;
    const stacked = parts.length >= 2 && partsDiffer ? parts : [];
    if (stacked.length > 0) groups.push({ title: stacked[0].title, files: stacked.map(({ rel, part }) => ({ rel, part })) });
    for (const m of list) if (!stacked.includes(m)) groups.push({ title: m.title, files: [{ rel: m.rel, part: m.part }] });
  }
  return groups;
}
