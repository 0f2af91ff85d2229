import { statSync } from "node:fs";
import { type Images, imagesFor, lazyImages } from "../images/index.js";
import { type ScanEntry, type ScanTotals, scanLibrary } from "../library/scan-library.js";
import { groupForSidecars, type MatchedFile } from "../library/sidecars/groups.js";
import { SIDECAR_KINDS, type SidecarKind, type SidecarResult } from "../library/sidecars/sidecars.js";
import { sidecarKinds } from "../library/sidecars/targets.js";
import { type SidecarTotals, writeAllSidecars } from "../library/sidecars/write-sidecars.js";
import { ConfigError } from "../config/load.js";
import { createProviderRuntime } from "../providers/runtime.js";
import type { ServiceDeps } from "../services/deps.js";
import { liveLookups } from "../services/live/live-lookups.js";
import type { Title } from "../services/titles/title.js";
import { creditedPeople } from "../services/people/person.js";
import { titleNames } from "../services/titles/title-names.js";
import { CliError, cliConfig, err, openCli, out, UsageError } from "./context.js";
import { commandPictureTree } from "./picture-tree.js";
import { Progress } from "./progress.js";
import { checkProviderSettings } from "./provider-settings.js";

const COLUMNS = ["status", "code", "part", "file", "title or reason"];

function line(e: ScanEntry): string {
  const found = e.title === null ? (e.reason ?? "") : `${e.dvdId}: ${e.title} [${e.source}]`;
  return [e.status, e.code ?? "-", e.part ?? "-", e.path, found].join("\t");
}

function summary(t: ScanTotals, seconds: number): string {
  const failed = t.failed > 0 ? `, ${t.failed} lookups failed (retry later)` : "";
  return (
    `${t.files} videos in ${seconds.toFixed(1)} s: ${t.matched} matched, ${t.notInCatalog} not in catalog, ` +
    `${t.noCode + t.ambiguous} no code found (${t.ambiguous} with more than one)${failed}`
  );
}

function sidecarSummary(t: SidecarTotals, seconds: number, dryRun: boolean): string {
  const would = dryRun ? "would be " : "";
  return (
    `sidecars in ${seconds.toFixed(1)} s${dryRun ? " (dry run: nothing written)" : ""}: ${t.written} ${would}written, ${t.updated} ${would}updated, ` +
    `${t.replaced} ${would}replaced, ${t.unchanged} unchanged, ${t.skipped} skipped (not ours), ${t.failed} failed`
  );
}

/** `--write nfo,poster,fanart,extrafanart,landscape`: the kinds asked, each once, in that order. */
export function parseWrite(raw: string | undefined): SidecarKind[] {
  if (raw === undefined) return [];
  try {
    const kinds = sidecarKinds(raw, "--write");
    if (kinds.length === 0) throw new UsageError(`--write takes ${SIDECAR_KINDS.join(", ")} (comma-separated), got "${raw}"`);
    return kinds;
  } catch (err) {
    if (err instanceof ConfigError) throw new UsageError(err.message);
    throw err;
  }
}

export interface ScanValues {
  json?: boolean;
  offline?: boolean;
  concurrency: string;
  write?: string;
  force?: boolean;
  dryRun?: boolean;
}

/**
 * scan DIR: reads the code of every video under DIR and looks it up (catalog first,
 * then the live providers unless --offline). With --write, then writes the sidecars
 * of every matched title beside its videos (the library's sidecars); without it,
 * writes nothing in DIR.
 */
