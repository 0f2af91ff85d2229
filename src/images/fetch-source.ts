import { type HttpClient, UpstreamError } from "../net/index.js";
import { probeImage } from "./cut.js";
import { ImageError } from "./errors.js";
import type { SourceImage } from "./types.js";

/** Covers are tens to hundreds of KiB; a large scan a few MiB. */
export const MAX_SOURCE_BYTES = 20 * 1024 * 1024;

/**
 * Fetches the image at `url` through the one outbound client (its rates, timeouts and retries) and
 * makes sure it is one: an image type, and a header libvips reads. Anything else is an ImageError,
 * and nothing that fails here reaches the cache.
 */
export async function fetchSource(http: HttpClient, url: string, signal?: AbortSignal): Promise<SourceImage> {
  let answer: Awaited<ReturnType<HttpClient["getBytes"]>>;
  try {
    answer = await http.getBytes(url, { accept: "image/*", maxBytes: MAX_SOURCE_BYTES, signal });
  } catch (err) {
    throw fromFetchError(err, url);
  }
  if (answer.status === "not_found") throw new ImageError("not_found", `no image (HTTP ${answer.httpStatus}): ${url}`);
  // DMM answers a cover it does not have yet with a redirect to its "NOW PRINTING" picture:
  // no cover, not one to cut, keep, or write beside a video.
  if (/now_printing/i.test(new URL(answer.finalUrl).pathname)) {
    throw new ImageError("not_found", `no image yet (redirected to a "now printing" placeholder): ${url}`);
  }
  // An error or challenge page served as 200, or a JSON error, is no cover whatever its bytes.
  if (!/^\s*image\//i.test(answer.contentType)) {
    throw new ImageError("not_image", `not an image (${answer.contentType || "no content type"}): ${url}`);
  }
  const info = await probeImage(answer.bytes);
  return { bytes: answer.bytes, ...info };
}

function fromFetchError(err: unknown, url: string): ImageError {
  if (err instanceof UpstreamError && err.kind === "too_large") {
    return new ImageError("too_large", `image over ${MAX_SOURCE_BYTES} bytes: ${url}`, { cause: err });
  }
  const detail = err instanceof UpstreamError ? err.kind : err instanceof Error ? err.message : String(err);
  return new ImageError("upstream", `image fetch failed (${detail}): ${url}`, { cause: err });
}
