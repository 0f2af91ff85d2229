import type { KeyWithUsage } from "../../../services/access/api-keys.js";
import { html, type Html } from "../html.js";
import { count, when } from "./format.js";
import { csrfField, notice, page, writerLink } from "./layout.js";

export interface KeysView {
  csrf: string;
  keys: KeyWithUsage[];
  defaultRate: number;
  maxRate: number;
  /** A key just created: its secret, shown this once. */
  created?: { id: number; name: string; token: string } | null;
  message?: string | null;
  error?: string | null;
  /** What the create form held when it was refused. */
  form?: { name: string; rate: string };
  /** On a read-only replica, the writer's address: the list alone, no create form and no revoke links. */
  writer?: string | null;
}

function status(k: KeyWithUsage): Html {
  return k.revokedAt === null ? html`<span class="status ok">active</span>` : html`<span class="status bad">revoked</span> ${when(k.revokedAt)}`;
}

function createdBlock(c: NonNullable<KeysView["created"]>): Html {
  return html`<section class="created" aria-labelledby="created-title">
<h2 id="created-title">Key “${c.name}” created</h2>
<p>Copy it now: it is shown only this once (the catalog keeps only its hash). Send it in the <code>x-service-key</code> header.</p>
<code class="secret" id="new-key">${c.token}</code>
<p class="row"><button type="button" data-copy="new-key" hidden>Copy</button>
<a class="button secondary" href="/dashboard/playground" data-use-key="new-key">Try it in the playground</a></p>
</section>`;
}

export function keysPage(v: KeysView): Html {
  const rows = v.keys.map(
    (k) => html`<tr data-key-id="${k.id}">
<td class="num" data-label="id">${k.id}</td><td data-label="name">${k.name}</td><td data-label="key"><code>${k.keyPrefix}…</code></td>
<td class="num" data-label="rate/min">${count(k.ratePerMinute)}</td><td data-label="created">${when(k.createdAt)}</td><td data-label="last used">${when(k.lastUsedAt)}</td>
<td class="num" data-label="today">${count(k.requestsToday)}</td><td class="num" data-label="30 days">${count(k.requests30d)}</td>
<td data-label="status">${status(k)}</td>
${v.writer ? null : html`<td>${k.revokedAt === null ? html`<a href="/dashboard/keys/${k.id}/revoke">Revoke…</a>` : null}</td>`}
</tr>`,
  );
  const form = v.form ?? { name: "", rate: String(v.defaultRate) };
  return page({
    title: "API keys",
    section: "keys",
    csrf: v.csrf,
    writer: v.writer,
    body: html`${notice("ok", v.message)}${notice("error", v.error)}${v.created ? createdBlock(v.created) : null}
${v.writer ? null : createForm(v, form)}
<section aria-labelledby="list-title">
<h2 id="list-title">Keys</h2>
${
  v.keys.length === 0
    ? html`<p class="muted">No keys yet.</p>`
    : html`<div class="table-wrap"><table class="cards">
<thead><tr><th class="num">id</th><th>name</th><th>key</th><th class="num">rate/min</th><th>created</th><th>last used</th><th class="num">today</th><th class="num">30 days</th><th>status</th>${v.writer ? null : html`<th></th>`}</tr></thead>
<tbody>${rows}</tbody>
</table></div>
${
  v.writer
    ? html`<p class="muted small">Last used and requests are the writer's counts as of this copy: requests answered here are not counted. Keys are created and revoked on ${writerLink(v.writer)}, and count here from the next refresh.</p>`
    : html`<p class="muted small">Requests are counted per UTC day. The CLI sees the same keys: <code>npm run cli -- keys list</code>.</p>`
}`
}
</section>`,
  });
}

function createForm(v: KeysView, form: { name: string; rate: string }): Html {
  return html`<section aria-labelledby="create-title">
<h2 id="create-title">Create a key</h2>
<form method="post" action="/dashboard/keys" class="row">
  ${csrfField(v.csrf)}
  <label>Name <input name="name" required maxlength="100" value="${form.name}" placeholder="jellyfin"></label>
  <label>Requests per minute <input name="rate" type="number" required min="1" max="${v.maxRate}" step="1" value="${form.rate}"></label>
  <button type="submit">Create key</button>
</form>
</section>`;
}

export function revokePage(o: { csrf: string; key: KeyWithUsage }): Html {
  const k = o.key;
  return page({
    title: "Revoke a key",
    section: "keys",
    csrf: o.csrf,
    body: html`<section>
<p>Revoke key <strong>${k.name}</strong> (<code>${k.keyPrefix}…</code>, id ${k.id})? Its next API request is refused, and it cannot be restored.</p>
<p class="muted small">Last used ${when(k.lastUsedAt)}; ${count(k.requestsToday)} requests today, ${count(k.requests30d)} in the last 30 days.</p>
<form method="post" action="/dashboard/keys/${k.id}/revoke" class="row">
  ${csrfField(o.csrf)}
  <button type="submit" class="danger">Revoke ${k.name}</button>
  <a class="button secondary" href="/dashboard/keys">Cancel</a>
</form>
</section>`,
  });
}
