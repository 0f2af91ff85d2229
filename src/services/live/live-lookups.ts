import type { Db } from "../../catalog/index.js";
import type { Config } from "../../config/load.js";
import type { ProviderRuntime } from "../../providers/runtime.js";
import { LiveFallback, type LiveOptions } from "./live-fallback.js";

/**
 * A process's live fallback, as the server and `scan` make it: none (null, which every face
 * already answers as "not in the catalog", at once) when LIVE_LOOKUPS is off or no provider is
 * usable; else one bounded by LIVE_TIMEOUT_MS that remembers a "no match" NEGATIVE_CACHE_SECONDS.
 */
export function liveLookups(db: Db, runtime: ProviderRuntime | null, config: Config, more: Partial<LiveOptions> = {}): LiveFallback | null {
  if (!config.liveLookups || runtime === null || runtime.setups.length === 0) return null;
  return new LiveFallback(db, runtime, { timeoutMs: config.liveTimeoutMs, negativeTtlMs: config.negativeCacheSeconds * 1000, ...more });
}
