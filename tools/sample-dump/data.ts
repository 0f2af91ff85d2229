/**
 * Deterministic synthetic r18.dev data. Every entity is a pure function of (seed,
 * index), so each COPY block can regenerate what it needs without holding the
 * catalog in memory.
 */
import {
  CATEGORIES,
  CODE_PREFIXES,
  COMMENT_EN,
  COMMENT_JA,
  FAMILY_NAMES,
  GIVEN_NAMES,
  MAKERS,
  REAL_CODES,
  SYLLABLES,
  TITLE_EN_A,
  TITLE_EN_B,
  TITLE_JA_A,
  TITLE_JA_B,
} from "./words.js";

/** A small seeded PRNG (mulberry32) whose state can be reset per entity. */
export class Rng {
  private s = 0;

  reset(seed: number, index: number, stream: number): this {
    let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index + 1, 0xc2b2ae35) ^ Math.imul(stream + 7, 0x27d4eb2f);
    h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
    this.s = h ^ (h >>> 15);
    return this;
  }

  next(): number {
    this.s = (this.s + 0x6d2b79f5) | 0;
    let t = Math.imul(this.s ^ (this.s >>> 15), 1 | this.s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)];
  }
}

export const IDS = { maker: 40136, label: 2062442, series: 4012940, director: 5001, actress: 1019076 } as const;

export interface SampleCode {
  letters: string;
  prefix: string;
  makerId: number;
  labelId: number;
}

export interface Universe {
  seed: number;
  videos: number;
  actresses: number;
  makers: number;
  series: number;
  directors: number;
  codes: SampleCode[];
}

export function makeUniverse(videos: number, seed: number): Universe {
  const codeCount = Math.max(1, Math.min(5000, Math.ceil(videos / 300)));
  const makers = Math.max(1, Math.ceil(codeCount / 3));
  const real = new Set(REAL_CODES);
  const codes: SampleCode[] = [];
  // x -> x * 7919 mod 26^4 is a bijection, so synthetic 4-letter codes never repeat.
  for (let x = 0; codes.length < codeCount; x++) {
    let letters = REAL_CODES[x];
    if (letters === undefined) {
      let v = ((x - REAL_CODES.length) * 7919 + (seed >>> 0)) % 456976;
      letters = "";
      for (let k = 0; k < 4; k++, v = Math.floor(v / 26)) letters += String.fromCharCode(97 + (v % 26));
      if (real.has(letters)) continue;
    }
    const j = codes.length;
    codes.push({
      letters,
      prefix: CODE_PREFIXES[j % CODE_PREFIXES.length],
      makerId: IDS.maker + (j % makers),
      labelId: IDS.label + j,
    });
  }
  return {
    seed,
    videos,
    actresses: Math.ceil(videos / 4),
    makers,
    series: Math.max(1, Math.ceil(videos / 20)),
    directors: Math.max(1, Math.ceil(videos / 100)),
    codes,
  };
}

export interface VideoFacts {
  /** The number within the code: 13 for ABW-013. */
  num: number;
  contentId: string;
  dvdId: string;
  code: SampleCode;
  releaseDate: string | null;
  seriesId: number | null;
  actressIds: number[];
  categoryIds: number[];
  directorId: number | null;
  gallery: number;
  mono: boolean;
  runtime: number | null;
  trailer: boolean;
}

const DAY_MS = 86_400_000;
const FIRST_DAY = Date.UTC(2001, 0, 1) / DAY_MS;

const dayCache: string[] = [];

/** `YYYY-MM-DD` of a day number since 1970-01-01; cached, as Date formatting dominated the generator. */
export function isoDay(day: number): string {
  return (dayCache[day] ??= new Date(day * DAY_MS).toISOString().slice(0, 10));
}

/** `count` distinct values of `values[0 .. pool-1]` (or `base + index` without `values`). */
function distinct(rng: Rng, count: number, pool: number, base: number, values?: readonly number[]): number[] {
  const out: number[] = [];
  const n = Math.min(count, pool);
  while (out.length < n) {
    const k = rng.int(pool);
    const v = values ? values[k] : base + k;
    if (!out.includes(v)) out.push(v);
  }
  return out;
}

const CATEGORY_IDS = CATEGORIES.map((c) => c[0]);

