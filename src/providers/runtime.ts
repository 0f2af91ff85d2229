import type { Config } from "../config/load.js";
import { createHttpClient, type HttpClient, type HttpClientOptions, type HttpEvent } from "../net/index.js";
import { usableProviders, type ProviderSetup } from "./registry.js";
import type { ProviderContext } from "./types.js";

export const USER_AGENT = "video-catalog/0.1 (self-hosted metadata catalog; node)";

/** The usable providers with the one HTTP client they share. */
export interface ProviderRuntime {
  http: HttpClient;
  setups: ProviderSetup[];
  get(name: string): ProviderSetup | undefined;
  contextFor(setup: ProviderSetup, signal?: AbortSignal): ProviderContext;
  close(): Promise<void>;
}

export interface RuntimeOptions {
  onEvent?: (e: HttpEvent) => void;
  now?: () => Date;
  /** Client options for tests (e.g. a sleep that does not wait). */
  http?: Partial<HttpClientOptions>;
}

export function createProviderRuntime(config: Config, options: RuntimeOptions = {}): ProviderRuntime {
  const setups = usableProviders(config);
  const hostRate: Record<string, number> = {};
  for (const s of setups) {
    for (const host of [new URL(s.baseUrl).host, ...(s.provider.rateHosts?.(s.baseUrl) ?? [])]) hostRate[host] = s.rate;
  }
  const http = createHttpClient({
    userAgent: USER_AGENT,
    timeoutMs: config.httpTimeoutMs,
    maxRetries: config.httpMaxRetries,
    hostRate,
    onEvent: options.onEvent,
    ...options.http,
  });
  const now = options.now ?? (() => new Date());
  return {
    http,
    setups,
    get: (name) => setups.find((s) => s.provider.name === name),
    contextFor: (setup, signal) => ({ http, baseUrl: setup.baseUrl, settings: setup.settings, now, signal }),
    close: () => http.close(),
  };
}
