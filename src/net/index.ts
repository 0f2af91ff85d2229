export { createHttpClient } from "./http-client.js";
export { withUserAgent } from "./user-agent.js";
export { UpstreamError, type UpstreamErrorKind } from "./errors.js";
export type {
  GetBytesInit,
  GetJsonInit,
  GetTextInit,
  HttpBytesResult,
  HttpClient,
  HttpClientOptions,
  HttpEvent,
  HttpJsonResult,
  HttpStats,
  HttpTextResult,
  PostInit,
} from "./types.js";
