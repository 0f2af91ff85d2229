/**
 * The names of a D2Pass title in both languages: genres and performers. The site sends each
 * as a Japanese and an English list whose orders need not agree (a real 1pondo record lists
 * UCNAME 中出し, フェラ, 生ハメ where UCNAMEEn has Creampie, Bareback, Blowjob), so pairs come
 * from the keyed lists (UcNameList, ActressesList), the parallel lists only when those are absent.
 */
import { isObject, list, str, uniq, type JsonObject } from "../coerce.js";
import { personName } from "../site-text.js";

export interface NamePair {
  ja: string;
  en: string | null;
}

/**
 * UC ids from 50000 up are no genres: the membership tier a title needs (50001 超VIP/SVIP) and
 * its picture quality (60000 1080p, 60001 60fps), as the listing's UcNameList shows them.
 */
const FIRST_NON_GENRE_UC = 50000;

function names(v: unknown): string[] {
  return list(v)
    .map(str)
    .filter((s): s is string => s !== null);
}

/** The keyed list as [id, {NameJa, NameEn}] entries, ids as numbers. */
function keyed(v: unknown): { id: number; ja: string | null; en: string | null }[] {
  if (!isObject(v)) return [];
  return Object.entries(v)
    .filter((e): e is [string, JsonObject] => isObject(e[1]))
    .map(([id, n]) => ({ id: Number(id), ja: str(n.NameJa), en: str(n.NameEn) }));
}

/** Genres in UCNAME's order, each with its English name; membership and quality tags left out. */
export function genres(json: JsonObject): NamePair[] {
  const byId = keyed(json.UcNameList);
  const ja = names(json.UCNAME);
  const out: NamePair[] = [];
  if (byId.length > 0) {
    const shown = ja.length > 0 ? ja : byId.map((n) => n.ja ?? n.en ?? "");
    for (const name of shown) {
      const entry = byId.find((n) => n.ja === name) ?? byId.find((n) => n.ja === null && n.en === name);
      if (entry !== undefined && entry.id >= FIRST_NON_GENRE_UC) continue;
      if (name !== "") out.push({ ja: name, en: entry?.en ?? null });
    }
    return dedupe(out);
  }
  // No keyed list: the parallel lists, read by index only where their lengths agree.
  const ids = list(json.UC).map(Number);
  const en = names(json.UCNAMEEn);
  ja.forEach((name, i) => {
    if (ids.length === ja.length && ids[i] >= FIRST_NON_GENRE_UC) return;
    out.push({ ja: name, en: en.length === ja.length ? en[i] : null });
  });
  return dedupe(out);
}

/**
 * Performers: ActressesJa, else the comma-joined Actor, either without the dashes that are the
 * site's blank ("-"); their English from ActressesList by Japanese name, else from ActressesEn
 * by index.
 */
export function performers(json: JsonObject): NamePair[] {
  let ja = list(json.ActressesJa).map((n) => personName(str(n)));
  if (ja.every((n) => n === "")) ja = (str(json.Actor) ?? "").split(",").map(personName);
  const byName = keyed(json.ActressesList);
  // Positions are read before blanks go, so a blank never shifts the English onto another name.
  const en = list(json.ActressesEn).map(str);
  const pairs = ja.map((name, i) => ({ ja: name, en: byName.find((n) => n.ja === name)?.en ?? (en.length === ja.length ? en[i] : null) }));
  return dedupe(pairs.filter((p) => p.ja !== ""));
}

function dedupe(pairs: NamePair[]): NamePair[] {
  const seen = new Set<string>();
  return pairs.filter((p) => !seen.has(p.ja) && seen.add(p.ja));
}

/** The English names where they say something the Japanese ones do not. */
export function englishOf(pairs: NamePair[]): string[] {
  return uniq(pairs.filter((p) => p.en !== p.ja).map((p) => p.en));
}
