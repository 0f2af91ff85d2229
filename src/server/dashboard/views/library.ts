import type { LeftFile, OrganizeRun, OrganizeRunSummary } from "../../../catalog/index.js";
import { html, type Html } from "../html.js";
import { count, when } from "./format.js";
import { notice, page } from "./layout.js";

/**
 * Where a run left applying stands: its process runs (on this machine), is gone (a kill,
 * a power cut: the next organize command or an undo finishes it), or ran on another
 * machine (this one cannot tell).
 */
export type OpenState = "live" | "gone" | "elsewhere";

export interface LibraryView {
  csrf: string;
  runs: OrganizeRunSummary[];
  /** The runs left applying, by id. */
  open: Map<number, OpenState>;
  /** The id to list older runs before, when there are more. */
  older: number | null;
  writer?: string | null;
  message?: string | null;
  error?: string | null;
}

export const STATE: Record<string, "ok" | "bad" | "warn"> = { done: "ok", undone: "warn", applying: "warn" };

/** What stayed because another file holds its place: the conflicts, apart from the files with no single title. */
export const isConflict = (l: LeftFile) => l.status === "conflict" || l.status === "cannot-link";

export const kindOf = (r: OrganizeRun) =>
  r.kind === "undo" ? html`undo of <a href="/dashboard/library/runs/${r.undoOf}">run ${r.undoOf}</a>` : html`organize`;

/** The state, with what happens next to a run left applying. */
export function stateOf(r: OrganizeRun, open: OpenState | undefined): Html {
  const state = html`<span class="status ${STATE[r.state] ?? "warn"}">${r.state}</span>`;
  if (r.state !== "applying" || open === undefined) return state;
  const next =
    open === "gone"
      ? html`: its process (${r.pid}) is gone; the next organize command, or an undo, finishes it`
      : open === "live"
        ? html`: ${r.owner} (process ${r.pid}) is at it`
        : html`: by ${r.owner} on ${r.host} (process ${r.pid}); the next organize command there finishes it if that process is gone`;
  return html`${state}<span class="small">${next}</span>`;
}

function runRow(r: OrganizeRunSummary, open: OpenState | undefined): Html {
  const f = r.files;
  const failed = (f.failed ?? 0) + (f.skipped ?? 0);
  return html`<tr data-run-id="${r.id}">
<td class="num" data-label="run"><a href="/dashboard/library/runs/${r.id}">${r.id}</a></td><td data-label="kind" class="nowrap"><span>${kindOf(r)}</span></td>
<td data-label="state"><span>${stateOf(r, open)}</span></td><td data-label="started">${when(r.startedAt)}</td>
<td class="num" data-label="moved">${count(f.done ?? 0)}</td><td class="num" data-label="conflicts">${count(r.left.filter(isConflict).length)}</td>
<td class="num" data-label="stayed">${count(r.left.filter((l) => !isConflict(l)).length)}</td>
<td class="num" data-label="failed">${count(failed)}</td><td class="num" data-label="put back">${count(f.reverted ?? 0)}</td>
<td data-label="folders" class="paths"><span><code>${r.source}</code> → <code>${r.into}</code></span></td>
</tr>`;
}

export function libraryPage(v: LibraryView): Html {
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
<thead><tr><th class="num">run</th><th>kind</th><th>state</th><th>started</th><th class="num">moved</th><th class="num">conflicts</th><th class="num">stayed</th><th class="num">failed</th><th class="num">put back</th><th>from → into</th></tr></thead>
<tbody>${v.runs.map((r) => runRow(r, v.open.get(r.id)))}</tbody>
</table></div>
${v.older === null ? null : html`<p><a href="/dashboard/library?before=${v.older}">Older runs</a></p>`}
<p class="muted small">Moved: the files a run moved or linked (an undo: put back). Conflicts: videos another file's place kept where they were. Stayed: files with no single title, and copies the library holds already. Failed: files a step could not move (their video's other files were put back with them). A run's page lists each.</p>`
}
</section>`,
  });
}
