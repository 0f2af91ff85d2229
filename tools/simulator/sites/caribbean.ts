/**
 * Caribbeancom and Caribbeancom Premium in the simulator: their title pages
 * (`/moviepages/<id>/index.html`) and their listings of all titles, newest first, in the
 * sites' format and encoding (EUC-JP; Caribbeancom says so in the content type and the
 * page, Premium in the page alone), over titles of site-titles.ts. The markup is the one
 * test/fixtures/caribbean/README.md traces to the public scrapers; an unknown id is the
 * sites' own 404 page. Made-up titles: only the shape is real.
 */
import type { SimAnswer, SimSite, SiteFactory, SiteOptions } from "../site.js";
import { type SiteTitle, siteTitles } from "../site-titles.js";

interface CaribbeanSimSpec {
  name: "caribbeancom" | "caribbeancompr";
  separator: "-" | "_";
  /** The listing's path of page `n`, and the pattern that reads `n` back. */
  listing: { path: (n: number) => string; pattern: RegExp };
  premium: boolean;
}

/** Titles per page of the listing. */
export const CARIBBEAN_LISTING_SIZE = 30;
/** Pictures of a title's gallery anyone may see; the rest are members' (under /member/). */
export const CARIBBEAN_FREE_PICTURES = 4;
/** Premium sells other studios' titles too: every fourth names its studio, one of these. */
export const CARIBBEAN_PR_STUDIOS = ["スカイハイエンターテインメント", "レッドホットコレクション", "キャットウォーク"] as const;

const CHARSET = "euc-jp";

const esc = (s: string): string => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The site's id of a title: its day as MMDDYY, the separator, its number of the day. */
export function caribbeanId(t: SiteTitle, separator: "-" | "_"): string {
  const [y, m, d] = t.day.split("-");
  return `${m}${d}${y.slice(2)}${separator}${String(t.ofDay).padStart(3, "0")}`;
}

/** The studio a Premium title names, or null (the page then names none). */
export function caribbeanPrStudio(t: SiteTitle): string | null {
  return t.index % 4 === 0 ? CARIBBEAN_PR_STUDIOS[(t.index / 4) % CARIBBEAN_PR_STUDIOS.length] : null;
}

const hms = (mins: number): string => `${String(Math.floor(mins / 60)).padStart(2, "0")}:${String(mins % 60).padStart(2, "0")}:00`;

function head(spec: CaribbeanSimSpec, title: string, script: string): string {
  const siteName = spec.premium ? "無修正動画 カリビアンコムプレミアム" : "無修正アダルト動画 カリビアンコム";
  return `<!DOCTYPE html>
<html lang="ja">
<head>
<meta http-equiv="Content-Type" content="text/html; charset=EUC-JP">
<title>${esc(title)} | ${siteName}</title>
${script}</head>
<body>
<header class="header"><ul class="nav-menu"><li><a href="${spec.listing.path(1)}">全動画</a></li></ul></header>
`;
}

function movieScript(spec: CaribbeanSimSpec, t: SiteTitle, id: string): string {
  const host = spec.premium ? "smovie.caribbeancompr.com" : "smovie.caribbeancom.com";
  const url = (file: string) => (t.sample ? `https://${host}/sample/movies/${id}/${file}` : "");
  const movie = {
    movie_id: id,
    has_gallery: t.gallery > 0 ? "1" : "0",
    sample_flash_exists: t.sample ? "1" : "0",
    sample_flash_url: url("480p.mp4"),
    sample_m_flash_exists: t.sample ? "1" : "0",
    sample_m_flash_url: url("sample_m.mp4"),
    sampleexclude_flag: "0",
  };
  // PHP's json_encode escapes slashes; the pages carry the object so.
  return `<script type="text/javascript">\nvar Movie = ${JSON.stringify(movie).replace(/\//g, "\\/")};\n</script>\n`;
}

function specLine(label: string, content: string, attrs = ""): string {
  return `<li class="movie-spec"><span class="spec-title">${label}</span><span${attrs} class="spec-content">${content}</span></li>\n`;
}

