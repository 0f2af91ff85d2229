/**
 * The shop's lists of products: its search (/product/?q=...) and its product list
 * (/product/?page=N), one markup for both as the scrapers read them: #main ul.list li.detail, each
 * an a.rm to /product/{id}/ around the list picture, div.title and div.actor (the performers, then
 * "(作品番号: n1633)"); paging by ?page=N links (li.next, p.naviend). Pure: no fetching here.
 */
import { load } from "cheerio";
import { siteUrl } from "../site-url.js";

export interface ListItem {
  /** The product's id in its URL (lowercase, as MetaTube keeps it): n1633, 5484, s2mbd-002. */
  id: string;
  /** Its product number as the list writes it, else null. */
  number: string | null;
  title: string;
  /** The list picture, absolute, or null. */
  image: string | null;
}

export interface ListPage {
  items: ListItem[];
  /** A link to the page after this one is on it. */
  hasNext: boolean;
}

/** The site's layout around a list (div#main), also when it lists nothing: a maintenance or block page has none. */
export function isListPage(text: string): boolean {
  return /id="main"/.test(text);
}

const PRODUCT_HREF = /\/product\/([^/?#]+)\/?(?:[?#]|$)/;
/** The number in an entry's text; MetaTube reads it as [a-z\d-_]+, the shop's lowercase spelling. */
const NUMBER = /\(作品番号:\s*([A-Za-z0-9_-]+)\s*\)/;

function productId(href: string | undefined): string | null {
  const m = href === undefined ? null : PRODUCT_HREF.exec(href);
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]).trim().toLowerCase() || null;
  } catch {
    return null;
  }
}

/**
 * The entries of a list page and whether a later page exists. An entry's number falls back on
 * its picture's alt and title, as MetaTube's search does; the caller compares it with the code.
 */
export function parseProductList(html: string, baseUrl: string, pageUrl: string, page: number): ListPage {
  const $ = load(html);
  const items: ListItem[] = [];
  $("#main ul.list > li").each((_, li) => {
    const link = $(li).find("a.rm[href], a[href*='/product/']").first();
    const id = productId(link.attr("href"));
    if (id === null || items.some((x) => x.id === id)) return;
    const img = $(li).find("img").first();
    const number = NUMBER.exec($(li).text())?.[1] ?? (img.attr("alt")?.trim() || img.attr("title")?.trim() || null);
    items.push({ id, number, title: $(li).find("div.title").first().text().trim(), image: siteUrl(baseUrl, pageUrl, img.attr("src")) });
  });
  const next = String(page + 1);
  const hasNext = $("a[href]")
    .toArray()
    .some((a) => {
      const href = $(a).attr("href") ?? "";
      const query = href.includes("?") ? href.slice(href.indexOf("?") + 1) : "";
      return new URLSearchParams(query).get("page") === next;
    });
  return { items, hasNext };
}
