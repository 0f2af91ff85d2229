import type { IngestRecord, NameKind } from "../../model/record.js";
import { contentIdToDvdId, parseCode } from "../../codes/index.js";
import { absoluteUrl, calendarDay, dmmThumbFromJacket, isObject, list, runtimeMinutes, serviceCodeFromUrl, str, uniq, type JsonObject } from "../coerce.js";
import { encodeSourceId, ProviderParseError } from "../errors.js";
import { titleRecord } from "../record.js";

const PROVIDER = "r18dev";
const DMM_PICS = "https://pics.dmm.co.jp/";
const ACTRESS_IMAGES = `${DMM_PICS}mono/actjpgs/`;

/**
 * r18.dev `site_id` -> site name. r18.dev mirrors the DMM/FANZA adult catalogue and does
 * not document its site ids; 2 is what every observed record carries (digital and in the
 * dump alike), and every r18.dev record is a FANZA title, so unknown or missing ids fall
 * back to "FANZA" too. Extend the map when another id turns up with a known meaning.
 */
const SITES: Readonly<Record<number, string>> = { 2: "FANZA" };
const DEFAULT_SITE = "FANZA";

/**
 * The `.../dvd_id={id}/json` lookup: the content id, or null when r18.dev knows no such
 * code (`{content_id: null}`, an empty array). Anything that is not that shape is an
 * upstream failure.
 */
export function parseR18DvdIdLookup(json: unknown): { contentId: string } | null {
  const entries = Array.isArray(json) ? json : [json];
  for (const entry of entries) {
    if (!isObject(entry) || !("content_id" in entry)) {
      throw new ProviderParseError(PROVIDER, "dvd_id lookup: expected {content_id} (or an array of them)");
    }
    const raw = entry.content_id;
    if (raw === null || raw === undefined) continue;
    if (typeof raw !== "string") throw new ProviderParseError(PROVIDER, "dvd_id lookup: content_id is not a string");
    const contentId = str(raw);
    if (contentId !== null) return { contentId };
  }
  return null;
}

