import { stableCode, VideoCatalogError } from "../lib/video-catalog-error.js";

export type ImageErrorKind = "not_found" | "not_image" | "upstream" | "too_large";

/**
 * Why an image could not be served: the source answered no image (not_found: 404/410), an error
 * page or no image type (not_image), failed (upstream: after the client's retries, or the asker
 * went away), or was too big (bytes or pixels).
 */
export class ImageError extends VideoCatalogError {
  static {
    stableCode(ImageError, "VC_ERR_IMAGE");
  }

  readonly kind: ImageErrorKind;

  constructor(kind: ImageErrorKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ImageError";
    this.kind = kind;
  }
}
