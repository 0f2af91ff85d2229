/**
 * Our titles in MetaTube's models (metatube-sdk-go model/movie.go and model/actor.go,
 * as the Jellyfin, Emby and Plex plugins read them): snake_case fields, every string
 * present ("" when unknown), arrays never null, dates "YYYY-MM-DD" ("0001-01-01" when
 * unknown: a .NET DateTime's zero), score a number, runtime an integer.
 */
import { bigPictures } from "../../images/big-pictures.js";
import type { DetailedRecord } from "../../model/record.js";
import type { Title } from "../../services/titles/title.js";
import type { Language, TitleNames } from "../../services/titles/title-names.js";
import { metaTubeName } from "../../services/titles/copies.js";
import { homepageOf } from "./provider-names.js";

export type { Language } from "../../services/titles/title-names.js";

/** MetaTube's zero date: what Go's zero time.Time writes, and what .NET reads as DateTime.MinValue. */
export const NO_DATE = "0001-01-01";

export interface MovieSearchResult {
  id: string;
  number: string;
  title: string;
  provider: string;
  homepage: string;
  thumb_url: string;
  cover_url: string;
  score: number;
  actors: string[];
  release_date: string;
}

export interface MovieInfo extends MovieSearchResult {
  summary: string;
  director: string;
  big_thumb_url: string;
  big_cover_url: string;
  preview_video_url: string;
  preview_video_hls_url: string;
  preview_images: string[];
  maker: string;
  label: string;
  series: string;
  genres: string[];
  runtime: number;
}

export interface ActorSearchResult {
  id: string;
  name: string;
  provider: string;
  homepage: string;
  aliases: string[];
  images: string[];
}

export interface ActorInfo extends ActorSearchResult {
  summary: string;
  hobby: string;
  skill: string;
  blood_type: string;
  cup_size: string;
  measurements: string;
  nationality: string;
  height: number;
  birthday: string;
  debut_date: string;
}

/** The text in the language asked for, else in the other one, else "". */
const pick = (lang: Language, ja: string | null, en: string | null): string => (lang === "ja" ? ja || en : en || ja) || "";

/** A title as a search result; `names` are its names in `lang` (services/titles/title-names.ts), as every answer spells them. */
export function movieSearchResult(t: Title, lang: Language, names: TitleNames): MovieSearchResult {
  const r = t.record;
  return {
    id: r.contentId,
    number: r.dvdId,
    title: pick(lang, r.titleJa, r.titleEn),
    provider: metaTubeName(t.provider),
    homepage: homepageOf(t),
    thumb_url: r.jacketThumbUrl,
    cover_url: r.jacketFullUrl,
    // FANZA's review average is 0 to 5, as MetaTube's score.
    score: t.ratingAvg ?? 0,
    actors: names.actresses,
    release_date: r.releaseDate === "" ? NO_DATE : r.releaseDate.slice(0, 10),
  };
}

export function movieInfo(t: Title, lang: Language, names: TitleNames): MovieInfo {
  const r: DetailedRecord = t.record;
  const big = bigPictures(r);
  return {
    ...movieSearchResult(t, lang, names),
    summary: pick(lang, r.commentJa, r.commentEn),
    director: names.directors[0] ?? "",
    // DMM's larger pictures where MetaTube's FANZA provider looks for them (src/images/big-pictures.ts).
    big_thumb_url: big.thumb,
    big_cover_url: big.cover,
    preview_video_url: r.extra.sampleUrl ?? "",
    preview_video_hls_url: "",
    preview_images: r.extra.galleryFull.length > 0 ? r.extra.galleryFull : r.extra.galleryThumb,
    maker: names.makers[0] ?? "",
    label: names.label,
    series: names.series ?? "",
    genres: names.categories,
    runtime: r.runtimeMins,
  };
}

export function actorSearchResult(a: ActorInfo): ActorSearchResult {
  return { id: a.id, name: a.name, provider: a.provider, homepage: a.homepage, aliases: a.aliases, images: a.images };
}
