/**
 * FC2 Contents Market in the simulator, under /fc2: the article pages (/article/{id}/, any
 * query such as ?lang=ja), their description widgets (/widget/article/{id}/description), the
 * search (/search/?q=…) and the listing newest first (/search/?sort=date&order=desc&page=N,
 * 30 cards a page: a reader's page count of the tag search divides by 30), UTF-8 HTML as the
 * real site serves (fc2-pages.ts). Articles are the titles of site-titles.ts with 7-digit ids,
 * higher for newer; a share of them is delisted from the start, and `delist` delists one more
 * while it runs: a delisted or unknown article answers 200 with FC2's "not found" page, as the
 * real site answers a removed one, and the listing and the search leave it out.
 */
import { MAKERS } from "../../../src/samples/titles/labels.js";
import { hashInts } from "../../../src/samples/titles/prng.js";
import { HTML_NOT_FOUND, type SimAnswer, type SimSite, type SiteOptions } from "../site.js";
import { type SiteTitle, siteTitles } from "../site-titles.js";
import { type Fc2Article, NOT_FOUND_PAGE, renderArticlePage, renderDescription, renderListPage } from "./fc2-pages.js";

export type { Fc2Article } from "./fc2-pages.js";

const NAME = "fc2";
/** Cards a list page. */
export const FC2_PAGE_SIZE = 30;
/** The oldest article's id; each newer one is 1 to 40 higher (the market's other articles in between). */
const FIRST_ID = 4_700_001;
/** Out of 100: articles delisted from the start. */
const DELISTED_SHARE = 10;

const JUNK = "abcdefghijklmnopqrstuvwxyz";

/** The market's articles over the titles (newest first, as the titles are). */
export function fc2Articles(titles: readonly SiteTitle[], seed: number): Fc2Article[] {
  const out: Fc2Article[] = new Array(titles.length);
  let id = FIRST_ID;
  for (let i = titles.length - 1; i >= 0; i--) {
    const t = titles[i];
    const h = (k: number) => hashInts(seed, 7717, i, k);
    const maker = MAKERS[h(1) % MAKERS.length];
    const junk = Array.from({ length: 8 + (h(2) % 4) }, (_, k) => (h(10 + k) % 5 === 0 ? "*" : JUNK[h(10 + k) % JUNK.length])).join("");
    out[i] = {
      title: t,
      id: String(id),
      seller: { name: maker.ja, slug: maker.en.toLowerCase().replace(/[^a-z0-9]+/g, "_") },
      delisted: h(3) % 100 < DELISTED_SHARE,
      layout: i < titles.length / 2 ? 2026 : 2024,
      junk: `**${junk}`,
      junkAt: 1 + (h(4) % Math.max(1, t.titleJa.length - 1)),
      seconds: h(5) % 30,
      reviews: 1 + (h(6) % 900),
      registered: h(7) % 3000,
    };
    id += 1 + (h(8) % 40);
  }
  return out;
}

/** The simulated market's article ids, newest first, and which of them are delisted from the start (a library test's file names). */
export function fc2ArticleIds(count: number, seed: number): { id: string; delisted: boolean }[] {
  return fc2Articles(siteTitles(count, seed, NAME), seed).map((a) => ({ id: a.id, delisted: a.delisted }));
}

/** The simulated market: a SimSite that can delist an article while it runs. */
export interface Fc2SimSite extends SimSite {
  readonly articles: readonly Fc2Article[];
  /** Delists an article: from now on its page is FC2's "not found" page and no list shows it. */
  delist(id: string): void;
  /** Whether the article is delisted (from the start or by `delist`). */
  isDelisted(id: string): boolean;
}

const html = (text: string): SimAnswer => ({ status: 200, text, contentType: "text/html; charset=UTF-8", charset: "utf-8" });

/** Page `pageParam` of a list of `found`, linking its pages with `params`. */
function listAnswer(found: readonly Fc2Article[], pageParam: string | null, params: string): SimAnswer {
  const n = /^\d+$/.test(pageParam ?? "") ? Math.max(1, Number(pageParam)) : 1;
  const pages = Math.max(1, Math.ceil(found.length / FC2_PAGE_SIZE));
  const slice = found.slice((n - 1) * FC2_PAGE_SIZE, n * FC2_PAGE_SIZE);
  return html(renderListPage(slice, n, pages, found.length, (p) => `/search/?${params}${p > 1 ? `&page=${p}` : ""}`));
}

/** The site (a SiteFactory, sites.ts): its articles, and a way to delist one while it runs. */
export function fc2Site({ titles, seed }: SiteOptions): Fc2SimSite {
  const articles = fc2Articles(siteTitles(titles, seed, NAME), seed);
  const byId = new Map(articles.map((a) => [a.id, a]));
  const delisted = new Set(articles.filter((a) => a.delisted).map((a) => a.id));
  const listed = () => articles.filter((a) => !delisted.has(a.id));
  const site: Fc2SimSite = {
    name: NAME,
    size: articles.length,
    articles,
    delist: (id) => void delisted.add(id),
    isDelisted: (id) => delisted.has(id),
    route({ path, url }) {
      if (path === "/search/" || path === "/search") {
        const q = url.searchParams.get("q");
        const pageParam = url.searchParams.get("page");
        if (q === null) return { name: `${NAME}.list`, answer: () => listAnswer(listed(), pageParam, "sort=date&order=desc") };
        // The search: an article's number or words of its title.
        const needle = q
          .trim()
          .toLowerCase()
          .replace(/^fc2-ppv-/, "");
        const hits = () => (needle === "" ? [] : listed().filter((a) => a.id === needle || a.title.titleJa.toLowerCase().includes(needle)));
        return { name: `${NAME}.search`, answer: () => listAnswer(hits(), pageParam, `q=${encodeURIComponent(q)}`) };
      }
      const article = /^\/article\/(\d+)\/?$/.exec(path);
      if (article) {
        const a = byId.get(article[1]);
        return { name: `${NAME}.article`, answer: () => html(a === undefined || delisted.has(a.id) ? NOT_FOUND_PAGE : renderArticlePage(a)) };
      }
      const widget = /^\/widget\/article\/(\d+)\/description$/.exec(path);
      if (widget) {
        const a = byId.get(widget[1]);
        return { name: `${NAME}.description`, answer: () => (a === undefined ? HTML_NOT_FOUND : html(renderDescription(a))) };
      }
      return null;
    },
  };
  return site;
}
