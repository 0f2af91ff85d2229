/**
 * The file operations of a run's steps, each written so that doing it again after a kill
 * at any point finishes it: it looks at what is on the disk, not at what it meant to do.
 * Nothing here ever replaces a file: a name is taken with link(2) (or a copy linked into
 * place), which fails when the name exists, and only then is the old name removed.
 */
import { createHash } from "node:crypto";
import { createReadStream, lstatSync, type Stats } from "node:fs";
import { constants, copyFile, link, lstat, mkdir, open, readlink, rename, rm, rmdir, symlink, unlink, utimes } from "node:fs/promises";
import path from "node:path";
import type { FileIdentity } from "../../catalog/index.js";
import { stableCode, VideoCatalogError } from "../../lib/video-catalog-error.js";

export interface StepOutcome {
  state: "done" | "skipped" | "failed";
  reason?: string;
  /** The file as placed (a copy is a new file): recorded so that an undo knows it again. */
  identity?: FileIdentity;
}

/** Called between the two halves of a move (the new name taken, the old not yet removed). */
export type Between = () => Promise<void> | void;

export interface MoveOptions {
  /** The step was begun by a process that stopped: a half copy may lie beside the target. */
  begun: boolean;
  between?: Between;
  /**
   * Folders a name was removed from, to be flushed once at the run's end: until then a power
   * cut may bring the old name back beside the new (one file, two names), which the next
   * run, reading the journal, removes. The new name is flushed before the old goes.
   */
  emptied: Set<string>;
}

/** A target taken by another file: never replaced. */
export class TargetTaken extends VideoCatalogError {
  static {
    stableCode(TargetTaken, "VC_ERR_TARGET_TAKEN");
  }
}

export const identityOf = (s: Stats): FileIdentity => ({ size: s.size, mtimeMs: s.mtimeMs, dev: s.dev, ino: s.ino });

/**
 * The file's own stat (a link not followed), or null when there is none. Synchronous: a
 * stat is a few microseconds on a local disk, a round trip through libuv's thread pool
 * many times that, and a run asks tens of thousands, one after the other.
 */
export async function lstatOrNull(p: string): Promise<Stats | null> {
  return lstatSync(p, { throwIfNoEntry: false }) ?? null;
}

export const sameInode = (a: Stats, b: Stats): boolean => a.dev === b.dev && a.ino === b.ino;

/** Whether a file is still the one recorded (same inode and size; a copy: same size and time). */
export function isRecorded(s: Stats, id: FileIdentity): boolean {
  if (id.size !== null && s.size !== id.size) return false;
  if (id.ino !== null && id.dev !== null) return s.ino === id.ino && s.dev === id.dev;
  return true;
}

/** Where a copy is written before it takes its name: hidden, beside it. */
export const partNameOf = (to: string): string => path.join(path.dirname(to), `.${path.basename(to)}.vc-part`);

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** Same bytes: the size first, then a hash of each. */
export async function sameContent(a: string, sa: Stats, b: string, sb: Stats): Promise<boolean> {
  if (sa.size !== sb.size) return false;
  return (await sha256Of(a)) === (await sha256Of(b));
}

async function fsyncPath(p: string, flags: string): Promise<void> {
  const fh = await open(p, flags);
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}

/** The folder's entry for a new name, on the disk (a move is two names; both must last). */
const fsyncDir = (dir: string) => fsyncPath(dir, "r").catch(() => undefined);

/** File systems that make no hard links (FAT, exFAT, some network shares). */
const NO_LINKS = new Set(["EPERM", "ENOTSUP", "EOPNOTSUPP", "ENOSYS", "EMLINK"]);

/** Gives `from` the name `to`, never over another file; the name is on the disk when this returns. */
async function takeName(from: string, to: string): Promise<void> {
  try {
    await link(from, to);
    return;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? "";
    if (code === "EEXIST") throw new TargetTaken(`${to} exists`);
    if (!NO_LINKS.has(code)) throw err;
  }
  // No links here: rename(2) would replace a file, so the name is looked at first (the one window left, documented).
  if ((await lstatOrNull(to)) !== null) throw new TargetTaken(`${to} exists`);
  await rename(from, to);
}

/** Copies across file systems: to a hidden name, flushed, compared, then given its name. */
async function copyInto(from: string, to: string, src: Stats): Promise<void> {
  const part = partNameOf(to);
  await rm(part, { force: true });
  await copyFile(from, part, constants.COPYFILE_EXCL);
  try {
    await utimes(part, src.atime, src.mtime);
    await fsyncPath(part, "r+");
    if (!(await sameContent(from, src, part, await lstat(part)))) throw new Error("the copy differs from the file (the disk may be failing)");
    await takeName(part, to);
  } finally {
    await rm(part, { force: true });
  }
  await fsyncDir(path.dirname(to));
}

/**
 * Makes the file at `from` be at `to` and not at `from`, from whatever point a kill left it:
 * not begun, linked (both names), copied (both files, same bytes), or done.
 */
