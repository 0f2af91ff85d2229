import { SORT_KEYS } from "../../../catalog/index.js";
import { FILTER_KEYS } from "../../params/filter-parse.js";
import { QueryParamsSchema, RandomParamsSchema } from "../../schemas/params.js";
import { html, type Html } from "../html.js";
import { page } from "./layout.js";

export interface PlaygroundView {
  csrf: string;
  maxPageSize: number;
  providers: string[];
  /** On a read-only replica, the writer's address (the page's banner). */
  writer?: string | null;
}

/** The bounds of the API's own schemas, so the form cannot drift from what the API accepts. */
const MAX_Q = (QueryParamsSchema.properties.q as unknown as { maxLength: number }).maxLength;
const RANDOM_NUM = RandomParamsSchema.properties.num as unknown as { minimum: number; maximum: number };

/** One input per filter key the API serves (server/params/filter-parse.ts), typed where the key has a type. */
function filterField(key: string): Html {
  const name = `filter.${key}`;
  switch (key) {
    case "censored":
      return html`<label>${key} <select name="${name}"><option value="">any</option><option value="true">censored</option><option value="false">uncensored</option></select></label>`;
    case "runtimeMin":
    case "runtimeMax":
      return html`<label>${key} (minutes) <input name="${name}" type="number" min="0" max="999999" step="1"></label>`;
    case "releaseAfter":
    case "releaseBefore":
      return html`<label>${key} <input name="${name}" type="date"></label>`;
    default:
      return html`<label>${key} <input name="${name}" maxlength="200"></label>`;
  }
}

function filters(): Html {
  return html`<details><summary>Filter</summary><div class="row">${FILTER_KEYS.map(filterField)}</div></details>`;
}

function providersField(providers: string[]): Html {
  return html`<label>providers <input name="providers" maxlength="1000" placeholder="${providers.join(",")}"></label>`;
}

export function playgroundPage(v: PlaygroundView): Html {
  return page({
    title: "Playground",
    section: "playground",
    csrf: v.csrf,
    writer: v.writer,
    body: html`<section>
<p class="muted">Sends a real request to this server's API from your browser, as any client would, with the key you give. Needs JavaScript.</p>
<form id="playground" class="playground" action="#" autocomplete="off">
<div class="row">
  <label>API key <input id="pg-key" name="key" type="password" required placeholder="vc_…" maxlength="200"></label>
  <label>Endpoint <select id="pg-endpoint" name="endpoint"><option value="movie">/movie</option><option value="query">/query</option><option value="random">/random</option></select></label>
</div>
<fieldset data-endpoint="movie"><legend>/movie: one title by its code</legend><div class="row">
  <label>q (a code in any spelling, or a file name) <input name="q" required maxlength="${MAX_Q}" placeholder="ABP-123"></label>
  ${providersField(v.providers)}
</div></fieldset>
<fieldset data-endpoint="query" hidden disabled><legend>/query: search</legend><div class="row">
  <label>q <input name="q" maxlength="${MAX_Q}" placeholder="office"></label>
  <label>sort <select name="sort"><option value="">default</option>${SORT_KEYS.map((k) => html`<option value="${k}">${k}</option>`)}</select></label>
  <label>page <input name="page" type="number" min="1" step="1" value="1"></label>
  <label>num (1 to ${v.maxPageSize}) <input name="num" type="number" min="1" max="${v.maxPageSize}" step="1" value="10"></label>
  ${providersField(v.providers)}
</div>${filters()}</fieldset>
<fieldset data-endpoint="random" hidden disabled><legend>/random: titles drawn at random</legend><div class="row">
  <label>num (${RANDOM_NUM.minimum} to ${RANDOM_NUM.maximum}) <input name="num" type="number" min="${RANDOM_NUM.minimum}" max="${RANDOM_NUM.maximum}" step="1" value="5"></label>
  ${providersField(v.providers)}
</div>${filters()}</fieldset>
<button type="submit">Send</button>
</form>
</section>
<section id="pg-result" hidden aria-live="polite">
<p><code id="pg-url"></code></p>
<p id="pg-status" class="status"></p>
<dl class="headers" id="pg-headers"></dl>
<div class="covers" id="pg-covers"></div>
<pre id="pg-json"></pre>
</section>`,
  });
}
