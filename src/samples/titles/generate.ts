/**
 * Deterministic generator of realistic sample catalog records, for the demo
 * catalog on first start and for million-record benchmarks. Record i depends
 * only on (seed, i), so callers may generate in batches of any size.
 */
import type { IngestRecord, NameKind } from "../../model/record.js";
import { codeForIndex } from "./codes.js";
import { CATEGORIES, LABELS, MAKERS, SERIES } from "./labels.js";
import { ACTORS, ACTRESSES, AUTHORS, DIRECTORS } from "./names.js";
import { SampleRng } from "./prng.js";
import { composeComments, composeTitles } from "./text.js";

export const SAMPLE_PROVIDER = "sample";

export interface SampleOptions {
  count: number;
  /** Default 1. */
  seed?: number;
  /** Index of the first record; default 0. */
  start?: number;
}

const DAY_MS = 86_400_000;
const FIRST_DAY = Date.UTC(2001, 0, 1);
const LAST_DAY = Date.UTC(2026, 9, 31);
/** Every release date string, built once: formatting per record would dominate. */
const DATES: readonly string[] = Array.from({ length: (LAST_DAY - FIRST_DAY) / DAY_MS + 1 }, (_, d) => new Date(FIRST_DAY + d * DAY_MS).toISOString());

const PICS = "https://pics.dmm.co.jp/digital/video";
const MAX_GALLERY = 20;
/**
 * URL tails built once: each gallery URL is then a single concatenation. Fewer
 * short-lived strings per record keeps the garbage collector out of the way.
 */
const GALLERY_FULL_TAILS = Array.from({ length: MAX_GALLERY + 1 }, (_, n) => `jp-${n}.jpg`);
const GALLERY_THUMB_TAILS = Array.from({ length: MAX_GALLERY + 1 }, (_, n) => `-${n}.jpg`);

export function* generateSampleRecords(options: SampleOptions): Generator<IngestRecord> {
  const { count, seed = 1, start = 0 } = options;
  for (const [name, v] of [
    ["count", count],
    ["seed", seed],
    ["start", start],
  ] as const) {
    if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`${name} must be a non-negative integer, got ${v}`);
  }
  const rng = new SampleRng();
  for (let i = start; i < start + count; i++) yield sampleRecord(rng, seed, i);
}

/** Counts drawn from a small table of cumulative probabilities: [p0, p0+p1, ...]. */
function drawCount(rng: SampleRng, cumulative: readonly number[]): number {
  const r = rng.next();
  let n = 0;
  while (n < cumulative.length && r >= cumulative[n]) n++;
  return n;
}

/** Multiplications, not `**`: Math.pow may round differently across engines, sqrt and * may not. */
const cube = (r: number): number => r * r * r;

const ACTRESS_COUNTS = [0.08, 0.58, 0.85, 0.95]; // 0..4, mostly 1-2
const ACTOR_COUNTS = [0.5, 0.85]; // 0..2

