import path from "node:path";
import type { NameMarks } from "../codes/index.js";
import type { ServiceDeps } from "../services/deps.js";
import { findTitles, type Title } from "../services/titles/find-title.js";
import { walkVideos } from "./library-walk.js";

/**
 * - matched: the code was read and a title found (in the catalog, or live);
 * - not-in-catalog: the code was read, no title has it (live lookups off, or no provider matched);
 * - no-code: the name holds no code; ambiguous: it holds several, equally good, or a code
 *   that more than one seller holds (010120_001 of 1pondo and of Caribbeancom Premium);
 * - failed: not in the catalog, and a live provider failed to answer (retry later).
 */
export type ScanStatus = "matched" | "not-in-catalog" | "no-code" | "ambiguous" | "failed";

export interface ScanEntry {
  /** The file, relative to the folder scanned. */
  path: string;
  status: ScanStatus;
  /** The code read from the name (and its folders), or null. */
  code: string | null;
  part: number | null;
  /** What the name says of the file: subtitles (-C), uncensored (-U), leaked. */
  marks: NameMarks;
  /** The title found: its dvdId, title (English, else Japanese) and the provider it came from. */
  dvdId: string | null;
  title: string | null;
  source: string | null;
  /** Why there is no title, when there is none. */
  reason: string | null;
}

export interface ScanTotals {
  files: number;
  matched: number;
  notInCatalog: number;
  noCode: number;
  ambiguous: number;
  failed: number;
}

export interface ScanOptions {
  /** Ask the live providers for codes the catalog does not hold (within their rate limits). */
  live: boolean;
  /** Each file as it is read, with the title it matched (null when none). */
  onEntry: (entry: ScanEntry, title: Title | null) => void;
  onDirError?: (dir: string, err: Error) => void;
  /** Live lookups in flight at once; the providers' own rate limits still apply. */
  concurrency?: number;
  signal?: AbortSignal;
  /** These files only (relative to the folder), not a walk of it: the watcher's settled downloads. */
  paths?: readonly string[];
}

const NO_MARKS: NameMarks = { subtitles: false, uncensored: false, leak: false };

const entry = (p: string, status: ScanStatus, fields: Partial<ScanEntry> = {}): ScanEntry => ({
  path: p,
  status,
  code: null,
  part: null,
  marks: NO_MARKS,
  dvdId: null,
  title: null,
  source: null,
  reason: null,
  ...fields,
});

async function classify(deps: ServiceDeps, root: string, rel: string, live: boolean): Promise<[ScanEntry, Title | null]> {
  // The scanned folder's own name counts as a folder above the file (scan DIR/ABP-123 holding video.mp4).
  const found = await findTitles(deps, `${path.basename(path.resolve(root))}/${rel}`, { providers: null, live: live && deps.live !== null, text: "none" });
  const read = found.read === null ? {} : { code: found.read.dvdId, part: found.read.part, marks: found.read.marks };
  switch (found.status) {
    case "found": {
      const t = found.titles[0];
      return [entry(rel, "matched", { ...read, dvdId: t.record.dvdId, title: t.record.titleEn || t.record.titleJa, source: t.provider }), t];
    }
    case "ambiguous":
      return [
        entry(rel, "ambiguous", { ...read, reason: found.read === null ? `more than one code in the name: ${found.candidates.join(", ")}` : found.reason }),
        null,
      ];
    case "failed":
      return [entry(rel, "failed", { ...read, reason: `not in the catalog; ${found.errors.map((e) => `${e.provider}: ${e.message}`).join("; ")}` }), null];
    default: {
      if (found.read === null) return [entry(rel, "no-code", { reason: "no code in the name" }), null];
      const why = !live
        ? "not in the catalog"
        : deps.live === null
          ? "not in the catalog, and no live provider is usable"
          : "not in the catalog, and no live provider has it";
      return [entry(rel, "not-in-catalog", { ...read, reason: why }), null];
    }
  }
}

function count(totals: ScanTotals, e: ScanEntry): void {
  totals.files++;
  if (e.status === "matched") totals.matched++;
  else if (e.status === "not-in-catalog") totals.notInCatalog++;
  else if (e.status === "no-code") totals.noCode++;
  else if (e.status === "ambiguous") totals.ambiguous++;
  else totals.failed++;
}

/**
 * Reads the code of every video under `root` and looks each up: the catalog first,
 * then (with `live`) the live providers. Reports each file in walk order. Writes
 * nothing to the library; a live answer is kept in the catalog as /movie keeps it.
 */
export async function scanLibrary(deps: ServiceDeps, root: string, options: ScanOptions): Promise<ScanTotals> {
  const totals: ScanTotals = { files: 0, matched: 0, notInCatalog: 0, noCode: 0, ambiguous: 0, failed: 0 };
  const window: Promise<[ScanEntry, Title | null]>[] = [];
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const emit = async () => {
    const [e, title] = await window.shift()!;
    count(totals, e);
    options.onEntry(e, title);
  };
  const files = options.paths ?? walkVideos(root, { onError: options.onDirError });
  for await (const rel of files) {
    if (options.signal?.aborted) break;
    window.push(classify(deps, root, rel, options.live));
    if (window.length >= concurrency) await emit();
  }
  while (window.length > 0) await emit();
  return totals;
}
