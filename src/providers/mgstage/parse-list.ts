/**
 * MGStage's lists of products: its search (/search/cSearch.php?search_word=..., MetaTube's and
 * librefanza's) and the same search without words, sorted newest first (sort=new, the real
 * page's 新着順 option), which the crawl walks. One markup, as the real ARA-168 answer has it:
 * the results in `div.search_list` (the sort bar above it is a `p.search_list`), each an `li`
 * whose `h5 a` links the product page (librefanza's `div.search_list h5 a`, MetaTube's
 * `ul.product_list li` and `.//h5/a`), its title in an element of class `title`; above them the
 * count line "1タイトル中 1～1タイトル 1ページ目を表示" (`p.search_text`, the line a catalogue
 * crawler in the index reads for the total and the page's range: more follow while the range
 * ends before the total). Pure: no fetching here.
 */
import { load } from "cheerio";
import { oneLine } from "../page-text.js";
import { linkedProductId } from "./ids.js";
import { isProductPage } from "./page-kind.js";

export interface ListItem {
  /** The product's id as the list links it, upper case (261ARA-168). */
  id: string;
  title: string;
}

export interface ListCount {
  total: number;
  first: number;
  last: number;
  page: number;
}

export interface ListPage {
  items: ListItem[];
  /** The count line, or null where the page has none. */
  count: ListCount | null;
  /** Entries that link no product, and why. */
  skipped: { id: string | null; reason: string }[];
}

/**
 * A page holding the results' container, empty or not, and no product page. What the site
 * answers a search that finds nothing is not on record: an answer without the container (an
 * error, busy or age page, the top page) is no list, a failure asked again, never "nothing found".
 */
export function isListPage(text: string): boolean {
  return /<div class="search_list"/.test(text) && !isProductPage(text);
}

const COUNT = /([\d,]+)\s*タイトル中\s*([\d,]+)\s*[～〜~－-]\s*([\d,]+)\s*タイトル\s*([\d,]+)\s*ページ目/;
const int = (s: string): number => Number(s.replaceAll(",", ""));

/** The count line's figures, or null. */
export function listCount(text: string): ListCount | null {
  const m = COUNT.exec(text);
  return m === null ? null : { total: int(m[1]), first: int(m[2]), last: int(m[3]), page: int(m[4]) };
}

export function parseProductList(html: string): ListPage {
  const $ = load(html);
  const items: ListItem[] = [];
  const skipped: ListPage["skipped"] = [];
  $("div.search_list li").each((_, li) => {
    const link = $(li).find("h5 a[href*='/product/product_detail/']").first();
    const href = (link.length > 0 ? link : $(li).find("a[href*='/product/product_detail/']").first()).attr("href");
    if (href === undefined) return;
    const id = linkedProductId(href);
    if (id === null) return void skipped.push({ id: null, reason: "entry links no product" });
    if (items.some((x) => x.id === id)) return void skipped.push({ id, reason: "listed twice on the page" });
    items.push({ id, title: oneLine($(li).find(".title").first().text()) });
  });
  return { items, count: listCount(oneLine($("p.search_text").first().text()) || oneLine($("div.search_form").text())), skipped };
}
