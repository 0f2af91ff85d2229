/**
 * A title as Plex's Metadata object (Plex's "Metadata Object Documentation", copied at
 * pekempy/EncoraPlexProvider docs/Metadata.md): every documented field the record can fill,
 * none it cannot (a field with nothing in it is left out, not written empty).
 *
 * - `title`: the title in the language asked, the code in front when PLEX_TITLE_CODE is on
 *   (libraries of these titles are sorted and recognised by code); `titleSort` the code.
 * - `originalTitle`: "the title in its original language" when the request is in another
 *   one: the Japanese title, for a request in English, where it differs.
 * - `originallyAvailableAt` (which the docs require) and `year`: the release day, whenever the
 *   record has one. The record's one date is a whole day or "" (model/record.ts), so nothing
 *   here is dropped; left out only for a record whose source gave none, since no day is made up.
 * - `contentRating`: `jp/R18+`, the docs' form for a rating outside the US (country code,
 *   a slash, the rating: `za/15`) with Japan's adults-only film rating as Japan's ratings
 *   write it (G, PG12, R15+, R18+).
 * - `isAdult`: true. Every title here is one; `includeAdult` (which the docs make optional
 *   to honour) does not hide them, since a person adds this provider for these titles.
 * - `Rating`: the source's users' average (0 to 5 stars) on 0 to 10, only where the source
 *   has one. The docs' badge identifiers are IMDb's, TheMovieDb's and Rotten Tomatoes', and
 *   "adding new types is not currently supported": none is this rating, so it is marked
 *   with this provider's own scheme (`tv.plex.agents.custom.videocatalog://image.rating`),
 *   as both MetaTube bridges mark theirs (`metatube://image.rating`, creeper2020/ and
 *   feewg/metatube-plex-custom-provider provider-go/service.go); feewg reports its ratings
 *   working in a real Plex (PROJECT_MEMORY.md: its JUQ-907 check lists 评分, the rating, as
 *   正常). Plex has no badge of its own for it.
 * - No `Collection` (the docs allow it only with the `collection` feature: provider.ts), no
 *   `Guid` (the docs define imdb, tmdb and tvdb ids; none applies).
 * - `Role`: the actresses credited, each person once by her current name in the language
 *   (services/people), with her one picture where the catalog has one (image-urls.ts
 *   personPicture); a credit no person holds as the title names it, with the picture its
 *   record gives that name; `Director`,
 *   `Writer` (the record's authors), `Studio` (makers, then the label), `Genre` (with the
 *   Japanese name as `originalTag` for a request in English).
 */
import type { CreditedPerson } from "../../services/people/person.js";
import type { Title } from "../../services/titles/title.js";
import type { Language, TitleNames } from "../../services/titles/title-names.js";
import { type Pictures, type PlexImage, personPicture, pictureUrl, titleImages } from "./image-urls.js";
import { IDENTIFIER, METADATA_PATH } from "./provider.js";
import { ratingKeyOf } from "./rating-key.js";

export const CONTENT_RATING = "jp/R18+";
export const RATING_IMAGE = `${IDENTIFIER}://image.rating`;

export interface PlexTag {
  tag: string;
  originalTag?: string;
}

export interface PlexPerson {
  tag: string;
  order?: number;
  thumb?: string;
}

export interface PlexMetadata {
  ratingKey: string;
  key: string;
  guid: string;
  type: "movie";
  title: string;
  titleSort: string;
  originalTitle?: string;
  summary?: string;
  studio?: string;
  originallyAvailableAt?: string;
  year?: number;
  duration?: number;
  contentRating: string;
  isAdult: true;
  thumb?: string;
  art?: string;
  Image?: PlexImage[];
  Genre?: PlexTag[];
  Role?: PlexPerson[];
  Director?: PlexPerson[];
  Writer?: PlexPerson[];
  Studio?: PlexTag[];
  Rating?: { image: string; type: "audience"; value: number }[];
}

/** What a Metadata object is built with beside the title: the request's language and where it is answered from. */
export interface PlexView {
  lang: Language;
  /** Where Plex is sent for pictures (image-urls.ts). */
  pictures: Pictures;
  titleCode: boolean;
}

/** The title's names in the request's language, and in Japanese (the original language, for `originalTag`); its credited actresses. */
export interface BothNames {
  shown: TitleNames;
  ja: TitleNames;
  /** The actresses as the persons credited (services/people creditedPeople), in the request's language. */
  cast: readonly CreditedPerson[];
}

/** The text in the language asked for, else in the other one, else "". */
const pick = (lang: Language, ja: string | null, en: string | null): string => ((lang === "ja" ? ja || en : en || ja) ?? "").trim();

const unique = (names: readonly (string | null)[]): string[] => [...new Set(names.map((n) => (n ?? "").trim()).filter((n) => n !== ""))];