/** The numbers of video `i` that more than one table needs; leaves `rng` ready for its texts. */
export function videoFacts(u: Universe, i: number, rng: Rng): VideoFacts {
  rng.reset(u.seed, i, 1);
  const code = u.codes[i % u.codes.length];
  const num = Math.floor(i / u.codes.length) + 1;
  return {
    num,
    contentId: `${code.prefix}${code.letters}${String(num).padStart(5, "0")}`,
    dvdId: `${code.letters.toUpperCase()}-${String(num).padStart(3, "0")}`,
    code,
    releaseDate: rng.chance(0.01) ? null : isoDay(FIRST_DAY + rng.int(8760)),
    seriesId: rng.chance(0.3) ? null : IDS.series + rng.int(u.series),
    actressIds: distinct(rng, rng.int(5), u.actresses, IDS.actress),
    categoryIds: distinct(rng, 2 + rng.int(7), CATEGORY_IDS.length, 0, CATEGORY_IDS),
    directorId: rng.chance(0.6) ? null : IDS.director + rng.int(u.directors),
    gallery: rng.chance(0.1) ? 0 : 1 + rng.int(20),
    mono: rng.chance(0.1),
    runtime: rng.chance(0.02) ? null : 60 + rng.int(181),
    trailer: rng.chance(0.5),
  };
}

export interface Person {
  romaji: string;
  kanji: string;
  kana: string;
  slug: string;
}

/** Person `n` (0-based): a distinct family/given pair for every n. */
export function person(n: number): Person {
  const [famR, famK, famKana] = FAMILY_NAMES[n % FAMILY_NAMES.length];
  let rest = Math.floor(n / FAMILY_NAMES.length);
  let givenR: string;
  let givenK: string;
  let givenKana: string;
  if (rest < GIVEN_NAMES.length) {
    [givenR, givenK, givenKana] = GIVEN_NAMES[rest];
  } else {
    rest -= GIVEN_NAMES.length;
    givenR = "";
    givenKana = "";
    // Base-16 digits of rest + 16 over syllables: 2+ syllables, a different string for every n.
    for (let v = rest + SYLLABLES.length; v > 0; v = Math.floor(v / SYLLABLES.length)) {
      const [r, k] = SYLLABLES[v % SYLLABLES.length];
      givenR = r + givenR;
      givenKana = k + givenKana;
    }
    givenR = givenR[0].toUpperCase() + givenR.slice(1);
    givenK = givenKana;
  }
  return {
    romaji: `${givenR} ${famR}`,
    kanji: famK + givenK,
    kana: famKana + givenKana,
    slug: `${famR}_${givenR}`.toLowerCase(),
  };
}

export function makerName(k: number): [string, string] {
  const m = MAKERS[k];
  return m ? [m[0], m[1]] : [`Studio ${k}`, `スタジオ${k}`];
}

/** English and Japanese title; a few carry tabs, newlines and backslashes so escapes get exercised. */
export function titles(f: VideoFacts, rng: Rng, firstActress: Person | null): [string | null, string] {
  let en = `${rng.pick(TITLE_EN_A)} ${rng.pick(TITLE_EN_B)}`;
  let ja = rng.pick(TITLE_JA_A) + rng.pick(TITLE_JA_B);
  if (firstActress) {
    en += ` with ${firstActress.romaji}`;
    ja += ` ${firstActress.kanji}`;
  }
  const odd = rng.next();
  if (odd < 0.01) en += "\tPart 2";
  else if (odd < 0.02) en += "\nDirector's Cut";
  else if (odd < 0.03) en = `C:\\${f.dvdId}\\N ${en}`;
  return [rng.chance(0.01) ? null : en, ja];
}

function sentences(rng: Rng, list: readonly string[], sep: string): string {
  let out = rng.pick(list);
  for (let k = rng.int(4); k > 0; k--) out += sep + rng.pick(list);
  return out;
}

export function comments(rng: Rng): [string | null, string | null] {
  const en = rng.chance(0.6) ? null : sentences(rng, COMMENT_EN, rng.chance(0.05) ? "\n\n" : " ");
  const ja = rng.chance(0.3) ? null : sentences(rng, COMMENT_JA, rng.chance(0.05) ? "\r\n" : "");
  return [en, ja];
}
