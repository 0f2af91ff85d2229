import { readFile, realpath, stat } from "node:fs/promises";
import { sep } from "node:path";
import { fileURLToPath } from "node:url";
import { type HttpClient, UpstreamError } from "../net/index.js";
import { probeImage } from "./cut.js";
import { ImageError } from "./errors.js";
import type { SourceImage } from "./types.js";

/** Covers are tens to hundreds of KiB; a large scan a few MiB. */
export const MAX_SOURCE_BYTES = 20 * 1024 * 1024;

/**
 * Fetches the image at `url` through the one outbound client (its rates, timeouts and retries) and
 * makes sure it is one: an image type, and a header libvips reads. Anything else is an ImageError,
 * and nothing that fails here reaches the cache. A `file:` URL is read from disk only when it lies
 * under `localRoot` (the picture tree's folder, PEOPLE_PICTURES): no other file is ever read.
 */
export async function fetchSource(http: HttpClient, url: string, signal?: AbortSignal, localRoot?: string | null): Promise<SourceImage> {
  if (/^file:/i.test(url)) return readLocal(url, localRoot ?? null);
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

/** A picture of the local tree: a file under `root` (after links are followed), an image libvips reads. */
async function readLocal(url: string, root: string | null): Promise<SourceImage> {
  const path = await realPathOf(url);
  const under = root === null ? null : await realpath(root).catch(() => null);
  if (path === null || under === null || !path.startsWith(under + sep)) throw new ImageError("not_found", `not a picture of the picture tree: ${url}`);
  const info = await stat(path);
  if (!info.isFile()) throw new ImageError("not_found", `no image: ${url}`);
  if (info.size > MAX_SOURCE_BYTES) throw new ImageError("too_large", `image over ${MAX_SOURCE_BYTES} bytes: ${url}`);
  const bytes = await readFile(path);
  return { bytes, ...(await probeImage(bytes)) };
}

async function realPathOf(url: string): Promise<string | null> {
  try {
    return await realpath(fileURLToPath(url));
  } catch {
    return null;
  }
}
