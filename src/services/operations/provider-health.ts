import { getProviderState, lastFailedRun, runFailureKinds, runningRun, type Db, type RunRow } from "../../catalog/index.js";
import type { Config } from "../../config/load.js";
import { providerSetups, settingPrefix } from "../../providers/registry.js";

/** What the config lets a provider do. */
export interface ProviderReadiness {
  provider: string;
  enabled: boolean;
  /** Enabled, with every setting it needs. */
  usable: boolean;
  /** Why it is not usable ("disabled (PROVIDER_FANZA_ENABLED=off)", "needs FANZA_API_ID and FANZA_AFFILIATE_ID"), or null. */
  reason: string | null;
  /** Usable and has something to crawl: a provider that crawls a list of codes (r18dev) needs its file (R18DEV_CODES_FILE). */
  canCrawl: boolean;
  /** The setting naming the file of codes it crawls, for such a provider; else null. */
  codesFileSetting: string | null;
}

/** How a provider's crawls have been going, from its runs and crawl state. */
export interface ProviderHealth extends ProviderReadiness {
  lastSuccessAt: number | null;
  lastFailureAt: number | null;
  /** The most frequent failure kind of the last failed run ("timeout", "challenge"...), "error" when it counted none; null without a failed run. */
  lastFailureKind: string | null;
  /** The last failed run's error. */
  lastError: string | null;
  /** Failed runs since the last run that did not fail. */
  consecutiveFailures: number;
  /** The provider's run in progress, if any. */
  running: RunRow | null;
}

/** Every provider of the registry, in its order, as the config sets it up. */
export function providerReadiness(config: Config): ProviderReadiness[] {
  return providerSetups(config).map((s) => {
    const name = s.provider.name;
    const reason = s.enabled ? s.unusable : `disabled (${settingPrefix(name)}_ENABLED=off)`;
    const usable = reason === null;
    const list = s.provider.codesFileSetting ?? null;
    return { provider: name, enabled: s.enabled, usable, reason, canCrawl: usable && (list === null || s.settings[list] !== ""), codesFileSetting: list };
  });
}

/** Every provider of the registry: usable or why not, its last success and failure, and its run in progress. */
export function providerHealth(db: Db, config: Config): ProviderHealth[] {
  return providerReadiness(config).map((r) => {
    const state = getProviderState(db, r.provider);
    const failed = lastFailedRun(db, r.provider);
    return {
      ...r,
      lastSuccessAt: state?.lastSuccessAt ?? null,
      lastFailureAt: failed ? (failed.finishedAt ?? failed.startedAt) : null,
      lastFailureKind: failed ? (runFailureKinds(failed)[0]?.[0] ?? "error") : null,
      lastError: failed?.lastError ?? null,
      consecutiveFailures: state?.failureCount ?? 0,
      running: runningRun(db, r.provider),
    };
  });
}
