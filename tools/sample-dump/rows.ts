/**
 * Row producers of the synthetic dump, one per table, yielding COPY-encoded fields
 * in the SAMPLE_TABLES column order.
 */
import { IDS, Rng, comments, isoDay, makerName, person, titles, videoFacts, type Universe, type VideoFacts } from "./data.js";
import { CATEGORIES, TITLE_EN_A, TITLE_EN_B, TITLE_JA_A, TITLE_JA_B } from "./words.js";

const NULL = "\\N";
const SPECIAL = /[\\\t\n\r\b\f\v]/;

/** A value as pg_dump writes it in COPY text format. */
export function copyEncode(v: string | number | null): string {
  if (v === null) return NULL;
  if (typeof v === "number") return String(v);
  if (!SPECIAL.test(v)) return v;
  return v.replace(/[\\\t\n\r\b\f\v]/g, (c) => ESCAPES[c]);
}

const ESCAPES: Record<string, string> = {
  "\\": "\\\\",
  "\t": "\\t",
  "\n": "\\n",
  "\r": "\\r",
  "\b": "\\b",
  "\f": "\\f",
  "\v": "\\v",
};

type Rows = Generator<string[]>;

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

function timestamp(rng: Rng): string {
  const day = isoDay(Date.UTC(2019, 0, 1) / 86_400_000 + rng.int(2200));
  const t = rng.int(86_400);
  const hms = `${pad2(Math.floor(t / 3600))}:${pad2(Math.floor(t / 60) % 60)}:${pad2(t % 60)}`;
  return `${day} ${hms}.${String(rng.int(1_000_000)).padStart(6, "0")}+00`;
}

/** `118abw013`: the short id DMM uses in trailer paths. */
function shortId(f: VideoFacts): string {
  return f.code.prefix + f.code.letters + String(f.num).padStart(3, "0");
}

function trailerUrl(f: VideoFacts, kind: string): string {
  const s = shortId(f);
  return `https://cc3001.dmm.co.jp/litevideo/freepv/${s[0]}/${s.slice(0, 3)}/${s}/${s}_${kind}.mp4`;
}

function* videos(u: Universe): Rows {
  const rng = new Rng();
  for (let i = 0; i < u.videos; i++) {
    const f = videoFacts(u, i, rng);
    const first = f.actressIds.length > 0 ? person(f.actressIds[0] - IDS.actress) : null;
    const [titleEn, titleJa] = titles(f, rng, first);
    const [commentEn, commentJa] = comments(rng);
    const cid = f.contentId;
    const dir = f.mono ? `mono/movie/adult/${cid}/${cid}` : `digital/video/${cid}/${cid}`;
    const g = f.gallery;
    yield [
      cid,
      f.dvdId,
      copyEncode(titleEn),
      copyEncode(titleJa),
      copyEncode(commentEn),
      copyEncode(commentJa),
      copyEncode(f.runtime),
      f.releaseDate ?? NULL,
      rng.chance(0.3) ? NULL : trailerUrl(f, "dmb_w"),
      String(f.code.makerId),
      String(f.code.labelId),
      copyEncode(f.seriesId),
      `${dir}pl`,
      `${dir}ps`,
      g ? `digital/video/${cid}/${cid}jp-1` : NULL,
      g ? `digital/video/${cid}/${cid}jp-${g}` : NULL,
      g ? `digital/video/${cid}/${cid}-1` : NULL,
      g ? `digital/video/${cid}/${cid}-${g}` : NULL,
      f.mono ? "1" : "2",
      f.mono ? "mono" : "digital",
    ];
  }
}

function* videoLinks(u: Universe, kind: "actress" | "category" | "director"): Rows {
  const rng = new Rng();
  for (let i = 0; i < u.videos; i++) {
    const f = videoFacts(u, i, rng);
    const date = f.releaseDate ?? NULL;
    if (kind === "actress") {
      for (let k = 0; k < f.actressIds.length; k++) yield [f.contentId, String(f.actressIds[k]), String(k + 1), date];
    } else if (kind === "category") {
      for (const id of f.categoryIds) yield [f.contentId, String(id), date];
    } else if (f.directorId !== null) {
      yield [f.contentId, String(f.directorId)];
    }
  }
}

function* trailers(u: Universe): Rows {
  const rng = new Rng();
  for (let i = 0; i < u.videos; i++) {
    const f = videoFacts(u, i, rng);
    if (f.trailer) yield [f.contentId, trailerUrl(f, "trailer"), timestamp(rng)];
  }
}

function* actresses(u: Universe): Rows {
  const rng = new Rng();
  for (let j = 0; j < u.actresses; j++) {
    rng.reset(u.seed, j, 2);
    const p = person(j);
    const image = rng.chance(0.25) ? NULL : `${p.slug}.jpg`;
    yield [String(IDS.actress + j), p.romaji, image, p.kanji, rng.chance(0.05) ? NULL : p.kana];
  }
}

function* directors(u: Universe): Rows {
  const rng = new Rng();
  for (let k = 0; k < u.directors; k++) {
    rng.reset(u.seed, k, 3);
    const p = person(k * 7 + 3);
    yield [String(IDS.director + k), p.kanji, p.kana, rng.chance(0.3) ? NULL : p.romaji];
  }
}

function* named(u: Universe, count: number, base: number, name: (k: number, rng: Rng) => [string | null, string]): Rows {
  const rng = new Rng();
  for (let k = 0; k < count; k++) {
    rng.reset(u.seed ^ base, k, 4);
    const [en, ja] = name(k, rng);
    yield [String(base + k), copyEncode(en), copyEncode(ja)];
  }
}

function* translations(u: Universe): Rows {
  const rng = new Rng();
  const count = Math.max(1, Math.ceil(u.videos / 10));
  for (let k = 0; k < count; k++) {
    rng.reset(u.seed, k, 5);
    const ja = rng.pick(TITLE_JA_A) + rng.pick(TITLE_JA_B);
    yield [String(k + 1), ja, `${rng.pick(TITLE_EN_A)} ${rng.pick(TITLE_EN_B)}`, timestamp(rng)];
  }
}

export function tableRows(table: string, u: Universe): Rows {
  switch (table) {
    case "derived_actress":
      return actresses(u);
    case "derived_category":
      return (function* () {
        for (const [id, en, ja] of CATEGORIES) yield [String(id), en, ja];
      })();
    case "derived_director":
      return directors(u);
    case "derived_label":
      return named(u, u.codes.length, IDS.label, (k) => {
        const code = u.codes[k].letters.toUpperCase();
        return k === 0 ? ["ABSOLUTELY WONDERFUL", "ABSOLUTELY WONDERFUL"] : [`${code} Label`, `${code}レーベル`];
      });
    case "derived_maker":
      return named(u, u.makers, IDS.maker, (k) => makerName(k));
    case "derived_series":
      return named(u, u.series, IDS.series, (k, rng) => [
        rng.chance(0.1) ? null : `${rng.pick(TITLE_EN_A)} ${rng.pick(TITLE_EN_B)} ${k + 1}`,
        `${rng.pick(TITLE_JA_A)}${rng.pick(TITLE_JA_B)}シリーズ${k + 1}`,
      ]);
    case "derived_video":
      return videos(u);
    case "derived_video_actress":
      return videoLinks(u, "actress");
    case "derived_video_category":
      return videoLinks(u, "category");
    case "derived_video_director":
      return videoLinks(u, "director");
    case "machine_translation":
      return translations(u);
    case "source_dmm_trailer":
      return trailers(u);
    default:
      throw new Error(`no sample rows for table ${table}`);
  }
}
