/**
 * IngestRecord -> DMM Affiliate API v3 ItemList item and envelope, shaped like the
 * real responses in provider-samples/fanza-api. FANZA is Japanese-only: the title,
 * genres, maker, label, series and people are the Japanese names from `altNames`
 * (index-aligned with the English ones, as the sample generator builds them),
 * with kana readings (`ruby`) for people. Every record renders as a digital/videoa
 * item, the floor the provider crawls. Numbers go out as strings where the API
 * sends strings (volume, review average, prices).
 */
import type { IngestRecord, NameKind } from "../../src/model/record.js";
import { dayOf, stableId } from "./ids.js";
import { nameReading } from "./kana.js";

export interface FanzaRenderOptions {
  /** Goes into affiliateURL and the sample movie pages, as the real API does; default "sim-990". */
  affiliateId?: string;
}

type Json = Record<string, unknown>;

const MOVIE_SIZES = ["476_306", "560_360", "644_414", "720_480"];

function ja(r: IngestRecord, kind: NameKind, i: number, fallback: string): string {
  return r.altNames[kind]?.[i] ?? fallback;
}

function named(r: IngestRecord, kind: NameKind, names: string[], base: number): Json[] {
  return names.map((n, i) => ({ id: stableId(`${kind}:${n}`, base, 900_000), name: ja(r, kind, i, n) }));
}

function people(r: IngestRecord, kind: NameKind, names: string[], base: number): Json[] {
  return names.map((n, i) => ({ id: stableId(`${kind}:${n}`, base, 900_000), name: ja(r, kind, i, n), ruby: nameReading(n) }));
}

function prices(r: IngestRecord): Json {
  const stream = 200 + stableId(r.record.contentId, 0, 9) * 100;
  const delivery = [
    { type: "hd", price: String(stream * 3 + 80), list_price: String(stream * 3 + 80) },
    { type: "download", price: String(stream * 2 + 80), list_price: String(stream * 2 + 80) },
    { type: "stream", price: String(stream), list_price: String(stream) },
  ];
  return { price: `${stream}~`, list_price: `${stream}~`, deliveries: { delivery } };
}

export function renderFanzaItem(r: IngestRecord, options: FanzaRenderOptions = {}): Json {
  const d = r.record;
  const aff = options.affiliateId ?? "sim-990";
  const cid = d.contentId;
  const url = `https://video.dmm.co.jp/av/content/?id=${encodeURIComponent(cid)}`;
  const item: Json = {
    service_code: "digital",
    service_name: "動画",
    floor_code: "videoa",
    floor_name: "ビデオ",
    category_name: "ビデオ (動画)",
    content_id: cid,
    product_id: cid,
    title: d.titleJa || d.titleEn,
    volume: String(d.runtimeMins),
  };
  if (r.ratingCount !== null && r.ratingCount > 0 && r.ratingAvg !== null) {
    item.review = { count: r.ratingCount, average: r.ratingAvg.toFixed(2) };
  }
  item.URL = url;
  item.affiliateURL = `https://al.fanza.co.jp/?lurl=${encodeURIComponent(url)}&af_id=${encodeURIComponent(aff)}&ch=api`;
  item.imageURL = {
    list: d.jacketFullUrl.replace(/pl\.jpg$/, "pt.jpg"),
    small: d.jacketThumbUrl,
    large: d.jacketFullUrl,
  };
  if (d.extra.galleryFull.length > 0 || d.extra.galleryThumb.length > 0) {
    item.sampleImageURL = {
      sample_s: { image: [...d.extra.galleryThumb] },
      sample_l: { image: [...d.extra.galleryFull] },
    };
  }
  if (d.extra.sampleUrl !== null) {
    const movie: Json = {};
    for (const size of MOVIE_SIZES) {
      movie[`size_${size}`] = `https://www.dmm.co.jp/litevideo/-/part/=/cid=${cid}/size=${size}/affi_id=${aff}/`;
    }
    movie.pc_flag = 1;
    movie.sp_flag = 1;
    item.sampleMovieURL = movie;
  }
  item.prices = prices(r);
  item.date = `${dayOf(d.releaseDate)} 10:00:00`;
  const info: Json = { genre: named(r, "genre", d.categories, 1000) };
  if (d.series !== null) info.series = named(r, "series", [d.series], 200_000);
  info.maker = named(r, "maker", d.makers, 1000);
  if (d.actresses.length > 0) info.actress = people(r, "actress", d.actresses, 1_000_000);
  if (d.directors.length > 0) info.director = people(r, "director", d.directors, 100_000);
  if (d.label !== "") info.label = named(r, "label", [d.label], 1000);
  item.iteminfo = info;
  return item;
}

export interface FanzaPage {
  parameters: Record<string, string>;
  totalCount: number;
  firstPosition: number;
  items: Json[];
}

export function renderFanzaEnvelope(page: FanzaPage): Json {
  return {
    request: { parameters: page.parameters },
    result: {
      status: 200,
      result_count: page.items.length,
      total_count: page.totalCount,
      first_position: page.firstPosition,
      items: page.items,
    },
  };
}

/** The API's error shape: `result.status` 400 with a message and the offending parameters. */
export function renderFanzaError(parameters: Record<string, string>, errors: { name: string; message: string }[]): Json {
  return {
    request: { parameters },
    result: { status: "400", message: "BAD REQUEST", errors },
  };
}
