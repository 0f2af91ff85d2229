/**
 * HTML built from template literals where every interpolated value is escaped unless
 * it is already `Html` (the output of `html` itself, or `raw` for markup we wrote):
 * titles and names come from the internet, so escaping is the default, not a habit.
 */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

type Value = Html | string | number | boolean | null | undefined | readonly Value[];

function render(value: Value): string {
  if (value === null || value === undefined || value === false) return "";
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(render).join("");
  return escapeHtml(String(value));
}

/** `html\`<td>${title}</td>\``: the title escaped; nested `html` kept as it is; arrays joined; null, undefined and false left out. */
export function html(strings: TemplateStringsArray, ...values: Value[]): Html {
  let out = strings[0];
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1];
  return new Html(out);
}

/** Markup we wrote ourselves (never text from a request, a provider or the catalog). */
export function raw(text: string): Html {
  return new Html(text);
}
