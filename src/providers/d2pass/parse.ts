/**
 * A D2Pass title's details (`/dyn/phpauto/movie_details/movie_id/{id}.json`, and each row of the
 * listing, which has the same keys) as a validated record. The fields and their readings follow
 * metatube-sdk-go's provider/1pondo/core/core.go; real responses are in test/fixtures/d2pass/.
 */
import { parseCode } from "../../codes/index.js";
import type { IngestRecord, NameKind } from "../../model/record.js";
import { calendarDay, isObject, list, num, str, type JsonObject } from "../coerce.js";
import { encodeSourceId, ProviderParseError } from "../errors.js";
import { titleRecord } from "../record.js";
import { siteUrl } from "../site-url.js";
import type { Pictures } from "./gallery.js";
import { englishOf, genres, performers } from "./names.js";
import type { D2PassSite } from "./site.js";

export const detailsPath = (id: string) => `/dyn/phpauto/movie_details/movie_id/${id}.json`;
export const titlePageUrl = (baseUrl: string, id: string) => `${baseUrl}/movies/${id}/`;

/** The API's own "no such title" on a 200: JSON `null` or an empty object. */
export function isNoTitle(json: unknown): boolean {
  return json === null || (isObject(json) && Object.keys(json).length === 0);
}

const kindOf = (v: unknown): string => (v === null ? "null" : Array.isArray(v) ? "an array" : typeof v);

/** The details object and its movie id; anything else is no title of the site. */
export function detailsOf(json: unknown, site: D2PassSite): { details: JsonObject; id: string } {
  if (!isObject(json)) throw new ProviderParseError(site.name, `movie_details: expected a JSON object, got ${kindOf(json)}`);
  const id = str(json.MovieID);
  if (id === null) throw new ProviderParseError(site.name, "movie_details: MovieID missing");
  return { details: json, id };
}

/** The text as the site wrote it, its Windows line ends made plain. */
function text(v: unknown): string | null {
  return str(typeof v === "string" ? v.replace(/\r\n?/g, "\n") : v);
}

/** A series name; the text "null" some records carry stands for none (FSS's d2passutil drops it in Series and SeriesEn). */
function seriesName(v: unknown): string | null {
  const s = text(v);
  return s === null || s.toLowerCase() === "null" ? null : s;
}

/** The largest sample file (the best quality), as MetaTube picks it. */
function sampleOf(v: unknown): unknown {
  const files = list(v).filter(isObject);
  let best: JsonObject | null = null;
  for (const f of files) if (str(f.URL) !== null && (best === null || (num(f.FileSize) ?? 0) > (num(best.FileSize) ?? 0))) best = f;
  return best?.URL;
}

/** AvgRating on a scale of 5; 0 (no reviews) or anything above 5 is no rating (MetaTube keeps only <= 5). */
function ratingOf(v: unknown): number | null {
  const n = num(v);
  return n !== null && n > 0 && n <= 5 ? n : null;
}

/** Seconds to whole minutes. */
function minutesOf(v: unknown): number {
  const seconds = num(v);
  return seconds !== null && seconds > 0 ? Math.round(seconds / 60) : 0;
}

/**
 * The record of a title's details and its pictures (gallery.ts). A details object that is no
 * record (no title in either language, say) is a ProviderParseError, never a "no match".
 */
export function parseD2PassDetails(json: unknown, site: D2PassSite, baseUrl: string, gallery: Pictures): IngestRecord {
  const { details: d, id } = detailsOf(json, site);
  const jsonUrl = baseUrl + detailsPath(encodeSourceId(site.name, id));
  const url = (v: unknown) => siteUrl(baseUrl, jsonUrl, str(v));
  // The thumbnails usually name one picture (the landscape jacket); MovieThumb is the small one.
  const jacket = [d.ThumbUltra, d.ThumbHigh, d.ThumbMed, d.ThumbLow].map(url).find((u) => u !== null) ?? null;
  const small = url(d.MovieThumb);
  const cast = performers(d);
  const tags = genres(d);
  const seriesJa = seriesName(d.Series);
  const seriesEn = seriesName(d.SeriesEn);

  const altNames: Partial<Record<NameKind, string[]>> = {};
  const actressEn = englishOf(cast);
  const genreEn = englishOf(tags);
  if (actressEn.length > 0) altNames.actress = actressEn;
  if (genreEn.length > 0) altNames.genre = genreEn;
  if (seriesJa !== null && seriesEn !== null && seriesEn !== seriesJa) altNames.series = [seriesEn];

  return titleRecord({
    provider: site.name,
    what: `movie_details ${id}`,
    record: {
      contentId: id,
      dvdId: parseCode(id)?.dvdId ?? id,
      titleEn: text(d.TitleEn) ?? "",
      titleJa: text(d.Title) ?? "",
      commentEn: text(d.DescEn),
      commentJa: text(d.Desc),
      runtimeMins: minutesOf(d.Duration),
      releaseDate: calendarDay(d.Release) ?? "",
      makers: [site.maker],
      series: seriesJa ?? seriesEn,
      categories: tags.map((g) => g.ja),
      actresses: cast.map((p) => p.ja),
      jacketFullUrl: jacket ?? small ?? "",
      jacketThumbUrl: small ?? jacket ?? "",
      site: site.siteName,
      extra: { sampleUrl: url(sampleOf(d.SampleFiles)), galleryFull: gallery.full, galleryThumb: gallery.thumb },
    },
    pageUrl: titlePageUrl(baseUrl, encodeSourceId(site.name, id)),
    ratingAvg: ratingOf(d.AvgRating),
    altNames,
  });
}
