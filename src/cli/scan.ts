import { statSync } from "node:fs";
import { createProviderRuntime } from "../providers/runtime.js";
import { LiveFallback } from "../services/live-fallback.js";
import { scanLibrary, type ScanEntry, type ScanTotals } from "../library/scan-library.js";
import { CliError, err, openCli, out, UsageError } from "./context.js";
import { Progress } from "./progress.js";

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

/**
 * scan DIR [--json] [--offline] [--concurrency N]: reads the code of every video under DIR and looks it
 * up (catalog first, then the live providers unless --offline). Never renames,
 * moves or writes anything in DIR.
 */
export async function scanCommand(dir: string, values: { json?: boolean; offline?: boolean; concurrency: string }): Promise<void> {
  const concurrency = Number(values.concurrency);
  if (!Number.isSafeInteger(concurrency) || concurrency < 1 || concurrency > 64) throw new UsageError("--concurrency must be 1 to 64");
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) throw new CliError(`${dir} is not a folder`);

  const { config, db } = openCli();
  const runtime = values.offline ? null : createProviderRuntime(config);
  const live = runtime?.setups.length
    ? new LiveFallback(db, runtime, { timeoutMs: config.liveTimeoutMs, negativeTtlMs: config.negativeCacheSeconds * 1000 })
    : null;
  const abort = new AbortController();
  process.once("SIGINT", () => abort.abort());
  const progress = new Progress("scan", process.stderr, 5000, "videos");
  const entries: ScanEntry[] = [];
  let done = 0;
  if (!values.json) out(COLUMNS.join("\t"));
  try {
    const totals = await scanLibrary({ db, config, live, pool: null, ingest: null }, dir, {
      live: !values.offline,
      concurrency,
      signal: abort.signal,
      onDirError: (d, e) => err(`cannot read ${d}: ${e.message}`),
      onEntry: (e) => {
        done++;
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
    if (values.json) out(JSON.stringify({ dir, files: entries, totals, seconds: Math.round(seconds * 1000) / 1000 }));
    else out(summary(totals, seconds));
    if (abort.signal.aborted) err("scan stopped before the end (SIGINT)");
  } finally {
    await runtime?.close();
    db.close();
  }
}
