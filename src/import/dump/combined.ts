import { type JoinedVideo, STAGED_VIDEO_COLUMNS } from "../../catalog/index.js";
import { dumpImageUrl, galleryRange } from "./r18-dump-map.js";

const num = (v: string | null): number | null => (v === null ? null : Number(v));
/** Positions in a video's values (STAGED_VIDEO_COLUMNS order) by column name. */
const V = Object.fromEntries(STAGED_VIDEO_COLUMNS.map((c, i) => [c, i])) as Record<(typeof STAGED_VIDEO_COLUMNS)[number], number>;

/**
 * The JSON r18.dev's `.../combined={content_id}/json` serves for a video, rebuilt from
 * its dump rows (`c`: its derived_video values in STAGED_VIDEO_COLUMNS order): names
 * joined in, image paths made URLs, the gallery expanded from its first/last pair.
 * parseR18Combined then makes the record exactly as a live lookup would.
 */
export function combinedFromStaged(v: JoinedVideo, c: readonly (string | null)[]): Record<string, unknown> {
  const full = galleryRange(c[V.gallery_full_first], c[V.gallery_full_last]);
  const thumb = galleryRange(c[V.gallery_thumb_first], c[V.gallery_thumb_last]);
  const gallery = Array.from({ length: Math.max(full.length, thumb.length) }, (_, i) => ({
    image_full: full[i] ?? null,
    image_thumb: thumb[i] ?? null,
  }));
  return {
    content_id: c[V.content_id],
    dvd_id: c[V.dvd_id],
    title_en: c[V.title_en],
    title_ja: c[V.title_ja],
    comment_en: c[V.comment_en],
    comment_ja: c[V.comment_ja],
    runtime_mins: num(c[V.runtime_mins]),
    release_date: c[V.release_date],
    sample_url: c[V.sample_url],
    maker_id: num(c[V.maker_id]),
    maker_name_en: v.maker?.name_en ?? null,
    maker_name_ja: v.maker?.name_ja ?? null,
    label_id: num(c[V.label_id]),
    label_name_en: v.label?.name_en ?? null,
    label_name_ja: v.label?.name_ja ?? null,
    series_id: num(c[V.series_id]),
    series_name_en: v.series?.name_en ?? null,
    series_name_ja: v.series?.name_ja ?? null,
    jacket_full_url: dumpImageUrl(c[V.jacket_full_url]),
    jacket_thumb_url: dumpImageUrl(c[V.jacket_thumb_url]),
    gallery,
    site_id: num(c[V.site_id]),
    service_code: c[V.service_code],
    actresses: v.actresses.map((a) => ({
      id: num(a.id),
      name_romaji: a.name_romaji,
      name_kanji: a.name_kanji,
      name_kana: a.name_kana,
      image_url: a.image_url,
    })),
    actors: [],
    authors: [],
    histrions: [],
    categories: v.categories.map((g) => ({ id: num(g.id), name_en: g.name_en, name_ja: g.name_ja })),
    directors: v.directors.map((d) => ({
      id: num(d.id),
      name_kanji: d.name_kanji,
      name_kana: d.name_kana,
      name_romaji: d.name_romaji,
    })),
  };
}
