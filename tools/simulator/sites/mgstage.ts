/**
 * MGStage in the simulator, under /mgstage: the product pages (/product/product_detail/{id}/),
 * the search (/search/cSearch.php?search_word=...) and the same search without words, newest
 * first (sort=new, list_cnt 30, 60 or 120 a page, 120 when not said, as the real page offers),
 * narrowed to the titles on sale in a range of days by `sale_start_range=YYYY.MM.DD-YYYY.MM.DD`
 * (both ends included, as the crawlers that ask it a day at a time use it), UTF-8 HTML in the
 * real markup (mgstage-pages.ts). As the real site: a request without the `adc=1` cookie is
 * answered the age check; a product it does not have is redirected (302) to its top page; a list
 * stops short of its end (MGSTAGE_LIST_LIMIT), so that only ranges of days reach every title.
 * Its titles come from site-titles.ts, each given a product id of one of the site's lines in
 * their real spellings: Prestige's labels without digits (ABP, ABW, CHN, SGA), the amateur lines
 * with their maker's digits (259LUXU, 300MIUM, 200GANA, 390JAC) and SIRO without, numbered up
 * from the oldest.
 */
import { parseCode } from "../../../src/codes/index.js";
import { hashInts } from "../../../src/samples/titles/prng.js";
import type { SimAnswer, SimSite, SiteFactory } from "../site.js";
import { type SiteTitle, siteTitles } from "../site-titles.js";
import { AGE_CHECK_PAGE, type MgstageProduct, renderListPage, renderProductPage, TOP_PAGE } from "./mgstage-pages.js";

export type { MgstageProduct } from "./mgstage-pages.js";

const NAME = "mgstage";
/** Titles a list page shows when the request does not say (the real page's selected 120). */
export const MGSTAGE_LIST_COUNT = 120;
const LIST_COUNTS = new Set([30, 60, 120]);
/**
 * The last title any list shows; a page past it lists none, its count line still saying how many
 * match. Where the real site stops paging is not on record, only that the crawlers that take it
 * whole split it by month (sale_start_range) to get past it; here it is low enough that a few
 * hundred titles show it, and above any month's share (three titles a day at most).
 */
export const MGSTAGE_LIST_LIMIT = 150;

/** The lines of the simulated site: share of titles (out of 100), maker's digits, first number, width, maker, its slug, label. */
const LINES = [
  { prefix: "ABP", digits: "", share: 14, start: 600, width: 3, maker: "プレステージ", slug: "prestige", label: "ABP" },
  { prefix: "ABW", digits: "", share: 9, start: 100, width: 3, maker: "プレステージ", slug: "prestige", label: "ABW" },
  { prefix: "CHN", digits: "", share: 7, start: 150, width: 3, maker: "プレステージ", slug: "prestige", label: "CHN" },
  { prefix: "SGA", digits: "", share: 6, start: 80, width: 3, maker: "プレステージ", slug: "prestige", label: "SGA" },
  { prefix: "LUXU", digits: "259", share: 16, start: 1200, width: 4, maker: "ラグジュTV", slug: "luxutv", label: null },
  { prefix: "MIUM", digits: "300", share: 12, start: 700, width: 3, maker: "プレステージプレミアム", slug: "prestigepremium", label: null },
  { prefix: "GANA", digits: "200", share: 12, start: 2500, width: 4, maker: "ナンパTV", slug: "nanpatv", label: null },
  { prefix: "JAC", digits: "390", share: 8, start: 100, width: 3, maker: "Jackson", slug: "jackson", label: null },
  { prefix: "SIRO", digits: "", share: 16, start: 4500, width: 4, maker: "シロウトTV", slug: "shirouto", label: null },
] as const;

function lineOf(seed: number, t: SiteTitle): (typeof LINES)[number] {
  let roll = hashInts(seed, 4099, t.index) % 100;
  for (const l of LINES) {
    if (roll < l.share) return l;
    roll -= l.share;
  }
  return LINES[0];
}

