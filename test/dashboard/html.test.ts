import { describe, expect, it } from "vitest";
import { escapeHtml, html, raw } from "../../src/server/dashboard/html.js";

describe("html templates", () => {
  it("escapes every interpolated value unless it is markup built by html or raw", () => {
    const title = `<b onmouseover='x'>"A & B"</b>`;
    expect(html`<td title="${title}">${title}</td>`.text).toBe(
      '<td title="&lt;b onmouseover=&#39;x&#39;&gt;&quot;A &amp; B&quot;&lt;/b&gt;">&lt;b onmouseover=&#39;x&#39;&gt;&quot;A &amp; B&quot;&lt;/b&gt;</td>',
    );
    expect(html`<p>${html`<i>${"<"}</i>`}${raw("<br>")}</p>`.text).toBe("<p><i>&lt;</i><br></p>");
  });

  it("joins arrays, leaves out null, undefined and false, prints numbers and 0", () => {
    expect(html`${["<a>", html`<b></b>`, 0, null, undefined, false, true]}`.text).toBe("&lt;a&gt;<b></b>0true");
  });

  it("escapes the five characters that matter in text and attributes", () => {
    expect(escapeHtml(`&<>"'`)).toBe("&amp;&lt;&gt;&quot;&#39;");
    expect(escapeHtml("日本語のタイトル")).toBe("日本語のタイトル");
  });
});
