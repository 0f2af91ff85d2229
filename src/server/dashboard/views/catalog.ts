import { type RunRow, runFailureKinds } from "../../../catalog/index.js";
import type { BackupState } from "../../../services/operations/backup-state.js";
import type { ProviderHealth } from "../../../services/operations/provider-health.js";
import { html, type Html } from "../html.js";
import { count, day, duration, when } from "./format.js";
import { csrfField, notice, page, writerLink } from "./layout.js";

export interface ProviderTitles {
  provider: string;
  titles: number;
  newestRelease: string | null;
  lastChange: number | null;
}

export interface CatalogView {
  csrf: string;
  titles: ProviderTitles[];
  health: ProviderHealth[];
  runs: RunRow[];
  /** False when this process cannot start a run (no provider runtime). */
  canIngest: boolean;
  /** The backup's state; null without BACKUP_TO. */
  backup: BackupState | null;
  now: number;
  /** On a read-only replica, the writer's address: no ingest buttons (runs are the writer's). */
  writer?: string | null;
  message?: string | null;
  error?: string | null;
}

const OUTCOME: Record<string, "ok" | "bad" | "warn"> = { succeeded: "ok", failed: "bad", interrupted: "bad", stopped: "warn", running: "warn" };

/** The runs table: also the fragment the page's script fetches again while a run is running. */
export function runsTable(runs: RunRow[], now: number): Html {
  if (runs.length === 0) return html`<p class="muted">No ingest run yet.</p>`;
  const rows = runs.map((r) => {
    const running = r.status === "running";
    const took = duration((r.finishedAt ?? now) - r.startedAt);
    const failed = runFailureKinds(r)
      .map(([k, n]) => `${k} ${n}`)
      .join(", ");
    return html`<tr${running ? html` data-running` : null}>
<td class="num" data-label="run">${r.id}</td><td data-label="provider">${r.provider}</td><td data-label="trigger">${r.trigger}</td><td data-label="started">${when(r.startedAt)}</td>
<td data-label="duration">${took}${running ? html`<br><span class="muted small">page ${r.pages}, heartbeat ${duration(now - r.heartbeatAt)} ago</span>` : null}</td>
<td class="num" data-label="added">${count(r.added)}</td><td class="num" data-label="updated">${count(r.updated)}</td><td class="num" data-label="skipped">${count(r.skipped)}</td>
<td class="num" data-label="errors">${count(r.errors + r.failures)}${failed ? html`<br><span class="muted small">${failed}</span>` : null}</td>
<td data-label="outcome"><span class="status ${OUTCOME[r.status] ?? "warn"}">${r.status}</span></td>
<td class="small" data-label="last error">${r.lastError ?? ""}</td>
</tr>`;
  });
  return html`<div class="table-wrap"><table class="cards">
<thead><tr><th class="num">run</th><th>provider</th><th>trigger</th><th>started</th><th>duration</th><th class="num">added</th><th class="num">updated</th><th class="num">skipped</th><th class="num">errors</th><th>outcome</th><th>last error</th></tr></thead>
<tbody>${rows}</tbody>
</table></div>`;
}

function healthRow(h: ProviderHealth, csrf: string, canIngest: boolean, readOnly: boolean): Html {
  const state = !h.enabled
    ? html`<span class="status warn">disabled</span>`
    : !h.usable
      ? html`<span class="status bad">not usable</span>`
      : h.consecutiveFailures > 0
        ? html`<span class="status bad">failing</span>`
        : html`<span class="status ok">usable</span>`;
  // "disabled (PROVIDER_X_ENABLED=off)" beside the word disabled says it twice: the setting is enough.
  const why = h.reason?.replace(/^disabled \((.*)\)$/, "$1") ?? (!h.canCrawl ? `no codes file to crawl (${h.codesFileSetting})` : null);
  const startable = canIngest && h.enabled && h.usable && h.canCrawl && h.running === null;
  const disabledWhy = !canIngest ? "this process runs no ingest" : h.running ? `run ${h.running.id} is running` : why;
  return html`<tr>
<td data-label="provider">${h.provider}</td>
<td data-label="status">${state}${why ? html`<br><span class="muted small">${why}</span>` : null}</td>
<td data-label="last success">${when(h.lastSuccessAt)}</td>
<td data-label="last failure">${when(h.lastFailureAt)}${h.lastFailureKind ? html`<br><span class="small">${h.lastFailureKind}</span>` : null}${h.lastError ? html`<br><span class="muted small">${h.lastError}</span>` : null}</td>
<td class="num" data-label="failures in a row">${h.consecutiveFailures}</td>
${
  readOnly
    ? null
    : html`<td><form method="post" action="/dashboard/catalog/ingest" class="inline">${csrfField(csrf)}<input type="hidden" name="provider" value="${h.provider}">
<button type="submit"${startable ? null : html` disabled title="${disabledWhy ?? ""}"`}>Ingest now</button></form></td>`
}
</tr>`;
}

