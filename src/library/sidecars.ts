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
import path from "node:path";
import { ImageError, type Images } from "../images/index.js";
import { VERSION } from "../lib/version.js";
import type { Title } from "../services/media-titles.js";
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
const IMAGE_MARK = /video-catalog (\S+) (poster|fanart) ([0-9a-f]{16})/;
const HEAD_BYTES = 4096;

const digestOf = (value: unknown) => createHash("sha256").update(JSON.stringify(value)).digest("hex").slice(0, 16);

/** The mark of a file this tool wrote, or null. */
function markOf(kind: SidecarKind, head: Buffer): string | null {
  if (kind === "nfo") return readNfoMark(head.toString("utf8"))?.digest ?? null;
  const m = IMAGE_MARK.exec(head.toString("latin1"));
  return m !== null && m[2] === kind ? m[3] : null;
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
  const cut = await o.images.get(url, { ...PICTURE[kind], mark: `video-catalog ${VERSION} ${kind} ${digest}` }, o.signal);
  return cut.jpeg;
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
  const mark = head === null ? null : markOf(kind, head);
  if (mark === digest) return result("unchanged");
  if (head !== null && mark === null && !o.force) return result("skipped", "exists and was not written by video-catalog (--force replaces it)");
  const action: SidecarAction = head === null ? "written" : mark !== null ? "updated" : "replaced";
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
