import type { BackupState } from "../../../services/operations/backup-state.js";
import { html, type Html } from "../html.js";
import { count, duration, when } from "./format.js";

const ms = (iso: string | null) => (iso === null ? null : Date.parse(iso));

/** The Backup section of the catalog page (BACKUP_TO): where it goes, whether Litestream runs, how far behind the catalog it is. */
export function backupSection(b: BackupState): Html {
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
