/**
 * The sidecars of one title beside its video files: NAME.nfo (Kodi's movie NFO, which
 * Kodi, Jellyfin, Emby and Plex's NFO importer read), NAME-poster.jpg (the front cover,
 * cut from the jacket as the MetaTube routes cut a primary image) and NAME-fanart.jpg
 * (the whole jacket). Nothing of the user's is lost: each file says in its own first
 * bytes that this tool wrote it, and from what (the NFO in a comment, a picture in its
 * EXIF description); a file without that mark is left alone unless `force`, one with it
 * is rewritten only when what it was made from changed, and every write is atomic.
 */
import { createHash } from "node:crypto";
import { statSync } from "node:fs";
import path from "node:path";
import { ImageError, type Images } from "../images/index.js";
import { VERSION } from "../lib/version.js";
import type { Title } from "../services/title.js";
import { buildNfo, NFO_FORMAT, readNfoMark } from "./nfo.js";
import { fsReason, readHead, writeAtomically } from "./sidecar-files.js";
import { sidecarBases, type TitleFile } from "./sidecar-names.js";

export const SIDECAR_KINDS = ["nfo", "poster", "fanart"] as const;
export type SidecarKind = (typeof SIDECAR_KINDS)[number];

/**
 * - written: there was no such file; updated: ours, made from an older record; replaced: someone else's, with `force`;
 * - unchanged: ours and current; skipped: someone else's (reported, kept); failed: could not be written (the reason says why).
 */
export type SidecarAction = "written" | "updated" | "replaced" | "unchanged" | "skipped" | "failed";

export interface SidecarResult {
  /** The sidecar, relative to the folder scanned. */
  path: string;
  kind: SidecarKind;
  action: SidecarAction;
  reason: string | null;
}

export interface SidecarOptions {
  /** The folder scanned: results' paths are relative to it. */
  root: string;
  kinds: readonly SidecarKind[];
  force: boolean;
  /** Decide and report, write nothing (and fetch no picture). */
  dryRun: boolean;
  language: "ja" | "en";
  images: Images | null;
  signal?: AbortSignal;
  /**
   * Sidecars already handled in this run (paths relative to root): Kodi's poster of a
   * stack (`ABP-123-poster.jpg`) is also the poster of a lone `ABP-123.mp4` beside it.
   */
  claimed?: Set<string>;
}

const SUFFIX: Record<SidecarKind, string> = { nfo: ".nfo", poster: "-poster.jpg", fanart: "-fanart.jpg" };
/** How the pictures are made; part of their digest, so a change here rewrites them. */
const PICTURE = { poster: { kind: "primary", quality: 90 }, fanart: { kind: "backdrop", quality: 90 } } as const;
const IMAGE_MARK = /video-catalog (\S+) (poster|fanart) ([0-9a-f]{16})(?: size=(\d{10}))?/;
/**
 * A picture's mark ends with the file's own size, so a picture edited since (cropped and
 * saved: most editors keep the EXIF description) is known as the user's. The cut is made
 * with this placeholder, which the written bytes then carry in its place (same length).
 */
const SIZE_PLACEHOLDER = "size=0000000000";
const HEAD_BYTES = 4096;

const digestOf = (value: unknown) => createHash("sha256").update(JSON.stringify(value)).digest("hex").slice(0, 16);

/** The mark of a file this tool wrote (`size`: the file's size), or null; `edited`: a picture of another size than its mark says. */
function markOf(kind: SidecarKind, head: Buffer, size: number): { digest: string; edited: boolean } | null {
  if (kind === "nfo") {
    const digest = readNfoMark(head.toString("utf8"))?.digest;
    return digest === undefined ? null : { digest, edited: false };
  }
  const m = IMAGE_MARK.exec(head.toString("latin1"));
  if (m === null || m[2] !== kind) return null;
  return { digest: m[3], edited: m[4] !== undefined && Number(m[4]) !== size };
}

/** The cut's bytes with its own size in its mark (a copy: the cut is the cache's). */
function withSize(jpeg: Buffer): Buffer {
  const at = jpeg.indexOf(SIZE_PLACEHOLDER, 0, "latin1");
  if (at < 0) return jpeg;
  const out = Buffer.from(jpeg);
  out.write(`size=${String(jpeg.length).padStart(10, "0")}`, at, "latin1");
  return out;
}

/** What a sidecar is made from: the NFO from the whole title; a picture from its source and its cut. */
function sourceOf(kind: SidecarKind, t: Title, language: string): { digest: string; url: string | null } {
  if (kind === "nfo") return { digest: digestOf([NFO_FORMAT, language, t.provider, t.pageUrl, t.ratingAvg, t.record]), url: null };
  const url = t.record.jacketFullUrl || t.record.jacketThumbUrl || null;
  return { digest: digestOf([kind, url, PICTURE[kind]]), url };
}

async function contentOf(kind: SidecarKind, t: Title, digest: string, url: string | null, o: SidecarOptions): Promise<string | Buffer> {
  if (kind === "nfo") return buildNfo(t, { language: o.language, mark: { tool: "video-catalog", version: VERSION, digest } });
  if (url === null) throw new Error("the title has no cover");
  if (o.images === null) throw new Error("no image cache here");
  const cut = await o.images.get(url, { ...PICTURE[kind], mark: `video-catalog ${VERSION} ${kind} ${digest} ${SIZE_PLACEHOLDER}` }, o.signal);
  return withSize(cut.jpeg);
}

async function one(kind: SidecarKind, t: Title, base: string, o: SidecarOptions): Promise<SidecarResult> {
  const rel = base + SUFFIX[kind];
  const file = path.join(o.root, rel);
  const result = (action: SidecarAction, reason: string | null = null): SidecarResult => ({ path: rel, kind, action, reason });
  const { digest, url } = sourceOf(kind, t, o.language);
  let head: Buffer | null;
  try {
    head = readHead(file, HEAD_BYTES);
  } catch (err) {
    return result("failed", fsReason(err));
  }
  let size = 0;
  try {
    size = head === null ? 0 : statSync(file).size;
  } catch (err) {
    return result("failed", fsReason(err));
  }
  const mark = head === null ? null : markOf(kind, head, size);
  if (mark?.digest === digest && !mark.edited) return result("unchanged");
  if (head !== null && !o.force) {
    if (mark === null) return result("skipped", "exists and was not written by video-catalog (--force replaces it)");
    if (mark.edited) return result("skipped", "was changed since video-catalog wrote it (--force replaces it)");
  }
  const action: SidecarAction = head === null ? "written" : mark !== null && !mark.edited ? "updated" : "replaced";
  if (kind !== "nfo" && url === null) return result("failed", "the title has no cover");
  if (o.dryRun) return result(action);
  try {
    writeAtomically(file, await contentOf(kind, t, digest, url, o));
    return result(action);
  } catch (err) {
    if (err instanceof ImageError) return result("failed", `cover ${url}: ${err.message}`);
    return result("failed", fsReason(err));
  }
}

/**
 * Writes (or, with dryRun, plans) the sidecars of one title's files in one folder, at
 * every name a reader looks for them (a stack's poster at two: sidecar-names.ts).
 */
export async function writeSidecars(t: Title, files: TitleFile[], o: SidecarOptions): Promise<SidecarResult[]> {
  const bases = sidecarBases(files);
  const out: SidecarResult[] = [];
  for (const kind of o.kinds) {
    for (const base of bases[kind]) {
      const rel = base + SUFFIX[kind];
      if (o.claimed?.has(rel)) continue;
      o.claimed?.add(rel);
      out.push(await one(kind, t, base, o));
    }
  }
  return out;
}
