/**
 * The sidecars of one title beside its video files (what each kind is and where each
 * reader takes it: targets.ts). Nothing of the user's is lost: each file says in
 * its own first bytes that this tool wrote it, and from what (the NFO in a comment, a
 * picture in its EXIF description); a file without that mark is left alone unless `force`,
 * one with it is rewritten only when what it was made from changed, and every write is
 * atomic. A picture written at two names (a stack's poster, a gallery picture under Kodi's
 * and Jellyfin's names) is one file with two names where the file system allows it.
 */
import { createHash } from "node:crypto";
import { statSync } from "node:fs";
import path from "node:path";
import { cutBox, normalizeCut } from "../../images/cut-options.js";
import { type CutOptions, ImageError, type Images } from "../../images/index.js";
import { VERSION } from "../../lib/version.js";
import type { CreditedPerson } from "../../services/people/person.js";
import type { Title } from "../../services/titles/title.js";
import type { TitleNames } from "../../services/titles/title-names.js";
import { buildNfo, NFO_FORMAT, readNfoMark } from "./nfo.js";
import { fsReason, linkAtomically, readHead, writeAtomically } from "./files.js";
import type { TitleFile } from "./names.js";
import { type SidecarKind, type SidecarTarget, sidecarTargets } from "./targets.js";

export { SIDECAR_KINDS, type SidecarKind } from "./targets.js";

/**
 * - written: there was no such file; updated: ours, made from an older record; replaced: someone else's, with `force`;
 * - unchanged: ours and current; skipped: someone else's (reported, kept); failed: could not be written (the reason says why).
 */
export type SidecarAction = "written" | "updated" | "replaced" | "unchanged" | "skipped" | "failed";

export interface SidecarResult {
  /** The sidecar, relative to the folder scanned. */
  path: string;
  kind: SidecarKind;
  /** What was done, or with dryRun what would be. */
  action: SidecarAction;
  /** Whether this run wrote the file: never with dryRun. */
  written: boolean;
  reason: string | null;
}

/** What the sidecars of one run share: the names already handled, the sources that failed, the pictures in place. */
export interface SidecarRun {
  /** Sidecars handled (paths relative to root): Kodi's poster of a stack (`ABP-123-poster.jpg`) is also that of a lone `ABP-123.mp4` beside it. */
  claimed: Set<string>;
  /** Sources that could not be fetched, with why: each is asked once a run, not once per file made from it. */
  failed: Map<string, string>;
  /** By digest, a file of ours that is current (written or found so): another name of the same picture in its folder links to it. */
  made: Map<string, string>;
}

export const newSidecarRun = (): SidecarRun => ({ claimed: new Set(), failed: new Map(), made: new Map() });

export interface SidecarOptions {
  /** The folder scanned: results' paths are relative to it. */
  root: string;
  kinds: readonly SidecarKind[];
  force: boolean;
  /** Decide and report, write nothing (and fetch no picture). */
  dryRun: boolean;
  language: "ja" | "en";
  images: Images | null;
  /** A title's names in `language` (services/titles/title-names.ts titleNames); absent, the record's own. */
  names?: (t: Title) => TitleNames;
  /** A title's actresses as the persons credited (services/people creditedPeople), `shown` its names' actresses; absent, as the names give them. */
  people?: (t: Title, shown: readonly string[]) => Promise<CreditedPerson[]>;
  signal?: AbortSignal;
  run?: SidecarRun;
}

type Picture = Exclude<SidecarKind, "nfo">;
/** How the pictures are made; part of their digest, so a change here rewrites them. */
const PICTURE: Record<Picture, CutOptions> = {
  poster: { kind: "primary", quality: 90 },
  fanart: { kind: "backdrop", quality: 90 },
  extrafanart: { kind: "backdrop", quality: 90 },
  landscape: { kind: "thumb", quality: 90 },
};
/** A DMM jacket's size: where a cut of it falls stands for how the images module cuts, so a change there rewrites the pictures too. */
const JACKET = { width: 800, height: 538 };
const IMAGE_MARK = /video-catalog (\S+) (poster|fanart|extrafanart|landscape) ([0-9a-f]{16})(?: size=(\d{10}))?/;
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

/** What a title's NFO is made from beside its record: its names and its credited people, read once for its NFOs (a stack has two). */
interface NfoNames {
  names: TitleNames | undefined;
  people: CreditedPerson[] | undefined;
}

/** What the NFO shows of its people: a person renamed or given a picture rewrites it. */
const peopleDigest = (people: readonly CreditedPerson[]) => people.map((p) => [p.person?.key ?? null, p.name, p.picture]);

