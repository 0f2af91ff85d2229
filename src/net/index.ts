export { createHttpClient } from "./http-client.js";
export { UpstreamError, type UpstreamErrorKind } from "./errors.js";
export type { GetJsonInit, HttpClient, HttpClientOptions, HttpEvent, HttpJsonResult, HttpStats } from "./types.js";
