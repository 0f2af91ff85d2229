/**
 * Tokyo-Hot's pages in the simulator, in the markup its scrapers read (MetaTube's
 * provider/tokyo-hot and the others test/fixtures/tokyo-hot/README.md names): the product page
 * in Japanese and English (div#main div.contents: the flowplayer, h2, div.sentence,
 * div.infowrapper dl.info, the sample pictures a[rel=cap], one li.package of links) and the list
 * of the search and the product list (ul.list li.detail a.rm, "(作品番号: n1633)", ?page=N links).
 * Made-up titles; only the shape is real.
 */
import { ACTRESSES } from "../../../src/samples/titles/names.js";
import { esc } from "../html-text.js";
import type { SiteTitle } from "../site-titles.js";

/** A title of the simulated shop: its page's id, its product number and the vendor the page names. */
export interface TokyoHotProduct {
  title: SiteTitle;
  /** The id in its URL: the number itself (n1633, s2mbd-002) or a plain shop id (5484). */
  id: string;
  /** 作品番号, in the shop's lowercase spelling. */
  number: string;
  /** レーベル: 東熱 for the shop's own titles. */
  vendor: string;
  /** Its page links a jacket and a package picture (older pages show the player's poster alone). */
  packaged: boolean;
}

const CDN = "https://my.cdn.tokyo-hot.com/media";
export const OWN_VENDOR = "東熱";

function page(title: string, main: string, lang: "ja" | "en" = "ja"): string {
  return `<!DOCTYPE html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<title>${esc(title)} | 東京熱 Tokyo-Hot</title>
</head>
<body>
<div id="container">
<div id="header"><h1><a href="/index?lang=${lang}">Tokyo-Hot</a></h1></div>
<div id="main">
${main}
</div>
</div>
</body>
</html>
`;
}

const link = (href: string, text: string) => `<a href="${esc(href)}">${esc(text)}</a>`;
const entry = (label: string, dd: string) => `<dt>${label}</dt>\n<dd>${dd}</dd>`;
const query = (type: string, value: string) => `/product/?type=${type}&filter=${encodeURIComponent(value)}`;

/** The genres the page lists as プレイ内容, the rest as タグ. */
export function splitGenres(p: TokyoHotProduct): { play: string[]; tags: string[] } {
  const names = p.title.genres.map((g) => g.ja);
  const cut = Math.ceil(names.length / 2);
  return { play: names.slice(0, cut), tags: names.slice(cut) };
}

/** HH:MM:SS of a running time in minutes. */
export function clock(minutes: number): string {
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(Math.floor(minutes / 60))}:${two(minutes % 60)}:00`;
}

/** The sample pictures of a product: [full, thumb] each, on the CDN (a space in the path, as real ones have). */
export function capPictures(p: TokyoHotProduct): [string, string][] {
  return Array.from({ length: p.title.gallery }, (_, i) => {
    const dir = `${CDN}/${p.id}/scap/${p.number} 1280x720/${String(i + 1).padStart(3, "0")}`;
    return [`${dir}/640x480_wlimited.jpg`, `${dir}/150x150_default.jpg`];
  });
}

export const posterOf = (p: TokyoHotProduct) => `${CDN}/${p.id}/list_image/${p.number}/820x462_default.jpg`;
export const sampleOf = (p: TokyoHotProduct) => `${CDN}/samples/${p.id}.mp4`;
export const jacketOf = (p: TokyoHotProduct) => `${CDN}/${p.id}/jacket/${p.number}.jpg`;
export const packageOf = (p: TokyoHotProduct) => `${CDN}/${p.id}/package/_v.jpg`;

/** The shop's id of a performer, the same on both languages' pages (/cast/N/). */
const castId = (a: SiteTitle["actresses"][number]): number => 5000 + ACTRESSES.indexOf(a);

/** The text lines of a description as div.sentence writes them, or nothing. */
const sentenceOf = (text: string | null): string => (text === null ? "" : `<div class="sentence">${text.split("\n").map(esc).join("<br />\n")}</div>\n`);

/** The page's player, heading, description, info list, pictures and package links. */
function contents(p: TokyoHotProduct, title: string, description: string | null, info: string[]): string {
  const t = p.title;
  const caps = capPictures(p).map(([full, thumb]) => `<a href="${esc(full)}" rel="cap"><img src="${esc(thumb)}" alt=""></a>`);
  const source = t.sample ? `\n<source src="${sampleOf(p)}" type="video/mp4">` : "";
  // One li.package holding the jacket's and the package pictures' links, as Javinizer recorded it (its parent is not on record).
  const packages = p.packaged
    ? `<ul>\n<li class="package">\n<a href="${esc(jacketOf(p))}"><img src="https://my.cdn.tokyo-hot.com/static/images/package.png" alt="Jacket" width="48" height="43"><br>Jacket</a>\n<a href="${esc(packageOf(p))}"></a>\n<a href="${esc(packageOf(p).replace("_v.jpg", "_vb.jpg"))}"></a>\n</li>\n</ul>\n`
    : "";
  return `<div class="contents">
