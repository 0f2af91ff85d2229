/**
 * Gfriends' `Filetree.json`, read: `{"Content": {"<company folder>": {"<name>.jpg": "<file>?t=<time>"}}}`,
 * the folders listed from the lowest quality of picture to the highest (Gfriends' README), each
 * name of an actress (her stage names, former names, readings, romaji) a key pointing at the
 * file of her picture in that folder. The text in, one entry per folded name out, read in steps.
 */
import { foldName } from "../people/names.js";

/** Where a name's picture is: its company folder, its file, and the `?t=` the tree gives it (its version). */
export interface TreeEntry {
  folder: string;
  file: string;
  /** `?t=1607433809` as the tree writes it, or "". */
  version: string;
}

/** The tree read, or why it is not Gfriends' layout (half a body, an error page, another JSON). */
export type ReadTree = { names: Map<string, TreeEntry> } | { why: string };

const EXTENSION = /\.[^./\\]+$/;

/** A folder or file name that stays inside its folder: no separator, no `.` or `..`, no control character. */
function isPlainName(name: string): boolean {
  return name !== "" && name !== "." && name !== ".." && !/[/\\\u0000-\u001f]/.test(name);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Keys read between two turns of the event loop: the whole tree read at once would hold the answers queued behind it. */
const KEYS_PER_TURN = 2000;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The tree's entries by folded name. A name in several folders takes the last folder's
 * picture: Gfriends lists its folders in ascending quality, and MetaTube's Gfriends
 * provider, which gathers every folder's and reverses them, shows that one first too.
 * `pause` runs between steps of KEYS_PER_TURN keys (the next turn of the event loop).
 */
export async function readFiletree(text: string, pause: () => Promise<void> = nextTurn): Promise<ReadTree> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    return { why: `not JSON (${err instanceof Error ? err.message : String(err)})` };
  }
  if (!isRecord(data) || !isRecord(data.Content)) return { why: 'no "Content" object' };
  const byName = new Map<string, TreeEntry>();
  let read = 0;
  // A folder named by digits alone would come first in JSON.parse's key order, whatever its place in the file.
  for (const folder in data.Content) {
    const files = data.Content[folder];
    if (!isRecord(files) || !isPlainName(folder)) continue;
    for (const key in files) {
      const entry = entryOf(folder, files[key]);
      const name = foldName(key.replace(EXTENSION, ""));
      if (entry !== null && name !== "") byName.set(name, entry);
      if (++read % KEYS_PER_TURN === 0) await pause();
    }
  }
  return { names: byName };
}

/** A file of the tree as it writes it, `<file>?t=<time>`, when it stays in its folder. */
function entryOf(folder: string, value: unknown): TreeEntry | null {
  if (typeof value !== "string") return null;
  const at = value.indexOf("?");
  const file = at < 0 ? value : value.slice(0, at);
  return isPlainName(file) ? { folder, file, version: at < 0 ? "" : value.slice(at) } : null;
}

/** The picture's URL under the tree's base: `{base}/Content/{folder}/{file}?t=…`, each part escaped as a path segment. */
export function treeUrl(base: string, entry: TreeEntry): string {
  return `${base.replace(/\/+$/, "")}/Content/${encodeURIComponent(entry.folder)}/${encodeURIComponent(entry.file)}${entry.version}`;
}
