import type { Images } from "../../images/index.js";
import type { ServiceDeps } from "../../services/deps.js";
import { notFound, PROVIDER_NOT_FOUND } from "./envelope.js";
import type { Language } from "./models.js";
import { providersOf } from "./provider-names.js";

/** What the MetaTube routes receive from the plugin that registers them. */
export interface MtContext {
  deps: ServiceDeps;
  lang: Language;
  /** Our providers right now: with records in the catalog, or live. */
  knownProviders: () => string[];
  /** Fetches, cuts and caches images; null where the server has none (then the image routes answer 404). */
  images: Images | null;
}

/**
 * MetaTube's provider of actress pictures (metatube-sdk-go provider/gfriends), the only one
 * MetaTube's Plex plugin asks them of. Here it is the actresses of every provider's titles,
 * their pictures those the records give them. Like MetaTube's, it has actresses, no titles.
 */
export const GFRIENDS = "Gfriends";

export const isGfriends = (name: string): boolean => name.trim().toLowerCase() === GFRIENDS.toLowerCase();

/** Our providers of titles behind a MetaTube name; an unknown name (Gfriends too) is MetaTube's 404 "provider not found". */
export function titleProvidersNamed(ctx: MtContext, name: string): string[] {
  const providers = providersOf(name, ctx.knownProviders(), ctx.lang);
  if (providers === null || providers.length === 0) throw notFound(PROVIDER_NOT_FOUND);
  return providers;
}

/** Our providers behind a MetaTube name, for actresses and pictures: Gfriends is every provider. */
export function providersNamed(ctx: MtContext, name: string): string[] {
  return isGfriends(name) ? ctx.knownProviders() : titleProvidersNamed(ctx, name);
}

/** `provider=` of a search: empty or absent searches every provider. */
export function searchProviders(ctx: MtContext, name: string | undefined, named = providersNamed): string[] | null {
  return name === undefined || name.trim() === "" ? null : named(ctx, name);
}
