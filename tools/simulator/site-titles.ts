/**
 * The titles of a seller's site in the simulator, before the site gives them its own ids
 * and format: deterministic from (seed, the site's name), newest first, a few a day at
 * most, with the gaps real sites have (no English, no performers, no series, no rating,
 * no gallery). Made-up titles and names (samples/titles); only their shape is real.
 */
import { CATEGORIES, type NamePair, SERIES } from "../../src/samples/titles/labels.js";
import { ACTRESSES, type SampleActress } from "../../src/samples/titles/names.js";
import { hashInts, SampleRng } from "../../src/samples/titles/prng.js";
import { composeComments, composeTitles } from "../../src/samples/titles/text.js";

export interface SiteTitle {
  /** 0 is the newest. */
  index: number;
  /** Release day, the site's own (JST): YYYY-MM-DD. */
  day: string;
  /** The title's number among those of its day on this site, from 1. */
  ofDay: number;
  titleJa: string;
  /** null where the site gives no English. */
  titleEn: string | null;
  descJa: string | null;
  descEn: string | null;
  actresses: readonly SampleActress[];
  genres: readonly NamePair[];
  series: NamePair | null;
  runtimeMins: number;
  /** 0..5, or null: no rating. */
  rating: number | null;
  /** Sample pictures it has (0: no gallery). */
  gallery: number;
  /** It has a sample video. */
  sample: boolean;
}

const DAY_MS = 86_400_000;
/** The newest title's day: fixed, so a seed gives the same site on every machine and day. */
const NEWEST = Date.UTC(2026, 9, 30);

/** The site's titles, newest first: `count` of them, 0 to 3 a day going back from 2026-10-30. */
export function siteTitles(count: number, seed: number, site: string): SiteTitle[] {
  const salt = [...site].reduce((h, c) => hashInts(h, c.charCodeAt(0)), 17);
  const rng = new SampleRng();
  const out: SiteTitle[] = [];
  let day = NEWEST;
  let ofDay = 0;
  for (let i = 0; i < count; i++) {
    rng.reset(hashInts(seed, salt), i);
    // Days with no title in between; at most three titles a day.
    if (ofDay >= 3 || (ofDay > 0 && rng.chance(0.6))) {
      day -= DAY_MS * (1 + rng.int(3));
      ofDay = 0;
    }
    ofDay++;
    const actresses = rng.chance(0.08) ? [] : rng.distinct(rng.range(1, 3), ACTRESSES.length, 2).map((k) => ACTRESSES[k]);
    const lead = actresses[0] ?? null;
    const { titleEn, titleJa } = composeTitles(rng, lead);
    const { commentEn, commentJa } = composeComments(rng, lead);
    const english = rng.chance(0.75);
    out.push({
      index: i,
      day: new Date(day).toISOString().slice(0, 10),
      ofDay,
      titleJa,
      titleEn: english ? titleEn : null,
      descJa: commentJa,
      descEn: english ? commentEn : null,
      actresses,
      genres: rng.distinct(rng.range(0, 6), CATEGORIES.length, 1.5).map((k) => CATEGORIES[k]),
      series: rng.chance(0.3) ? SERIES[rng.int(SERIES.length)] : null,
      runtimeMins: 30 + rng.int(91),
      rating: rng.chance(0.8) ? Math.round((1 + 4 * rng.next()) * 10) / 10 : null,
      gallery: rng.chance(0.2) ? 0 : rng.range(3, 20),
      sample: rng.chance(0.85),
    });
  }
  return out;
}