/** The day a release date names (`YYYY-MM-DD`), or "" when the source gave none. */
const dayOf = (releaseDate: string): string => (/^\d{4}-\d{2}-\d{2}/.test(releaseDate) ? releaseDate.slice(0, 10) : "");

/** A 0-5 star average on Plex's 0-10, two decimals; null for none (the sources' scales start at 1: 0 is no reviews). */
function tenScale(avg: number | null): number | null {
  if (avg === null || !Number.isFinite(avg) || avg <= 0) return null;
  return Math.round(Math.min(avg, 5) * 200) / 100;
}

function people(names: readonly string[]): PlexPerson[] {
  return unique(names).map((tag) => ({ tag }));
}

/** The actresses in order, each once (a person by her key, another credit by its name), with her picture where the catalog has one. */
function roles(t: Title, cast: readonly CreditedPerson[], pictures: Pictures): PlexPerson[] {
  const seen = new Set<string>();
  const out: PlexPerson[] = [];
  for (const c of cast) {
    const tag = c.name.trim();
    const once = c.person === null ? `name:${tag}` : c.person.key;
    if (tag === "" || seen.has(once)) continue;
    seen.add(once);
    const thumb = c.picture === null ? null : c.person === null ? pictureUrl(pictures, t, c.picture) : personPicture(pictures, c.person.key, c.picture);
    out.push({ tag, order: out.length + 1, ...(thumb !== null && { thumb }) });
  }
  return out;
}

function genres(names: BothNames, lang: Language): PlexTag[] {
  const seen = new Set<string>();
  const out: PlexTag[] = [];
  names.shown.categories.forEach((name, i) => {
    const tag = name.trim();
    if (tag === "" || seen.has(tag)) return;
    seen.add(tag);
    const original = (names.ja.categories[i] ?? "").trim();
    out.push({ tag, ...(lang !== "ja" && original !== "" && original !== tag && { originalTag: original }) });
  });
  return out;
}

/** A list field, left out when empty. */
const list = <K extends string, T>(key: K, items: T[]): { [P in K]?: T[] } => (items.length === 0 ? {} : ({ [key]: items } as { [P in K]: T[] }));
/** A text field, left out when empty. */
const text = <K extends string>(key: K, value: string): { [P in K]?: string } => (value === "" ? {} : ({ [key]: value } as { [P in K]: string }));

/** The title as Plex shows it: in the language asked (else the other), the code in front by PLEX_TITLE_CODE; the code alone without one. */
export function shownTitle(t: Title, view: PlexView): string {
  const r = t.record;
  const own = pick(view.lang, r.titleJa, r.titleEn);
  return own === "" ? r.dvdId : view.titleCode ? `${r.dvdId} ${own}` : own;
}

export function metadataOf(t: Title, names: BothNames, view: PlexView): PlexMetadata {
  const r = t.record;
  const { lang, pictures } = view;
  const ratingKey = ratingKeyOf(t.provider, r.contentId);
  const own = pick(lang, r.titleJa, r.titleEn);
  const title = shownTitle(t, view);
  const original = lang === "ja" ? "" : (r.titleJa ?? "").trim();
  const day = dayOf(r.releaseDate);
  const images = titleImages(pictures, t, title);
  const rating = tenScale(t.ratingAvg);
  const makers = unique(names.shown.makers);
  return {
    ratingKey,
    // As the feature keys, relative to the provider's URL (provider.ts): the docs' example's `/library/metadata/{ratingKey}`.
    key: `${METADATA_PATH}/${ratingKey}`,
    guid: `${IDENTIFIER}://movie/${ratingKey}`,
    type: "movie",
    title,
    titleSort: r.dvdId,
    ...text("originalTitle", original !== own ? original : ""),
    ...text("summary", pick(lang, r.commentJa, r.commentEn)),
    ...text("studio", makers[0] ?? ""),
    ...text("originallyAvailableAt", day),
    ...(day !== "" && { year: Number(day.slice(0, 4)) }),
    ...(r.runtimeMins > 0 && { duration: r.runtimeMins * 60_000 }),
    contentRating: CONTENT_RATING,
    isAdult: true,
    ...text("thumb", images.find((i) => i.type === "coverPoster")?.url ?? ""),
    ...text("art", images.find((i) => i.type === "background")?.url ?? ""),
    ...list("Image", images),
    ...list("Genre", genres(names, lang)),
    ...list("Role", roles(t, names.cast, pictures)),
    ...list("Director", people(names.shown.directors)),
    ...list("Writer", people(names.shown.authors)),
    ...list(
      "Studio",
      unique([...makers, names.shown.label]).map((tag): PlexTag => ({ tag })),
    ),
    ...(rating !== null && { Rating: [{ image: RATING_IMAGE, type: "audience" as const, value: rating }] }),
  };
}
