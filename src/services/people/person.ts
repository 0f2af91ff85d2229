/**
 * People as every face answers them (/people, MetaTube's actors and Gfriends, Plex's
 * Role, the NFO's <actor>): one key, one current name in the language asked, one
 * picture, and the titles' credits read through them.
 *
 * Her picture, in this order: the sources' (the one given with her newest title), then
 * the picture tree the user points at (PEOPLE_PICTURES), asked by each of her full names
 * that no other person in the catalog holds, current names first. A person with neither
 * has no picture: a name she shares never lends her another's, nor does a one-word name
 * (the tree files `みなみ` under one actress of the many who worked under it).
 */
import {
  foldName,
  getPerson,
  getPersonFace,
  peopleNamed,
  personByKey,
  type PersonFace,
  type PersonName,
  type PersonRecord,
  titleCredits,
} from "../../catalog/index.js";
import { seenNames } from "../../people/credits.js";
import { isFullName } from "../../people/names.js";
import type { ServiceDeps } from "../deps.js";
import type { Title } from "../titles/title.js";
import type { Language } from "../titles/title-names.js";

export interface Person {
  /** Our id (for edits); answers name her by `key`. */
  id: number;
  /** DMM's id of her where she has one, else `n` and ours. */
  key: string;
  /** Her current name in the language asked. */
  name: string;
  names: PersonName[];
  picture: string | null;
  titles: number;
  firstRelease: string | null;
  lastRelease: string | null;
  record: PersonRecord;
}

const SCRIPTS: Record<Language, readonly PersonName["script"][]> = { ja: ["kanji", "kana", "latin"], en: ["latin", "kanji", "kana"] };

/** Her current name in a language: Japanese in kanji (else kana), English in Latin letters, else the next script she has. */
export function nameIn(names: readonly PersonName[], lang: Language): string {
  for (const script of SCRIPTS[lang]) {
    const current = names.find((n) => n.kind === "current" && n.script === script);
    if (current !== undefined) return current.name;
  }
  return names.find((n) => n.kind !== "alias")?.name ?? names[0]?.name ?? "";
}

/** Her names the picture tree is asked by: full names no other person holds, current first, Japanese first. */
function ownNames(deps: Pick<ServiceDeps, "db">, p: PersonFace): string[] {
  const order = (n: PersonName) => (n.kind === "current" ? 0 : n.kind === "former" ? 1 : 2) * 3 + SCRIPTS.ja.indexOf(n.script);
  return [...p.names]
    .sort((a, b) => order(a) - order(b))
    .filter((n) => {
      if (!isFullName(n.name)) return false;
      const holders = peopleNamed(deps.db, n.folded);
      return holders.length === 1 && holders[0] === p.id;
    })
    .map((n) => n.name);
}

/** Her picture: the sources', then the tree's by a name of hers alone; null when neither has one. */
export async function pictureOf(deps: Pick<ServiceDeps, "db" | "pictureTree">, p: PersonFace): Promise<string | null> {
  if (p.picture !== null) return p.picture;
  const tree = deps.pictureTree;
  if (!tree) return null;
  for (const name of ownNames(deps, p)) {
    const found = await tree.pictureFor(name);
    if (found !== null) return found;
  }
  return null;
}

/** The person shown for our id, in a language; null for none. */
export async function personById(deps: Pick<ServiceDeps, "db" | "pictureTree">, id: number, lang: Language): Promise<Person | null> {
  const record = getPerson(deps.db, id);
  if (record === null) return null;
  return {
    id: record.id,
    key: record.key,
    name: nameIn(record.names, lang),
    names: record.names,
    picture: await pictureOf(deps, record),
    titles: record.titles,
    firstRelease: record.firstRelease,
    lastRelease: record.lastRelease,
    record,
  };
}

/** The person of a key (DMM's id, `n…`), or of a name only one person holds; null otherwise. */
export function findPersonId(deps: Pick<ServiceDeps, "db">, keyOrName: string): number | null {
  const byKey = personByKey(deps.db, keyOrName);
  if (byKey !== null) return byKey;
  const folded = foldName(keyOrName);
  if (folded === "") return null;
  const holders = peopleNamed(deps.db, folded);
  return holders.length === 1 ? holders[0] : null;
}

