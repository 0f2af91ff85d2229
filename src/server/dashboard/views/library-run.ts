/**
 * One organize run's page: what did not move (conflicts and failures, then what stayed
 * and why) before the files that moved, each path relative to the run's folders (the
 * full path in its title), so that long Japanese names stay readable.
 */
import type { LeftFile, OrganizeRun, OrganizeStep } from "../../../catalog/index.js";
import { html, type Html } from "../html.js";
import { when } from "./format.js";
import { csrfField, page } from "./layout.js";
import { isConflict, kindOf, type OpenState, stateOf } from "./library.js";

export interface RunView {
  csrf: string;
  run: OrganizeRun;
  steps: OrganizeStep[];
  /** Whether it can be undone from here: an organize run, done (or left open by a process that is gone), on a writer. */
  canUndo: boolean;
  undoneBy: number | null;
  open?: OpenState;
  writer?: string | null;
}

const OP: Record<string, string> = { move: "moved", copy: "copied", hardlink: "hard link", symlink: "symbolic link", write: "written", unlink: "removed" };
const NOT_MOVED = new Set(["failed", "skipped", "reverting", "reverted"]);

/** A path under one of `roots` (a run's folders, a watcher's inbox and library) as the rest of it (the full path as its title); else whole. */
export function shown(p: string | null, roots: string[]): Html {
  if (p === null) return html`<span class="muted">-</span>`;
  const root = roots.find((r) => p.startsWith(`${r}/`));
  return root === undefined ? html`<code>${p}</code>` : html`<span title="${p}"><code>${p.slice(root.length + 1)}</code></span>`;
}

/** A reason with the folders of `roots` in it shortened to their last name (the whole reason as its title). */
export function reason(text: string | null, roots: string[]): Html {
  if (!text) return html``;
  const short = roots.reduce((t, r) => t.split(`${r}/`).join(`…/${r.slice(r.lastIndexOf("/") + 1)}/`), text);
  return short === text ? html`<span>${text}</span>` : html`<span title="${text}">${short}</span>`;
}

function leftRows(left: LeftFile[], roots: string[]): Html[] {
  return left.map(
    (l) =>
      html`<tr><td data-label="file" class="paths"><span title="${roots[0]}/${l.path}"><code>${l.path}</code></span></td><td data-label="status">${l.status}</td><td data-label="why" class="paths">${reason(l.reason, roots)}</td></tr>`,
  );
}

function stepRows(steps: OrganizeStep[], roots: string[], withState: boolean): Html[] {
  return steps.map((s) => {
    const state = withState
      ? html`<td data-label="state"><span class="status ${s.state === "done" ? "ok" : s.state === "failed" ? "bad" : "warn"}">${s.state}</span></td>`
      : null;
    return html`<tr data-step="${s.seq}"><td data-label="code" class="nowrap">${s.code ?? "-"}</td><td data-label="op">${OP[s.op] ?? s.op}</td>${state}
<td data-label="from" class="paths">${shown(s.fromPath, roots)}</td><td data-label="to" class="paths">${shown(s.toPath, roots)}</td>${withState ? html`<td data-label="why" class="paths">${reason(s.reason, roots)}</td>` : null}</tr>`;
  });
}

const table = (head: Html, rows: Html[]) =>
  html`<div class="table-wrap"><table class="cards"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></div>`;

export function runPage(v: RunView): Html {
  const r = v.run;
  const roots = [r.source, r.into];
  const files = v.steps.filter((s) => s.kind !== "folder");
  const folders = v.steps.filter((s) => s.kind === "folder" && s.state === "done");
  const failed = files.filter((s) => NOT_MOVED.has(s.state));
  const moved = files.filter((s) => !NOT_MOVED.has(s.state));
  const conflicts = r.left.filter(isConflict);
  const stayed = r.left.filter((l) => !isConflict(l));
  const pending = moved.some((s) => s.state !== "done");
  const undo = v.canUndo
    ? html`<form method="post" action="/dashboard/library/runs/${r.id}/undo" class="row undo">${csrfField(v.csrf)}
<button type="submit" class="danger">Undo run ${r.id}</button><span class="muted small">Puts every file it placed back where it was, removes the links and sidecars it made and the folders it left empty${r.state === "applying" ? ", after finishing it" : ""}.</span></form>`
    : null;
  const fileHead = html`<th>file</th><th>status</th><th>why</th>`;
  return page({
    title: `Organize run ${r.id}`,
    section: "library",
    csrf: v.csrf,
    writer: v.writer,
    body: html`<p>${kindOf(r)}, ${stateOf(r, v.open)}${v.undoneBy === null ? null : html` by <a href="/dashboard/library/runs/${v.undoneBy}">run ${v.undoneBy}</a>`} (${r.mode}), started ${when(r.startedAt)}, finished ${when(r.finishedAt)}.</p>
<dl class="folders"><dt>from</dt><dd><code>${r.source}</code></dd><dt>into</dt><dd><code>${r.into}</code></dd></dl>
<p class="muted small">Paths below are relative to these folders; a path's title holds it whole.</p>
${undo}
<section aria-labelledby="conflicts-title"><h2 id="conflicts-title">Conflicts and failures (${conflicts.length + failed.length})</h2>
${conflicts.length === 0 ? null : table(fileHead, leftRows(conflicts, roots))}
${failed.length === 0 ? null : table(html`<th>code</th><th>op</th><th>state</th><th>from</th><th>to</th><th>why</th>`, stepRows(failed, roots, true))}
${conflicts.length + failed.length === 0 ? html`<p class="muted">None: nothing was in the way.</p>` : null}
</section>
<section aria-labelledby="stayed-title"><h2 id="stayed-title">Stayed where they were (${stayed.length})</h2>
${stayed.length === 0 ? html`<p class="muted">Nothing.</p>` : table(fileHead, leftRows(stayed, roots))}
</section>
<section aria-labelledby="moves-title"><h2 id="moves-title">${r.kind === "undo" ? "Put back" : "Moved"} (${moved.length})</h2>
${moved.length === 0 ? html`<p class="muted">No file.</p>` : table(html`<th>code</th><th>op</th>${pending ? html`<th>state</th>` : null}<th>from</th><th>to</th>${pending ? html`<th>why</th>` : null}`, stepRows(moved, roots, pending))}
${folders.length === 0 ? null : html`<details><summary>Folders ${r.kind === "undo" ? "made or removed" : "made"} (${folders.length})</summary><ul class="paths">${folders.map((s) => html`<li>${s.op === "rmdir" ? "removed " : null}${shown(s.toPath, roots)}</li>`)}</ul></details>`}
</section>`,
  });
}
