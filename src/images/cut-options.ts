import type { CutOptions, ImageKind } from "./types.js";

/** A cut as it will be made: defaults filled in, values the cut ignores dropped, so equal cuts share one cache file. */
export interface NormalCut {
  kind: ImageKind;
  /** width / height of the box; undefined: the whole image (backdrop, or a ratio MetaTube cuts nothing at). */
  ratio: number | undefined;
  /** 0..1: where the box's centre sits along the side it slides on; undefined with the whole image. */
  pos: number | undefined;
  quality: number;
  /** EXIF ImageDescription to write, or undefined for none. */
  mark: string | undefined;
}

/** MetaTube's ratios (metatube-sdk-go constant/ratio.go): a primary picture 2:3, a thumb 16:9. */
export const DEFAULT_RATIO = 2 / 3;
export const THUMB_RATIO = 16 / 9;
/** Outside these MetaTube cuts nothing and answers the whole image (imageutil/crop.go, minRatio and maxRatio). */
const MIN_RATIO = 1e-2;
const MAX_RATIO = 1e2;
/**
 * MetaTube's places when none is asked (engine/image.go): a title's primary at 1, flush right
 * or bottom (a DMM jacket's front cover is its right part), a thumb at its centre.
 */
export const DEFAULT_POS = { primary: 1, thumb: 0.5 } as const;
export const DEFAULT_QUALITY = 90;

/** The routes read and check the query; here an odd value only falls back, so nothing reaching libvips can throw. */
export function normalizeCut(cut: CutOptions): NormalCut {
  const quality = Number.isFinite(cut.quality) ? Math.min(100, Math.max(1, Math.round(cut.quality!))) : DEFAULT_QUALITY;
  const mark = cut.mark === undefined || cut.mark === "" ? undefined : cut.mark;
  const whole: NormalCut = { kind: cut.kind, ratio: undefined, pos: undefined, quality, mark };
  if (cut.kind === "backdrop") return whole;
  const asked = cut.ratio;
  const ratio = cut.kind === "thumb" ? THUMB_RATIO : Number.isFinite(asked) && asked! >= 0 ? asked! : DEFAULT_RATIO;
  if (ratio < MIN_RATIO || ratio > MAX_RATIO) return whole;
  // Past either end the box only sits flush at that end (crop.go clamps it), so -1 cuts as 0 and 2 as 1: one cache file each.
  const pos = Number.isFinite(cut.pos) ? Math.min(1, Math.max(0, cut.pos!)) : DEFAULT_POS[cut.kind];
  return { kind: cut.kind, ratio, pos, quality, mark };
}

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * MetaTube's box (imageutil/crop.go CropImagePosition), pixel for pixel: as tall as the image and
 * trunc(height x ratio) wide when that is narrower than it, sliding sideways; else as wide and
 * trunc(width / ratio) high, sliding up and down; else the whole image. `pos` is where the box's
 * centre goes, as a share of the side it slides on, and the box is then pushed back inside:
 * left = clamp(trunc(width x pos) - trunc(boxWidth / 2), 0, width - boxWidth). At source
 * resolution, never scaled.
 */
export function cutBox(width: number, height: number, cut: NormalCut): Box {
  const whole = { left: 0, top: 0, width, height };
  if (cut.ratio === undefined || cut.pos === undefined) return whole;
  // A box under a pixel (a ratio near 0.01 on a small image) is one pixel: libvips cuts nothing smaller.
  const boxWidth = Math.max(1, Math.trunc(height * cut.ratio));
  if (boxWidth < width) return { left: slide(width, boxWidth, cut.pos), top: 0, width: boxWidth, height };
  const boxHeight = Math.max(1, Math.trunc(width / cut.ratio));
  if (boxHeight < height) return { left: 0, top: slide(height, boxHeight, cut.pos), width, height: boxHeight };
  return whole;
}

/** Where a box of `box` along a side of `side` starts when its centre is asked at `pos` of it. */
function slide(side: number, box: number, pos: number): number {
  return Math.min(side - box, Math.max(0, Math.trunc(side * pos) - Math.trunc(box / 2)));
}
