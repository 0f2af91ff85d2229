/**
 * An FC2 article's description, which the article page does not hold: it loads it in an
 * iframe (`section.items_article_Contents iframe`, src /widget/article/{id}/description?ac=…,
 * on every real page in test/fixtures/fc2; the page's meta description and JSON-LD carry only
 * its first words, cut with "…"). MetaTube fetches that page and takes the text of its
 * `//html/body/div`; no real capture of the widget page is on record, so nothing else of it is
 * relied on. Pure: the request is fetch.ts's.
 */
import { load } from "cheerio";
import { siteUrl } from "../site-url.js";

/** The widget's address from the iframe's src, when it is this article's description widget; else null. */
export function descriptionUrl(src: string | undefined, baseUrl: string, pageUrl: string, id: string): string | null {
  const url = siteUrl(baseUrl, pageUrl, src);
  if (url === null) return null;
  const prefix = new URL(baseUrl).pathname.replace(/\/+$/, "");
  const path = new URL(url).pathname;
  return new URL(url).origin === new URL(baseUrl).origin && path === `${prefix}/widget/article/${id}/description` ? url : null;
}

/** A page with a div right under its body (what MetaTube reads); anything else served 200 is no widget. */
export function isDescriptionPage(html: string): boolean {
  return load(html)("body > div").length > 0;
}

/** The description: the text of the body's first div, its <br> as line breaks, each line trimmed; null when empty. */
export function readDescription(html: string): string | null {
  const $ = load(html);
  const div = $("body > div").first().clone();
  div.find("script, style").remove();
  // The source's own line breaks are blanks to HTML; a <br> is a line break.
  div
    .find("*")
    .addBack()
    .contents()
    .each((_, n) => {
      if (n.type === "text") n.data = n.data.replace(/[ \t\r\n\f\v\u00a0]+/g, " ");
    });
  div.find("br").replaceWith("\n");
  const lines = div
    .text()
    .split("\n")
    .map((l) => l.trim());
  const text = lines
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return text === "" ? null : text;
}
