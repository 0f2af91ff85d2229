/**
 * The Watch page: whether a watcher runs, then what needs the user first (conflicts and
 * failures, with Retry), the titles not out yet, the queue, what was placed (each with its
 * organize run, where it can be undone), what stays, and what the media servers and the
 * webhook were told. Paths relative to the inbox and the library, the full path in the title.
 */
import type { Notice, WatchBeat, WatchJob, WatchState } from "../../../catalog/index.js";
import { html, type Html } from "../html.js";
import { count, when } from "./format.js";
import { csrfField, notice, page } from "./layout.js";
import { reason, shown } from "./library-run.js";

export interface WatchView {
  csrf: string;
  beat: (WatchBeat & { running: boolean }) | null;
  counts: Partial<Record<WatchState, number>>;
  /** The latest jobs of each list (at most a page each). */
  queue: WatchJob[];
  trouble: WatchJob[];
  pending: WatchJob[];
  placed: WatchJob[];
  stays: WatchJob[];
  outbox: Partial<Record<Notice["state"], number>>;
  notices: Notice[];
  /** Whether the page may offer Retry (a writer, not a replica). */
  canRetry: boolean;
  writer?: string | null;
  message?: string | null;
  error?: string | null;
}

const STATE: Record<string, "ok" | "bad" | "warn"> = { placed: "ok", sent: "ok", failed: "bad", conflict: "bad", "given-up": "bad" };
const status = (state: string) => html`<span class="status ${STATE[state] ?? "warn"}">${state}</span>`;

function watcher(v: WatchView): Html {
  const b = v.beat;
  const start = html`<p>Start one with the server: <code>WATCH_INBOX=/downloads WATCH_INTO=/library npm start</code>, or on its own:
<code>npm run cli -- watch /downloads --into /library</code> (the template and options of <code>organize</code>).</p>`;
  if (b === null) return html`<p>No watcher has run on this catalog yet.</p>${start}`;
  const folders = html`<dl class="folders"><dt>inbox</dt><dd><code>${b.inbox}</code></dd><dt>into</dt><dd><code>${b.into}</code></dd></dl>`;
  if (!b.running)
    return html`<p><span class="status bad">not running</span>: the last watcher (process ${b.pid} on ${b.host}) last said it ran ${when(b.at)}.</p>${folders}${start}`;
  return html`<p><span class="status ok">running</span>: process ${b.pid} on ${b.host}, last beat ${when(b.at)};
${count(b.settling)} ${b.settling === 1 ? "file" : "files"} settling (still being written, or not yet still for the settle time).</p>${folders}
<p class="muted small">Paths below are relative to these folders; a path's title holds it whole.</p>`;
}

const table = (head: Html, rows: Html[]) =>
  html`<div class="table-wrap"><table class="cards"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></div>`;

/** A section of jobs: its heading with the total, a table of the latest, or what "none" means. */
function jobs(id: string, title: string, total: number, shownJobs: WatchJob[], head: Html, row: (j: WatchJob) => Html, none: string, extra?: Html | null) {
  const more = total > shownJobs.length ? html`<p class="muted small">The latest ${count(shownJobs.length)} of ${count(total)}.</p>` : null;
  return html`<section aria-labelledby="${id}"><h2 id="${id}">${title} (${count(total)})</h2>
${extra ?? null}${shownJobs.length === 0 ? html`<p class="muted">${none}</p>` : html`${table(head, shownJobs.map(row))}${more}`}
</section>`;
}

function retryButton(v: WatchView, j: WatchJob): Html | null {
  if (!v.canRetry) return null;
  return html`<form method="post" action="/dashboard/watch/jobs/${j.id}/retry" class="inline">${csrfField(v.csrf)}<button type="submit" class="secondary">Retry</button></form>`;
}

function noticeRow(n: Notice, into: string[]): Html {
  const origin = originOf(n.target);
  const error = n.lastError === null ? null : n.lastError.split(n.target).join(origin);
  return html`<tr data-notice-id="${n.id}"><td data-label="to" class="nowrap">${n.kind} <span class="muted small">${origin}</span></td>
<td data-label="what" class="paths">${noticeWhat(n, into)}</td><td data-label="state">${status(n.state)}</td><td class="num" data-label="tries">${n.attempts}</td>
<td data-label="since">${when(n.createdAt)}</td><td data-label="error" class="paths">${error ?? html`<span class="muted">-</span>`}</td></tr>`;
}

/** Only the server's address: a webhook's URL often carries its secret in the path. */
function originOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "?";
  }
}

/** A media server's notice names a folder; a webhook's is an event in JSON, named by its event and code when it has them. */
function noticeWhat(n: Notice, into: string[]): Html {
  if (n.kind !== "webhook") return shown(n.payload, into);
  try {
    const e = JSON.parse(n.payload) as Record<string, unknown>;
    const word = (k: string) => (typeof e[k] === "string" ? (e[k] as string) : "");
    return html`${word("event")} ${word("code")}`;
  } catch {
    return html`<span class="muted">-</span>`;
  }
}

/** The cells every job table shows alike: the file and its code, paths relative to the inbox and the library. */
interface JobCells {
  roots: (j: WatchJob) => string[];
  file: (j: WatchJob) => Html;
  code: (j: WatchJob) => Html;
}

function jobCells(into: string[]): JobCells {
  const roots = (j: WatchJob) => [j.inbox, ...into];
  return {
    roots,
    file: (j) => html`<td data-label="file" class="paths">${shown(j.path, roots(j))}</td>`,
    code: (j) => html`<td data-label="code" class="nowrap">${j.code ?? "-"}</td>`,
  };
}

