import sharp from "sharp";
import { cutBox, type NormalCut, normalizeCut } from "./cut-options.js";
import { ImageError } from "./errors.js";
import type { CutImage, CutOptions } from "./types.js";

/**
 * Sources larger than this (in pixels) are refused before they are decoded: covers are a few
 * megapixels, and libvips's own limit (268 MP) would let one request take gigabytes.
 */
export const MAX_SOURCE_PIXELS = 50_000_000;

/** Pure: cuts `source` (any format libvips reads) as asked and encodes a JPEG. Throws ImageError. */
export function cutImage(source: Buffer, cut: CutOptions): Promise<CutImage> {
  return cutNormal(source, normalizeCut(cut));
}

export async function cutNormal(source: Buffer, cut: NormalCut): Promise<CutImage> {
  try {
    const image = sharp(source, { autoOrient: true, limitInputPixels: MAX_SOURCE_PIXELS });
    const { autoOrient } = await image.metadata();
    const box = cutBox(autoOrient.width, autoOrient.height, cut);
    if (box.width !== autoOrient.width || box.height !== autoOrient.height) image.extract(box);
    // A transparent source (PNG, WebP) is laid on white, as a poster is printed, not on JPEG's black.
    const flat = image.flatten({ background: "#ffffff" });
    if (cut.mark !== undefined) flat.withExif({ IFD0: { ImageDescription: cut.mark } });
    const { data, info } = await flat.jpeg({ quality: cut.quality }).toBuffer({ resolveWithObject: true });
    return { jpeg: data, width: info.width, height: info.height };
  } catch (err) {
    throw unreadable(err);
  }
}

/** The size as shown and the format of a source, read from its header alone. Throws ImageError. */
export async function probeImage(source: Buffer): Promise<{ width: number; height: number; format: string }> {
  try {
    const meta = await sharp(source, { limitInputPixels: MAX_SOURCE_PIXELS }).metadata();
    if (!(meta.width > 0 && meta.height > 0)) throw new Error("no dimensions");
    if (meta.width * meta.height > MAX_SOURCE_PIXELS) throw new Error("Input image exceeds pixel limit");
    return { width: meta.autoOrient.width, height: meta.autoOrient.height, format: meta.format };
  } catch (err) {
    throw unreadable(err);
  }
}

/** What libvips refuses: a source over the pixel limit is too large; anything else it cannot read is no image. */
function unreadable(err: unknown): ImageError {
  if (err instanceof ImageError) return err;
  const message = err instanceof Error ? err.message : String(err);
  if (/pixel limit/i.test(message)) return new ImageError("too_large", `image over ${MAX_SOURCE_PIXELS} pixels`, { cause: err });
  return new ImageError("not_image", `not a readable image (${message.split("\n")[0]})`, { cause: err });
}