/** Relative DMM paths (as in the r18.dev dump: `digital/video/x/xpl`) made absolute. */
function dmmUrl(v: unknown): string | null {
  const abs = absoluteUrl(v);
  if (abs !== null) return abs;
  const s = str(v);
  if (s === null || !/^\/?(digital|mono)\//.test(s)) return null;
  const path = s.replace(/^\//, "");
  return `${DMM_PICS}${/\.\w{3,4}$/.test(path) ? path : `${path}.jpg`}`;
}

/** `image_url` is a file name under the actress-image folder ("tia.jpg"), or a full URL. */
function actressImage(v: unknown): string | null {
  const abs = absoluteUrl(v);
  if (abs !== null) return abs;
  const s = str(v);
  if (s === null) return null;
  if (s.includes("/")) return dmmUrl(s);
  return /^[\w.-]+$/.test(s) ? `${ACTRESS_IMAGES}${s}` : null;
}

interface Person {
  name: string;
  nameJa: string | null;
  /** Every spelling r18.dev gives: romaji, kanji, kana. */
  spellings: string[];
  /** DMM's id of the person (r18.dev's `id`). */
  id: string | null;
  image: string | null;
}

/** A DMM id as r18.dev gives it (a number, or its digits as text). */
function dmmId(v: unknown): string | null {
  const s = typeof v === "number" && Number.isSafeInteger(v) && v > 0 ? String(v) : str(v);
  return s !== null && /^\d{1,12}$/.test(s) ? s : null;
}

/** actresses/actors/directors/authors: romaji name, kanji as the alternative. */
function people(v: unknown): Person[] {
  const out: Person[] = [];
  for (const p of list(v)) {
    if (!isObject(p)) continue;
    const romaji = str(p.name_romaji);
    const kanji = str(p.name_kanji) ?? str(p.name_kana);
    const name = romaji ?? kanji;
    if (name === null || out.some((o) => o.name === name)) continue;
    const spellings = uniq([romaji, str(p.name_kanji), str(p.name_kana)]);
    out.push({ name, nameJa: kanji, spellings, id: dmmId(p.id), image: actressImage(p.image_url) });
  }
  return out;
}

/** English name with its Japanese alternative (used when the English one is missing). */
function named(en: unknown, ja: unknown): { name: string | null; alt: string | null } {
  const nameEn = str(en);
  const nameJa = str(ja);
  return { name: nameEn ?? nameJa, alt: nameJa };
}

function dvdIdOf(o: JsonObject, contentId: string): string {
  const given = str(o.dvd_id);
  return (given !== null ? parseCode(given)?.dvdId : undefined) ?? contentIdToDvdId(contentId) ?? given?.toUpperCase() ?? contentId.toUpperCase();
}

function siteOf(v: unknown): string {
  const id = typeof v === "number" ? v : Number(str(v));
  return SITES[id] ?? DEFAULT_SITE;
}

/** The `.../combined={content_id}/json` record as a validated IngestRecord. */
export function parseR18Combined(json: unknown): IngestRecord {
  if (!isObject(json)) {
    throw new ProviderParseError(PROVIDER, `combined: expected a JSON object, got ${Array.isArray(json) ? "an array" : typeof json}`);
  }
  const contentId = str(json.content_id);
  if (contentId === null) throw new ProviderParseError(PROVIDER, "combined: content_id missing");

  const dvdId = dvdIdOf(json, contentId);
  const actresses = people(json.actresses);
  const actors = people(json.actors);
  const directors = people(json.directors);
  const authors = people(json.authors);
  const maker = named(json.maker_name_en, json.maker_name_ja);
  const label = named(json.label_name_en, json.label_name_ja);
  const series = named(json.series_name_en, json.series_name_ja);
  const categories = list(json.categories)
    .filter(isObject)
    .map((c) => named(c.name_en, c.name_ja));
  const gallery = list(json.gallery).filter(isObject);

  const jacketFullUrl = dmmUrl(json.jacket_full_url);
  const jacketThumbUrl = dmmUrl(json.jacket_thumb_url) ?? dmmThumbFromJacket(jacketFullUrl) ?? jacketFullUrl;

  const altNames: Partial<Record<NameKind, string[]>> = {};
  const addAlt = (kind: NameKind, pairs: { name: string | null; alt: string | null }[]): void => {
    const alts = uniq(pairs.filter((p) => p.alt !== p.name).map((p) => p.alt));
    if (alts.length > 0) altNames[kind] = alts;
  };
  const personAlts = (ps: Person[]) => ps.map((p) => ({ name: p.name, alt: p.nameJa }));
  addAlt("actress", personAlts(actresses));
  addAlt("actor", personAlts(actors));
  addAlt("director", personAlts(directors));
  addAlt("author", personAlts(authors));
  addAlt("maker", [maker]);
  addAlt("label", [label]);
  addAlt("series", [series]);
  addAlt("genre", categories);

  return titleRecord({
    provider: PROVIDER,
    what: `combined ${contentId}`,
    record: {
      contentId,
      dvdId,
      // title_en masks words ("F***"); the uncensored variant is the real title.
      titleEn: str(json.title_en_uncensored) ?? str(json.title_en) ?? "",
      titleJa: str(json.title_ja) ?? "",
      commentEn: str(json.comment_en),
      commentJa: str(json.comment_ja),
      runtimeMins: runtimeMinutes(json.runtime_mins) ?? 0,
      releaseDate: calendarDay(json.release_date) ?? "",
      makers: uniq([maker.name]),
      label: label.name ?? "",
      series: series.name,
      categories: uniq(categories.map((c) => c.name)),
      actresses: actresses.map((p) => p.name),
      actors: actors.map((p) => p.name),
      directors: directors.map((p) => p.name),
      authors: authors.map((p) => p.name),
      jacketFullUrl: jacketFullUrl ?? "",
      jacketThumbUrl: jacketThumbUrl ?? "",
      site: siteOf(json.site_id),
      serviceCode: str(json.service_code) ?? serviceCodeFromUrl(jacketFullUrl) ?? "",
      extra: {
        actressesRich: actresses.map((p) => ({ name: p.name, image: p.image })),
        sampleUrl: absoluteUrl(json.sample_url),
        galleryFull: uniq(gallery.map((g) => dmmUrl(g.image_full))),
        galleryThumb: uniq(gallery.map((g) => dmmUrl(g.image_thumb))),
      },
    },
    pageUrl: `https://r18.dev/videos/vod/movies/detail/-/id=${encodeSourceId(PROVIDER, contentId)}/`,
    altNames,
    credits: actresses.map((p) => ({ id: p.id, names: p.spellings, image: p.image })),
    censored: parseCode(dvdId)?.censored ?? true,
  });
}
