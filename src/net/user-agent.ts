import type { HttpClient } from "./types.js";

/**
 * The same client (its connections, per-host limits, retries and counters) sending `userAgent`
 * with each request that names none of its own: how one source's own agent reaches its requests
 * without a second client.
 */
export function withUserAgent(http: HttpClient, userAgent: string): HttpClient {
  return {
    ...http,
    getJson: (url, init = {}) => http.getJson(url, { ...init, userAgent: init.userAgent || userAgent }),
    getBytes: (url, init = {}) => http.getBytes(url, { ...init, userAgent: init.userAgent || userAgent }),
    getText: (url, init = {}) => http.getText(url, { ...init, userAgent: init.userAgent || userAgent }),
    post: (url, init) => http.post(url, { ...init, userAgent: init.userAgent || userAgent }),
  };
}