export function catalogPage(v: CatalogView): Html {
  const total = v.titles.reduce((a, t) => a + t.titles, 0);
  const titleRows = v.titles.map(
    (t) =>
      html`<tr><td data-label="provider">${t.provider}</td><td class="num" data-label="titles">${count(t.titles)}</td><td data-label="newest release">${day(t.newestRelease)}</td><td data-label="last change">${when(t.lastChange)}</td></tr>`,
  );
  return page({
    title: "Catalog",
    section: "catalog",
    csrf: v.csrf,
    writer: v.writer,
    body: html`${notice("ok", v.message)}${notice("error", v.error)}
<section aria-labelledby="titles-title">
<h2 id="titles-title">Titles: ${count(total)}</h2>
${
  v.titles.length === 0
    ? html`<p class="muted">The catalog is empty.</p>`
    : html`<div class="table-wrap"><table class="cards">
<thead><tr><th>provider</th><th class="num">titles</th><th>newest release</th><th>last change</th></tr></thead>
<tbody>${titleRows}</tbody></table></div>`
}
</section>
<section aria-labelledby="providers-title">
<h2 id="providers-title">Providers</h2>
<div class="table-wrap"><table class="cards">
<thead><tr><th>provider</th><th>status</th><th>last success</th><th>last failure</th><th class="num">failures in a row</th>${v.writer ? null : html`<th></th>`}</tr></thead>
<tbody>${v.health.map((h) => healthRow(h, v.csrf, v.canIngest, Boolean(v.writer)))}</tbody></table></div>
${
  v.writer
    ? html`<p class="muted small">Ingest runs on ${writerLink(v.writer)}: its titles and runs show here from the next refresh.</p>`
    : html`<p class="muted small">One ingest runs at a time, across this server's schedule, the dashboard and the CLI.</p>`
}
</section>
<section aria-labelledby="runs-title">
<h2 id="runs-title">Ingest runs</h2>
<div id="runs" data-live-url="/dashboard/catalog/runs">${runsTable(v.runs, v.now)}</div>
<noscript><p class="muted small">Reload the page to see a running run's progress.</p></noscript>
</section>
${v.backup ? backupSection(v.backup) : null}`,
  });
}

const ms = (iso: string | null) => (iso === null ? null : Date.parse(iso));

/** The Backup section of the catalog page (BACKUP_TO): where it goes, whether Litestream runs, how far behind the catalog it is. */
function backupSection(b: BackupState): Html {
  const state = !b.running
    ? html`<span class="status bad">not running</span>`
    : b.lagSeconds === 0
      ? html`<span class="status ok">up to date</span>`
      : html`<span class="status warn">behind</span>`;
  const lag = b.lagSeconds === 0 ? "none" : `${duration(b.lagSeconds * 1000)}, ${count(b.lagBytes)} bytes of WAL`;
  return html`<section aria-labelledby="backup-title">
<h2 id="backup-title">Backup</h2>
<div class="table-wrap"><table class="cards">
<thead><tr><th>to</th><th>status</th><th>behind the catalog</th><th>last up to date</th><th class="num">restarts</th><th>last error</th></tr></thead>
<tbody><tr>
<td data-label="to">${b.to}</td><td data-label="status">${state}</td><td data-label="behind the catalog">${lag}</td>
<td data-label="last up to date">${when(ms(b.lastSyncAt))}</td><td class="num" data-label="restarts">${count(b.restarts)}</td>
<td class="small" data-label="last error">${b.lastError ?? ""}${b.lastErrorAt ? html`<br><span class="muted">${when(ms(b.lastErrorAt))}</span>` : null}</td>
</tr></tbody></table></div>
<p class="muted small">Litestream streams the catalog's write-ahead log to the backup; <code>npm run cli -- restore</code> brings it back.</p>
</section>`;
}
