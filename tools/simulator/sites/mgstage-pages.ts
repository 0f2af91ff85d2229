/**
 * MGStage's pages in the simulator, in the markup of the real pages (test/fixtures/mgstage: the
 * 261ARA-168 product page and the ARA-168 search answer libredmm saved), trimmed to the site's
 * header and the parts its readers take: the product page's `div.common_detail_cover` (h1, the
 * detail photo and #EnlargeImage, the detail table, #introduction, #sample-photo), the search
 * answer's count line and `div.search_list` entries; the top page (the header alone) a product
 * it does not have is redirected to, and an age-check page for a request without the `adc=1`
 * cookie, whose real markup is not on record (written: a page with neither the product's nor the
 * site's marks). Made-up titles; only the shape is real.
 */
import { esc } from "../html-text.js";
import type { SiteTitle } from "../site-titles.js";

/** A title of the simulated site: its product id in the site's spelling and what its page names. */
export interface MgstageProduct {
  title: SiteTitle;
  /** The product id as the site writes it: 259LUXU-1234, ABP-647, SIRO-4718. */
  id: string;
  /** The catalog's code of it (src/codes): the same spelling, the maker's digits kept. */
  code: string;
  /** メーカー, and its search slug (the real menu's image_word_ids: prestige, luxutv, shirouto...). */
  maker: string;
  makerSlug: string;
  /** レーベル, or null (an empty cell, as on the real 261ARA-168 page). */
  label: string | null;
  /** An amateur line (商品発売日 "DVD未発売"). */
  amateur: boolean;
  /** Its performers are links (else its one performer is the cell's plain text). */
  linked: boolean;
  /** Reviews counted beside the rating (0 where the title has none). */
  reviews: number;
}

const IMAGES = "https://image.mgstage.com/images";

/** The picture folder of a product: /images/{maker slug}/{line}/{number}/, as the real pages' pictures are filed. */
function folder(p: MgstageProduct): string {
  const [line, number] = p.id.toLowerCase().split("-");
  return `${IMAGES}/${p.makerSlug}/${line}/${number}`;
}

const lower = (p: MgstageProduct) => p.id.toLowerCase();
export const jacketOf = (p: MgstageProduct): string => `${folder(p)}/pb_e_${lower(p)}.jpg`;
export const thumbOf = (p: MgstageProduct): string => `${folder(p)}/pf_o1_${lower(p)}.jpg`;
/** The sample pictures: [full, thumb] each. */
export const capPictures = (p: MgstageProduct): [string, string][] =>
  Array.from({ length: p.title.gallery }, (_, k) => [`${folder(p)}/cap_e_${k}_${lower(p)}.jpg`, `${folder(p)}/cap_t1_${k}_${lower(p)}.jpg`]);

/** A search id of a name, in the real pages' uuid shape (made up). */
const wordId = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const nameId = (s: string): number => [...s].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 1_000_000_007, 7);
const wordLink = (name: string) => `<a href="/search/search.php?image_word_ids[]=${wordId(nameId(name))}">`;

/** The real pages' head and header, with the search box every page of the site has. */
export function page(title: string, main: string, canonical = ""): string {
  return `<!DOCTYPE HTML>
<html lang="ja">
<head>
    <meta charset="UTF-8" />
    <meta http-equiv="Content-Type" content="text/html; charset=UTF-8" />
    <title>
    ${esc(title)}
</title>
${canonical}</head>
<body id="ppv" >
    <header id="header">
<h1 ><a href="/"></a></h1>
<h2> アダルト動画をストリーミング、またはダウンロード販売！スマートフォンにも対応！</h2>
<div class="head_search">
    <form action="/search/search.php" method="get">
        <div class="head_search_innner">
            <dl>
                <dd><input id="search_input" type="text" name="search_word" class="search_word" value="" autocomplete="off"></dd>
            </dl>
        </div>
    </form>
</div>
    </header><!--//header-->
    <div id="container" class="two_column_leftmenu">
        <article id="center_column">
${main}
        </article><!--//center_column-->
    </div><!--//container-->
</body>
</html>
`;
}

const row = (label: string, cell: string) => `                <tr>
                    <th>${label}：</th>
                    <td>${cell}</td>
                </tr>`;
const linked = (name: string) =>
  `\n                        ${wordLink(name)}\n                            ${esc(name)}\n                        </a>\n                    `;

/** The 評価 cell's star class (the real "star_40_44" for 4.3). */
const stars = (r: number) => {
  const lo = Math.floor(r * 2) * 5;
  return `${lo}_${lo + 4}`;
};