export function watchPage(v: WatchView): Html {
  const into = v.beat === null ? [] : [v.beat.into];
  const k = jobCells(into);
  return page({
    title: "Watch",
    section: "watch",
    csrf: v.csrf,
    writer: v.writer,
    body: html`${notice("ok", v.message)}${notice("error", v.error)}
<section aria-labelledby="watcher-title"><h2 id="watcher-title">Watcher</h2>${watcher(v)}</section>
${trouble(v, k)}
${pending(v, k)}
${queue(v, k)}
${placed(v, k)}
${stays(v, k)}
${outbox(v, into)}`,
  });
}

function trouble(v: WatchView, { roots, file, code }: JobCells): Html {
  const failed = v.counts.failed ?? 0;
  const retryAll =
    v.canRetry && failed > 0
      ? html`<form method="post" action="/dashboard/watch/retry-failed" class="row undo">${csrfField(v.csrf)}<button type="submit">Retry all failed (${count(failed)})</button>
<span class="muted small">Puts them back in the queue: the watcher takes them on its next turn.</span></form>`
      : null;
  return jobs(
    "trouble-title",
    "Conflicts and failures",
    (v.counts.conflict ?? 0) + failed,
    v.trouble,
    html`<th>code</th><th>file</th><th>state</th><th>why</th><th>since</th><th></th>`,
    (j) =>
      html`<tr data-job-id="${j.id}">${code(j)}${file(j)}<td data-label="state">${status(j.state)}</td><td data-label="why" class="paths">${reason(j.reason, roots(j))}</td>
<td data-label="since">${when(j.updatedAt)}</td><td data-label="">${retryButton(v, j)}</td></tr>`,
    "None: nothing was in the way.",
    retryAll,
  );
}

function pending(v: WatchView, { file, code }: JobCells): Html {
  return jobs(
    "pending-title",
    "Pending: titles not in the catalog yet",
    v.counts.pending ?? 0,
    v.pending,
    html`<th>code</th><th>file</th><th>since</th><th>next live lookup</th><th class="num">lookups</th><th>pending long</th>`,
    (j) =>
      html`<tr data-job-id="${j.id}">${code(j)}${file(j)}<td data-label="since">${when(j.firstSeenAt)}</td>
<td data-label="next live lookup">${j.nextTryAt === null ? html`<span class="muted">when the catalog gains titles</span>` : when(j.nextTryAt)}</td>
<td class="num" data-label="lookups">${j.attempts}</td><td data-label="pending long">${j.reportedAt === null ? null : html`<span class="status warn">reported</span> ${when(j.reportedAt)}`}</td></tr>`,
    "None.",
    html`<p class="muted small">Tried again whenever the catalog gains titles (an ingest run, an import), and by a live lookup at the time shown; placed when the title appears.</p>`,
  );
}

function queue(v: WatchView, { file }: JobCells): Html {
  return jobs(
    "queue-title",
    "In the queue",
    (v.counts.ready ?? 0) + (v.counts.placing ?? 0),
    v.queue,
    html`<th>file</th><th>state</th><th>since</th>`,
    (j) => html`<tr data-job-id="${j.id}">${file(j)}<td data-label="state">${status(j.state)}</td><td data-label="since">${when(j.updatedAt)}</td></tr>`,
    "Empty.",
  );
}

function placed(v: WatchView, { roots, file, code }: JobCells): Html {
  return jobs(
    "placed-title",
    "Recently placed",
    v.counts.placed ?? 0,
    v.placed,
    html`<th>code</th><th>file</th><th>placed at</th><th>when</th><th>run</th>`,
    (j) =>
      html`<tr data-job-id="${j.id}">${code(j)}${file(j)}<td data-label="placed at" class="paths">${shown(j.placedAt, roots(j))}</td><td data-label="when">${when(j.updatedAt)}</td>
<td data-label="run">${j.runId === null ? "-" : html`<a href="/dashboard/library/runs/${j.runId}">run ${j.runId}</a>`}</td></tr>`,
    "Nothing yet.",
    html`<p class="muted small">A run's page can undo it: its files go back to the inbox.</p>`,
  );
}

function stays(v: WatchView, { roots, file }: JobCells): Html {
  return jobs(
    "stays-title",
    "Stays: no single title",
    v.counts.stays ?? 0,
    v.stays,
    html`<th>file</th><th>why</th><th>since</th>`,
    (j) =>
      html`<tr data-job-id="${j.id}">${file(j)}<td data-label="why" class="paths">${reason(j.reason, roots(j))}</td><td data-label="since">${when(j.updatedAt)}</td></tr>`,
    "None.",
  );
}

function outbox(v: WatchView, into: string[]): Html {
  const o = v.outbox;
  return html`<section aria-labelledby="outbox-title"><h2 id="outbox-title">Told to media servers and the webhook</h2>
<p>${count(o.waiting ?? 0)} waiting, ${count(o.sent ?? 0)} sent, ${count(o["given-up"] ?? 0)} given up.</p>
${
  v.notices.length === 0
    ? html`<p class="muted">Nothing yet.</p>`
    : table(
        html`<th>to</th><th>what</th><th>state</th><th class="num">tries</th><th>since</th><th>last error</th>`,
        v.notices.map((n) => noticeRow(n, into)),
      )
}
</section>`;
}
