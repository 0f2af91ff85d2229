/**
 * Provider names on the MetaTube face: each registered provider's titles appear under the
 * name MetaTube's plugins know its source by (services' metaTubeName: FANZA for DMM's data,
 * the FANZA API's and r18.dev's alike; 1Pondo, HEYZO, ...), so the plugins' provider filters,
 * priorities and their DMM-specific steps recognise them; a provider of the catalog that the
 * registry does not know (an import's) appears under its own name.
 */
import { dmmPageUrl } from "../../codes/index.js";
import { PROVIDERS, providerNamed } from "../../providers/registry.js";
import { dmmCopyOrder, metaTubeName } from "../../services/titles/copies.js";
import type { Title } from "../../services/titles/title.js";
import type { Language } from "../../services/titles/title-names.js";

export const DMM_NAME = "FANZA";
const DMM_PROVIDERS = PROVIDERS.filter((p) => p.metaTubeName === DMM_NAME).map((p) => p.name);

/** The site MetaTube's provider list gives for a name: DMM's for DMM's data, else the source's own. */
export function siteOf(provider: string): string {
  const p = providerNamed(provider);
  if (p === undefined) return "";
  return p.metaTubeName === DMM_NAME ? "https://www.dmm.co.jp/" : `${p.defaultBaseUrl}/`;
}

/**
 * Our providers behind a MetaTube name (any case), in the order their titles are
 * preferred (services' copyRank); null for a name that is none of ours.
 */
export function providersOf(name: string, known: readonly string[], lang: Language): string[] | null {
  const wanted = name.trim().toLowerCase();
  if (wanted === DMM_NAME.toLowerCase()) return dmmCopyOrder(lang).filter((p) => known.includes(p));
  const own = known.filter((p) => metaTubeName(p).toLowerCase() === wanted);
  return own.length === 0 ? null : own;
}

/** The MetaTube names of these providers, each once, in order. */
export function metaTubeNames(providers: readonly string[]): string[] {
  return [...new Set(providers.map(metaTubeName))];
}

/**
 * A title's page on its provider's site: DMM's own page for DMM data, as MetaTube's
 * FANZA gives it (codes' dmmPageUrl), else the page the title was read from.
 */
export function homepageOf(t: Title): string {
  if (!DMM_PROVIDERS.includes(t.provider)) return t.pageUrl;
  if (t.provider === "fanza" && /dmm\.co\.jp\//.test(t.pageUrl)) return t.pageUrl;
  return dmmPageUrl(t.record.contentId, t.record.serviceCode) ?? t.pageUrl;
}

/** DMM's page of a person's titles, as the homepage of an actress from DMM data. */
export function personHomepage(provider: string, name: string): string {
  return provider === DMM_NAME ? `https://www.dmm.co.jp/search/=/searchstr=${encodeURIComponent(name)}/` : "";
}
