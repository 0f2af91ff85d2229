import { html, type Html } from "../html.js";
import { ASSET_VERSION } from "../assets/version.js";

export type Section = "keys" | "catalog" | "playground" | null;

export interface PageOptions {
  title: string;
  /** The nav entry to mark; null for the sign-in page (no nav). */
  section: Section;
  /** The CSRF token for the page's forms (the sign-out button included). */
  csrf: string;
  body: Html;
}

const NAV: { section: Exclude<Section, null>; label: string }[] = [
  { section: "keys", label: "Keys" },
  { section: "catalog", label: "Catalog" },
  { section: "playground", label: "Playground" },
];

/** A form's hidden CSRF field. */
export const csrfField = (token: string) => html`<input type="hidden" name="_csrf" value="${token}">`;

/** The shell of every page: its styles and script from this server only (the CSP allows nothing else). */
export function page(o: PageOptions): Html {
  const nav =
    o.section === null
      ? null
      : html`<nav aria-label="Dashboard">
  ${NAV.map((n) => html`<a href="/dashboard/${n.section}"${n.section === o.section ? html` aria-current="page"` : null}>${n.label}</a>`)}
  <form method="post" action="/dashboard/logout" class="signout">${csrfField(o.csrf)}<button type="submit" class="link">Sign out</button></form>
</nav>`;
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="referrer" content="no-referrer">
<title>${o.title} · video-catalog</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/dashboard/assets/style.css?v=${ASSET_VERSION}">
<script src="/dashboard/assets/client.js?v=${ASSET_VERSION}" defer></script>
</head>
<body>
<header><a class="brand" href="/dashboard">video-catalog</a>${nav}</header>
<main>
<h1>${o.title}</h1>
${o.body}
</main>
</body>
</html>
`;
}

/** A notice above a page's content: what an action did, or why it was refused. */
export function notice(kind: "ok" | "error", text: string | null | undefined): Html | null {
  if (!text) return null;
  return html`<p class="notice ${kind}" role="${kind === "error" ? "alert" : "status"}">${text}</p>`;
}
