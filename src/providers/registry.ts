import type { Seller } from "../codes/index.js";
import type { Config } from "../config/load.js";
import { ConfigError, onOff, optional, rate, url, userAgent } from "../config/parsers.js";
import { tenMusumeProvider } from "./10musume/index.js";
import { onePondoProvider } from "./1pondo/index.js";
import { caribbeancomProvider } from "./caribbeancom/index.js";
import { caribbeancomprProvider } from "./caribbeancompr/index.js";
import { fanzaProvider } from "./fanza/index.js";
import { fc2Provider } from "./fc2/index.js";
import { heyzoProvider } from "./heyzo/index.js";
import { mgstageProvider } from "./mgstage/index.js";
import { muramuraProvider } from "./muramura/index.js";
import { pacopacomamaProvider } from "./pacopacomama/index.js";
import { r18devProvider } from "./r18dev/index.js";
import { tokyoHotProvider } from "./tokyo-hot/index.js";
import type { Provider } from "./types.js";

/** Every provider the service knows, explicitly listed: a new source is its folder and one line here. */
export const PROVIDERS: readonly Provider[] = [
  r18devProvider,
  fanzaProvider,
  onePondoProvider,
  tenMusumeProvider,
  pacopacomamaProvider,
  muramuraProvider,
  caribbeancomProvider,
  caribbeancomprProvider,
  heyzoProvider,
  tokyoHotProvider,
  mgstageProvider,
  fc2Provider,
];

export interface ProviderSetup {
  provider: Provider;
  enabled: boolean;
  baseUrl: string;
  /** Requests per second; 0 = no limit. */
  rate: number;
  /** Its own user-agent (PROVIDER_<NAME>_USER_AGENT); absent: its requests send USER_AGENT, the client's. */
  userAgent?: string;
  /** The provider's own settings (Provider.settings), by their names. */
  settings: Record<string, string>;
  /** Why an enabled provider cannot be used (missing credentials), or null. */
  unusable: string | null;
}

/** A setting of a provider as the configuration page lists it. */
export interface ProviderSettingDoc {
  provider: string;
  env: string;
  default: string;
  help: string;
}

/** PROVIDER_<NAME>: the name in upper case, anything but letters and digits as `_` (tokyo-hot: PROVIDER_TOKYO_HOT). */
export function settingPrefix(name: string): string {
  return `PROVIDER_${name.toUpperCase().replace(/[^A-Z0-9]/g, "_")}`;
}

/** Every provider's settings, in the registry's order: the four each has, then its own. */
export function providerSettingDocs(providers: readonly Provider[] = PROVIDERS): ProviderSettingDoc[] {
  return providers.flatMap((p) => {
    const prefix = settingPrefix(p.name);
    const needs = p.settings.filter((s) => s.required).map((s) => `\`${s.env}\``);
    const common: ProviderSettingDoc[] = [
      {
        provider: p.name,
        env: `${prefix}_ENABLED`,
        default: "on",
        help: `Use ${p.source} for live lookups and scheduled crawls${needs.length ? `; it also needs ${needs.join(" and ")}` : ""}.`,
      },
      { provider: p.name, env: `${prefix}_BASE_URL`, default: p.defaultBaseUrl, help: `Base URL of ${p.name}'s source, an http(s) URL.` },
      { provider: p.name, env: `${prefix}_RATE`, default: String(p.defaultRate), help: `Requests per second to ${p.name}'s source (0 = no limit).` },
      { provider: p.name, env: `${prefix}_USER_AGENT`, default: "", help: `User-agent of the requests to ${p.name}'s source; empty = \`USER_AGENT\`.` },
    ];
    return [...common, ...p.settings.map((s) => ({ provider: p.name, env: s.env, default: s.default, help: s.help }))];
  });
}

function setupOf(provider: Provider, env: Readonly<Record<string, string>>, problems: string[]): ProviderSetup {
  const read = <T>(name: string, fallback: string, parse: (raw: string) => T): T => {
    const raw = env[name];
    try {
      return parse(raw === undefined || raw === "" ? fallback : raw);
    } catch (err) {
      problems.push(`${name} ${(err as Error).message}`);
      return parse(fallback);
    }
  };
  const prefix = settingPrefix(provider.name);
  const settings: Record<string, string> = {};
  for (const s of provider.settings) settings[s.env] = read(s.env, s.default, s.parse ?? optional);
  const missing = provider.settings.filter((s) => s.required && settings[s.env] === "").map((s) => s.env);
  const agent = read(`${prefix}_USER_AGENT`, "", userAgent);
  return {
    provider,
    enabled: read(`${prefix}_ENABLED`, "on", onOff),
    baseUrl: read(`${prefix}_BASE_URL`, provider.defaultBaseUrl, url),
    rate: read(`${prefix}_RATE`, String(provider.defaultRate), rate),
    ...(agent === "" ? {} : { userAgent: agent }),
    settings,
    unusable: missing.length ? `needs ${missing.join(" and ")}` : null,
  };
}

const setupsOf = new WeakMap<Config, ProviderSetup[]>();

/**
 * Each provider's settings from the environment the config was read from (the providers'
 * own settings are declared with them, not in config/schema.ts). A bad value throws a
 * ConfigError naming the variable, as the config's own settings do.
 */
export function providerSetups(config: Config, providers: readonly Provider[] = PROVIDERS): ProviderSetup[] {
  const known = providers === PROVIDERS ? setupsOf.get(config) : undefined;
  if (known) return known;
  const problems: string[] = [];
  const setups = providers.map((p) => setupOf(p, config.env, problems));
  // A setting of no provider is a typo that would be silently passed over (PROVIDER_CARIBBEAN_ENABLED).
  const prefixes = new Set(providers.map((p) => settingPrefix(p.name)));
  for (const name of Object.keys(config.env)) {
    const prefix = /^(PROVIDER_[A-Z0-9_]+)_(?:ENABLED|BASE_URL|RATE|USER_AGENT)$/.exec(name)?.[1];
    if (prefix !== undefined && !prefixes.has(prefix)) {
      problems.push(`${name} names no provider; providers: ${providers.map((p) => p.name).join(", ")}`);
    }
  }
  if (problems.length > 0) throw new ConfigError(`invalid configuration: ${problems.join("; ")}`);
  if (providers === PROVIDERS) setupsOf.set(config, setups);
  return setups;
}

/** Providers that are enabled and have what they need, PROVIDER_ORDER's first, then the registry's order. */
export function usableProviders(config: Config): ProviderSetup[] {
  const usable = providerSetups(config).filter((s) => s.enabled && s.unusable === null);
  const rank = (name: string) => {
    const i = config.providerOrder.indexOf(name);
    return i === -1 ? Number.MAX_SAFE_INTEGER : i;
  };
  return usable.sort((a, b) => rank(a.provider.name) - rank(b.provider.name));
}

const BY_NAME: ReadonlyMap<string, Provider> = new Map(PROVIDERS.map((p) => [p.name, p]));
const NO_SELLERS: readonly Seller[] = [];

/** The provider of this name in the registry. */
export function providerNamed(name: string): Provider | undefined {
  return BY_NAME.get(name);
}

/** The sellers a catalog provider's titles belong to; none for a name the registry does not know (an import's, the samples'). */
export function sellersOfProvider(name: string): readonly Seller[] {
  return BY_NAME.get(name)?.sellers ?? NO_SELLERS;
}
