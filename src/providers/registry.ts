import type { Config } from "../config/load.js";
import { fanzaProvider } from "./fanza/index.js";
import { r18devProvider } from "./r18dev/index.js";
import type { Provider } from "./types.js";

/** Every provider the service knows, explicitly listed. */
export const PROVIDERS: readonly Provider[] = [r18devProvider, fanzaProvider];

export interface ProviderSetup {
  provider: Provider;
  enabled: boolean;
  baseUrl: string;
  /** Requests per second; 0 = no limit. */
  rate: number;
  settings: Record<string, string>;
  /** Why an enabled provider cannot be used (missing credentials), or null. */
  unusable: string | null;
}

/** Each provider's settings from the config (PROVIDER_<NAME>_*, credentials). */
export function providerSetups(config: Config): ProviderSetup[] {
  const byName: Record<string, Omit<ProviderSetup, "provider" | "unusable">> = {
    r18dev: { enabled: config.r18devEnabled, baseUrl: config.r18devBaseUrl, rate: config.r18devRate, settings: {} },
    fanza: {
      enabled: config.fanzaEnabled,
      baseUrl: config.fanzaBaseUrl,
      rate: config.fanzaRate,
      settings: { FANZA_API_ID: config.fanzaApiId, FANZA_AFFILIATE_ID: config.fanzaAffiliateId },
    },
  };
  return PROVIDERS.map((provider) => {
    const s = byName[provider.name];
    const missing = provider.requiredSettings.filter((k) => !s.settings[k]);
    return { provider, ...s, unusable: missing.length ? `needs ${missing.join(" and ")}` : null };
  });
}

/** Providers that are enabled and have what they need, in the configured order. */
export function usableProviders(config: Config): ProviderSetup[] {
  const usable = providerSetups(config).filter((s) => s.enabled && s.unusable === null);
  const rank = (name: string) => {
    const i = config.providerOrder.indexOf(name);
    return i === -1 ? Number.MAX_SAFE_INTEGER : i;
  };
  return usable.sort((a, b) => rank(a.provider.name) - rank(b.provider.name));
}