/** The site's products over the titles (newest first, as the titles are). */
export function mgstageProducts(titles: readonly SiteTitle[], seed: number): MgstageProduct[] {
  const next = new Map<string, number>(LINES.map((l) => [l.prefix, l.start]));
  const out: MgstageProduct[] = new Array(titles.length);
  for (let i = titles.length - 1; i >= 0; i--) {
    const t = titles[i];
    const l = lineOf(seed, t);
    const n = next.get(l.prefix)!;
    next.set(l.prefix, n + 1);
    const id = `${l.digits}${l.prefix}-${String(n).padStart(l.width, "0")}`;
    const amateur = l.label === null;
    const roll = hashInts(seed, 6151, t.index);
    out[i] = {
      title: t,
      id,
      code: parseCode(id)?.dvdId ?? id,
      maker: l.maker,
      makerSlug: l.slug,
      label: l.label,
      amateur,
      // An amateur title's one performer is now and then the cell's plain text, as JavSP's reader allows.
      linked: !(amateur && t.actresses.length === 1 && roll % 3 === 0),
      reviews: t.rating === null ? 0 : 1 + (roll % 40),
    };
  }
  return out;
}

const html = (text: string, status = 200): SimAnswer => ({ status, text, contentType: "text/html; charset=UTF-8", charset: "utf-8" });

const hasAgeCookie = (cookie: string | string[] | undefined): boolean => /(?:^|;\s*)adc=1(?:\s*;|$)/.test([cookie ?? ""].flat().join("; "));

const positive = (v: string | null, fallback: number): number => (/^\d+$/.test(v ?? "") && Number(v) > 0 ? Number(v) : fallback);

const RANGE = /^(\d{4})\.(\d{2})\.(\d{2})-(\d{4})\.(\d{2})\.(\d{2})$/;

/** Whether a product went on sale within `sale_start_range` (none asked: every one; one not of its form: none, written, the real answer is not on record). */
function inRange(range: string | null): (p: MgstageProduct) => boolean {
  if (range === null) return () => true;
  const m = RANGE.exec(range);
  if (m === null) return () => false;
  const from = `${m[1]}-${m[2]}-${m[3]}`;
  const to = `${m[4]}-${m[5]}-${m[6]}`;
  return (p) => p.title.day >= from && p.title.day <= to;
}

/** The search: products whose id holds the words (without case), or whose title does; every product for none; within the range of days asked. */
function searchAnswer(products: readonly MgstageProduct[], url: URL): SimAnswer {
  const words = (url.searchParams.get("search_word") ?? "").trim();
  const needle = words.toUpperCase();
  const dated = inRange(url.searchParams.get("sale_start_range"));
  const hits = products.filter((p) => dated(p) && (needle === "" || p.id.includes(needle) || p.title.titleJa.toUpperCase().includes(needle)));
  const perPage = LIST_COUNTS.has(Number(url.searchParams.get("list_cnt"))) ? Number(url.searchParams.get("list_cnt")) : MGSTAGE_LIST_COUNT;
  const pageNo = positive(url.searchParams.get("page"), 1);
  const start = (pageNo - 1) * perPage;
  const shown = hits.slice(start, Math.min(start + perPage, MGSTAGE_LIST_LIMIT));
  return html(renderListPage(shown, pageNo, perPage, hits.length, words));
}

export const mgstageSite: SiteFactory = ({ titles, seed }) => {
  const products = mgstageProducts(siteTitles(titles, seed, NAME), seed);
  const byId = new Map(products.map((p) => [p.id, p]));
  const site: SimSite = {
    name: NAME,
    size: products.length,
    route({ path, url, headers }) {
      const route = (name: string, answer: () => SimAnswer) =>
        hasAgeCookie(headers.cookie) ? { name: `${NAME}.${name}`, answer } : { name: `${NAME}.agecheck`, answer: () => html(AGE_CHECK_PAGE) };
      if (path === "/" || path === "/index.php") return route("top", () => html(TOP_PAGE));
      if (/^\/search\/c?search\.php$/i.test(path)) {
        const words = (url.searchParams.get("search_word") ?? "").trim();
        return route(words === "" ? "list" : "search", () => searchAnswer(products, url));
      }
      const m = /^\/product\/product_detail\/([^/]+)\/?$/.exec(path);
      if (!m) return null;
      let id: string;
      try {
        id = decodeURIComponent(m[1]).toUpperCase();
      } catch {
        return null;
      }
      const product = byId.get(id);
      return route("product", () =>
        product === undefined
          ? { status: 302, text: "", contentType: "text/html; charset=UTF-8", headers: { location: `/${NAME}/` } }
          : html(renderProductPage(product)),
      );
    },
  };
  return site;
};
