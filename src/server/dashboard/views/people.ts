/**
 * The People pages: a search of the persons by any of their names, a merge of two, the
 * journal of the user's edits with an Undo button on each edit still in force; and one
 * person's page (her names with their kind, script, sources and releases, her picture,
 * her titles) with a Split button on each name.
 */
import type { PersonEdit } from "../../../catalog/index.js";
import type { Person } from "../../../services/people/person.js";
import { html, type Html } from "../html.js";
import { count, day, when } from "./format.js";
import { csrfField, notice, page } from "./layout.js";

export interface PeopleView {
  csrf: string;
  query: string;
  /** The persons found for the query (null: no query), and how many there are in all. */
  found: { people: Person[]; total: number } | null;
  edits: PersonEdit[];
  /** Whether edits can be made here (not on a read-only replica). */
  canEdit: boolean;
  /** What the merge form held when it was refused. */
  form?: { into: string; from: string };
  writer?: string | null;
  message?: string | null;
  error?: string | null;
}

const personLink = (p: Person) => html`<a href="/dashboard/people/${p.key}">${p.name || p.key}</a>`;

function foundSection(v: PeopleView): Html | null {
  if (v.found === null) return null;
  const { people, total } = v.found;
  const rows = people.map(
    (p) => html`<tr data-person="${p.key}"><td data-label="name">${personLink(p)}</td><td data-label="key"><code>${p.key}</code></td>
<td class="num" data-label="titles">${count(p.titles)}</td><td data-label="other names" class="paths"><span>${p.names
      .filter((n) => n.name !== p.name)
      .map((n) => n.name)
      .join(", ")}</span></td></tr>`,
  );
  return html`<section aria-labelledby="found-title"><h2 id="found-title">Found (${count(total)})</h2>
${
  people.length === 0
    ? html`<p class="muted">No person has a name holding “${v.query}”.</p>`
    : html`<div class="table-wrap"><table class="cards"><thead><tr><th>name</th><th>key</th><th class="num">titles</th><th>other names</th></tr></thead><tbody>${rows}</tbody></table></div>
${total > people.length ? html`<p class="muted small">The first ${people.length}: a longer part of her name finds fewer.</p>` : null}`
}
</section>`;
}

function mergeForm(v: PeopleView): Html {
  const form = v.form ?? { into: "", from: "" };
  return html`<section aria-labelledby="merge-title"><h2 id="merge-title">Merge two persons</h2>
<p class="muted small">The second is shown as the first from now on, with her names and titles; the sources' own records stay as they are, and Undo below puts it back. A person is named by her key (<code>1044099</code>, <code>n12</code>) or by a name only she holds.</p>
<form method="post" action="/dashboard/people/merge" class="row">${csrfField(v.csrf)}
<label>Shown as <input name="into" required maxlength="200" value="${form.into}"></label>
<label>Merge in <input name="from" required maxlength="200" value="${form.from}"></label>
<button type="submit">Merge</button></form>
</section>`;
}

function editRow(e: PersonEdit, canUndo: boolean, csrf: string): Html {
  const undo =
    canUndo && e.kind !== "undo" && e.undoneAt === null
      ? html`<form method="post" action="/dashboard/people/edits/${e.id}/undo" class="inline">${csrfField(csrf)}<button type="submit" class="secondary">Undo</button></form>`
      : null;
  const state = e.undoneAt === null ? null : html`<span class="status warn">undone</span> ${when(e.undoneAt)}`;
  return html`<tr data-edit-id="${e.id}"><td class="num" data-label="edit">${e.id}</td><td data-label="kind">${e.kind}</td><td data-label="made">${when(e.createdAt)}</td>
<td data-label="what" class="paths"><span>${e.summary}</span></td><td data-label="state">${state}</td><td>${undo}</td></tr>`;
}

