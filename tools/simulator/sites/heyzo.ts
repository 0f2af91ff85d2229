/**
 * HEYZO in the simulator, under /heyzo: the title pages (`/moviepages/NNNN/index.html`, UTF-8
 * as the real site serves them), their English pages (en.heyzo.com's same paths, here under
 * `/heyzo/en`: the provider looks for the English pages under `<base>/en` for any base URL but
 * www.heyzo.com's), and
 * the listing of all titles newest first (`/listpages/all_N.html`, 30 a page, a page past the
 * end answered 200 with no cards). Ids are the site's running numbers: the oldest title is
 * 0001. An unknown id is the site's 404 page.
 */
import type { SimAnswer, SimSite, SiteFactory, SiteOptions } from "../site.js";
import { esc } from "../html-text.js";
import { type SiteTitle, siteTitles } from "../site-titles.js";
import { type HeyzoFacts, heyzoFacts, renderHeyzoEn, renderHeyzoJa } from "./heyzo-pages.js";

/** Titles per page of the listing. */
export const HEYZO_LISTING_SIZE = 30;

const NOT_FOUND_PAGE = `<!DOCTYPE html>
<html lang="ja">
<head><meta http-equiv="Content-Type" content="text/html; charset=utf-8" /><title>HEYZO 404 Not Found - 無修正動画 HEYZO</title></head>
<body><div id="wrapper"><h1>お探しのページは見つかりませんでした。</h1></div></body>
</html>
`;

const html = (text: string, status = 200): SimAnswer => ({ status, text, contentType: "text/html; charset=UTF-8" });

/** Page `n` of the listing: its titles as cards, and the number of pages. */
export function renderHeyzoListing(titles: readonly { t: SiteTitle; f: HeyzoFacts }[], n: number): string {
  const last = Math.max(1, Math.ceil(titles.length / HEYZO_LISTING_SIZE));
  const cards = titles.slice((n - 1) * HEYZO_LISTING_SIZE, n * HEYZO_LISTING_SIZE).map(({ t, f }) => {
    const lead = t.actresses[0];
    const day = f.limitedUntil === null ? t.day : `${t.day} ～ ${f.limitedUntil}`;
    const actor = lead === undefined ? "" : `\n<a href="/listpages/actor_1_1.html?sort=pop" class="actor" title="">${esc(lead.ja)}</a>`;
    return `<div class="movie movie358 " data-movie-id="${f.id}">
<a href="/moviepages/${f.id}/index.html"><img class="lazy" src="/images/common/parts/ajax-loader.gif" data-original="/contents/3000/${f.id}/images/thumbnail.jpg" width="358" alt="${esc(lead?.ja ?? "")}" title="${esc(t.titleJa)}" /></a>
<p class="release">公開日: ${day}</p>${actor}
</div>`;
  });
  return `<!DOCTYPE html>
<html lang="ja">
<head><meta http-equiv="Content-Type" content="text/html; charset=utf-8" /><title>全ての動画 - 無修正動画 HEYZO</title></head>
<body>
<div id="wrapper">
<div id="movies">
${cards.join("\n")}
</div><!--movies-->
<div class="list_pagination"><span class="list_pagenow">${n}</span> / <span class="list_pagetotal">${last}</span></div>
</div>
</body>
</html>
`;
}

const TITLE = /^\/(en\/)?moviepages\/(\d{4,5})\/(?:index\.html)?$/;
const LISTING = /^\/listpages\/all_(\d+)\.html$/;

export const heyzoSite: SiteFactory = (options: SiteOptions): SimSite => {
  const titles = siteTitles(options.titles, options.seed, "heyzo").map((t) => ({ t, f: heyzoFacts(t, options.titles) }));
  const byId = new Map(titles.map((x) => [x.f.id, x]));
  return {
    name: "heyzo",
    size: titles.length,
    route(req) {
      const title = TITLE.exec(req.path);
      if (title !== null) {
        const english = title[1] !== undefined;
        return {
          name: english ? "heyzo.en.moviepages" : "heyzo.moviepages",
          answer: () => {
            const found = byId.get(title[2]);
            if (found === undefined || (english && found.t.titleEn === null)) return html(NOT_FOUND_PAGE, 404);
            return html(english ? renderHeyzoEn(found.t, found.f) : renderHeyzoJa(found.t, found.f));
          },
        };
      }
      const listing = LISTING.exec(req.path);
      if (listing !== null) return { name: "heyzo.listpages", answer: () => html(renderHeyzoListing(titles, Number(listing[1]))) };
      return null;
    },
  };
};
