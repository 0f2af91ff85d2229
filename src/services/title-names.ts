/**
 * A title's names (its people, maker, label, series and genres) in one language, for the
 * faces that answer in one (MEDIA_LANGUAGE). A record keeps each name as its source spells
 * it, and the other spelling, where the source gives one, in `altNames`: r18.dev's records
 * name everything in English (romaji, the English genre) with the Japanese beside it
 * (providers/r18dev/parse.ts); every other source names them in Japanese, with the English
 * beside them where its site has English pages (D2Pass's sites, HEYZO, Tokyo-Hot) and
 * FANZA's kana readings, which are no names of another language.
 *
 * `altNames` holds a list per kind, not pairs: a source leaves out a name it has no other
 * spelling for, so the two lists pair up by position only when they are equally long
 * (every name had one). Where they do not, the record's own names stand.
 */
import { altNamesOf } from "../catalog/index.js";
import type { DetailedRecord, NameKind } from "../model/record.js";
import type { ServiceDeps } from "./deps.js";
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

/** Sources whose records name everything in English, the Japanese in altNames. */
const ENGLISH_NAMED: ReadonlySet<string> = new Set(["r18dev"]);

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

/** A record's names of one provider in `lang`: each name's other spelling where it is the one in that language. */
export function namesIn(provider: string, r: DetailedRecord, alt: AltNames, lang: Language): TitleNames {
  const englishNamed = ENGLISH_NAMED.has(provider);
  // r18.dev's other spelling is its Japanese field, whatever its letters ("S1 NO.1 STYLE");
  // the others' is English only where it is written so (not a FANZA reading).
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
  return namesIn(t.provider, t.record, titleAltNames(deps, t), lang);
}
