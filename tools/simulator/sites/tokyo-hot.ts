/**
 * Tokyo-Hot's shop in the simulator, under /tokyo-hot: the product pages (/product/{id}/, in
 * English with ?lang=en), the search (/product/?q=...) and the product list (/product/?page=N,
 * newest first), UTF-8 HTML as the real shop serves (tokyo-hot-pages.ts), and its 404 for a
 * product it does not have.
 * Its titles come from site-titles.ts: each gets a product number of one of the shop's series
 * (its own n, k and kb; s2mbd-, red- and sky- of other vendors it sells), numbered up from the
 * oldest, and an id in its URL: the number itself for the newer half (n1633, s2mbd-002), a plain
 * shop id made of its day and place in the day for the older (as /product/5484/ is n0487).
 */
import { hashInts } from "../../../src/samples/titles/prng.js";
import { HTML_NOT_FOUND, type SimAnswer, type SimSite, type SiteFactory } from "../site.js";
import { siteTitles, type SiteTitle } from "../site-titles.js";
import { OWN_VENDOR, renderEnglishPage, renderListPage, renderProductPage, type TokyoHotProduct } from "./tokyo-hot-pages.js";

export type { TokyoHotProduct } from "./tokyo-hot-pages.js";

const NAME = "tokyo-hot";
/** Products per list page. */
export const TOKYO_HOT_PAGE_SIZE = 20;
const DAY_MS = 86_400_000;
/** The day before the shop's first shop id, which counts up three a day from it. */
const SHOP_EPOCH = Date.UTC(2006, 0, 1);

/** The series of the simulated shop: share of titles (out of 100), first number, digits, spelling, vendor. */
const SERIES = [
  { prefix: "n", share: 55, start: 1400, width: 4, hyphen: false, vendor: OWN_VENDOR },
  { prefix: "k", share: 15, start: 1500, width: 4, hyphen: false, vendor: OWN_VENDOR },
  { prefix: "kb", share: 10, start: 1600, width: 4, hyphen: false, vendor: OWN_VENDOR },
  { prefix: "s2mbd", share: 7, start: 1, width: 3, hyphen: true, vendor: "S2M" },
  { prefix: "red", share: 7, start: 100, width: 3, hyphen: true, vendor: "RED HOT" },
  { prefix: "sky", share: 6, start: 200, width: 3, hyphen: true, vendor: "SKY HIGH" },
] as const;

function seriesOf(seed: number, t: SiteTitle): (typeof SERIES)[number] {
  let roll = hashInts(seed, 7919, t.index) % 100;
  for (const s of SERIES) {
    if (roll < s.share) return s;
    roll -= s.share;
  }
  return SERIES[0];
}

/** The shop's products over the titles (newest first, as the titles are). */
export function tokyoHotProducts(titles: readonly SiteTitle[], seed: number): TokyoHotProduct[] {
  const next = new Map<string, number>(SERIES.map((s) => [s.prefix, s.start]));
  const out: TokyoHotProduct[] = new Array(titles.length);
  for (let i = titles.length - 1; i >= 0; i--) {
    const t = titles[i];
    const s = seriesOf(seed, t);
    const n = next.get(s.prefix)!;
    next.set(s.prefix, n + 1);
    const number = `${s.prefix}${s.hyphen ? "-" : ""}${String(n).padStart(s.width, "0")}`;
    const newer = i < titles.length / 2;
    const shopId = String(((Date.parse(`${t.day}T00:00:00Z`) - SHOP_EPOCH) / DAY_MS) * 3 + t.ofDay);
    out[i] = { title: t, id: newer ? number : shopId, number, vendor: s.vendor, packaged: newer || s.vendor !== OWN_VENDOR };
  }
  return out;
}

const html = (text: string): SimAnswer => ({ status: 200, text, contentType: "text/html; charset=UTF-8", charset: "utf-8" });

/** A page of a list: `page` from 1; a page past the end lists nothing. */
function listAnswer(products: readonly TokyoHotProduct[], pageParam: string | null, params: string): SimAnswer {
  const pageNo = /^\d+$/.test(pageParam ?? "") ? Math.max(1, Number(pageParam)) : 1;
  const pages = Math.max(1, Math.ceil(products.length / TOKYO_HOT_PAGE_SIZE));
  const start = (pageNo - 1) * TOKYO_HOT_PAGE_SIZE;
  return html(renderListPage(products.slice(start, start + TOKYO_HOT_PAGE_SIZE), pageNo, pages, params));
}

export const tokyoHotSite: SiteFactory = ({ titles, seed }) => {
  const products = tokyoHotProducts(siteTitles(titles, seed, NAME), seed);
  const byId = new Map(products.map((p) => [p.id, p]));
  const site: SimSite = {
    name: NAME,
    size: products.length,
    route({ path, url }) {
      if (path === "/product/" || path === "/product") {
        const q = url.searchParams.get("q");
        const pageParam = url.searchParams.get("page");
        if (q === null) return { name: `${NAME}.list`, answer: () => listAnswer(products, pageParam, "") };
        // The shop's search: a product number or a title holding the words.
        const needle = q.trim().toLowerCase();
        const hits = needle === "" ? [] : products.filter((p) => p.number.includes(needle) || p.title.titleJa.toLowerCase().includes(needle));
        return { name: `${NAME}.search`, answer: () => listAnswer(hits, pageParam, `q=${encodeURIComponent(q)}&x=0&y=0&`) };
      }
      const m = /^\/product\/([^/]+)\/?$/.exec(path);
      if (!m) return null;
      let id: string;
      try {
        id = decodeURIComponent(m[1]).toLowerCase();
      } catch {
        return null;
      }
      const product = byId.get(id);
      const english = url.searchParams.get("lang") === "en";
      const render = english ? renderEnglishPage : renderProductPage;
      return { name: `${NAME}.product${english ? ".en" : ""}`, answer: () => (product ? html(render(product)) : HTML_NOT_FOUND) };
    },
  };
  return site;
};