function editsSection(v: PeopleView): Html {
  return html`<section aria-labelledby="edits-title"><h2 id="edits-title">Edits</h2>
${
  v.edits.length === 0
    ? html`<p class="muted">No edit yet: merges, splits and alias tables read in (<code>npm run cli -- people import-aliases FILE</code>) are listed here.</p>`
    : html`<div class="table-wrap"><table class="cards"><thead><tr><th class="num">edit</th><th>kind</th><th>made</th><th>what</th><th>state</th><th></th></tr></thead>
<tbody>${v.edits.map((e) => editRow(e, v.canEdit, v.csrf))}</tbody></table></div>
<p class="muted small">An edit is undone exactly, or refused while a later edit still in force touches the same persons (undo that one first).</p>`
}
</section>`;
}

export function peoplePage(v: PeopleView): Html {
  return page({
    title: "People",
    section: "people",
    csrf: v.csrf,
    writer: v.writer,
    body: html`${notice("ok", v.message)}${notice("error", v.error)}
<section aria-labelledby="search-title"><h2 id="search-title">Find a person</h2>
<form method="get" action="/dashboard/people" class="row" role="search">
<label>Any of her names, or a part of one <input name="q" type="search" maxlength="200" value="${v.query}" placeholder="三上悠亜, Yua Mikami, みかみ"></label>
<button type="submit">Find</button></form>
</section>
${foundSection(v)}
${v.canEdit ? mergeForm(v) : null}
${editsSection(v)}`,
  });
}

export interface PersonView {
  csrf: string;
  person: Person;
  /** The keys of the persons merged into her. */
  merged: string[];
  canEdit: boolean;
  writer?: string | null;
  message?: string | null;
  error?: string | null;
}

function nameRow(v: PersonView, n: Person["names"][number]): Html {
  const split =
    v.canEdit && v.person.names.length > 1
      ? html`<form method="post" action="/dashboard/people/${v.person.key}/split" class="inline">${csrfField(v.csrf)}<input type="hidden" name="name" value="${n.name}"><button type="submit" class="secondary">Split off</button></form>`
      : null;
  return html`<tr data-name="${n.name}"><td data-label="name">${n.name}</td><td data-label="kind">${n.kind}</td><td data-label="script">${n.script}</td>
<td data-label="sources">${n.sources.join(", ")}</td><td data-label="first">${day(n.firstRelease)}</td><td data-label="last">${day(n.lastRelease)}</td><td>${split}</td></tr>`;
}

export function personPage(v: PersonView): Html {
  const p = v.person;
  const picture = p.picture === null ? html`<p class="muted">No picture.</p>` : html`<img src="${p.picture}" alt="${p.name}" referrerpolicy="no-referrer">`;
  return page({
    title: p.name || p.key,
    section: "people",
    csrf: v.csrf,
    writer: v.writer,
    body: html`${notice("ok", v.message)}${notice("error", v.error)}
<section class="person"><div class="person-picture">${picture}</div>
<dl class="folders"><dt>key</dt><dd><code>${p.key}</code>${p.record.madeBy === "user" ? html` <span class="muted small">(made by a split)</span>` : null}</dd>
<dt>titles</dt><dd data-titles>${count(p.titles)}</dd><dt>releases</dt><dd>${day(p.firstRelease)} to ${day(p.lastRelease)}</dd>
${v.merged.length === 0 ? null : html`<dt>merged into her</dt><dd>${v.merged.map((k, i) => html`${i > 0 ? ", " : null}<code>${k}</code>`)}</dd>`}</dl>
</section>
<section aria-labelledby="names-title"><h2 id="names-title">Names (${p.names.length})</h2>
<div class="table-wrap"><table class="cards"><thead><tr><th>name</th><th>kind</th><th>script</th><th>sources</th><th>first</th><th>last</th><th></th></tr></thead>
<tbody>${p.names.map((n) => nameRow(v, n))}</tbody></table></div>
${v.canEdit ? html`<p class="muted small">Split off: the name, and the titles whose credit names her by it, go to a new person of your own; later titles credited under it follow. The edit can be undone on the <a href="/dashboard/people">People</a> page.</p>` : null}
</section>`,
  });
}
