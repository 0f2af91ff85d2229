/**
 * IngestRecord -> r18.dev `.../combined={content_id}/json` object, with the 31 keys of
 * the real response (test/fixtures/provider-samples/r18dev/combined-SNIS-217.json) in its order.
 * Japanese names come from `altNames`, read index-aligned with the English names
 * (how the sample generator builds them); a missing one falls back to the English name.
 */
import type { IngestRecord, NameKind } from "../../src/model/record.js";
import { dayOf, stableId } from "./ids.js";
import { nameReading } from "./kana.js";

const ACTRESS_IMAGES = "https://pics.dmm.co.jp/mono/actjpgs/";
/** Words r18.dev masks in `title_en` ("F***"); `title_en_uncensored` keeps them. */
const MASKED = /\b(fuck\w*|cock|pussy|cum|rape\w*|slut\w*)\b/gi;

export interface R18Person {
  id: number;
  name_kana: string;
  name_kanji: string;
  name_romaji: string;
}

export type R18Actress = R18Person & { image_url: string | null };

export interface R18Combined {
  actors: R18Person[];
  actresses: R18Actress[];
  authors: R18Person[];
  categories: { id: number; name_en: string; name_en_is_machine_translation: boolean; name_ja: string }[];
  comment_en: string | null;
  content_id: string;
  directors: R18Person[];
  dvd_id: string;
  gallery: { image_full: string; image_thumb: string }[];
  histrions: R18Person[];
  jacket_full_url: string;
  jacket_thumb_url: string;
  label_id: number;
  label_name_en: string;
  label_name_ja: string;
  maker_id: number | null;
  maker_name_en: string | null;
  maker_name_ja: string | null;
  release_date: string;
  runtime_mins: number;
  sample_url: string | null;
  series_id: number | null;
  series_name_en: string | null;
  series_name_en_is_machine_translation: boolean | null;
  series_name_ja: string | null;
  service_code: string;
  site_id: number;
  title_en: string;
  title_en_is_machine_translation: boolean;
  title_en_uncensored: string;
  title_ja: string;
}

function alt(r: IngestRecord, kind: NameKind, i: number, fallback: string): string {
  return r.altNames[kind]?.[i] ?? fallback;
}

function person(r: IngestRecord, kind: NameKind, name: string, i: number, base: number): R18Person {
  return { id: stableId(`${kind}:${name}`, base, 900_000), name_kana: nameReading(name), name_kanji: alt(r, kind, i, name), name_romaji: name };
}

/** The file name under the actress-image folder, as r18.dev sends it; other URLs stay whole. */
function actressImage(url: string | null): string | null {
  if (url === null) return null;
  return url.startsWith(ACTRESS_IMAGES) && !url.slice(ACTRESS_IMAGES.length).includes("/") ? url.slice(ACTRESS_IMAGES.length) : url;
}

export function maskTitle(title: string): string {
  return title.replace(MASKED, (w) => w[0] + "*".repeat(w.length - 1));
}

export function renderR18(r: IngestRecord): R18Combined {
  const d = r.record;
  const maker = d.makers[0] ?? null;
  const images = new Map(d.extra.actressesRich.map((a) => [a.name, a.image]));
  const gallery = d.extra.galleryFull.map((full, i) => ({ image_full: full, image_thumb: d.extra.galleryThumb[i] ?? full }));
  const people = (kind: NameKind, names: string[], base: number) => names.map((n, i) => person(r, kind, n, i, base));
  return {
    actors: people("actor", d.actors, 100_000),
    actresses: d.actresses.map((n, i) => ({
      id: stableId(`actress:${n}`, 1_000_000, 900_000),
      image_url: actressImage(images.get(n) ?? null),
      name_kana: nameReading(n),
      name_kanji: alt(r, "actress", i, n),
      name_romaji: n,
    })),
    authors: people("author", d.authors, 200_000),
    categories: d.categories.map((c, i) => ({
      id: stableId(`genre:${c}`, 1000, 9000),
      name_en: c,
      name_en_is_machine_translation: false,
      name_ja: alt(r, "genre", i, c),
    })),
    comment_en: d.commentEn,
    content_id: d.contentId,
    directors: people("director", d.directors, 100_000),
    dvd_id: d.dvdId,
    gallery,
    histrions: [],
    jacket_full_url: d.jacketFullUrl,
    jacket_thumb_url: d.jacketThumbUrl,
    label_id: stableId(`label:${d.label}`, 1000, 9000),
    label_name_en: d.label,
    label_name_ja: alt(r, "label", 0, d.label),
    maker_id: maker === null ? null : stableId(`maker:${maker}`, 1000, 9000),
    maker_name_en: maker,
    maker_name_ja: maker === null ? null : alt(r, "maker", 0, maker),
    release_date: dayOf(d.releaseDate),
    runtime_mins: d.runtimeMins,
    sample_url: d.extra.sampleUrl,
    series_id: d.series === null ? null : stableId(`series:${d.series}`, 200_000, 800_000),
    series_name_en: d.series,
    series_name_en_is_machine_translation: d.series === null ? null : false,
    series_name_ja: d.series === null ? null : alt(r, "series", 0, d.series),
    service_code: d.serviceCode,
    site_id: 2,
    title_en: maskTitle(d.titleEn),
    title_en_is_machine_translation: false,
    title_en_uncensored: d.titleEn,
    title_ja: d.titleJa,
  };
}
