/**
 * A person's titles under any of her names: an actress filter by a name one person holds
 * matches the titles credited under her other names too, and a text search that is such a
 * name searches her titles. Done once per search, where it runs (the HTTP thread or a search
 * worker), with the catalog at hand; the filter crosses threads as the client gave it.
 *
 * Her other names join only where they cannot bring in another's titles: a full name
 * (people/names.ts isFullName) no other person holds. A one-word name (みなみ) is worn by
 * many, on titles that name no one: a filter by another of her names never reaches it.
 * DMM writes a renamed actress as one name, `名（旧名）`, and titles are tagged with that
 * whole spelling: her names' such pairs join as well.
 */
import { foldName, isFullName, scriptOf } from "../../people/names.js";
import type { Db } from "../store/db.js";
import { type PersonName, peopleNamed, personNames } from "../store/people-read.js";
import type { CatalogFilter, NameFilter } from "./filter-sql.js";

/** Names taken into the `名（旧名）` pairs, at most (a pair per two of them). */
const MAX_PAIRED = 8;

/** Her names' `名（旧名）` spellings, folded: each Japanese name of hers with each Japanese former one in brackets. */
function formerPairs(names: readonly PersonName[]): string[] {
  const japanese = names.filter((n) => n.kind !== "alias" && scriptOf(n.name) !== "latin").slice(0, MAX_PAIRED);
  const former = japanese.filter((n) => n.kind === "former");
  const out: string[] = [];
  for (const outer of japanese) for (const inner of former) if (inner.folded !== outer.folded) out.push(foldName(`${outer.name}（${inner.name}）`));
  return out;
}

/** The other folded names a filter by `folded` matches: none unless exactly one person holds it. */
export function otherNamesOf(db: Db, folded: string): string[] {
  const holders = peopleNamed(db, folded);
  if (holders.length !== 1) return [];
  const names = personNames(db, holders[0]);
  const own = names.filter((n) => n.folded !== folded && isFullName(n.name) && peopleNamed(db, n.folded).length === 1).map((n) => n.folded);
  return [...new Set([...own, ...formerPairs(names)])].filter((n) => n !== folded);
}

/** The filter with each actress name widened to her other names (a name given already widened is left so). */
export function widenNames(db: Db, f: CatalogFilter): CatalogFilter {
  if (!f.names.some((n) => n.kind === "actress" && n.also === undefined)) return f;
  const names = f.names.map((n): NameFilter => (n.kind === "actress" && n.also === undefined ? { ...n, also: otherNamesOf(db, n.name) } : n));
  return { ...f, names };
}

/**
 * The text search that is one person's name: a whole text that is a full name exactly one
 * person holds, she having more than one name, is her actress filter (her titles under every
 * name) in place of the words; null for any other text. A one-word text stays words: it
 * is a word of titles too.
 */
export function personOfText(db: Db, text: string): NameFilter | null {
  const folded = foldName(text);
  if (folded === "" || !isFullName(text)) return null;
  const holders = peopleNamed(db, folded);
  if (holders.length !== 1 || personNames(db, holders[0]).length < 2) return null;
  return { kind: "actress", name: folded };
}
