/**
 * A title's copies, and which one a face answers with. A code that two sources of DMM's data
 * hold (the FANZA API's Japanese record, r18.dev's English one) is one title in two copies,
 * and every face shows the copy the answer's language prefers, so that MetaTube's search,
 * its info and image routes, and Plex's match all name the same one. Faces differ only in
 * what counts as one title: MetaTube lists a title per source name and id (as its own search
 * does), Plex per content id. Below the faces, so that none imports another for it.
 */
import { providerNamed } from "../../providers/registry.js";
import type { Title } from "./title.js";
import type { Language } from "./title-names.js";

/**
 * The name media servers know a provider's source by: MetaTube's (providers' `metaTubeName`:
 * FANZA for DMM's data, the FANZA API's and r18.dev's alike; 1Pondo, HEYZO, ...), under which
 * the MetaTube face lists its titles and serves their pictures; a provider the registry does
 * not know (an import's) by its own name.
 */
export function metaTubeName(provider: string): string {
  return providerNamed(provider)?.metaTubeName ?? provider;
}

/** DMM's data in the order its copies of a title are preferred: the FANZA API's Japanese first, or r18.dev's English when English is asked. */
export const dmmCopyOrder = (lang: Language): readonly string[] => (lang === "en" ? ["r18dev", "fanza"] : ["fanza", "r18dev"]);

/** How a provider's copy of a title ranks among its copies: lower is preferred (every other source's copy ranks first). */
export function copyRank(provider: string, lang: Language): number {
  return Math.max(0, dmmCopyOrder(lang).indexOf(provider));
}

/** What makes two titles copies of one on the MetaTube face: the source name and the content id. */
export const sameSourceAndId = (t: Title): string => `${metaTubeName(t.provider)}\u0000${t.record.contentId.toLowerCase()}`;
/** What makes two titles copies of one on the Plex face: the content id. */
export const sameContentId = (t: Title): string => t.record.contentId.toLowerCase();

/**
 * Every copy, each title's together where its first copy stood, the preferred copy first
 * (copyRank, then the order they came in).
 */
export function preferredFirst(titles: readonly Title[], lang: Language, same: (t: Title) => string): Title[] {
  const first = new Map<string, number>();
  const keyed = titles.map((t, i) => {
    const key = same(t);
    if (!first.has(key)) first.set(key, i);
    return { t, i, at: first.get(key)! };
  });
  return keyed.sort((a, b) => a.at - b.at || copyRank(a.t.provider, lang) - copyRank(b.t.provider, lang) || a.i - b.i).map((x) => x.t);
}

/** One copy of each title, the preferred one, where the title's first copy stood. */
export function preferredCopies(titles: readonly Title[], lang: Language, same: (t: Title) => string): Title[] {
  const seen = new Set<string>();
  return preferredFirst(titles, lang, same).filter((t) => {
    const key = same(t);
    return !seen.has(key) && seen.add(key) !== undefined;
  });
}
