import { opendir, realpath, stat } from "node:fs/promises";
import path from "node:path";
import { isVideoFile } from "../codes/index.js";

/** Folders a NAS or an OS keeps beside the videos (thumbnails, recycle bins, metadata). */
export const SKIPPED_DIRS = /^(?:\.|@eaDir$|#recycle$|#snapshot$|\$RECYCLE\.BIN$|System Volume Information$|lost\+found$)/i;

export interface WalkOptions {
  /** A folder that cannot be read: reported, and the walk goes on. */
  onError?: (dir: string, err: Error) => void;
}

/**
 * The video files under `root`, depth first in name order, as paths relative to it.
 * Symbolic links are followed, but a folder already walked (by its real path) is not
 * walked again, so a link back up the tree ends instead of looping.
 */
export async function* walkVideos(root: string, options: WalkOptions = {}): AsyncGenerator<string> {
  const seen = new Set<string>();
  async function* walk(dir: string, rel: string): AsyncGenerator<string> {
    let real: string;
    let entries: { name: string; dir: boolean; link: boolean }[];
    try {
      real = await realpath(dir);
      if (seen.has(real)) return;
      seen.add(real);
      entries = [];
      for await (const e of await opendir(dir)) entries.push({ name: e.name, dir: e.isDirectory(), link: e.isSymbolicLink() });
    } catch (err) {
      options.onError?.(dir, err as Error);
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      const full = path.join(dir, e.name);
      const relPath = rel === "" ? e.name : `${rel}/${e.name}`;
      let isDir = e.dir;
      if (e.link) {
        // A broken link is neither a file nor a folder: skipped.
        const target = await stat(full).catch(() => null);
        if (target === null) continue;
        isDir = target.isDirectory();
        if (!isDir && !target.isFile()) continue;
      }
      if (isDir) {
        if (!SKIPPED_DIRS.test(e.name)) yield* walk(full, relPath);
      } else if (isVideoFile(e.name)) {
        yield relPath;
      }
    }
  }
  yield* walk(root, "");
}