export async function scanCommand(dir: string, values: ScanValues): Promise<void> {
  const concurrency = Number(values.concurrency);
  if (!Number.isSafeInteger(concurrency) || concurrency < 1 || concurrency > 64) throw new UsageError("--concurrency must be 1 to 64");
  const kinds = parseWrite(values.write);
  if ((values.force || values.dryRun) && kinds.length === 0) throw new UsageError("--force and --dry-run go with --write");
  const stat = statSync(dir, { throwIfNoEntry: false });
  if (!stat) throw new CliError(`no such folder: ${dir}`);
  if (!stat.isDirectory()) throw new CliError(`${dir} is not a folder`);

  checkProviderSettings(cliConfig());
  // Reads the catalog; its live answers are written through, except on a read-only replica.
  const { config, db } = openCli({ reads: true });
  // Live lookups unless --offline or LIVE_LOOKUPS=off, which scan alike: the catalog alone answers.
  const offline = values.offline === true || !config.liveLookups;
  // The outbound client: live lookups and the covers of the sidecars.
  const runtime = offline && !kinds.some((k) => k !== "nfo") ? null : createProviderRuntime(config);
  const live = offline ? null : liveLookups(db, runtime, config, { store: config.replicaOf === "" });
  // Made when a picture must be written: a run with every sidecar current never indexes the image cache.
  const images = runtime ? lazyImages(() => imagesFor(config, runtime.http)) : null;
  // Read on a person's first picture asked: a scan that writes no NFO never reads it.
  const pictureTree = commandPictureTree(config, runtime?.http ?? null);
  const abort = new AbortController();
  process.once("SIGINT", () => abort.abort());
  const progress = new Progress("scan", process.stderr, 5000, "videos");
  const entries: ScanEntry[] = [];
  const matched: MatchedFile<Title>[] = [];
  let done = 0;
  if (!values.json) out(COLUMNS.join("\t"));
  try {
    const totals = await scanLibrary({ db, config, live, pool: null, ingest: null, pictureTree }, dir, {
      live: !offline,
      concurrency,
      signal: abort.signal,
      onDirError: (d, e) => err(`cannot read ${d}: ${e.message}`),
      onEntry: (e, title) => {
        done++;
        if (title !== null && kinds.length > 0) matched.push({ rel: e.path, part: e.part, key: `${title.provider}\u0000${title.record.contentId}`, title });
        if (values.json) entries.push(e);
        else {
          progress.clear();
          out(line(e));
        }
        if (done % 64 === 0) progress.update(done, null);
      },
    });
    progress.clear();
    const seconds = progress.elapsedSeconds();
    if (!values.json) out(summary(totals, seconds));
    let sidecars: { files: SidecarResult[]; totals: SidecarTotals; seconds: number } | null = null;
    if (kinds.length > 0 && !abort.signal.aborted)
      sidecars = await writeSidecarsOf({ db, pictureTree }, dir, matched, kinds, values, config.mediaLanguage, images, abort.signal);
    if (values.json) out(JSON.stringify({ dir, files: entries, totals, seconds: Math.round(seconds * 1000) / 1000, ...(sidecars ? { sidecars } : {}) }));
    if (abort.signal.aborted) err("scan stopped before the end (SIGINT)");
    if (sidecars && sidecars.totals.failed > 0) process.exitCode = 1;
  } finally {
    await images?.close();
    await runtime?.close();
    db.close();
  }
}

async function writeSidecarsOf(
  deps: Pick<ServiceDeps, "db" | "pictureTree">,
  root: string,
  matched: MatchedFile<Title>[],
  kinds: SidecarKind[],
  values: ScanValues,
  language: "ja" | "en",
  images: Images | null,
  signal: AbortSignal,
): Promise<{ files: SidecarResult[]; totals: SidecarTotals; seconds: number }> {
  const groups = groupForSidecars(matched);
  const progress = new Progress(values.dryRun ? "plan" : "write", process.stderr, 5000, "titles");
  const files: SidecarResult[] = [];
  if (!values.json) out(["sidecar", "file", "reason"].join("\t"));
  const totals = await writeAllSidecars(groups, {
    root,
    kinds,
    force: values.force === true,
    dryRun: values.dryRun === true,
    language,
    images,
    // One spelling per person in every NFO, as the MetaTube face gives it (the catalog's other spellings).
    names: (t) => titleNames(deps, t, language),
    // Each person credited once, by her current name and with her picture, as every face shows her.
    people: (t, shown) => creditedPeople(deps, t, shown, language),
    signal,
    concurrency: Number(values.concurrency),
    onResult: (r) => {
      if (values.json) files.push(r);
      else if (r.action !== "unchanged") {
        progress.clear();
        out([values.dryRun && r.action !== "skipped" && r.action !== "failed" ? `would-${r.action}` : r.action, r.path, r.reason ?? ""].join("\t"));
      }
    },
    onTitle: (done) => {
      if (done % 16 === 0) progress.update(done, groups.length);
    },
  });
  progress.clear();
  const seconds = progress.elapsedSeconds();
  if (!values.json) out(sidecarSummary(totals, seconds, values.dryRun === true));
  return { files, totals, seconds: Math.round(seconds * 1000) / 1000 };
}
