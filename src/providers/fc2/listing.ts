/**
 * FC2's lists of articles: its search (/search/?q=…, the header's search form's GET, and the
 * popular-keyword links /search/?q=…&sort=popular&order=desc of the real pages) and the same
 * search sorted newest first (/search/?sort=date&order=desc&page=N: the `sort=date&order=desc`
 * of the sellers' article lists, the newest-first crawlers' /search/?sort=date&page=N). One card
 * markup, as the public readers take it (no real capture of a list page is on record; see
 * test/fixtures/fc2/README.md): cards `section.search_cntFlexWp > div.c-cntCard-110-f`, each
 * linking its article (`a.c-cntCard-110-f_thumb_link` and `a.c-cntCard-110-f_itemName`, href
 * /article/{id}/, or article_search.php?id={id} on older lists), `div.search_header` above
 * them, paging by `div.c-pager-101` links with ?page=N. The cards show no day. Pure.
 */
import { load } from "cheerio";
import { isArticleAnswer } from "./page-kind.js";
import { ARTICLE_ID } from "./parse.js";

export const NEWEST_PATH = "/search/?sort=date&order=desc";

/** Page `page` of the listing newest first. */
export const newestUrl = (baseUrl: string, page: number): string => `${baseUrl}${NEWEST_PATH}${page > 1 ? `&page=${page}` : ""}`;

/** Page `page` of the search for a text. */
export const searchUrl = (baseUrl: string, query: string, page: number): string =>
  `${baseUrl}/search/?q=${encodeURIComponent(query)}${page > 1 ? `&page=${page}` : ""}`;

export interface ListedArticle {
  id: string;
  title: string;
}

export interface ArticleList {
  items: ListedArticle[];
  /** A pager link to a later page. */
  more: boolean;
  skipped: { id: string | null; reason: string }[];
}

const CARDS = "section.search_cntFlexWp > div.c-cntCard-110-f";

/** A list page (its header or its cards, even with no card); not an article or FC2's "not found" page. */
export function isListPage(html: string): boolean {
  return /class="[^"]*\bsearch_(?:header|cntFlexWp)\b/.test(html) && !isArticleAnswer(html);
}

const ARTICLE_HREF = /\/article\/(\d+)\/?(?:[?#]|$)|[?&]id=(\d+)/;

/** The ?page= of a link, or null. */
function pageOf(href: string): number | null {
  const query = href.includes("?") ? href.slice(href.indexOf("?") + 1) : "";
  const n = Number(new URLSearchParams(query.replace(/&amp;/g, "&")).get("page") ?? "");
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** Page `page`'s cards, in order, each article once, and whether its pager links a later page. */
export function parseArticleList(html: string, page: number): ArticleList {
  const $ = load(html);
  const items: ListedArticle[] = [];
  const skipped: ArticleList["skipped"] = [];
  $(CARDS).each((_, card) => {
    const link = $(card).find("a.c-cntCard-110-f_thumb_link[href], a.c-cntCard-110-f_itemName[href]").first();
    const m = ARTICLE_HREF.exec(link.attr("href") ?? "");
    const id = m ? (m[1] ?? m[2]).replace(/^0+(?=\d)/, "") : null;
    if (id === null || !ARTICLE_ID.test(id)) return void skipped.push({ id: null, reason: "card links no article" });
    if (items.some((x) => x.id === id)) return void skipped.push({ id, reason: "listed twice on the page" });
    const name = $(card).find("a.c-cntCard-110-f_itemName").first();
    items.push({ id, title: (name.attr("title") ?? name.text()).trim() });
  });
  const more = $("div.c-pager-101 a[href]")
    .toArray()
    .some((a) => (pageOf($(a).attr("href") ?? "") ?? 0) > page);
  return { items, more, skipped };
}
