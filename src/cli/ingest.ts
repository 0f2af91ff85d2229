import { listRuns, rankFailureKinds, runFailureKinds } from "../catalog/index.js";
import { readCodesList } from "../ingest/codes-list.js";
import { IngestBusyError, runIngest } from "../ingest/run-ingest.js";
import { createProviderRuntime } from "../providers/runtime.js";
import { providerSetups, settingPrefix } from "../providers/registry.js";
import { CliError, cliConfig, err, openCli, out, UsageError } from "./context.js";
import { checkProviderSettings } from "./provider-settings.js";
import { Progress } from "./progress.js";

/** ingest [--provider P] [--since DATE] [--full] [--limit N] [--codes FILE] */
export async function ingestCommand(values: { provider?: string; since?: string; limit?: string; codes?: string; full?: boolean }): Promise<void> {
  if (values.since !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(values.since)) throw new UsageError("--since must be a date YYYY-MM-DD");
  const limit = values.limit === undefined ? undefined : Number(values.limit);
  if (limit !== undefined && (!Number.isSafeInteger(limit) || limit < 1)) throw new UsageError("--limit must be a positive integer");
  checkProviderSettings(cliConfig());
  const { config, db } = openCli({ bulk: true, writes: "ingest" });
  const setups = providerSetups(config);
  const name = values.provider?.trim().toLowerCase();
  if (name !== undefined) {
    const s = setups.find((x) => x.provider.name === name);
    if (!s) throw new UsageError(`unknown provider "${name}"; providers: ${setups.map((x) => x.provider.name).join(", ")}`);
    if (!s.enabled) throw new CliError(`provider ${name} is disabled (${settingPrefix(name)}_ENABLED=off)`);
    if (s.unusable) throw new CliError(`provider ${name} ${s.unusable}`);
  }
  // The providers that crawl a list of codes (r18dev, which has no listing) take --codes, else their setting's file.
  const listing = setups.filter((s) => s.provider.codesFileSetting !== undefined && (name === undefined || s.provider.name === name));
  const fromSetting = listing.map((s) => s.settings[s.provider.codesFileSetting!]).find((f) => f);
  const codesFile = values.codes ?? (listing.length > 0 ? fromSetting : undefined);
  const codes = codesFile ? readCodesFile(codesFile) : undefined;
  const named = listing.find((s) => s.provider.name === name);
  if (named && !codes?.length) throw new CliError(`${name} crawls a list of codes: give --codes FILE (or set ${named.provider.codesFileSetting})`);

  const runtime = createProviderRuntime(config, {
    onEvent: (e) => {
      if (e.type === "retry") err(`retry ${e.url} (attempt ${e.attempt}, ${e.kind}, waiting ${e.delayMs} ms)`);
    },
  });
  const abort = new AbortController();
  process.once("SIGINT", () => abort.abort());
  const progress = new Progress("ingest");
  try {
    const runs = await runIngest(db, runtime, {
      provider: name,
      since: values.since,
      full: values.full === true,
      limit,
      codes,
      trigger: "cli",
      signal: abort.signal,
      onPage: (p) => progress.update(p.records, null, `${p.provider} pages ${p.pages} failures ${p.failures} retries ${p.retries}`),
      onError: (provider, e) => err(`${provider}: ${e.message}`),
    });
    progress.done();
    if (runs.length === 0) out("no provider to crawl (enable one, and give r18dev a --codes list)");
    for (const r of runs) {
      out(
        `run ${r.runId} ${r.provider}: ${r.status}, pages ${r.pages}, records ${r.records} (added ${r.added}, updated ${r.updated}, skipped ${r.skipped}), ` +
          `requests ${r.requests} (retries ${r.retries}), failures ${r.failures}${kinds(rankFailureKinds(r.failureKinds))}, errors ${r.errors}${r.error ? `: ${r.error}` : ""}`,
      );
    }
    if (runs.some((r) => r.status === "failed")) process.exitCode = 1;
  } catch (e) {
    if (e instanceof IngestBusyError) throw new CliError(e.message);
    throw e;
  } finally {
    await runtime.close();
    db.close();
  }
}

/** ` (challenge 2, timeout 1)`: failures by kind, most first; "" when none. */
function kinds(ranked: [string, number][]): string {
  return ranked.length ? ` (${ranked.map(([k, n]) => `${k} ${n}`).join(", ")})` : "";
}

/** runs [--limit N]: recent ingest runs. */
export function runsCommand(values: { limit: string }): void {
  const limit = Number(values.limit);
  if (!Number.isSafeInteger(limit) || limit < 1) throw new UsageError("--limit must be a positive integer");
  const { db } = openCli({ reads: true });
  try {
    const runs = listRuns(db, limit);
    if (runs.length === 0) return out("no ingest runs yet");
    const iso = (ms: number | null) => (ms === null ? "-" : new Date(ms).toISOString());
    const head = [
      "id",
      "provider",
      "trigger",
      "status",
      "started",
      "finished",
      "pages",
      "added",
      "updated",
      "skipped",
      "requests",
      "retries",
      "failures",
      "errors",
    ];
    out([...head, "last error"].join("\t"));
    for (const r of runs) {
      const failed = `${r.failures}${kinds(runFailureKinds(r))}`;
      const cells = [r.id, r.provider, r.trigger, r.status, iso(r.startedAt), iso(r.finishedAt), r.pages, r.added, r.updated, r.skipped];
      out([...cells, r.requests, r.retries, failed, r.errors, r.lastError ?? ""].join("\t"));
    }
  } finally {
    db.close();
  }
}

/** A list of codes or content ids (ingest/codes-list.ts), or a CliError naming the file that cannot be read. */
function readCodesFile(path: string): string[] {
  try {
    return readCodesList(path);
  } catch {
    throw new CliError(`cannot read the codes file ${path}`);
  }
}
