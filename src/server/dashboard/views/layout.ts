import { html, type Html } from "../html.js";
import { ASSET_VERSION } from "../assets/version.js";

export type Section = "keys" | "catalog" | "library" | "watch" | "people" | "playground" | null;

export interface PageOptions {
  title: string;
  /** The nav entry to mark; null for the sign-in page (no nav). */
  section: Section;
  /** The CSRF token for the page's forms (the sign-out button included). */
  csrf: string;
  body: Html;
  /** On a read-only replica, the writer's address: every page says so, above its content. */
  writer?: string | null;
}

const NAV: { section: Exclude<Section, null>; label: string }[] = [
  { section: "keys", label: "Keys" },
  { section: "catalog", label: "Catalog" },
  { section: "library", label: "Library" },
  { section: "watch", label: "Watch" },
  { section: "people", label: "People" },
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
${o.writer ? replicaBanner(o.writer) : null}
<h1>${o.title}</h1>
${o.body}
</main>
</body>
</html>
`;
}

/** The writer's address as a link when it is one (REPLICA_WRITER), else as text (the backup's address). */
export function writerLink(writer: string): Html {
  return /^https?:\/\//i.test(writer) ? html`<a href="${writer}">${writer}</a>` : html`<code>${writer}</code>`;
}

/** What every page of a replica's dashboard says first. */
function replicaBanner(writer: string): Html {
  return html`<p class="notice replica" role="note"><strong>Read-only replica.</strong> This server is a read-only replica of ${writerLink(writer)}:
keys, ingest runs and the admin password are changed there, and show here after the next refresh. Key usage is not counted here.</p>`;
}

/** A notice above a page's content: what an action did, or why it was refused. */
export function notice(kind: "ok" | "error", text: string | null | undefined): Html | null {
  if (!text) return null;
  return html`<p class="notice ${kind}" role="${kind === "error" ? "alert" : "status"}">${text}</p>`;
}
