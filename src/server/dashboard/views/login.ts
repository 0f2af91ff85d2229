import { html, type Html } from "../html.js";
import { csrfField, notice, page, writerLink } from "./layout.js";

export function loginPage(o: { csrf: string; error?: string | null; signedOut?: boolean; writer?: string | null }): Html {
  return page({
    title: "Sign in",
    section: null,
    csrf: o.csrf,
    writer: o.writer,
    body: html`<div class="card login">
${notice("error", o.error)}${o.signedOut ? notice("ok", "You are signed out.") : null}
<form method="post" action="/dashboard/login">
  ${csrfField(o.csrf)}
  <label>Admin password <input type="password" name="password" autocomplete="current-password" required autofocus maxlength="1024"></label>
  <button type="submit">Sign in</button>
</form>
<p class="muted small">The password is <code>ADMIN_PASSWORD</code>, or the one printed on the first start.
Forgot it? <code>npm run cli -- admin reset-password</code> prints a new one${o.writer ? html` (run it on ${writerLink(o.writer)}: it counts here from the next refresh)` : null}.</p>
</div>`,
  });
}

/** Any page's error: what went wrong in words, and a way back. */
export function errorPage(o: { status: number; title: string; message: string; csrf: string; signedIn: boolean; writer?: string | null }): Html {
  return page({
    title: o.title,
    section: o.signedIn ? "keys" : null,
    csrf: o.csrf,
    writer: o.writer,
    body: html`${notice("error", o.message)}<p><a href="/dashboard">Back to the dashboard</a></p>`,
  });
}