function specs(site: CaribbeanSimSpec, t: SiteTitle): string {
  const pr = site.premium;
  // Premium's links are a.spec-item (Movie Data Capture's caribpr.py), Caribbeancom's a.spec__tag (FSS's test page).
  const link = (href: string, text: string, extra = "") => `<a class="${pr ? "spec-item" : "spec__tag"}"${extra} href="${href}">${esc(text)}</a>`;
  let out = "";
  if (t.actresses.length > 0) {
    const names = t.actresses.map((a, i) =>
      pr
        ? link(`/search_act/${i + 1}/1.html`, a.ja)
        : `<a class="spec__tag" itemprop="actor" itemscope itemtype="http://schema.org/Person" href="/search_act/${i + 1}/1.html"><span itemprop="name">${esc(a.ja)}</span></a>`,
    );
    out += specLine("出演", names.join(" "));
  }
  const day = t.day.replaceAll("-", "/");
  out += pr ? specLine("販売日", day) : specLine("配信日", day, ' itemprop="uploadDate"');
  out += specLine("再生時間", pr ? hms(t.runtimeMins) : `<span itemprop="duration">${hms(t.runtimeMins)}</span>`);
  const studio = pr ? caribbeanPrStudio(t) : null;
  if (studio !== null) out += specLine("スタジオ", link("/listpages/studio_1_1.html", studio));
  if (t.series !== null) out += specLine("シリーズ", link("/series/1/index.html", t.series.ja));
  if (t.genres.length > 0) out += specLine("タグ", t.genres.map((g, i) => link(`/listpages/${i + 1}_1.html`, g.ja, pr ? "" : ' itemprop="genre"')).join(" "));
  if (t.rating !== null) {
    const stars = Math.round(t.rating);
    out += specLine("ユーザー評価", `${"★".repeat(stars)}${"☆".repeat(5 - stars)}`);
  }
  return out;
}

function gallery(t: SiteTitle, id: string): string {
  let items = "";
  for (let i = 1; i <= t.gallery; i++) {
    const n = String(i).padStart(3, "0");
    const free = i <= CARIBBEAN_FREE_PICTURES;
    const href = `${free ? "" : "/member"}/moviepages/${id}/images/l/${n}.jpg`;
    items += `<div class="grid-item"><div class="gallery-ratio"><a href="${href}" class="gallery-image-wrap fancy-gallery" data-is_sample="${free ? 1 : 0}"><img class="gallery-image" src="/moviepages/${id}/images/s/${n}.jpg" alt=""></a></div></div>\n`;
  }
  return items === ""
    ? ""
    : `<div class="movie-gallery" id="sampleexclude">\n<div class="section-title">ギャラリー</div>\n<div class="section"><div class="grid">\n${items}</div></div>\n</div>\n`;
}

/** A title's page, in the site's markup (Premium's heading and description carry no itemprop). */
export function renderCaribbeanTitle(site: CaribbeanSimSpec, t: SiteTitle): string {
  const id = caribbeanId(t, site.separator);
  const poster = site.premium
    ? `var movie_id = '${id}';\nvar posterImage = '/moviepages/'+movie_id+'/images/main_b.jpg';`
    : `var emimg = '/moviepages/${id}/images/l_l.jpg';`;
  const h1 = site.premium ? `<h1>${esc(t.titleJa)}</h1>` : `<h1 itemprop="name">${esc(t.titleJa)}</h1>`;
  const desc = t.descJa === null ? "" : `<p${site.premium ? "" : ' itemprop="description"'}>${esc(t.descJa)}</p>\n`;
  return `${head(site, t.titleJa, movieScript(site, t, id))}<div id="moviepages">
<div class="movie-player"><script type="text/javascript">
${poster}
</script></div>
${site.premium ? '<div class="movie-info"><div class="section is-wide">' : '<div class="movie-info section">'}
<div class="heading">${h1}</div>
${desc}<ul>
${specs(site, t)}</ul>
${site.premium ? "</div></div>" : "</div>"}<!-- /.movie-info -->
${gallery(t, id)}</div>
</body>
</html>
`;
}

/**
 * Page `n` of the listing: its titles as grid cards, and the pagination: `.pagination-item`s
 * whose last, the next page's, is `is-disabled` on the last page (EastSunrise/tools-py), in a
 * `div.pagination-large` with the next page's `a[rel="next"]` (a scrapy spider's reading).
 */