function sampleRecord(rng: SampleRng, seed: number, i: number): IngestRecord {
  rng.reset(seed, i);
  const code = codeForIndex(i);
  const cid = code.contentId;

  // A prefix always belongs to the same label, and a label to the same maker.
  const labelIndex = code.censored ? (code.prefixIndex * 37) % LABELS.length : rng.int(LABELS.length);
  const label = LABELS[labelIndex];
  const makers = [MAKERS[labelIndex % MAKERS.length]];
  if (rng.chance(0.08)) makers.push(MAKERS[(labelIndex + 1 + rng.int(MAKERS.length - 1)) % MAKERS.length]);
  const seriesPerLabel = Math.ceil((SERIES.length - labelIndex) / LABELS.length);
  const series = rng.chance(0.5) ? null : SERIES[labelIndex + LABELS.length * rng.int(seriesPerLabel)];
  const categories = rng.distinct(rng.range(2, 8), CATEGORIES.length, 1.5).map((k) => CATEGORIES[k]);

  const actresses = rng.distinct(drawCount(rng, ACTRESS_COUNTS), ACTRESSES.length, 2).map((k) => ACTRESSES[k]);
  const actors = rng.distinct(drawCount(rng, ACTOR_COUNTS), ACTORS.length, 1.5).map((k) => ACTORS[k]);
  const directors = rng.chance(0.65) ? [DIRECTORS[Math.floor(rng.skewed(1.5) * DIRECTORS.length)]] : [];
  const authors = rng.chance(0.04) ? [rng.pick(AUTHORS)] : [];

  const lead = actresses.length > 0 ? actresses[0] : null;
  const { titleEn, titleJa } = composeTitles(rng, lead);
  const { commentEn, commentJa } = composeComments(rng, lead);

  const imageBase = `${PICS}/${cid}/${cid}`;
  const galleryCount = rng.int(MAX_GALLERY + 1);
  const galleryFull: string[] = new Array(galleryCount);
  const galleryThumb: string[] = new Array(galleryCount);
  for (let n = 1; n <= galleryCount; n++) {
    galleryFull[n - 1] = imageBase + GALLERY_FULL_TAILS[n];
    galleryThumb[n - 1] = imageBase + GALLERY_THUMB_TAILS[n];
  }
  const sampleUrl = rng.chance(0.3) ? null : `https://cc3001.dmm.co.jp/litevideo/freepv/${cid[0]}/${cid.slice(0, 3)}/${cid}/${cid}_dmb_w.mp4`;

  const amateur = code.censored ? code.prefix.amateur : code.kind === "fc2";
  const rated = rng.chance(0.8);
  const ratingAvg = rated ? Math.round((1 + 4 * Math.sqrt(rng.next())) * 100) / 100 : null;
  const ratingCount = rated ? 1 + Math.floor(cube(rng.next()) * 3000) : null;

  // Heavily skewed (r^6): most titles are obscure, a few are hits.
  const popCube = cube(rng.next());
  const popularity = Math.floor(popCube * popCube * 1_000_001);

  const altNames: Partial<Record<NameKind, string[]>> = {
    maker: makers.map((m) => m.ja),
    label: [label.ja],
    genre: categories.map((c) => c.ja),
  };
  if (series !== null) altNames.series = [series.ja];
  if (actresses.length > 0) altNames.actress = actresses.map((a) => a.ja);
  if (actors.length > 0) altNames.actor = actors.map((a) => a.ja);
  if (directors.length > 0) altNames.director = directors.map((d) => d.ja);
  if (authors.length > 0) altNames.author = authors.map((a) => a.ja);

  return {
    provider: SAMPLE_PROVIDER,
    record: {
      contentId: cid,
      dvdId: code.dvdId,
      titleEn,
      titleJa,
      commentEn,
      commentJa,
      runtimeMins: 60 + Math.floor(((rng.next() + rng.next()) / 2) * 181),
      releaseDate: DATES[Math.floor(Math.sqrt(rng.next()) * DATES.length)],
      makers: makers.map((m) => m.en),
      label: label.en,
      series: series?.en ?? null,
      categories: categories.map((c) => c.en),
      actresses: actresses.map((a) => a.en),
      actors: actors.map((a) => a.en),
      directors: directors.map((d) => d.en),
      authors: authors.map((a) => a.en),
      jacketFullUrl: imageBase + "pl.jpg",
      jacketThumbUrl: imageBase + "ps.jpg",
      site: amateur ? "MGS" : "FANZA",
      serviceCode: !amateur && rng.chance(0.15) ? "mono" : "digital",
      extra: {
        actressesRich: actresses.map((a) => ({ name: a.en, image: a.image })),
        sampleUrl,
        galleryFull,
        galleryThumb,
      },
    },
    pageUrl: `https://www.dmm.co.jp/digital/videoa/-/detail/=/cid=${cid}/`,
    ratingAvg,
    ratingCount,
    popularity,
    altNames,
    censored: code.censored,
  };
}
