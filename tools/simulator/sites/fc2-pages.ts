/**
 * FC2 Contents Market's pages in the simulator, in the markup of the real pages in
 * test/fixtures/fc2 (trimmed to what a reader can use: no scripts, icons, reviews or related
 * articles): the article page in its two layouts (2024's items_article_Releasedate and plain
 * `by` item; 2026's three items_article_softDevice rows, 販売日 and 商品ID, and
 * li.items_article_writer), the anti-scraping span in every title, the description widget the
 * page's iframe loads (body > div, as MetaTube reads it: no real capture of it is on record),
 * FC2's "not found" page (the real one trimmed), and a list page (search or newest first) in
 * the cards the public readers take (test/fixtures/fc2/README.md). Made-up titles; only the
 * shape is real.
 */
import { esc } from "../html-text.js";
import type { SiteTitle } from "../site-titles.js";

/** An article of the simulated market. */
export interface Fc2Article {
  title: SiteTitle;
  /** Its article id: 7 digits, higher for newer. */
  id: string;
  /** The seller its `by` link names, and the seller's /users/ slug. */
  seller: { name: string; slug: string };
  /** Delisted from the start: FC2 answers its "not found" page, the listing leaves it out. */
  delisted: boolean;
  /** The page's layout: FC2's of 2024 (the librefanza captures) or of 2026 (OpenAver's). */
  layout: 2024 | 2026;
  /** The junk text of the title's hidden span. */
  junk: string;
  /** Where in the title the hidden span goes. */
  junkAt: number;
  /** Seconds past the minute of its running time (under 30: the minutes are the title's). */
  seconds: number;
  /** Reviews, where it has a rating; 登録数. */
  reviews: number;
  registered: number;
}

const STORAGE = "https://storage201000.contents.fc2.com/file/384";
const THUMBS = "//contents-thumbnail2.fc2.com";

/** The style of FC2's hidden span, as the real pages write it. */
const HIDDEN = "zoom:0.01;color:#fff;width:1px;height:1px;display:inline-block;overflow:hidden;";

const pictureBase = (a: Fc2Article): string => `${STORAGE}/${a.seller.slug.length}${a.id.slice(-5)}`;

/** The thumbnail's src (w276, protocol-relative, as on the real pages). */
export const thumbOf = (a: Fc2Article): string => `${THUMBS}/w276/${pictureBase(a).slice("https://".length)}/cover.jpg`;

/** The sample pictures: [link href, img src] as the page writes them (2026: w1280/w480 thumbnails; 2024: the storage file and a w240 thumbnail). */
export function samplesOf(a: Fc2Article): [string, string][] {
  return Array.from({ length: a.title.gallery }, (_, i) => {
    const file = `${pictureBase(a).slice("https://".length)}/${i + 1}.jpg`;
    return a.layout === 2026 ? [`${THUMBS}/w1280/${file}`, `${THUMBS}/w480/${file}`] : [`https://${file}`, `${THUMBS}/w240/${file}`];
  });
}

/** The running time as the thumbnail writes it: HH:MM:SS, or MM:SS under an hour. */
export function clockOf(a: Fc2Article): string {
  const two = (n: number) => String(n).padStart(2, "0");
  const m = a.title.runtimeMins;
  return m >= 60 ? `${two(Math.floor(m / 60))}:${two(m % 60)}:${two(a.seconds)}` : `${two(m)}:${two(a.seconds)}`;
}

/** The stars the page shows for its rating (items_article_Star0..5), or null without one. */
export const starsOf = (a: Fc2Article): number | null => (a.title.rating === null ? null : Math.round(a.title.rating));

const slash = (day: string) => day.replaceAll("-", "/");

