/**
 * An actress as MetaTube's ActorInfo, gathered from the titles she appears in: the
 * catalog keeps no page of its own per person, so her name is as the records spell
 * it, her pictures those the records give her, her other names (Japanese, say) the
 * titles' other spellings. What no record says (height, birthday...) stays empty.
 */
import { foldName } from "../../catalog/index.js";
import type { Title } from "../../services/title.js";
import { type ActorInfo, NO_DATE } from "./models.js";
import { metaTubeName, personHomepage } from "./provider-names.js";

/** Her place in a title's actresses: by name, or the only actress of a title found by her other name. */
function indexIn(t: Title, folded: string): number {
  const i = t.record.actresses.findIndex((a) => foldName(a) === folded);
  return i !== -1 || t.record.actresses.length !== 1 ? i : 0;
}

const mostCommon = (values: string[]): string => {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0][0];
};

/**
 * The actress named `name` (any spelling the catalog knows) in these titles (newest
 * first), or null when none of them names her. `altNames` gives a catalog title's
 * other spellings of its actresses.
 */
export function actorFromTitles(name: string, titles: Title[], altNames: (t: Title) => string[]): ActorInfo | null {
  const folded = foldName(name);
  const spellings: string[] = [];
  const images: string[] = [];
  const aliases: string[] = [];
  let provider: string | null = null;
  for (const t of titles) {
    const i = indexIn(t, folded);
    if (i === -1) continue;
    const spelled = t.record.actresses[i];
    provider ??= metaTubeName(t.provider);
    spellings.push(spelled);
    const image = t.record.extra.actressesRich.find((a) => a.name === spelled)?.image;
    if (image && !images.includes(image)) images.push(image);
    if (t.record.actresses.length === 1) aliases.push(...altNames(t));
  }
  if (provider === null) return null;
  const shown = mostCommon(spellings);
  const others = [...new Set([...aliases, name.trim(), ...spellings])].filter((a) => foldName(a) !== foldName(shown));
  return {
    id: shown,
    name: shown,
    provider,
    homepage: personHomepage(provider, shown),
    aliases: others,
    images,
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
}
