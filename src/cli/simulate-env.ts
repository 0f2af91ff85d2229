/** The settings that point every provider at a running provider simulator, unthrottled (the demo's and the tests'). */
import { PROVIDERS, settingPrefix } from "../providers/registry.js";

export function simulatorEnv(baseUrlOf: (provider: string) => string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const p of PROVIDERS) {
    const prefix = settingPrefix(p.name);
    env[`${prefix}_ENABLED`] = "on";
    env[`${prefix}_BASE_URL`] = baseUrlOf(p.name);
    env[`${prefix}_RATE`] = "0";
  }
  // The simulated FC2's articles are dated up to 2026-10-30, not up to today: its crawl takes them all.
  return { ...env, FANZA_API_ID: "sim", FANZA_AFFILIATE_ID: "sim-990", FC2_CRAWL_DAYS: "0" };
}

/**
 * Every provider turned off but those `except` (left as their settings say): what tests and
 * benchmarks start a server with, so that none asks a real site for what a local source serves.
 */
export function providersOffEnv(...except: string[]): Record<string, string> {
  return Object.fromEntries(PROVIDERS.filter((p) => !except.includes(p.name)).map((p) => [`${settingPrefix(p.name)}_ENABLED`, "off"]));
}
