/**
 * An FC2 article page into a record (page-parts.ts reads its parts). The article's id is the
 * record's contentId, the bare number as MetaTube's FC2 provider keeps it (its info by id is
 * the number, so media servers matched through MetaTube find the same id here); the code is
 * FC2-PPV-{id} as src/codes reads it. FC2 is a market of sellers: no maker or label apart from
 * the seller, whom the `by` link names (JavSP: 'by' is closest to a maker); most titles name no
 * performer (a title without one is whole). The cover: the first sample picture where there is
 * one (JavSP and MetaTube's comment: the thumbnail is small), the thumbnail as the small
 * picture. A page that names another article than the one asked is never filed under the
 * asked id (MetaTube errors on a 商品ID row of another id). Pure: no fetching here.
 */
import { type CheerioAPI, load } from "cheerio";
import { parseCode } from "../../codes/index.js";
import type { IngestRecord } from "../../model/record.js";
import { encodeSourceId, ProviderParseError } from "../errors.js";
import { titleRecord } from "../record.js";
import { siteUrl } from "../site-url.js";
import { articleTitle, namedIds, registered, runningTime, runtimeOf, saleDay, samplePictures, sellerName, stars, tagNames, thumbSrc } from "./page-parts.js";

export const PROVIDER = "fc2";
export const SITE = "FC2";

/** An article id: digits, as FC2's URLs and MetaTube's ids write it. */
export const ARTICLE_ID = /^\d{1,9}$/;

/** The record's page: the article's own address (its og:url). */
export const articlePageUrl = (baseUrl: string, id: string): string => `${baseUrl}/article/${encodeSourceId(PROVIDER, id)}/`;

/** The address asked: the Japanese page (the page's own hreflang="ja" link), whatever language FC2 would pick for the client. */
export const articleUrl = (baseUrl: string, id: string): string => `${articlePageUrl(baseUrl, id)}?lang=ja`;

/** The code of an article id: FC2-PPV-{id}. */
export function dvdIdOf(id: string): string {
  return parseCode(`FC2-PPV-${id}`)?.dvdId ?? `FC2-PPV-${id}`;
}

/**
 * The record of article `id` from its page, with its description where it was read. A page
 * with no title, naming another article, or whose record fails validation is a
 * ProviderParseError.
 */
export function parseArticlePage(html: string, baseUrl: string, id: string, description: string | null = null): IngestRecord {
  return readArticle(load(html), baseUrl, id, description);
}

/** parseArticlePage of a page already loaded (fetch.ts reads its description's iframe first). */
export function readArticle($: CheerioAPI, baseUrl: string, id: string, description: string | null = null): IngestRecord {
  const pageUrl = articlePageUrl(baseUrl, id);
  const url = (href: string | undefined) => siteUrl(baseUrl, pageUrl, href);
  const other = namedIds($).find((x) => x !== id);
  if (other !== undefined) throw new ProviderParseError(PROVIDER, `article ${id}: the page is article ${other}'s`);
  const title = articleTitle($);
  if (title === "") throw new ProviderParseError(PROVIDER, `article ${id}: no title on the page`);

  const samples = samplePictures($)
    .map((s) => ({ full: url(s.full), thumb: url(s.thumb) }))
    .filter((s): s is { full: string; thumb: string | null } => s.full !== null);
  const galleryFull = [...new Set(samples.map((s) => s.full))];
  const galleryThumb = galleryFull.map((full) => samples.find((s) => s.full === full)?.thumb ?? full);
  const thumb = url(thumbSrc($));
  const seller = sellerName($);
  const rating = stars($);
  return titleRecord({
    provider: PROVIDER,
    what: `article ${id}`,
    record: {
      contentId: id,
      dvdId: dvdIdOf(id),
      titleJa: title,
      commentJa: description,
      runtimeMins: runtimeOf(runningTime($)) ?? 0,
      releaseDate: saleDay($) ?? "",
      makers: seller === null ? [] : [seller],
      categories: tagNames($),
      jacketFullUrl: galleryFull[0] ?? thumb ?? "",
      jacketThumbUrl: thumb ?? galleryThumb[0] ?? "",
      site: SITE,
      extra: { galleryFull, galleryThumb },
    },
    pageUrl,
    ratingAvg: rating?.avg ?? null,
    ratingCount: rating?.count ?? null,
    popularity: registered($),
  });
}
