/**
 * A HEYZO title as a validated record: its Japanese page (www.heyzo.com/moviepages/NNNN/) read
 * by read-page.ts, and its English page (en.heyzo.com, same path) where there is one, for the
 * English title and the English names of the same performers, categories, series and provider
 * (paired by the site's ids in their links: actor_431 is one performer on both pages).
 */
import { parseCode } from "../../codes/index.js";
import type { IngestRecord, NameKind } from "../../model/record.js";
import { uniq } from "../coerce.js";
import { ProviderParseError } from "../errors.js";
import { titleRecord } from "../record.js";
import { siteUrl } from "../site-url.js";
import type { Linked } from "./movie-table.js";
import { isNotFoundPage, isTitlePage, readTitlePage, type TitlePage } from "./read-page.js";

export const PROVIDER = "heyzo";
/** The record's site, and the maker of a title whose page names no provider (MetaTube's default). */
export const SITE_NAME = "HEYZO";

/** The site's ids: four digits as its URLs write them (0783); five once it passes 9999. */
export const TITLE_ID = /^\d{4,5}$/;

export const titlePath = (id: string): string => `/moviepages/${id}/index.html`;

/** A page as fetched: its text and the address it was read from. */
export interface FetchedPage {
  html: string;
  url: string;
}

/** A cover that is no picture: the lazy loader's spinner, a "no image" stand-in. */
const PLACEHOLDER = /ajax-loader|no_?image|now_?printing/i;

/** Names in the other language of the same things, paired by the site's ids. */
function pairedAlts(ja: readonly Linked[], en: readonly Linked[] | undefined): string[] {
  if (en === undefined) return [];
  return uniq(ja.map((j) => (j.id === null ? undefined : en.find((e) => e.id === j.id)?.name)).filter((n) => !ja.some((j) => j.name === n)));
}

/** A title has one series and one provider: the English page's is the same one's other name. */
function singleAlt(ja: Linked | null, en: Linked | null | undefined): string[] {
  if (ja === null || en == null || en.name === ja.name) return [];
  return ja.id === null || en.id === null || ja.id === en.id ? [en.name] : [];
}

function altNamesOf(ja: TitlePage, en: TitlePage | null, maker: Linked | null): Partial<Record<NameKind, string[]>> {
  const alts: Partial<Record<NameKind, string[]>> = {};
  const put = (kind: NameKind, names: string[]): void => {
    if (names.length > 0) alts[kind] = names;
  };
  put("actress", pairedAlts(ja.actresses, en?.actresses));
  put("genre", pairedAlts(ja.categories, en?.categories));
  put("series", singleAlt(ja.series, en?.series));
  // Only a provider both pages link (the same provider_N): the structured data's "HEYZO" names none.
  const enMaker = en?.provider;
  put("maker", maker?.id != null && enMaker?.id === maker.id && enMaker.name !== maker.name ? [enMaker.name] : []);
  return alts;
}

/**
 * The English page as read, or null where it adds nothing: it is none, the site's 404 page, or
 * not the page of title `id` (its own movie id must be there and be `id`).
 */
function englishOf(en: FetchedPage | null, id: string): TitlePage | null {
  if (en === null || !isTitlePage(en.html) || isNotFoundPage(en.html)) return null;
  const page = readTitlePage(en.html);
  return page.ownIds.length > 0 && page.ownIds.every((x) => x === id) ? page : null;
}

/**
 * The record of title `id` from its pages, or null when the site answers that it has no such
 * title (its 404 page). A page that is no title page at all, or names another title as its own
 * (a movie id, og:url or og:image of another id), is a failure of the source
 * (ProviderParseError), never "no match" nor the other title's record.
 */
export function parseHeyzoTitle(id: string, ja: FetchedPage, en: FetchedPage | null, baseUrl: string): IngestRecord | null {
  if (isNotFoundPage(ja.html)) return null;
  if (!isTitlePage(ja.html)) throw new ProviderParseError(PROVIDER, `${ja.url}: not a title page`);
  const page = readTitlePage(ja.html);
  const other = page.ownIds.find((x) => x !== id);
  if (other !== undefined) throw new ProviderParseError(PROVIDER, `${ja.url}: the page is title ${other}'s, not ${id}'s`);
  const english = englishOf(en, id);
  const url = (href: string | null, from: FetchedPage): string | null => siteUrl(baseUrl, from.url, href);
  const jacket = page.image !== null && !PLACEHOLDER.test(page.image) ? url(page.image, ja) : null;
  // The provider the page links names the maker; "HEYZO" (what the structured data says) is the site's own.
  const maker = page.provider ?? { name: SITE_NAME, id: null };

  const rated = page.rating !== null && page.rating <= 5;
  return titleRecord({
    provider: PROVIDER,
    what: `title ${id}`,
    record: {
      contentId: id,
      dvdId: parseCode(`HEYZO-${id}`)?.dvdId ?? `HEYZO-${id}`,
      titleEn: english?.title ?? "",
      titleJa: page.title ?? "",
      commentEn: english?.description ?? null,
      commentJa: page.description,
      runtimeMins: page.runtimeMins ?? 0,
      releaseDate: page.day === null ? "" : `${page.day}T00:00:00.000Z`,
      makers: [maker.name],
      series: page.series?.name ?? null,
      categories: uniq([...page.categories.map((c) => c.name), ...page.keywords]),
      actresses: page.actresses.map((a) => a.name),
      jacketFullUrl: jacket ?? "",
      jacketThumbUrl: jacket ?? "",
      site: SITE_NAME,
      extra: {
        sampleUrl: url(page.sample, ja),
        galleryFull: uniq(page.gallery.full.map((p) => url(p, ja))),
        galleryThumb: uniq(page.gallery.thumb.map((p) => url(p, ja))),
      },
    },
    pageUrl: `${baseUrl}${titlePath(id)}`,
    ratingAvg: rated ? page.rating : null,
    ratingCount: rated ? page.ratingCount : null,
    altNames: altNamesOf(page, english, page.provider),
  });
}
