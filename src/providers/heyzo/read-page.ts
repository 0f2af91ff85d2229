/**
 * A HEYZO title page (www.heyzo.com or en.heyzo.com, `/moviepages/NNNN/index.html`, UTF-8)
 * read into its fields, in the order metatube-sdk-go's provider/heyzo trusts them: the table
 * over the structured data for the day, the performers, the series and the rating; the
 * structured data over the heading for the title; the duration script over the structured
 * data's duration. Pure: no URLs are made absolute here (parse.ts does, against the base URL).
 */
import { type CheerioAPI, load } from "cheerio";
import { calendarDay, isObject, list, nonNegInt, num, str, type JsonObject, uniq } from "../coerce.js";
import { oneLine } from "../page-text.js";
import { type Linked, readMovieTable } from "./movie-table.js";
import { fullRuntime, type GalleryPaths, galleryPaths, isoRuntime, pageMovieId, sampleVideo } from "./page-scripts.js";
import { readStructuredData } from "./structured-data.js";

export interface TitlePage {
  /** The ids the page names as its own (its movie id script, og:url, og:image), none where it names none. */
  ownIds: string[];
  title: string | null;
  description: string | null;
  /** The jacket as the page writes it (often `//www.heyzo.com/...`). */
  image: string | null;
  /** YYYY-MM-DD, or null (a title announced for later, 近日公開). */
  day: string | null;
  runtimeMins: number | null;
  actresses: Linked[];
  series: Linked | null;
  categories: Linked[];
  keywords: string[];
  /** The provider the page names (a linked heydouga.com provider, else the structured data's). */
  provider: Linked | null;
  rating: number | null;
  ratingCount: number | null;
  gallery: GalleryPaths;
  sample: string | null;
}

/** Whether a page is a HEYZO title page (and not a maintenance or error page served 200). */
export function isTitlePage(html: string): boolean {
  return /class=["']movieInfo["']/.test(html) || /id=["']movie["']/.test(html);
}

/** The site's own "no such title" page (its title starts "HEYZO 404", as Kingen's crawler knows it). */
export function isNotFoundPage(html: string): boolean {
  return /<title>\s*HEYZO 404/i.test(html);
}

/** "HEYZO-3930 Title" -> "Title": some headings carry the code (JavSP strips it too). */
const withoutCode = (title: string): string => title.replace(/^HEYZO[-_ ]?\d{4,5}\s+/i, "").trim() || title;

/** The heading's first line: the title, before the " - performer" line. */
function headingTitle(heading: string): string | null {
  const first = heading
    .split("\n")
    .map((line) => oneLine(line))
    .find((line) => line !== "");
  return first === undefined ? null : str(first);
}

/** The structured data's performers: an object, a list of them, or a name. */
function actorNames(actor: unknown): Linked[] {
  const names = list(actor).map((a) => (isObject(a) ? str(a.name) : str(a)));
  return names.filter((n): n is string => n !== null).map((name) => ({ name, id: null }));
}

const field = (o: JsonObject | undefined, key: string): unknown => o?.[key];
const inner = (o: JsonObject | undefined, key: string): JsonObject | undefined => {
  const v = o?.[key];
  return isObject(v) ? v : undefined;
};

const named = (name: string | null): Linked | null => (name === null ? null : { name, id: null });

/**
 * The ids a page names as its own: the player's `movieId`, and the title's path in its og:url
 * (`/moviepages/2500/`) and og:image (`/contents/3000/2500/`), the meta tags stash's and
 * MetaTube's readers take from it. Other titles' pictures elsewhere on the page are not asked.
 */
function ownIdsOf($: CheerioAPI, scripts: string): string[] {
  const meta = (property: string): string => $(`meta[property="${property}"]`).attr("content") ?? "";
  return uniq([pageMovieId(scripts), /\/moviepages\/(\d+)\//.exec(meta("og:url"))?.[1], /\/contents\/\d+\/(\d+)\//.exec(meta("og:image"))?.[1]]);
}

/** A rating of 0 (of 0 reviews) is none yet. */
const positive = (n: number | null): number | null => (n !== null && n > 0 ? n : null);

export function readTitlePage(html: string): TitlePage {
  const $ = load(html);
  const scriptTexts = $("script")
    .map((_, s) => $(s).text())
    .get();
  const scripts = scriptTexts.join("\n");
  const ld = readStructuredData(
    $('script[type="application/ld+json"]')
      .map((_, s) => $(s).text())
      .get(),
    scriptTexts,
  );
  const movie = ld?.movie;
  const video = inner(movie, "video");
  const table = readMovieTable($);
  const title = str(field(movie, "name")) ?? headingTitle($("#movie h1").first().text());
  // The scripted object's dateCreated and releasedEvent are one constant for every title; its uploadDate is the day.
  const ldDay =
    calendarDay(field(video, "uploadDate")) ??
    (ld?.scripted ? null : (calendarDay(field(movie, "dateCreated")) ?? calendarDay(field(inner(movie, "releasedEvent"), "startDate"))));
  const aggregate = inner(movie, "aggregateRating");
  const tableRating = positive(table.rating);
  const rating = tableRating ?? positive(num(field(aggregate, "ratingValue")));
  const galleryScript = $("div.sample-images script")
    .map((_, s) => $(s).text())
    .get()
    .join("\n");
  return {
    ownIds: ownIdsOf($, scripts),
    title: title === null ? null : withoutCode(title),
    description: table.memo ?? str(field(movie, "description")),
    image: str(field(movie, "image")) ?? str($('meta[property="og:image"]').attr("content")),
    day: (calendarDay(table.day) ?? ldDay)?.slice(0, 10) ?? null,
    runtimeMins: fullRuntime(scripts) ?? isoRuntime(field(movie, "duration")) ?? isoRuntime(field(video, "duration")),
    actresses: table.actresses.length > 0 ? table.actresses : actorNames(field(movie, "actor")),
    series: table.series,
    categories: table.categories,
    keywords: table.keywords,
    provider: table.provider ?? named(str(field(video, "provider"))),
    rating,
    // The count is the structured data's alone: the table's rating cell gives none a reader has recorded.
    ratingCount: rating === null ? null : nonNegInt(field(aggregate, "reviewCount")),
    gallery: galleryPaths(galleryScript, scripts),
    sample: sampleVideo(scripts),
  };
}
