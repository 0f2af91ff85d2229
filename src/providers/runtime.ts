import type { Config } from "../config/load.js";
import { createHttpClient, type HttpClient, type HttpClientOptions, type HttpEvent, withUserAgent } from "../net/index.js";
import { usableProviders, type ProviderSetup } from "./registry.js";
import type { ProviderContext } from "./types.js";

/** The usable providers with the one HTTP client they share (each sending its own user-agent through it, where it has one). */
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
    userAgent: config.userAgent,
    timeoutMs: config.httpTimeoutMs,
    maxRetries: config.httpMaxRetries,
    hostRate,
    onEvent: options.onEvent,
    ...options.http,
  });
  const now = options.now ?? (() => new Date());
  const clients = new Map<ProviderSetup, HttpClient>();
  const clientOf = (setup: ProviderSetup): HttpClient => {
    if (setup.userAgent === undefined) return http;
    let own = clients.get(setup);
    if (own === undefined) clients.set(setup, (own = withUserAgent(http, setup.userAgent)));
    return own;
  };
  return {
    http,
    setups,
    get: (name) => setups.find((s) => s.provider.name === name),
    contextFor: (setup, signal) => ({ http: clientOf(setup), baseUrl: setup.baseUrl, settings: setup.settings, now, signal }),
    close: () => http.close(),
  };
}
