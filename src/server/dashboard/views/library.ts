import type { OrganizeRun, OrganizeRunSummary, OrganizeStep } from "../../../catalog/index.js";
import { html, type Html } from "../html.js";
import { count, when } from "./format.js";
import { csrfField, notice, page } from "./layout.js";

export interface LibraryView {
  csrf: string;
  runs: OrganizeRunSummary[];
  writer?: string | null;
  message?: string | null;
  error?: string | null;
}

const STATE: Record<string, "ok" | "bad" | "warn"> = { done: "ok", undone: "warn", applying: "warn" };

const kindOf = (r: OrganizeRun) => (r.kind === "undo" ? html`undo of <a href="/dashboard/library/runs/${r.undoOf}">run ${r.undoOf}</a>` : html`organize`);

export function libraryPage(v: LibraryView): Html {
  const rows = v.runs.map(
    (r) => html`<tr data-run-id="${r.id}">
<td class="num" data-label="run"><a href="/dashboard/library/runs/${r.id}">${r.id}</a></td><td data-label="kind">${kindOf(r)}</td>
<td data-label="state"><span class="status ${STATE[r.state] ?? "warn"}">${r.state}</span></td>
<td data-label="started">${when(r.startedAt)}</td><td data-label="finished">${when(r.finishedAt)}</td>
<td class="num" data-label="done">${count(r.steps.done ?? 0)}</td><td class="num" data-label="failed">${count(r.steps.failed ?? 0)}</td>
<td class="num" data-label="put back">${count(r.steps.reverted ?? 0)}</td><td class="num" data-label="stayed">${count(r.left.length)}</td>
<td data-label="from"><code>${r.source}</code></td><td data-label="into"><code>${r.into}</code></td>
</tr>`,
  );
  return page({
    title: "Library",
    section: "library",
    csrf: v.csrf,
    writer: v.writer,
    body: html`${notice("ok", v.message)}${notice("error", v.error)}
<section aria-labelledby="runs-title">
<h2 id="runs-title">Organize runs</h2>
${
  v.runs.length === 0
    ? html`<p class="muted">No organize run yet. Plan one with <code>npm run cli -- organize DOWNLOADS --into LIBRARY</code>, then add <code>--apply</code>.</p>`
    : html`<div class="table-wrap"><table class="cards">
<thead><tr><th class="num">run</th><th>kind</th><th>state</th><th>started</th><th>finished</th><th class="num">done</th><th class="num">failed</th><th class="num">put back</th><th class="num">stayed</th><th>from</th><th>into</th></tr></thead>
<tbody>${rows}</tbody>
</table></div>
<p class="muted small">Steps are counted: a folder made, a file moved or linked, a sidecar written. A run's page lists them, with what stayed and why.</p>`
}
</section>`,
  });
}

export interface RunView {
  csrf: string;
  run: OrganizeRun;
  steps: OrganizeStep[];
  /** Whether it can be undone from here: an organize run, done, on a writer. */
  canUndo: boolean;
  undoneBy: number | null;
}

function stepRow(s: OrganizeStep): Html {
  const bad = s.state === "failed" ? "bad" : s.state === "done" ? "ok" : "warn";
  return html`<tr data-step="${s.seq}"><td class="num" data-label="step">${s.seq}</td><td data-label="op">${s.op}</td>
<td data-label="state"><span class="status ${bad}">${s.state}</span></td><td data-label="code">${s.code ?? "-"}</td>
<td data-label="from"><code>${s.fromPath ?? "-"}</code></td><td data-label="to"><code>${s.toPath}</code></td><td data-label="reason">${s.reason ?? ""}</td></tr>`;
}

export function runPage(v: RunView): Html {
  const r = v.run;
  const left = r.left.map(
    (l) => html`<tr><td data-label="file"><code>${l.path}</code></td><td data-label="status">${l.status}</td><td data-label="why">${l.reason}</td></tr>`,
  );
  const undo = v.canUndo
    ? html`<form method="post" action="/dashboard/library/runs/${r.id}/undo" class="row">${csrfField(v.csrf)}
<button type="submit" class="danger">Undo run ${r.id}</button><span class="muted small">Puts every file it placed back where it was, removes the links and sidecars it made and the folders it left empty.</span></form>`
    : null;
  return page({
    title: `Organize run ${r.id}`,
    section: "library",
    csrf: v.csrf,
    body: html`<p>${kindOf(r)}, <span class="status ${STATE[r.state] ?? "warn"}">${r.state}</span>${v.undoneBy === null ? null : html` by <a href="/dashboard/library/runs/${v.undoneBy}">run ${v.undoneBy}</a>`}: <code>${r.source}</code> into <code>${r.into}</code> (${r.mode}), started ${when(r.startedAt)}, finished ${when(r.finishedAt)}.</p>
${undo}
<section aria-labelledby="steps-title"><h2 id="steps-title">Steps</h2>
${v.steps.length === 0 ? html`<p class="muted">No steps.</p>` : html`<div class="table-wrap"><table class="cards"><thead><tr><th class="num">step</th><th>op</th><th>state</th><th>code</th><th>from</th><th>to</th><th>reason</th></tr></thead><tbody>${v.steps.map(stepRow)}</tbody></table></div>`}
</section>
<section aria-labelledby="left-title"><h2 id="left-title">Stayed where they were</h2>
${r.left.length === 0 ? html`<p class="muted">Nothing.</p>` : html`<div class="table-wrap"><table class="cards"><thead><tr><th>file</th><th>status</th><th>why</th></tr></thead><tbody>${left}</tbody></table></div>`}
</section>`,
  });
}
