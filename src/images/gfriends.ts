/**
 * The Gfriends tree the user points at (PEOPLE_PICTURES), as a PictureTree: its Filetree.json
 * read once into a map by name, read again when older than the refresh interval (the old map
 * answers meanwhile). A folder of this machine is read where it lies, its pictures named as
 * file URLs under it; a URL's Filetree.json is fetched through the one outbound client and kept
 * on disk between starts. A tree that cannot be read gives no pictures and is logged once,
 * until it reads again: nothing here ever fails an answer.
 */
import { mkdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { Config } from "../config/load.js";
import type { Log } from "../lib/log.js";
import type { HttpClient } from "../net/index.js";
import { foldName } from "../people/names.js";
import { type ReadTree, readFiletree, type TreeEntry, treeUrl } from "./gfriends-tree.js";
import type { PictureTree } from "./picture-tree.js";

/** Gfriends' Filetree.json is some MiB (over 100,000 names); room to grow. */
const MAX_TREE_BYTES = 128 * 1024 * 1024;
/** A tree that failed to read is tried again after this long (or the refresh interval, if shorter). */
const RETRY_MS = 10 * 60 * 1000;

export interface GfriendsOptions {
  /** A folder of this machine (its Filetree.json and pictures), or an http(s) URL: the tree's base. */
  at: string;
  /** A URL tree's Filetree.json as last fetched, kept between starts. */
  cacheFile: string;
  refreshMs: number;
  /** The outbound client; null: a URL tree answers from what is kept only (an offline command). */
  http: HttpClient | null;
  log?: Pick<Log, "warn" | "info">;
  now?: () => number;
}

/** A tree's list as read: its names (null: none to answer with), why it failed to read (null: it did), and when it last changed. */
interface Reading {
  names: Map<string, TreeEntry> | null;
  why: string | null;
  changedAt: number;
}

/** Where a tree's list comes from and where its pictures are. */
interface Origin {
  read(): Promise<Reading>;
  /** The picture of an entry, or null when it is not there. */
  pictureOf(entry: TreeEntry): Promise<string | null>;
}

/** The tree of PEOPLE_PICTURES, or null when none is set. */
export function pictureTreeFor(
  config: Pick<Config, "peoplePictures" | "peoplePicturesCache" | "peoplePicturesRefreshHours">,
  http: HttpClient | null,
  log?: Pick<Log, "warn" | "info">,
): PictureTree | null {
  if (config.peoplePictures === "") return null;
  return gfriendsTree({
    at: config.peoplePictures,
    cacheFile: config.peoplePicturesCache,
    refreshMs: config.peoplePicturesRefreshHours * 3_600_000,
    http,
    log,
  });
}

/** Whether PEOPLE_PICTURES names a folder of this machine (whose files the images room may then read). */
export function localTreeFolder(config: Pick<Config, "peoplePictures">): string | null {
  const at = config.peoplePictures;
  return at === "" || /^https?:\/\//i.test(at) ? null : resolve(at);
}

export function gfriendsTree(o: GfriendsOptions): PictureTree {
  const now = o.now ?? Date.now;
  const origin = /^https?:\/\//i.test(o.at) ? remoteOrigin(o, now) : localOrigin(resolve(o.at));
  return new GfriendsTree(origin, o, now);
}

class GfriendsTree implements PictureTree {
  private names: Map<string, TreeEntry> | null = null;
  private nextRead = Number.NEGATIVE_INFINITY;
  private reading: Promise<void> | null = null;
  private failing = false;

  constructor(
    private readonly origin: Origin,
    private readonly o: GfriendsOptions,
    private readonly now: () => number,
  ) {}

  async pictureFor(name: string): Promise<string | null> {
    await this.fresh();
    const entry = this.names?.get(foldName(name));
    return entry === undefined ? null : this.origin.pictureOf(entry);
  }

  /** The first read is waited for; a later one runs while the map read before answers. */
  private fresh(): Promise<void> {
    if (this.now() < this.nextRead) return Promise.resolve();
    this.reading ??= this.read().finally(() => {
      this.reading = null;
    });
    return this.names === null ? this.reading : Promise.resolve();
  }

  private async read(): Promise<void> {
    const got = await this.origin.read().catch((err: unknown): Reading => ({ names: null, why: messageOf(err), changedAt: 0 }));
    if (got.names !== null) this.names = got.names;
    if (got.why === null) {
      // A copy changed 20 hours ago is read again 4 hours from now (at the default 24).
      const due = got.changedAt + this.o.refreshMs;
      this.nextRead = due > this.now() ? due : this.now() + this.o.refreshMs;
      if (this.failing) this.o.log?.info({ tree: this.o.at, names: got.names?.size }, "people's picture tree read again");
      this.failing = false;
      return;
    }
    this.nextRead = this.now() + Math.min(this.o.refreshMs, RETRY_MS);
    if (!this.failing) {
      const answering = this.names === null ? "no pictures from it" : "the copy read before answers";
      this.o.log?.warn({ tree: this.o.at, why: got.why }, `people's picture tree not read: ${answering} until it reads`);
    }
    this.failing = true;
  }
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** A reading of a tree's text: its names, or why it is not Gfriends' layout. */
function readingOf(tree: ReadTree, changedAt: number): Reading {
  return "names" in tree ? { names: tree.names, why: null, changedAt } : { names: null, why: tree.why, changedAt };
}

/** A folder of this machine: its Filetree.json, its pictures under Content/ (a clone of the repository) or beside it. */
function localOrigin(folder: string): Origin {
  let pictures = folder;
  return {
    async read() {
      const file = join(folder, "Filetree.json");
      const [text, info] = await Promise.all([readFile(file, "utf8"), stat(file)]);
      pictures = (await isDirectory(join(folder, "Content"))) ? join(folder, "Content") : folder;
      return readingOf(await readFiletree(text), info.mtimeMs);
    },
    async pictureOf(entry) {
      const path = join(pictures, entry.folder, entry.file);
      return (await isFile(path)) ? pathToFileURL(path).href : null;
    },
  };
}

/** A URL: Filetree.json at its base, fetched when the copy kept is older than the refresh interval; the pictures under Content/. */
function remoteOrigin(o: GfriendsOptions, now: () => number): Origin {
  const url = `${o.at.replace(/\/+$/, "")}/Filetree.json`;
  return {
    async read() {
      const kept = await readKept(o.cacheFile);
      if (kept !== null && (o.http === null || now() - kept.changedAt < o.refreshMs)) return kept;
      if (o.http === null) return { names: null, why: "no copy kept, and this command fetches nothing", changedAt: 0 };
      const { text, ...fetched } = await fetchTree(o.http, url, now);
      // A stale copy answers while the tree fails (the failure still told).
      if (fetched.why !== null) return { ...fetched, names: kept?.names ?? null };
      await keep(o.cacheFile, text).catch((err: unknown) => o.log?.warn({ file: o.cacheFile, err: messageOf(err) }, "people's picture tree not kept on disk"));
      return fetched;
    },
    async pictureOf(entry) {
      return treeUrl(o.at, entry);
    },
  };
}

/** The copy kept of a URL tree, when it is one whole. */
async function readKept(file: string): Promise<Reading | null> {
  try {
    const [text, info] = await Promise.all([readFile(file, "utf8"), stat(file)]);
    const reading = readingOf(await readFiletree(text), info.mtimeMs);
    return reading.names === null ? null : reading;
  } catch {
    return null;
  }
}

/** Only a text read whole is kept: half a body or an error page never replaces a good copy. */
async function fetchTree(http: HttpClient, url: string, now: () => number): Promise<Reading & { text: string }> {
  try {
    const answer = await http.getBytes(url, { accept: "application/json", maxBytes: MAX_TREE_BYTES });
    if (answer.status === "not_found") return { names: null, why: `HTTP ${answer.httpStatus} at ${url}`, changedAt: 0, text: "" };
    const text = answer.bytes.toString("utf8");
    const reading = readingOf(await readFiletree(text), now());
    return { ...reading, why: reading.why === null ? null : `${reading.why} at ${url}`, text };
  } catch (err) {
    return { names: null, why: `${messageOf(err)} at ${url}`, changedAt: 0, text: "" };
  }
}

/** Written whole or not at all: a half-written copy would be read at the next start. */
async function keep(file: string, text: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const part = `${file}.${process.pid}.part`;
  await writeFile(part, text);
  await rename(part, file);
}

async function isDirectory(path: string): Promise<boolean> {
  return stat(path).then(
    (s) => s.isDirectory(),
    () => false,
  );
}

async function isFile(path: string): Promise<boolean> {
  return stat(path).then(
    (s) => s.isFile(),
    () => false,
  );
}
