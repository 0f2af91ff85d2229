import { readdir, stat, unlink } from "node:fs/promises";
import { join } from "node:path";

/** A cache file: a hex hash and what it holds; its first two hex digits name its subfolder (256 of them, none too long to list). */
const NAME = /^[0-9a-f]{64}\.(src|cut)$/;
const SUBFOLDER = /^[0-9a-f]{2}$/;
/** A write a kill cut short before its rename. */
const TEMP = /\.tmp$/;
/** Older than this, a temporary file is a leftover; younger, it may be another process's write under way (the cache is shared). */
const TEMP_LEFTOVER_MS = 10 * 60_000;

export interface FoundFile {
  name: string;
  size: number;
  /** Last use, as the file's mtime keeps it. */
  usedAt: number;
}

/**
 * What an earlier run left in the cache folder: its files, least recently used first, and the
 * subfolders that exist. Leftover temporary files (older than 10 minutes) are removed; anything not named as ours is left
 * alone. An absent or unreadable folder is an empty cache (the writes will say if it cannot be made).
 */
export async function scanFolder(dir: string): Promise<{ files: FoundFile[]; subfolders: string[] }> {
  const files: FoundFile[] = [];
  const subfolders: string[] = [];
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return { files, subfolders };
  }
  for (const sub of names.filter((n) => SUBFOLDER.test(n))) {
    let inside: string[];
    try {
      inside = await readdir(join(dir, sub));
    } catch {
      continue;
    }
    subfolders.push(sub);
    const looks = inside.map(async (file) => {
      const path = join(dir, sub, file);
      if (TEMP.test(file)) {
        const info = await stat(path).catch(() => undefined);
        if (info && Date.now() - info.mtimeMs > TEMP_LEFTOVER_MS) await unlink(path).catch(() => {});
        return;
      }
      if (!NAME.test(file) || !file.startsWith(sub)) return;
      const info = await stat(path).catch(() => undefined);
      if (info?.isFile()) files.push({ name: file, size: info.size, usedAt: info.mtimeMs });
    });
    await Promise.all(looks);
  }
  files.sort((a, b) => a.usedAt - b.usedAt);
  return { files, subfolders };
}