function detailTable(p: MgstageProduct): string {
  const t = p.title;
  const cast = p.linked
    ? t.actresses
        .map(
          (a) =>
            `\n                                ${wordLink(a.ja)}\n                                        ${esc(a.ja)}\n                                    </a>`,
        )
        .join("")
    : t.actresses.map((a) => `\n                                        ${esc(a.ja)}`).join("");
  const day = t.day.replaceAll("-", "/");
  const rating = t.rating === null ? 0 : t.rating;
  const rows = [
    ...(t.actresses.length > 0
      ? [
          `                                    <tr><!-- PPV only -->\n                        <th>出演：</th>\n                        <td>${cast}\n                        </td>\n                    </tr>`,
        ]
      : []),
    row(
      "メーカー",
      `\n                        <a href="/search/search.php?image_word_ids[]=${p.makerSlug}">\n                            ${esc(p.maker)}\n                        </a>\n                    `,
    ),
    row("収録時間", `${t.runtimeMins}min`),
    row("品番", esc(p.id)),
    row("配信開始日", day),
    row("商品発売日", p.amateur ? "DVD未発売" : day),
    row("シリーズ", t.series === null ? "\n                    " : linked(t.series.ja)),
    row("レーベル", p.label === null ? "\n                    " : linked(p.label)),
    row("ジャンル", t.genres.map((g) => linked(g.ja)).join("")),
    row(
      "評価",
      `\n                        <span class="star_${stars(rating)}"></span>${rating.toFixed(1)}\n                        (${p.reviews} 件)\n                    `,
    ).replace("<td>", '<td class="review">'),
  ];
  return `            <table>\n${rows.join("\n")}\n            </table>`;
}

export function renderProductPage(p: MgstageProduct): string {
  const t = p.title;
  const intro = t.descJa === null ? "" : t.descJa.split("\n").map(esc).join("<br>\n");
  const caps = capPictures(p).map(
    ([full, thumb]) => `                        <li>
                            <a class="sample_image" href="${full}">
                                <img src="${thumb}" alt="-sample1">
                            </a>
                        </li>`,
  );
  const main = `<div class="common_detail_cover">
    <h1 class="tag">
        ${esc(t.titleJa)}
    </h1>
    <div class="detail_left">
        <div class="detail_data">
                            <div class="detail_photo">
                    <h2>
                        <img src="${thumbOf(p)}" width="166" height="236" class="enlarge_image" style="cursor:pointer;">
                    </h2>
                    <p id="package">
                        <a id="EnlargeImage" class="link_magnify" href="${jacketOf(p)}" rel="lightbox">画像を拡大する</a>
                    </p>
                </div>
${detailTable(p)}
        </div>
        <dl id="introduction">
            <dt>商品紹介</dt>
            <dd>
                <p class="txt introduction">${intro}</p>
                <p class="more" id="introduction_all">
                    <a href="#">…すべてを見る</a>
                </p>
            </dd>
        </dl>
${caps.length > 0 ? `        <dl id="sample-photo">\n            <dd>\n                <ul>\n${caps.join("\n")}\n                </ul>\n            </dd>\n        </dl>\n` : ""}    </div>
</div>`;
  const canonical = `    <link href="https://www.mgstage.com/product/product_detail/${esc(p.id)}/" rel="canonical" />\n`;
  return page(`「${t.titleJa}」：MGS動画＜プレステージ グループ＞アダルト動画配信サイト`, main, canonical);
}

function listItem(p: MgstageProduct): string {
  const t = p.title;
  const lead = t.actresses[0];
  return `                            <li>
                    <h5>
                        <a href="/product/product_detail/${esc(p.id)}/"><img src="${folder(p)}/pf_t1_${lower(p)}.jpg"></a>
                    </h5>
<a href="/product/product_detail/${esc(p.id)}/">
    <p class="title lineclamp">${esc(t.titleJa)}</p>
</a>
<p class="name">
            ${lead === undefined ? "" : `${wordLink(lead.ja)}${esc(lead.ja)}</a>`}
    </p>
<p class="review">
    <span class="smallstar_${stars(t.rating ?? 0)} smallstaricon"></span>
    ${(t.rating ?? 0).toFixed(1)}
</p>
                                    </li>`;
}

/**
 * A list page (a search answer, or the listing without words): the count line and its products.
 * A page that shows none counts an empty range at its place ("90タイトル中 91～90タイトル").
 */
export function renderListPage(products: readonly MgstageProduct[], pageNo: number, perPage: number, total: number, words: string): string {
  const start = (pageNo - 1) * perPage;
  const first = total === 0 ? 0 : start + 1;
  const last = total === 0 ? 0 : start + products.length;
  const main = `                <div class="search_form">
    <p class="search_text">
                    ${total}タイトル中&nbsp;&nbsp;&nbsp;&nbsp;${first}～${last}タイトル&nbsp;&nbsp;&nbsp;&nbsp;${pageNo}ページ目を表示
            </p>
    <p class="search_list">
        並べ替え：
    </p>
</div>

        <div class="search_list">
    <div class="rank_list">
        <ul>
${products.map(listItem).join("\n")}
                    </ul>
    </div>
</div>`;
  return page(`「${words}」：MGS動画＜プレステージ グループ＞アダルト動画配信サイト`, main);
}

/** The top page: the header, no product, no list (javinizer-go's title of the site's landing page). */
export const TOP_PAGE = page("エロ動画・アダルトビデオ -MGS動画＜プレステージ グループ＞", "");

/** Written: the real age check is not on record. Neither the product's nor the site's marks. */
export const AGE_CHECK_PAGE = `<!DOCTYPE HTML>
<html lang="ja">
<head>
    <meta charset="UTF-8" />
    <title>年齢認証 - MGS動画</title>
</head>
<body>
    <div class="age_check">
        <p>18歳未満の方のアクセスは固くお断りいたします。あなたは18歳以上ですか？</p>
        <ul>
            <li><a href="/">はい</a></li>
        </ul>
    </div>
</body>
</html>
`;
