/**
 * An actress as MetaTube's ActorInfo. A person of the catalog (services/people) answers
 * as herself: her key as the id, her current name in the language asked, her other names
 * (former names, aliases, the other scripts) as aliases, her one picture. A name no person
 * holds (a one-word name without an id, say) is gathered from the titles she appears in,
 * as before people were records: her name as the titles' answers spell it in the language
 * asked (services/titles/title-names.ts), her pictures those the records give her, her
 * other names the titles' other spellings. What no record says (height, birthday...)
 * stays empty.
 */
import { foldName } from "../../catalog/index.js";
import type { Person } from "../../services/people/person.js";
import type { Title } from "../../services/titles/title.js";
import { type AltNames, type Language, namesIn, pairedAlts, writtenIn } from "../../services/titles/title-names.js";
import { type ActorInfo, NO_DATE } from "./models.js";
import { metaTubeName } from "../../services/titles/copies.js";
import { personHomepage } from "./provider-names.js";

/**
 * The id of an actress no person holds, on the MetaTube face: her name, with `/` and `\` in their full-width forms.
 * The plugins put the id in a URL path (Jellyfin's Path.Combine and UriBuilder, which turns
 * `\` into `/`), where either would split it; the full-width forms fold back to them (NFKC,
 * as every name lookup folds), so the id finds the very person her name does. Any other name
 * is its own id, as it always was. A person's id is her key (DMM's id, or `n` and ours), and
 * the name ids media servers kept from before still find her (actors.ts).
 */
export const actorId = (name: string): string => name.replace(/\//g, "\uFF0F").replace(/\\/g, "\uFF3C");

/** What no record of ours says of an actress. */
const UNKNOWN = {
  summary: "",
  hobby: "",
  skill: "",
  blood_type: "",
  cup_size: "",
  measurements: "",
  nationality: "",
  height: 0,
  birthday: NO_DATE,
  debut_date: NO_DATE,
};

/** Her spellings in one title: as its answers give her in the language, and every other it has. */
function spellingsIn(t: Title, alt: AltNames, folded: string, lang: Language): { shown: string; others: string[]; image: string | null } | null {
  const names = t.record.actresses;
  const shown = namesIn(t.record, alt, lang).actresses;
  const other = pairedAlts(names, alt.actress);
  let i = names.findIndex((n, j) => foldName(n) === folded || foldName(shown[j]) === folded || (other !== null && foldName(other[j]) === folded));
  // Found by a name she has only in the title's unpaired other spellings: she is its actress if it has one.
  if (i === -1 && names.length === 1) i = 0;
  if (i === -1) return null;
  // A title of hers alone: its other spellings (a reading, say) are hers whether they pair up or not.
  const others = names.length === 1 ? [names[0], ...(alt.actress ?? [])] : [names[i], ...(other === null ? [] : [other[i]])];
  const image = t.record.extra.actressesRich.find((a) => a.name === names[i])?.image ?? null;
  return { shown: shown[i], others, image };
}

/** The spelling her answer gives: one in the language asked before any other, then the one most titles give. */
function chosen(spellings: string[], lang: Language): string {
  const counts = new Map<string, number>();
  for (const s of spellings) counts.set(s, (counts.get(s) ?? 0) + 1);
  const inLanguage = (s: string) => (writtenIn(lang, s) ? 1 : 0);
  // A stable sort: among equals, the spelling of her newest title.
  return [...counts].sort(([a, m], [b, n]) => inLanguage(b) - inLanguage(a) || n - m)[0][0];
}

/**
 * The actress named `name` (any spelling the catalog knows) in these titles (newest
 * first), or null when none of them names her. `altNames` gives a title's other spellings
 * of its names; `as` is the MetaTube provider name to answer under (Gfriends), else her
 * first title's.
 */
export function actorFromTitles(name: string, titles: Title[], altNames: (t: Title) => AltNames, lang: Language, as?: string): ActorInfo | null {
  const folded = foldName(name);
  const spellings: string[] = [];
  const images: string[] = [];
  const aliases: string[] = [];
  let source: string | null = null;
  for (const t of titles) {
    const found = spellingsIn(t, altNames(t), folded, lang);
    if (found === null) continue;
    source ??= metaTubeName(t.provider);
    spellings.push(found.shown);
    aliases.push(...found.others);
    if (found.image && !images.includes(found.image)) images.push(found.image);
  }
  if (source === null) return null;
  const shown = chosen(spellings, lang);
  const others: string[] = [];
  const seen = new Set([foldName(shown)]);
  for (const a of [...spellings, ...aliases, name.trim()]) {
    if (seen.has(foldName(a))) continue;
    seen.add(foldName(a));
    others.push(a);
  }
  return { id: actorId(shown), name: shown, provider: as ?? source, homepage: personHomepage(source, shown), aliases: others, images, ...UNKNOWN };
}

/**
 * A person as MetaTube's ActorInfo, answered under `provider` (Gfriends when asked of it, else
 * `source`, the MetaTube name of her newest title's provider, whose page of her is her homepage).
 */
export function actorOfPerson(p: Person, provider: string, source: string): ActorInfo {
  const seen = new Set([foldName(p.name)]);
  const aliases: string[] = [];
  for (const n of p.names) {
    const folded = foldName(n.name);
    if (seen.has(folded)) continue;
    seen.add(folded);
    aliases.push(n.name);
  }
  return {
    id: p.key,
    name: p.name,
    provider,
    homepage: personHomepage(source, p.name),
    aliases,
    images: p.picture === null ? [] : [p.picture],
    ...UNKNOWN,
  };
}