function head(a: Fc2Article, base: string): string {
  const t = a.title.titleJa;
  const title = a.layout === 2026 ? `FC2-PPV-${a.id} ${t} | FC2コンテンツマーケット` : `${t} FC2-PPV-${a.id}`;
  const ld = { "@type": "Product", "@id": `article:${a.id}`, sku: a.id, name: t, productID: a.id, "@context": "http://schema.org/" };
  return `<head><title>${esc(title)}</title><meta charset="UTF-8">
<meta name="keywords" content="${esc(a.seller.name)},${a.title.genres.map((g) => esc(g.ja)).join(",")},動画,FC2コンテンツマーケット,ダウンロード,FC2-PPV-${a.id},FC2PPV,FC2-PPV,FC2 PPV">
<meta property="og:title" content="${esc(title)}"><meta property="og:url" content="${base}/article/${a.id}/"><meta property="og:site_name" content="FC2コンテンツマーケット"><meta property="og:type" content="video">
<link rel="alternate" href="${base}/article/${a.id}/?lang=en" hreflang="en"><link rel="alternate" href="${base}/article/${a.id}/?lang=ja" hreflang="ja">
<script type="application/ld+json">${JSON.stringify(ld).replaceAll("/", "\\/")}</script></head>`;
}

/** The title with its hidden span of junk text, as FC2 serves it. */
const titleHtml = (a: Fc2Article): string => {
  const t = a.title.titleJa;
  return `${esc(t.slice(0, a.junkAt))}<span style="${HIDDEN}">${esc(a.junk)} </span>${esc(t.slice(a.junkAt))}`;
};

function headerInfo(a: Fc2Article): string {
  const stars = starsOf(a);
  const rating =
    stars === null
      ? ""
      : `<li class="items_article_StarA"><a href="/article/${a.id}/review" class="items_article_Stars"><p><span class="items_article_Star${stars}"></span></p><span>${a.reviews}</span></a></li>`;
  const by = `by <a href="https://adult.contents.fc2.com/users/${a.seller.slug}/">${esc(a.seller.name)}</a>`;
  const writer = a.layout === 2026 ? `<li class="items_article_writer">${by}</li>` : `<li>${by}</li>`;
  const tags = a.title.genres
    .map((g) => `<a class="tag tagTag" href="/search/?tag=${encodeURIComponent(g.ja)}" data-tag="${esc(g.ja)}">${esc(g.ja)}</a>`)
    .join("");
  const devices = `<div class="items_article_softDevice"><h3>対応デバイス</h3><ul><li>PC</li><li>iOS</li><li>Android</li></ul></div>`;
  const day =
    a.layout === 2026
      ? `<div class="items_article_softDevice"><p>販売日 : ${slash(a.title.day)}</p></div><div class="items_article_softDevice"><p>商品ID : FC2 PPV ${a.id}</p></div>`
      : `<div class="items_article_Releasedate"><p>販売日 : ${slash(a.title.day)}</p></div>`;
  return `<div class="items_article_headerInfo" data-section="userInfo"><h3>${titleHtml(a)}</h3><ul><li>
登録数 <b>${a.registered.toLocaleString("en-US")}</b></li>${rating}${writer}</ul><section class="items_article_TagArea"><h3>商品タグ</h3><div data-feed-container>${tags}</div></section>${devices}${day}</div>`;
}

/** An article's page (/article/{id}/). */
export function renderArticlePage(a: Fc2Article, base = "https://adult.contents.fc2.com"): string {
  const t = a.title.titleJa;
  const samples = samplesOf(a)
    .map(
      ([href, src], i) =>
        `<li><span>${i + 1}</span><a href="${esc(href)}" data-image-slideshow="sample-images"><img src="${esc(src)}" alt="${esc(t)}"></a></li>`,
    )
    .join("");
  const ac = a.id.split("").reverse().join("").padEnd(32, "0");
  return `<!DOCTYPE html><html lang="ja">${head(a, base)}<body aria-label="tile" aria-busy="false">
<section class="items_article_wrapper z9KsZnYS" id="top"><div class="items_article_left"><section class="items_article_header"><div class="items_article_headerTitle"><section class="items_article_headerTitleInArea"><div class="items_article_MainitemThumb"><span><img src="${esc(thumbOf(a))}" alt="${esc(t)}" title="${esc(t)}"><p class="items_article_info">${clockOf(a)}</p></span></div>${headerInfo(a)}</section></div></section><section class="items_article_SampleImages"><h3>サンプル画像</h3><ul class="items_article_SampleImagesArea" data-feed="sample-images">${samples}</ul></section><section class="items_article_Contents" data-readmore="5000" aria-expanded="true"><h3>商品の説明</h3><iframe src="/widget/article/${a.id}/description?ac=${ac}" frameborder="0" style="width:100%;" scrolling="no" data-iframe-watching="0" data-iframe="description"></iframe></section></div></section>
</body></html>
`;
}

