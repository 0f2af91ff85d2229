import { createHttpClient, type HttpClient, type HttpClientOptions } from "../../../src/net/index.js";
import { parseCode, type ParsedCode } from "../../../src/codes/index.js";
import type { ProviderContext } from "../../../src/providers/types.js";
import { startSimulator, type Simulator, type SimulatorOptions } from "../../../tools/simulator/index.js";

const UA = "video-catalog/0.1 (+https://example.invalid/video-catalog; self-hosted; test)";
const open: { close(): Promise<void> }[] = [];

/** Closes every simulator and client opened through these helpers; call from afterEach/afterAll. */
export async function closeAll(): Promise<void> {
  await Promise.all(open.splice(0).map((x) => x.close()));
}

export async function simulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const sim = await startSimulator({ host: "127.0.0.1", port: 0, ...options });
  open.push(sim);
  return sim;
}

/** A real client with short timeouts whose backoff sleeps return at once. */
export function client(over: Partial<HttpClientOptions> = {}): HttpClient {
  const http = createHttpClient({ userAgent: UA, timeoutMs: 2000, maxRetries: 2, sleep: async () => {}, ...over });
  open.push(http);
  return http;
}

export const FANZA_SETTINGS = { FANZA_API_ID: "sim", FANZA_AFFILIATE_ID: "sim-990" } as const;
/** After the generated catalog's last release day (2026-10-31). */
export const NOW = new Date("2026-11-10T03:00:00Z");

export function context(baseUrl: string, http: HttpClient, settings: Record<string, string> = {}): ProviderContext {
  return { http, baseUrl, settings: { ...FANZA_SETTINGS, ...settings }, now: () => NOW };
}

/** The code a provider's lookup is given for this spelling (a test's own input: one that is no code is a bug of the test). */
export function codeOf(s: string): ParsedCode {
  const c = parseCode(s);
  if (c === null) throw new Error(`not a code: ${s}`);
  return c;
}
