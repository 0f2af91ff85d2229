/**
 * HEYZO's title pages in the simulator, Japanese (www.heyzo.com) and English (en.heyzo.com),
 * in the markup test/fixtures/heyzo/README.md traces: the Japanese page with its static
 * ld+json Movie and the classed rows of `table.movieInfo` (公開日, 出演, シリーズ, 評価,
 * 女優タイプ, タグキーワード, p.memo) as metatube-sdk-go and the Python scrapers read them; the
 * English page as the saved 2026 pages are (label-only rows, the Movie built by a script from
 * `var person` and `var aggregateRating`). Made-up titles: only the shape is real.
 */
import { ACTRESSES } from "../../../src/samples/titles/names.js";
import { CATEGORIES, MAKERS, SERIES } from "../../../src/samples/titles/labels.js";
import { esc } from "../html-text.js";
import type { SiteTitle } from "../site-titles.js";
const hms = (mins: number): string => `${String(Math.floor(mins / 60)).padStart(2, "0")}:${String(mins % 60).padStart(2, "0")}:00`;
const iso = (mins: number): string => `PT${Math.floor(mins / 60)}H${mins % 60}M0S`;
const plusDays = (day: string, n: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Pictures of a gallery anyone may see (the rest are members'), as on the saved pages. */
export const HEYZO_FREE_PICTURES = 3;
/** The constant the English pages' script gives every title as its dateCreated (the saved pages' own). */
const SCRIPTED_DATE = "2018-07-28";

/** What a title is on the site beyond site-titles.ts: its ids, its categories and tags, its variations. */
export interface HeyzoFacts {
  id: string;
  /** 女優タイプ (the site's categories, in both languages): the first two genres. */
  types: SiteTitle["genres"];
  /** タグキーワード (Japanese search words only): the other genres. */
  keywords: SiteTitle["genres"];
  /** A heydouga.com provider the page links (every seventh title), else null: the maker is HEYZO. */
  provider: { id: number; ja: string; en: string } | null;
  /** A newer page without the ld+json (every fifth title). */
  noStructuredData: boolean;
  /** A limited title's day is a range (every sixth title). */
  limitedUntil: string | null;
  ratingCount: number;
}

export function heyzoFacts(t: SiteTitle, total: number): HeyzoFacts {
  const maker = MAKERS[t.index % MAKERS.length];
  return {
    id: String(total - t.index).padStart(4, "0"),
    types: t.genres.slice(0, 2),
    keywords: t.genres.slice(2),
    provider: t.index % 7 === 3 ? { id: 4000 + (t.index % MAKERS.length), ja: maker.ja, en: maker.en } : null,
    noStructuredData: t.index % 5 === 2,
    limitedUntil: t.index % 6 === 1 ? plusDays(t.day, 6) : null,
    ratingCount: t.rating === null ? 0 : 1 + ((t.index * 7) % 50),
  };
}

const actorLink = (a: SiteTitle["actresses"][number], text: string): string =>
  `<a href="/listpages/actor_${ACTRESSES.indexOf(a) + 1}_1.html?sort=pop" title="">${text}</a>&nbsp;`;
const categoryLink = (g: SiteTitle["genres"][number], name: string): string =>
  `<a href="/listpages/category_${CATEGORIES.indexOf(g) + 1}_1.html?sort=pop">${esc(name)}</a>`;
const seriesLink = (t: SiteTitle, name: string): string => `<a href="/listpages/series_${SERIES.indexOf(t.series!) + 1}_1.html">${esc(name)}</a>`;
const providerLink = (p: NonNullable<HeyzoFacts["provider"]>, name: string): string =>
  `<a href="https://www.heydouga.com/ja/listpages/provider_${p.id}_1.html" target="_blank">${esc(name)}</a>`;

function dayCell(t: SiteTitle, f: HeyzoFacts): string {
  return f.limitedUntil === null ? t.day : `${t.day}　～　<strong class="flashing">${f.limitedUntil}</strong>`;
}

function scripts(t: SiteTitle, f: HeyzoFacts): string {
  const sample = t.sample ? `\t\tvar emvideo = "//www.heyzo.com/contents/3000/${f.id}/sample_low.mp4";\n` : "";
  return `<script type="text/javascript">
\t\tvar dir_gallery = "";
\t\tif(isLogin()){ dir_gallery = "/member/contents/3000/${f.id}/gallery/"; } else { dir_gallery = "/contents/3000/${f.id}/gallery/"; }
\t\tvar emimg = "//www.heyzo.com/contents/3000/${f.id}/images/player_thumbnail_450.jpg";
${sample}\t\theyzo.duration = function(){
\t\t\tvar o = Object();
\t\t\t\to = {"full":"${hms(t.runtimeMins)}"};
\t\t\treturn o;
\t\t}
\t</script>
<div id="playerContainer"><script type="text/javascript">
\t\t\tvar movieId = '${f.id}';
\t\t\tvar siteID = '3000';
</script></div>
`;
}

/** The gallery's script: every picture for members, the first few linked for visitors (literal paths on the Japanese pages, dir_gallery on the English). */
function gallery(t: SiteTitle, f: HeyzoFacts, literal: boolean): string {
  if (t.gallery === 0) return "";
  const dir = (member: boolean) => (literal ? `${member ? "/member" : ""}/contents/3000/${f.id}/gallery/` : "'+dir_gallery+'");
  const n = (i: number) => String(i).padStart(3, "0");
  const link = (i: number, member: boolean) =>
    `\t\tdocument.write('<a class="lightbox" data-gallery="gallery_mobile" href="${dir(member)}${n(i)}.jpg"><img src="${dir(member)}thumbnail_${n(i)}.jpg" /></a>');\n`;
  let members = "";
  let visitors = "";
  for (let i = 1; i <= t.gallery; i++) {
    members += link(i, true);
    visitors += i <= HEYZO_FREE_PICTURES ? link(i, false) : `\t\tdocument.write('<img src="${dir(false)}thumbnail_${n(i)}.jpg" />');\n`;
  }
  return `<section id="section_gallery"><div class="sample-images yoxview"><script type="text/javascript">
\tif (is_preview == 1) {
\t\t$('#section_gallery').remove();
\t} else if(isLogin()) {
${members}\t} else {
${visitors}\t}
</script></div></section>
`;
}

function structuredData(t: SiteTitle, f: HeyzoFacts): string {
  const image = `//www.heyzo.com/contents/3000/${f.id}/images/player_thumbnail.jpg`;
  const movie = {
    "@context": "http://schema.org",
    "@type": "Movie",
    name: t.titleJa,
    image,
    actor: t.actresses.map((a) => ({ "@type": "Person", name: a.ja })),
    description: t.descJa ?? "",
    duration: iso(t.runtimeMins),
    dateCreated: t.day,
    releasedEvent: { "@type": "PublicationEvent", startDate: t.day },
    video: { "@type": "VideoObject", duration: iso(t.runtimeMins), uploadDate: t.day, provider: "HEYZO" },
    aggregateRating: { "@type": "AggregateRating", ratingValue: "", bestRating: "5", reviewCount: String(f.ratingCount) },
  };
  return `<script type="application/ld+json">\n${JSON.stringify(movie, null, "\t")}\n</script>\n`;
}

const row = (cls: string, label: string, value: string): string => `<tr class="${cls}"><td>${label}</td><td>\n${value}\n</td></tr>\n`;

/** A title's Japanese page. */
export function renderHeyzoJa(t: SiteTitle, f: HeyzoFacts): string {
  const rating = t.rating === null ? "0.0" : t.rating.toFixed(1);
  let rows = row("table-release-day", "公開日", dayCell(t, f));
  rows += row("table-actor", "出演", t.actresses.map((a) => actorLink(a, `<span>${esc(a.ja)}</span>`)).join("\n"));
  rows += row("table-series", "シリーズ", t.series === null ? "-----" : seriesLink(t, t.series.ja));
  // The Japanese label of the provider's row is not on record (the English pages' is "Provider"); the link is what is read.
  if (f.provider !== null) rows += row("table-provider", "提供", providerLink(f.provider, f.provider.ja));
  // The cell as JavSP and MetaTube read it: the value alone is marked; its count is the structured data's.
  rows += row("table-estimate", "評価", `<span itemprop="ratingValue">${rating}</span>`);
  if (f.types.length > 0) rows += row("table-actor-type", "女優タイプ", f.types.map((g) => `<span>${categoryLink(g, g.ja)}</span>`).join("\n"));
  if (f.keywords.length > 0) {
    const items = f.keywords.map((g) => `<li><a href="/search/${encodeURIComponent(g.ja)}/1.html">${esc(g.ja)}</a></li>`).join("\n");
    rows += row("table-tag-keyword-big", "タグキーワード", `<ul class="tag-keyword-list">\n${items}\n</ul>`);
  }
  if (t.descJa !== null) rows += `<tr class="table-memo"><td colspan="2"><p class="memo">${esc(t.descJa)}</p></td></tr>\n`;
  const performers = t.actresses.length > 0 ? `\n\t\t- ${t.actresses.map((a) => esc(a.ja)).join(" ")}` : "";
  return `<!DOCTYPE html>
<html lang="ja">
<head>
<meta http-equiv="Content-Type" content="text/html; charset=utf-8" />
<meta property="og:url" content="//www.heyzo.com/moviepages/${f.id}/index.html" />
<meta property="og:image" content="//www.heyzo.com/contents/3000/${f.id}/images/player_thumbnail.jpg" />
<title>${esc(t.titleJa)} - 無修正動画 HEYZO</title>
</head>
<body>
<div id="wrapper"><article><section>
<div id="movie">
<h1>
\t\t${esc(t.titleJa)}${performers}
</h1>
${f.noStructuredData ? "" : structuredData(t, f)}${scripts(t, f)}<div class="info-bg"><table class="movieInfo"><tbody>
${rows}</tbody></table></div>
</div><!--movie-->
</section>
${gallery(t, f, true)}${t.sample ? `<script type="module">\nsetEcpEmbedMovieBtn("#embed-movie", {\n\tmovie_src: "https://sample.heyzo.com/contents/3000/${f.id}/sample.mp4",\n\tid: "${f.id}"\n});\n</script>\n` : ""}</article></div>
</body>
</html>
`;
}

const enRow = (label: string, value: string): string => `<tr>\n<td>${label}</td>\n<td>\n${value}\n</td>\n</tr>\n`;

/** A title's English page (only for titles with an English title; the others' is the site's 404). */
export function renderHeyzoEn(t: SiteTitle, f: HeyzoFacts): string {
  const titleEn = t.titleEn ?? "";
  let rows = enRow("Released", dayCell(t, f));
  rows += enRow("Actress(es)", t.actresses.map((a) => actorLink(a, esc(a.en))).join("\n"));
  if (t.series !== null) rows += enRow("Series", seriesLink(t, t.series.en));
  if (f.provider !== null) rows += enRow("Provider", providerLink(f.provider, f.provider.en));
  rows += enRow("Review(s)", '<span id="review-value-stars" class="review-value"></span>');
  if (f.types.length > 0) rows += enRow("Type", f.types.map((g) => categoryLink(g, g.en)).join("\n"));
  const person = { "@type": "Person", name: "", image: `//en.heyzo.com/contents/3000/${f.id}/images/thumbnail.jpg` };
  const aggregate = {
    "@type": "AggregateRating",
    ratingValue: t.rating === null ? "0.0" : t.rating.toFixed(1),
    bestRating: "5",
    reviewCount: String(f.ratingCount),
  };
  const image = JSON.stringify(`//en.heyzo.com/contents/3000/${f.id}/images/player_thumbnail_en.jpg`);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta http-equiv="Content-Type" content="text/html; charset=utf-8" />
<title>${esc(titleEn)} - HEYZO</title>
</head>
<body>
<div id="wrapper"><article><section>
<div id="movie">
<h1>
\t\t${esc(titleEn)}${t.actresses.length > 0 ? `\n\t\t- ${t.actresses.map((a) => esc(a.en)).join(" ")}` : ""}
</h1>
${scripts(t, f)}<div class="info-bg"><table class="movieInfo"><tbody>
${rows}</tbody></table></div>
</div><!--movie-->
</section>
${gallery(t, f, false)}<script type="text/javascript">
(function(){
\tfunction create_schemaorg(){
\tvar person = ${JSON.stringify(person)};
\tvar aggregateRating = ${JSON.stringify(aggregate)}
\tvar script = document.createElement("script");
\tscript.setAttribute("type", "application/ld+json");
\tvar movie_obj = {
\t\t"@context": "http://schema.org",
\t\t"@type": "Movie",
\t\t"name": ${JSON.stringify(titleEn)},
\t\t"image":${image},
\t\t"actor":person,
\t\t"duration":"${hms(t.runtimeMins)}",
\t\t"dateCreated":"${SCRIPTED_DATE}",
\t\t"releasedEvent": { "@type": "PublicationEvent", "startDate": "${SCRIPTED_DATE}" },
\t\t"video": { "@type": "VideoObject", "duration":"${hms(t.runtimeMins)}", "uploadDate":"${t.day}", "actor":"", "provider":"HEYZO" },
\t\t"aggregateRating":aggregateRating
\t};
\tscript.innerText = JSON.stringify(movie_obj);
\t}
\twindow.addEventListener("load", create_schemaorg, false);
})();
</script>
</article></div>
</body>
</html>
`;
}