/** What a sidecar is made from: the NFO from the whole title; a picture from its source and its cut. */
function digestFor(target: SidecarTarget, t: Title, language: string, { names, people }: NfoNames): string {
  if (target.kind === "nfo") {
    const made = [NFO_FORMAT, language, t.provider, t.pageUrl, t.ratingAvg, t.ratingCount, t.record, names ?? null];
    return digestOf(people === undefined ? made : [...made, peopleDigest(people)]);
  }
  // A cut (not the whole picture) also counts where it falls on a jacket.
  const cut = normalizeCut(PICTURE[target.kind]);
  const where = cut.ratio === undefined ? [] : [cutBox(JACKET.width, JACKET.height, cut)];
  return digestOf([target.kind, target.source, PICTURE[target.kind], ...where]);
}

async function contentOf(target: SidecarTarget, t: Title, { names, people }: NfoNames, digest: string, o: SidecarOptions): Promise<string | Buffer> {
  if (target.kind === "nfo")
    return buildNfo(
      { record: t.record, provider: t.provider, pageUrl: t.pageUrl, ratingAvg: t.ratingAvg, ratingCount: t.ratingCount, names, people },
      { language: o.language, mark: { tool: "video-catalog", version: VERSION, digest } },
    );
  if (target.source === null) throw new Error("the title has no cover");
  if (o.images === null) throw new Error("no image cache here");
  const mark = `video-catalog ${VERSION} ${target.kind} ${digest} ${SIZE_PLACEHOLDER}`;
  const cut = await o.images.get(target.source, { ...PICTURE[target.kind], mark }, o.signal);
  return withSize(cut.jpeg);
}

const NO_SOURCE: Record<Picture, string> = {
  poster: "the title has no cover",
  fanart: "the title has no cover",
  extrafanart: "the title has no such gallery picture",
  landscape: "the title has no jacket",
};

async function one(target: SidecarTarget, t: Title, names: NfoNames, o: SidecarOptions, run: SidecarRun): Promise<SidecarResult> {
  const { kind, rel, source } = target;
  const file = path.join(o.root, rel);
  const result = (action: SidecarAction, reason: string | null = null, written = false): SidecarResult => ({ path: rel, kind, action, written, reason });
  const digest = digestFor(target, t, o.language, names);
  let head: Buffer | null;
  let size = 0;
  try {
    head = readHead(file, HEAD_BYTES);
    size = head === null ? 0 : statSync(file).size;
  } catch (err) {
    return result("failed", fsReason(err));
  }
  const mark = head === null ? null : markOf(kind, head, size);
  const twin = kind === "nfo" ? undefined : `${digest}\u0000${path.dirname(file)}`;
  if (mark?.digest === digest && !mark.edited) {
    if (twin !== undefined && !run.made.has(twin)) run.made.set(twin, file);
    return result("unchanged");
  }
  if (head !== null && !o.force) {
    if (mark === null) return result("skipped", "exists and was not written by video-catalog (--force replaces it)");
    if (mark.edited) return result("skipped", "was changed since video-catalog wrote it (--force replaces it)");
  }
  const action: SidecarAction = head === null ? "written" : mark !== null && !mark.edited ? "updated" : "replaced";
  if (kind !== "nfo" && source === null) return result("failed", NO_SOURCE[kind]);
  const failedBefore = source === null ? undefined : run.failed.get(source);
  if (failedBefore !== undefined) return result("failed", failedBefore);
  if (o.dryRun) return result(action);
  try {
    const existing = twin === undefined ? undefined : run.made.get(twin);
    if (existing === undefined || !linkAtomically(existing, file)) writeAtomically(file, await contentOf(target, t, names, digest, o));
    if (twin !== undefined && !run.made.has(twin)) run.made.set(twin, file);
    return result(action, null, true);
  } catch (err) {
    if (err instanceof ImageError) {
      const reason = `${kind === "extrafanart" ? "gallery picture" : "cover"} ${source}: ${err.message}`;
      // A run stopped by the user is no failure of the source: the next run asks it again.
      if (!o.signal?.aborted && source !== null) run.failed.set(source, reason);
      return result("failed", reason);
    }
    return result("failed", fsReason(err));
  }
}

async function nfoNames(t: Title, o: SidecarOptions): Promise<NfoNames> {
  const names = o.names?.(t);
  const people = await o.people?.(t, names?.actresses ?? t.record.actresses);
  return { names, people };
}

/**
 * Writes (or, with dryRun, plans) the sidecars of one title's files in one folder, at
 * every name a reader looks for them (targets.ts).
 */
export async function writeSidecars(t: Title, files: TitleFile[], o: SidecarOptions): Promise<SidecarResult[]> {
  const run = o.run ?? newSidecarRun();
  const out: SidecarResult[] = [];
  // Read once for the title's NFOs (a stack has two): its digest and its text use them.
  const names = o.kinds.includes("nfo") ? await nfoNames(t, o) : { names: undefined, people: undefined };
  for (const target of sidecarTargets(t.record, files, o.kinds)) {
    if (run.claimed.has(target.rel)) continue;
    run.claimed.add(target.rel);
    out.push(await one(target, t, names, o, run));
  }
  return out;
}