export function renderCaribbeanListing(site: CaribbeanSimSpec, titles: readonly SiteTitle[], n: number): string {
  const last = Math.max(1, Math.ceil(titles.length / CARIBBEAN_LISTING_SIZE));
  const cards = titles.slice((n - 1) * CARIBBEAN_LISTING_SIZE, n * CARIBBEAN_LISTING_SIZE).map((t) => {
    const id = caribbeanId(t, site.separator);
    const href = `/moviepages/${id}/index.html`;
    const day = site.premium ? t.day.replaceAll("-", "/") : t.day;
    const names = t.actresses.map((a) => `<a itemprop="actor" href="/search_act/1/1.html"><span itemprop="name">${esc(a.ja)}</span></a>`).join("");
    return `<div class="grid-item" itemscope itemtype="http://schema.org/VideoObject"><div class="entry">
<div class="media"><a href="${href}"><img class="media-image" itemprop="thumbnail" src="/moviepages/${id}/images/l_l.jpg" alt="${esc(t.titleJa)}"></a></div>
<div class="meta"><div class="meta-title"><a itemprop="url" href="${href}">${esc(t.titleJa)}</a></div><div class="meta-data">${day}</div><div class="meta-name">${names}</div></div>
</div></div>
`;
  });
  const numbers = [...new Set([1, n - 1, n, n + 1, last])].filter((p) => p >= 1 && p <= last).sort((a, b) => a - b);
  const items = numbers.map((p) => `<a class="pagination-item${p === n ? " is-active" : ""}" href="${site.listing.path(p)}">${p}</a>`);
  items.push(
    n < last ? `<a class="pagination-item" rel="next" href="${site.listing.path(n + 1)}">次へ</a>` : `<span class="pagination-item is-disabled">次へ</span>`,
  );
  const pages = items.join("\n");
  return `${head(site, "全動画", "")}<div id="main"><div class="section"><div class="grid">
${cards.join("")}</div></div>
<div class="pagination-large">
${pages}
</div></div>
</body>
</html>
`;
}

const NOT_FOUND_PAGE = `<!DOCTYPE html>
<html lang="ja"><head><meta http-equiv="Content-Type" content="text/html; charset=EUC-JP"><title>ページが見つかりません</title></head>
<body><h1>お探しのページは見つかりませんでした</h1></body></html>
`;

function answerOf(site: CaribbeanSimSpec, status: number, text: string): SimAnswer {
  // Premium's pages declare their charset in the page alone (JavSP's carib.py found no charset in its header).
  return { status, text, contentType: site.premium ? "text/html" : "text/html; charset=EUC-JP", charset: CHARSET };
}

function caribbeanSite(site: CaribbeanSimSpec): SiteFactory {
  return (options: SiteOptions): SimSite => {
    const titles = siteTitles(options.titles, options.seed, site.name);
    const byId = new Map(titles.map((t) => [caribbeanId(t, site.separator), t]));
    const last = Math.max(1, Math.ceil(titles.length / CARIBBEAN_LISTING_SIZE));
    return {
      name: site.name,
      size: titles.length,
      route(req) {
        const title = /^\/moviepages\/([^/]+)\/index\.html$/.exec(req.path);
        if (title) {
          const t = byId.get(title[1]);
          return { name: `${site.name}.title`, answer: () => (t ? answerOf(site, 200, renderCaribbeanTitle(site, t)) : answerOf(site, 404, NOT_FOUND_PAGE)) };
        }
        const listing = site.listing.pattern.exec(req.path);
        if (listing) {
          const n = Number(listing[1]);
          const found = n >= 1 && n <= last;
          return {
            name: `${site.name}.listing`,
            answer: () => (found ? answerOf(site, 200, renderCaribbeanListing(site, titles, n)) : answerOf(site, 404, NOT_FOUND_PAGE)),
          };
        }
        return null;
      },
    };
  };
}

export const CARIBBEANCOM_SIM: CaribbeanSimSpec = {
  name: "caribbeancom",
  separator: "-",
  listing: { path: (n) => `/listpages/all${n}.htm`, pattern: /^\/listpages\/all(\d+)\.htm$/ },
  premium: false,
};

export const CARIBBEANCOMPR_SIM: CaribbeanSimSpec = {
  name: "caribbeancompr",
  separator: "_",
  listing: { path: (n) => `/listpages/${n}.html`, pattern: /^\/listpages\/(\d+)\.html$/ },
  premium: true,
};

export const caribbeancomSite: SiteFactory = caribbeanSite(CARIBBEANCOM_SIM);
export const caribbeancomprSite: SiteFactory = caribbeanSite(CARIBBEANCOMPR_SIM);
