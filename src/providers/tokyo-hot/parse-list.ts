/**
 * The shop's lists of products: its search (/product/?q=...) and its product list
 * (/product/?page=N), one markup for both as the scrapers read them: the list container
 * `ul.list` right under div#main (MetaTube's `//*[@id="main"]/ul/li`, JAVMovieScraper's
 * `ul.list.slider.cf li.detail`, the Plex agent's `find("ul", "list")`), its li.detail entries,
 * each an a.rm to /product/{id}/ around the list picture, div.title and div.actor (the
 * performers, then "(作品番号: n1633)"); paging by ?page=N links (li.next, p.naviend to the last
 * page). Pure: no fetching here.
 */
import { type CheerioAPI, load } from "cheerio";
import { siteUrl } from "../site-url.js";
import { isProductPage } from "./parse.js";

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
  /** The page says more follow: a link to the next page, or a last page beyond this one. */
  more: boolean;
  /** Entries that link no product, and why. */
  skipped: { id: string | null; reason: string }[];
}

const LIST = "#main > ul.list";

/**
 * A page holding the shop's list container, empty or not. The shop's layout alone (div#main,
 * which a product page, an error, age or busy page in the layout also have) is not a list; nor
 * is a product page. What the shop answers a search that finds nothing is not on record: an
 * answer without the container is no list (a failure, asked again), never "nothing found".
 */
export function isListPage(text: string): boolean {
  return hasList(load(text)) && !isProductPage(text);
}

const hasList = ($: CheerioAPI): boolean => $(LIST).length > 0;

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

/** The ?page= a link names, or null. */
function linkedPage(href: string): number | null {
  const query = href.includes("?") ? href.slice(href.indexOf("?") + 1) : "";
  const n = Number(new URLSearchParams(query).get("page") ?? "");
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/**
 * The entries of a list page and whether a later page exists. An entry's number falls back on
 * its picture's alt and title, as MetaTube's search does; the caller compares it with the code.
 */
export function parseProductList(html: string, baseUrl: string, pageUrl: string, page: number): ListPage {
  const $ = load(html);
  const items: ListItem[] = [];
  const skipped: ListPage["skipped"] = [];
  $(`${LIST} > li`).each((_, li) => {
    const link = $(li).find("a.rm[href], a[href*='/product/']").first();
    const id = productId(link.attr("href"));
    if (id === null) return void skipped.push({ id: null, reason: "entry links no product" });
    if (items.some((x) => x.id === id)) return void skipped.push({ id, reason: "listed twice on the page" });
    const img = $(li).find("img").first();
    const number = NUMBER.exec($(li).text())?.[1] ?? (img.attr("alt")?.trim() || img.attr("title")?.trim() || null);
    items.push({ id, number, title: $(li).find("div.title").first().text().trim(), image: siteUrl(baseUrl, pageUrl, img.attr("src")) });
  });
  const pages = $("a[href]")
    .toArray()
    .map((a) => linkedPage($(a).attr("href") ?? ""));
  const more = pages.some((n) => n !== null && n > page);
  return { items, more, skipped };
}