/** A person as a title's credit shows her (her titles not counted: a prolific actress's are many). */
export interface CreditedFace {
  id: number;
  key: string;
  /** Her current name in the language asked. */
  name: string;
  names: PersonName[];
  picture: string | null;
}

/** A title's actress as the faces show her: the person's name and picture, or the credit as the record gives it. */
export interface CreditedPerson {
  name: string;
  picture: string | null;
  person: CreditedFace | null;
}

/** The person of our id as a credit shows her, in a language; null for none. */
async function creditedFace(deps: Pick<ServiceDeps, "db" | "pictureTree">, id: number, lang: Language): Promise<CreditedFace | null> {
  const face = getPersonFace(deps.db, id);
  if (face === null) return null;
  return { id: face.id, key: face.key, name: nameIn(face.names, lang), names: face.names, picture: await pictureOf(deps, face) };
}

/** The person a live title's credit names: the one person holding one of its full names, else none. */
function personOfLiveCredit(deps: Pick<ServiceDeps, "db">, name: string): number | null {
  const ids = new Set<number>();
  for (const n of seenNames([name])) {
    if (n.kind !== "name" || !isFullName(n.name)) continue;
    for (const id of peopleNamed(deps.db, n.folded)) ids.add(id);
  }
  return ids.size === 1 ? [...ids][0] : null;
}

/** A credit the catalog keeps no position for (a person listed twice keeps her first): the person credited on the title who holds its name. */
function listedAgain(deps: Pick<ServiceDeps, "db">, name: string, onTitle: ReadonlySet<number>): number | null {
  for (const n of seenNames([name])) {
    const holder = peopleNamed(deps.db, n.folded).find((id) => onTitle.has(id));
    if (holder !== undefined) return holder;
  }
  return null;
}

/**
 * A title's actresses, each once, as the faces name them: a credited person by her
 * current name in the language and her picture; a credit no person holds as the title
 * gives it (`shown`: the title's names in the language), with the picture its record
 * gives that name.
 */
export async function creditedPeople(
  deps: Pick<ServiceDeps, "db" | "pictureTree">,
  t: Title,
  shown: readonly string[],
  lang: Language,
): Promise<CreditedPerson[]> {
  const credits = t.id === null ? null : titleCredits(deps.db, t.id);
  const out: CreditedPerson[] = [];
  const seen = new Set<number>();
  const rich = t.record.extra.actressesRich;
  const onTitle = new Set(credits?.values());
  for (const [i, name] of t.record.actresses.entries()) {
    const id = credits !== null ? (credits.get(i) ?? (onTitle.size === 0 ? null : listedAgain(deps, name, onTitle))) : personOfLiveCredit(deps, name);
    const person = id === null || seen.has(id) ? null : await creditedFace(deps, id, lang);
    if (id !== null && seen.has(id)) continue;
    if (id !== null) seen.add(id);
    if (person !== null) out.push({ name: person.name, picture: person.picture, person });
    else out.push({ name: shown[i] ?? name, picture: rich.find((a) => a.name === name)?.image ?? null, person: null });
  }
  return out;
}

/**
 * Whether `url` is a picture the catalog holds for the person of this key or name (the
 * sources' or the tree's chosen for her): the image routes fetch no other for her.
 */
export async function isPictureOfPerson(deps: Pick<ServiceDeps, "db" | "pictureTree">, keyOrName: string, url: string): Promise<boolean> {
  const id = findPersonId(deps, keyOrName);
  const record = id === null ? null : getPerson(deps.db, id);
  return record !== null && url !== "" && (record.picture === url || (await pictureOf(deps, record)) === url);
}

/** Whether `url` is the picture of one of a title's credited actresses as the faces show her (hers, or the tree's chosen for her). */
export async function isPictureOfCredited(deps: Pick<ServiceDeps, "db" | "pictureTree">, t: Title, url: string): Promise<boolean> {
  if (url === "") return false;
  const people = await creditedPeople(deps, t, t.record.actresses, "ja");
  return people.some((p) => p.picture === url);
}
