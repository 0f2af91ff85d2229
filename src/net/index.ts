export { createHttpClient } from "./http-client.js";
export { UpstreamError, type UpstreamErrorKind } from "./errors.js";
export type { GetBytesInit, GetJsonInit, HttpBytesResult, HttpClient, HttpClientOptions, HttpEvent, HttpJsonResult, HttpStats } from "./types.js";
