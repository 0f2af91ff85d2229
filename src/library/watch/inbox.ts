/**
 * What the inbox holds, as the watcher sees it: its top-level entries, each a unit (a
 * file, or a folder with everything under it: a torrent's folder is taken whole), with
 * every file's size and time, and whether a download is still under way in it: a name a
 * download client gives a file it is writing, or aria2's control file beside one.
 */
import { statSync } from "node:fs";
import { opendir } from "node:fs/promises";
import path from "node:path";
import { isVideoFile } from "../../codes/index.js";
import { SKIPPED_DIRS } from "../library-walk.js";

/**
 * The names of files still being written, as the usual clients name them: qBittorrent's
 * `.!qB` (its "append .!qB to incomplete files"), Transmission's and Firefox's `.part`,
 * Chrome's `.crdownload`, Safari's `.download`, µTorrent's `.!ut`, BitComet's `.bc!`,
 * Thunder's `.xltd` and `.td` (with `.td.cfg`), Opera's `.opdownload`.
 */
const PARTIAL = /\.(?:!qB|part|crdownload|download|!ut|bc!|xltd|td|td\.cfg|opdownload|partial)$/i;
/** aria2 writes the file under its own name, with `NAME.aria2` beside it until it is done. */
const ARIA2 = /\.aria2$/i;

export interface InboxFile {
  /** Relative to the inbox, with "/". */
  rel: string;
  size: number;
  mtimeMs: number;
  video: boolean;
}

export interface InboxUnit {
  /** The top-level entry's name. */
  name: string;
  files: InboxFile[];
  /** A download is still being written in it. */
  partial: boolean;
}

export const isPartialName = (name: string): boolean => PARTIAL.test(name) || ARIA2.test(name);

async function walk(dir: string, rel: string, out: InboxFile[], partial: { found: boolean }): Promise<void> {
  let handle: Awaited<ReturnType<typeof opendir>>;
  try {
    handle = await opendir(dir);
  } catch {
    return;
  }
  for await (const e of handle) {
    const relPath = rel === "" ? e.name : `${rel}/${e.name}`;
    if (e.isDirectory()) {
      if (!SKIPPED_DIRS.test(e.name)) await walk(path.join(dir, e.name), relPath, out, partial);
      continue;
    }
    if (isPartialName(e.name)) partial.found = true;
    if (!e.isFile() && !e.isSymbolicLink()) continue;
    const s = statOrNull(path.join(dir, e.name));
    if (s?.isFile()) out.push({ rel: relPath, size: s.size, mtimeMs: s.mtimeMs, video: isVideoFile(e.name) && !isPartialName(e.name) });
  }
}

/**
 * A file's stat, or null when it is gone. Synchronous, as organize's: a stat is microseconds
 * on a local disk, a turn of libuv's thread pool many times that, and a walk of a large inbox
 * asks one per file.
 */
const statOrNull = (p: string) => {
  try {
    return statSync(p, { throwIfNoEntry: false }) ?? null;
  } catch {
    return null;
  }
};

/** One entry of the inbox as a unit (a name that is gone: null); `names`: the inbox's listing, for aria2's control file beside a file. */
export async function readUnit(inbox: string, name: string, names?: ReadonlySet<string>): Promise<InboxUnit | null> {
  const full = path.join(inbox, name);
  const s = statOrNull(full);
  if (s === null || SKIPPED_DIRS.test(name)) return null;
  const files: InboxFile[] = [];
  const partial = { found: isPartialName(name) };
  if (s.isDirectory()) await walk(full, name, files, partial);
  else if (s.isFile()) files.push({ rel: name, size: s.size, mtimeMs: s.mtimeMs, video: isVideoFile(name) && !partial.found });
  // A lone file's own aria2 control file lies beside it, at the top.
  if (!s.isDirectory() && (names ? names.has(`${name}.aria2`) : statOrNull(`${full}.aria2`) !== null)) partial.found = true;
  files.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  return { name, files, partial: partial.found };
}

/** The inbox's top-level names, sorted (none when it cannot be read). */
async function listInbox(inbox: string): Promise<string[]> {
  const names: string[] = [];
  try {
    for await (const e of await opendir(inbox)) names.push(e.name);
  } catch {
    return [];
  }
  return names.sort();
}

/** Units of the inbox, in name order: all of them, or those `only` names. */
export async function readInbox(inbox: string, only?: ReadonlySet<string>): Promise<InboxUnit[]> {
  const names = await listInbox(inbox);
  const listed = new Set(names);
  const units: InboxUnit[] = [];
  for (const name of names) {
    if (only !== undefined && !only.has(name)) continue;
    // aria2's control file of a top-level file is that file's, not a unit.
    if (ARIA2.test(name) && listed.has(name.slice(0, -6))) continue;
    const unit = await readUnit(inbox, name, listed);
    if (unit !== null) units.push(unit);
  }
  return units;
}