<div class="flowplayer" data-ratio="0.5625">
<video poster="${esc(posterOf(p))}">${source}
</video>
</div>
<h2>${esc(title)}</h2>
${sentenceOf(description)}<div class="infowrapper">
<dl class="info">
${info.join("\n")}
</dl>
</div>
${caps.length > 0 ? `<div class="scap">\n${caps.join("\n")}\n</div>\n` : ""}${packages}</div>`;
}

export function renderProductPage(p: TokyoHotProduct): string {
  const t = p.title;
  const { play, tags } = splitGenres(p);
  const cast = t.actresses.length > 0 ? t.actresses.map((a) => link(`/cast/${castId(a)}/`, a.ja)).join(" ") : "不明";
  const info = [
    entry("出演者", cast),
    entry("プレイ内容", play.map((g) => link(query("play", g), g)).join(" ")),
    ...(tags.length > 0 ? [entry("タグ", tags.map((g) => link(query("tag", g), g)).join(" "))] : []),
    ...(t.series ? [entry("シリーズ", link(query("genre", t.series.ja), t.series.ja))] : []),
    entry("レーベル", link(`/product/?vendor=${encodeURIComponent(p.vendor)}`, p.vendor)),
    entry("配信開始日", t.day.replaceAll("-", "/")),
    entry("収録時間", clock(t.runtimeMins)),
    entry("作品番号", esc(p.number)),
  ];
  return page(t.titleJa, contents(p, t.titleJa, t.descJa, info));
}

/**
 * The product's English page (?lang=en). Its labels are those the English pages' readers look
 * for (Model, Play, Series, Release Date, Duration, Product ID); the tag and label rows, whose
 * English labels are not on record, are left out. A title with no English shows its Japanese
 * text there (made up: what the shop shows then is not on record).
 */
export function renderEnglishPage(p: TokyoHotProduct): string {
  const t = p.title;
  const cast = t.actresses.length > 0 ? t.actresses.map((a) => link(`/cast/${castId(a)}/`, a.en)).join(" ") : "Unknown";
  const info = [
    entry("Model", cast),
    entry(
      "Play",
      splitGenres(p)
        .play.map((g) => link(query("play", g), t.genres.find((x) => x.ja === g)?.en ?? g))
        .join(" "),
    ),
    ...(t.series ? [entry("Series", link(query("genre", t.series.en), t.series.en))] : []),
    entry("Release Date", t.day.replaceAll("-", "/")),
    entry("Duration", clock(t.runtimeMins)),
    entry("Product ID", esc(p.number)),
  ];
  const title = t.titleEn ?? t.titleJa;
  return page(title, contents(p, title, t.titleEn === null ? t.descJa : t.descEn, info), "en");
}

function listItem(p: TokyoHotProduct): string {
  const cast = p.title.actresses.map((a) => esc(a.ja)).join(" ") || "不明";
  return `<li class="detail">
<a href="/product/${esc(p.id)}/" class="rm"><img src="${CDN}/${esc(p.id)}/list_image/${esc(p.number)}/220x124_default.jpg" alt="${esc(p.number)}" title="${esc(p.number)}" />
<div class="description2">
<div class="title">${esc(p.title.titleJa)}</div>
<div class="actor">${cast}<br />(作品番号: ${esc(p.number)})</div>
<div class="text">${esc(p.title.descJa?.split("\n")[0] ?? "")}</div>
</div>
</a>
</li>`;
}

/** A list page (search answer or product list): its products, and ?page=N links to its neighbours and the last page. */
export function renderListPage(products: readonly TokyoHotProduct[], pageNo: number, pages: number, params: string): string {
  const href = (n: number) => `?${params}page=${n}&lang=ja`;
  const pager: string[] = [];
  if (pageNo > 1) pager.push(`<li class="prev">${link(href(pageNo - 1), "前へ")}</li>`);
  for (let n = Math.max(1, pageNo - 2); n <= Math.min(pages, pageNo + 2); n++)
    pager.push(n === pageNo ? `<li class="current">${n}</li>` : `<li>${link(href(n), String(n))}</li>`);
  if (pageNo < pages) pager.push(`<li class="next">${link(href(pageNo + 1), "次へ")}</li>`);
  const end = pageNo < pages ? `\n<p class="naviend">${link(href(pages), "最後")}</p>` : "";
  return page(
    "全動画リスト",
    `<ul class="list slider cf">
${products.map(listItem).join("\n")}
</ul>
<div class="navi">
<ul class="pager">
${pager.join("\n")}
</ul>${end}
</div>`,
  );
}
