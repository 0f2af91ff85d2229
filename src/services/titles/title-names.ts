/**
 * A title's names (its people, maker, label, series and genres) in one language, for the
 * faces that answer in one (MEDIA_LANGUAGE). A record keeps each name as its source spells
 * it, and the other spelling, where the source gives one, in `altNames`. Which side is which
 * is read from the record itself, never from its provider's name: r18.dev's records (and the
 * sample catalog's, and an import of them) name everything in English (romaji, the English
 * genre) with the Japanese beside them; the sellers' name them in Japanese, with the English
 * beside them where the site has English pages (D2Pass's sites, HEYZO, Tokyo-Hot), FANZA with
 * kana readings, which are no names of another language, and MGStage, FC2 and Caribbeancom
 * with nothing beside them.
 *
 * `altNames` holds a list per kind, not pairs: a source leaves out a name it has no other
 * spelling for, so the two lists pair up by position only when they are equally long
 * (every name had one). Where they do not, the record's own names stand.
 */
import { altNamesOf } from "../../catalog/index.js";
import type { DetailedRecord, NameKind } from "../../model/record.js";
import type { ServiceDeps } from "../deps.js";
import type { Title } from "./title.js";

export type Language = "ja" | "en";
export type AltNames = Partial<Record<NameKind, string[]>>;

export interface TitleNames {
  actresses: string[];
  actors: string[];
  directors: string[];
  authors: string[];
  makers: string[];
  label: string;
  series: string | null;
  categories: string[];
}

const KANA_OR_KANJI = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u;

/** Written in the language: Japanese holds kana or kanji; English none (so a FANZA reading, all kana, is never English). */
export function writtenIn(lang: Language, name: string): boolean {
  return KANA_OR_KANJI.test(name) === (lang === "ja");
}

/** The other spelling of each of `names`, by position, or null where the lists do not pair up. */
export function pairedAlts(names: readonly string[], alts: readonly string[] | undefined): readonly string[] | null {
  return alts !== undefined && names.length > 0 && alts.length === names.length ? alts : null;
}

/** The catalog's other spellings of a title's names; a title fresh from a live provider has none kept. */
export function titleAltNames(deps: Pick<ServiceDeps, "db">, t: Title): AltNames {
  return t.id === null ? {} : altNamesOf(deps.db, t.id);
}

/** A record's own names of every kind, one list. */
const ownNames = (r: DetailedRecord): string[] => [
  ...r.actresses,
  ...r.actors,
  ...r.directors,
  ...r.authors,
  ...r.makers,
  ...(r.label === "" ? [] : [r.label]),
  ...(r.series === null || r.series === "" ? [] : [r.series]),
  ...r.categories,
];

const mostlyJapanese = (names: readonly string[]): boolean => names.filter((n) => writtenIn("ja", n)).length * 2 > names.length;

/**
 * Whether a record names things in English with the Japanese as their other spelling: most of
 * its own names are in Latin letters and most of the others in kana or kanji. Counted over
 * every kind, genres too: a FANZA title whose director is "ZAMPA" (read ざんぱ) still has
 * Japanese genres and maker, and an r18.dev title whose maker has no English name keeps the
 * Japanese one among English others.
 */
function namedInEnglish(r: DetailedRecord, alt: AltNames): boolean {
  const own = ownNames(r);
  const other = Object.values(alt).flat();
  return own.length > 0 && other.length > 0 && !mostlyJapanese(own) && mostlyJapanese(other);
}

/** A record's names in `lang`: each name's other spelling where it is the one in that language. */
export function namesIn(r: DetailedRecord, alt: AltNames, lang: Language): TitleNames {
  const englishNamed = namedInEnglish(r, alt);
  // An English-named record's other spelling is its Japanese one, whatever its letters ("OL" for
  // "Office Lady", "S1 NO.1 STYLE"); a Japanese-named one's is English only where it is written
  // so (not a FANZA reading).
  const takesAlt = (other: string) => (lang === "ja" ? englishNamed : !englishNamed && writtenIn("en", other));
  const pick = (names: readonly string[], kind: NameKind): string[] => {
    const other = pairedAlts(names, alt[kind]);
    return other === null ? [...names] : names.map((name, i) => (takesAlt(other[i]) ? other[i] : name));
  };
  const one = (name: string | null, kind: NameKind): string | null => (name === null || name === "" ? name : pick([name], kind)[0]);
  return {
    actresses: pick(r.actresses, "actress"),
    actors: pick(r.actors, "actor"),
    directors: pick(r.directors, "director"),
    authors: pick(r.authors, "author"),
    makers: pick(r.makers, "maker"),
    label: one(r.label, "label") ?? "",
    series: one(r.series, "series"),
    categories: pick(r.categories, "genre"),
  };
}

/** A title's names in `lang`, with the catalog's other spellings of them. */
export function titleNames(deps: Pick<ServiceDeps, "db">, t: Title, lang: Language): TitleNames {
  return namesIn(t.record, titleAltNames(deps, t), lang);
}
