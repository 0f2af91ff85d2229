/** Our paths as a server sees them (a container mounts the library elsewhere), and which folder holds which. */
import type { PathPair } from "./types.js";

/** A Windows path (`D:\Media`, `\\nas\media`): its separator is the backslash and its case does not count. */
const WINDOWS = /^(?:[A-Za-z]:|\\\\)/;

/** Whether `folder` is `root` or inside it, by whole components (`/lib` holds `/lib/a`, not `/library`). */
export function holds(root: string, folder: string): boolean {
  const windows = WINDOWS.test(root);
  const [r, f] = windows ? [root.toLowerCase().replaceAll("/", "\\"), folder.toLowerCase().replaceAll("/", "\\")] : [root, folder];
  if (f === r) return true;
  const sep = windows ? "\\" : "/";
  return f.startsWith(r.endsWith(sep) ? r : r + sep);
}

/**
 * `folder` (ours, absolute) as the server names it: the longest prefix of the map that holds it
 * replaced by the server's, the rest joined with the server's separator; unmapped when none does.
 */
export function theirPath(folder: string, map: readonly PathPair[]): string {
  let best: PathPair | undefined;
  for (const pair of map) if (holds(pair.from, folder) && (best === undefined || pair.from.length > best.from.length)) best = pair;
  if (best === undefined) return folder;
  const rest = folder.slice(best.from.length).replace(/^\/+/, "");
  if (rest === "") return best.to;
  const sep = WINDOWS.test(best.to) ? "\\" : "/";
  const to = best.to.endsWith(sep) ? best.to : best.to + sep;
  return to + (sep === "\\" ? rest.replaceAll("/", "\\") : rest);
}