export async function ensureMoved(from: string, to: string, planned: FileIdentity, o: MoveOptions): Promise<StepOutcome> {
  if (o.begun) await rm(partNameOf(to), { force: true });
  const [src, dst] = [await lstatOrNull(from), await lstatOrNull(to)];
  if (src === null && dst === null) return { state: "failed", reason: `the file is gone: ${from}` };
  if (src === null && dst !== null) return { state: "done", identity: identityOf(dst) };
  if (src !== null && dst !== null) {
    if (!sameInode(src, dst) && !(await sameContent(from, src, to, dst))) return { state: "failed", reason: `another file is at ${to}: kept both` };
    await fsyncDir(path.dirname(to));
    await removeName(from, o.emptied);
    return { state: "done", identity: identityOf(dst) };
  }
  if (src !== null && !isRecorded(src, planned)) return { state: "failed", reason: `the file changed since it was planned: ${from}` };
  return moveNow(from, to, src as Stats, o);
}

async function removeName(file: string, emptied: Set<string>): Promise<void> {
  await unlink(file).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== "ENOENT") throw err;
  });
  emptied.add(path.dirname(file));
}

/** Flushes the folders names were removed from (MoveOptions.emptied). */
export async function flushFolders(emptied: Set<string>): Promise<void> {
  for (const dir of emptied) await fsyncDir(dir);
  emptied.clear();
}

async function moveNow(from: string, to: string, src: Stats, o: MoveOptions): Promise<StepOutcome> {
  let copied = false;
  try {
    await takeName(from, to);
  } catch (err) {
    if (err instanceof TargetTaken) return { state: "failed", reason: `${to} exists: kept both` };
    if ((err as NodeJS.ErrnoException).code !== "EXDEV") throw err;
    await copyInto(from, to, src);
    copied = true;
  }
  await fsyncDir(path.dirname(to));
  // Both names now (or the copy and the file): the point a kill must be able to stop at.
  await o.between?.();
  // A link is the file itself; a copy is a file of its own.
  const placed = copied ? identityOf(await lstat(to)) : identityOf(src);
  await removeName(from, o.emptied);
  return { state: "done", identity: placed };
}

/** A hard link at `to` of `from`; across file systems it fails, saying so (never a copy instead). */
export async function ensureHardLink(from: string, to: string): Promise<StepOutcome> {
  const [src, dst] = [await lstatOrNull(from), await lstatOrNull(to)];
  if (src === null) return { state: "failed", reason: `the file is gone: ${from}` };
  if (dst !== null) return sameInode(src, dst) ? { state: "done", identity: identityOf(dst) } : { state: "failed", reason: `${to} exists: kept both` };
  try {
    await link(from, to);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? "";
    if (code === "EXDEV") return { state: "failed", reason: "a hard link cannot cross file systems (nothing moved or copied instead)" };
    if (NO_LINKS.has(code)) return { state: "failed", reason: `this file system makes no hard links (${code}; nothing moved or copied instead)` };
    if (code === "EEXIST") return { state: "failed", reason: `${to} exists: kept both` };
    throw err;
  }
  await fsyncDir(path.dirname(to));
  return { state: "done", identity: identityOf(await lstat(to)) };
}

/** A symbolic link at `to` pointing at `from` (absolute). */
export async function ensureSymlink(from: string, to: string): Promise<StepOutcome> {
  const dst = await lstatOrNull(to);
  if (dst !== null) {
    const ours = dst.isSymbolicLink() && (await readlink(to)) === from;
    return ours ? { state: "done", identity: identityOf(dst) } : { state: "failed", reason: `${to} exists: kept both` };
  }
  try {
    await symlink(from, to);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? "";
    if (NO_LINKS.has(code)) return { state: "failed", reason: `this file system makes no symbolic links (${code}; nothing moved or copied instead)` };
    throw err;
  }
  await fsyncDir(path.dirname(to));
  return { state: "done", identity: identityOf(await lstat(to)) };
}

/** A folder the run makes; one that was there already is not the run's (an undo leaves it). */
export async function ensureFolder(dir: string, begun: boolean): Promise<StepOutcome> {
  const s = await lstatOrNull(dir);
  if (s !== null) {
    if (!s.isDirectory()) return { state: "failed", reason: `a file is in the way: ${dir}` };
    return begun ? { state: "done" } : { state: "skipped", reason: "was there" };
  }
  await mkdir(dir);
  await fsyncDir(path.dirname(dir));
  return { state: "done" };
}

/** Removes a folder the run made, when it is empty; one that holds anything is kept. */
export async function ensureNoFolder(dir: string): Promise<StepOutcome> {
  try {
    await rmdir(dir);
    return { state: "done" };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { state: "done" };
    if (code === "ENOTEMPTY" || code === "EEXIST") return { state: "skipped", reason: "not empty: kept" };
    throw err;
  }
}

/** Removes a name the run made (a link, a sidecar) if it is still the one it made. */
export async function ensureRemoved(file: string, made: FileIdentity, emptied: Set<string>): Promise<StepOutcome> {
  const s = await lstatOrNull(file);
  if (s === null) return { state: "done" };
  if (!isRecorded(s, made)) return { state: "skipped", reason: `changed since the run made it: kept ${file}` };
  await removeName(file, emptied);
  return { state: "done" };
}
