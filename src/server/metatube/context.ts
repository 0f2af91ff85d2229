import type { Images } from "../../images/index.js";
import type { ServiceDeps } from "../../services/deps.js";
import type { Language } from "./models.js";
import { PROVIDER_NOT_FOUND, notFound } from "./envelope.js";
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

/** Our providers behind a MetaTube name; an unknown name is MetaTube's 404 "provider not found". */
export function providersNamed(ctx: MtContext, name: string): string[] {
  const providers = providersOf(name, ctx.knownProviders(), ctx.lang);
  if (providers === null || providers.length === 0) throw notFound(PROVIDER_NOT_FOUND);
  return providers;
}

/** `provider=` of a search: empty or absent searches every provider. */
export function searchProviders(ctx: MtContext, name: string | undefined): string[] | null {
  return name === undefined || name.trim() === "" ? null : providersNamed(ctx, name);
}
