import { html, type Html } from "../html.js";

const pad = (n: number) => String(n).padStart(2, "0");

/** `2026-11-26 01:02 UTC` in a <time>, with the exact instant for the browser; "-" for none. */
export function when(ms: number | null | undefined): Html {
  if (ms === null || ms === undefined) return html`<span class="muted">-</span>`;
  const d = new Date(ms);
  const text = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
  return html`<time datetime="${d.toISOString()}">${text}</time>`;
}

/** `1 h 5 min`, `42 s`: a run's length. */
export function duration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${s % 60} s`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}

export function count(n: number): string {
  return n.toLocaleString("en-US");
}

/** A release date as the catalog keeps it (`2021-03-05T00:00:00.000Z` or `2021-03-05`) as its day. */
export function day(value: string | null): string {
  return value ? value.slice(0, 10) : "-";
}
