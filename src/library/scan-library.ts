import path from "node:path";
import { readName } from "../codes/index.js";
import { catalogKnowledge } from "../services/code-knowledge.js";
import type { ServiceDeps } from "../services/deps.js";
import { walkVideos } from "./library-walk.js";
import { findCodeInCatalog } from "../services/lookup-movie.js";
import { fromCatalog, type Title } from "../services/media-titles.js";

/**
 * - matched: the code was read and a title found (in the catalog, or live);
 * - not-in-catalog: the code was read, no title has it (live lookups off, or no provider matched);
 * - no-code: the name holds no code; ambiguous: it holds several, equally good;
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
}

const entry = (p: string, status: ScanStatus, fields: Partial<ScanEntry> = {}): ScanEntry => ({
  path: p,
  status,
  code: null,
  part: null,
  dvdId: null,
  title: null,
  source: null,
  reason: null,
  ...fields,
});

async function classify(deps: ServiceDeps, root: string, rel: string, live: boolean): Promise<[ScanEntry, Title | null]> {
  // The scanned folder's own name counts as a folder above the file (scan DIR/ABP-123 holding video.mp4).
  const reading = readName(`${path.basename(path.resolve(root))}/${rel}`, catalogKnowledge(deps.db));
  const code = reading.found;
  if (code === null) {
    return [
      reading.reason === "ambiguous"
        ? entry(rel, "ambiguous", { reason: `more than one code in the name: ${reading.candidates.join(", ")}` })
        : entry(rel, "no-code", { reason: "no code in the name" }),
      null,
    ];
  }
  const read = { code: code.dvdId, part: code.part };
  const matched = (t: Title): [ScanEntry, Title] => [
    entry(rel, "matched", { ...read, dvdId: t.record.dvdId, title: t.record.titleEn || t.record.titleJa, source: t.provider }),
    t,
  ];
  const hit = findCodeInCatalog(deps, code, null);
  if (hit) return matched(fromCatalog(hit));
  if (!live || deps.live === null) {
    return [entry(rel, "not-in-catalog", { ...read, reason: live ? "not in the catalog, and no live provider is usable" : "not in the catalog" }), null];
  }
  const answer = await deps.live.lookup(code, null);
  if (answer.status === "found") {
    const r = answer.record;
    return matched({ id: null, provider: answer.provider, record: r.record, pageUrl: r.pageUrl, ratingAvg: r.ratingAvg });
  }
  if (answer.status === "failed") {
    return [entry(rel, "failed", { ...read, reason: `not in the catalog; ${answer.errors.map((e) => `${e.provider}: ${e.message}`).join("; ")}` }), null];
  }
  return [entry(rel, "not-in-catalog", { ...read, reason: "not in the catalog, and no live provider has it" }), null];
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
  for await (const rel of walkVideos(root, { onError: options.onDirError })) {
    if (options.signal?.aborted) break;
    window.push(classify(deps, root, rel, options.live));
    if (window.length >= concurrency) await emit();
  }
  while (window.length > 0) await emit();
  return totals;
}
