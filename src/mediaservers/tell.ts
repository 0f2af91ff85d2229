/** Telling one server to look at a folder, and sending one event to the webhook: the verdicts of both. */
import { isAbsolute } from "node:path";
import type { Config } from "../config/load.js";
import { VERSION } from "../lib/version.js";
import { createHttpClient, type HttpClient, type HttpClientOptions, UpstreamError } from "../net/index.js";
import { fromUpstream } from "./errors.js";
import { tellMediaBrowser } from "./mediabrowser.js";
import { tellPlex } from "./plex.js";
import type { MediaServer, WatchEvent, Webhook } from "./types.js";
import { postEvent } from "./webhook.js";

/** Retries within one call: few, since the caller's outbox tries again later and must not wait long on a server that is down. */
const RETRIES = 2;

/**
 * A client for the media servers and the webhook: the one outbound client's machinery with its own
 * limits (HTTP_TIMEOUT_MS per attempt, two retries), sending our own name as the user-agent (these
 * are the user's servers, not the sites). Create it once; close it on stop.
 */
export function createMediaServerHttp(config: Config, over: Partial<HttpClientOptions> = {}): HttpClient {
  return createHttpClient({ userAgent: `video-catalog/${VERSION}`, timeoutMs: config.httpTimeoutMs, maxRetries: RETRIES, ...over });
}

/**
 * Asks one server to look at a folder of the library (absolute, ours; the server's path map
 * applied). Resolves once the server has taken the request (it scans after); throws
 * MediaServerError saying whether to retry.
 */
export async function tellFolder(http: HttpClient, server: MediaServer, folder: string, signal?: AbortSignal): Promise<void> {
  if (!isAbsolute(folder)) throw new TypeError(`the folder told must be absolute, got "${folder}"`);
  try {
    await (server.kind === "plex" ? tellPlex(http, server, folder, signal) : tellMediaBrowser(http, server, folder, signal));
  } catch (err) {
    throw err instanceof UpstreamError ? fromUpstream(err, server.kind, server.url) : err;
  }
}

/** POSTs one event as JSON with its signature; throws MediaServerError (retry or not) like tellFolder. */
export async function sendWebhook(http: HttpClient, hook: Webhook, event: WatchEvent, signal?: AbortSignal): Promise<void> {
  try {
    await postEvent(http, hook, event, signal);
  } catch (err) {
    throw err instanceof UpstreamError ? fromUpstream(err, "webhook", hook.url) : err;
  }
}