/** The description widget an article's iframe loads: its lines in the body's div. */
export function renderDescription(a: Fc2Article): string {
  const lines = (a.title.descJa ?? "").split("\n").map(esc);
  return `<!DOCTYPE html><html lang="ja"><head><meta charset="utf-8"></head><body><div>${lines.join("<br>\n")}</div></body></html>
`;
}

/** FC2's page for an article it does not have: the real page (notfound-1723985.html) without its scripts, banners and footer. */
export const NOT_FOUND_PAGE = `<!DOCTYPE html><html lang="ja"><head><meta charset="utf-8"><title>お探しの商品が見つかりませんでした | FC2コンテンツマーケット</title><meta name="robots" content="noindex, nofollow"></head><body aria-label="tile" aria-busy="false"><div class="z9KsZnYS"><div class="items_notfound_wp"><div class="items_notfound_header"><img src="https://static.fc2.com/contents/images/notfound/icon_404bg.png"><h3>申し訳ありません、お探しの商品が見つかりませんでした</h3><p>こちらのページは一時的にアクセスできないか、削除された可能性があります。</p><a href="/search/" class="c-btn-202">他の商品を探す</a></div><div class="items_notfound_tag"><h4>今人気のタグで検索</h4><div><a href="/search/?tag=%E7%84%A1%E4%BF%AE%E6%AD%A3">無修正</a><a href="/search/?tag=%E7%B4%A0%E4%BA%BA">素人</a></div></div></div></div></body></html>
`;

function card(a: Fc2Article): string {
  const t = esc(a.title.titleJa);
  return `<div class="c-cntCard-110-f"><div class="c-cntCard-110-f_thumb"><a href="/article/${a.id}/" title="${t}" class="c-cntCard-110-f_thumb_link"><img src="${esc(thumbOf(a).replace("/w276/", "/w360/"))}"><span class="c-cntCard-110-f_thumb_num">${clockOf(a)}</span></a></div><div class="c-cntCard-110-f_indetail"><a class="c-cntCard-110-f_itemName" title="${t}" href="/article/${a.id}/">${t}</a><span class="c-cntCard-110-f_price">2,980 pt</span><span class="c-cntCard-110-f_seller">by <a href="/users/${a.seller.slug}/">${esc(a.seller.name)}</a></span></div></div>`;
}

/** A list page: `articles` of page `n` of `pages`, `total` found, pager links to `href(page)`. */
export function renderListPage(articles: readonly Fc2Article[], n: number, pages: number, total: number, href: (page: number) => string): string {
  const links: string[] = [];
  if (n > 1) links.push(`<a href="${esc(href(n - 1))}">‹ </a>`);
  for (let p = Math.max(1, n - 2); p <= Math.min(pages, n + 2); p++) links.push(p === n ? `<span>${p}</span>` : `<a href="${esc(href(p))}">${p}</a>`);
  if (n < pages) links.push(`<a href="${esc(href(n + 1))}"> ›</a>`);
  return `<!DOCTYPE html><html lang="ja"><head><meta charset="utf-8"><title>検索結果 | FC2コンテンツマーケット</title></head><body>
<div class="search_header"><p>検索結果 ${total}件</p></div>
<section class="search_cntFlexWp">${articles.map(card).join("\n")}</section>
<div class="c-pager-101">${links.join("")}</div>
</body></html>
`;
}
