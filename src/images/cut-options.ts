import type { CutOptions, ImageKind } from "./types.js";

/** A cut as it will be made: defaults filled in, values the cut ignores dropped, so equal cuts share one cache file. */
export interface NormalCut {
  kind: ImageKind;
  /** width / height; undefined for backdrop (the whole image). */
  ratio: number | undefined;
  /** 0..1, or undefined for the default place. */
  pos: number | undefined;
  quality: number;
  /** EXIF ImageDescription to write, or undefined for none. */
  mark: string | undefined;
}

export const DEFAULT_RATIO = 0.7;
export const THUMB_RATIO = 16 / 9;
export const DEFAULT_QUALITY = 90;

/** The routes check ranges and answer 400s; here an odd value only falls back, so nothing reaching libvips can throw. */
export function normalizeCut(cut: CutOptions): NormalCut {
  const quality = Number.isFinite(cut.quality) ? Math.min(100, Math.max(1, Math.round(cut.quality!))) : DEFAULT_QUALITY;
  const mark = cut.mark === undefined || cut.mark === "" ? undefined : cut.mark;
  if (cut.kind === "backdrop") return { kind: "backdrop", ratio: undefined, pos: undefined, quality, mark };
  const pos = Number.isFinite(cut.pos) && cut.pos! >= 0 ? Math.min(1, cut.pos!) : undefined;
  if (cut.kind === "thumb") return { kind: "thumb", ratio: THUMB_RATIO, pos, quality, mark };
  const ratio = Number.isFinite(cut.ratio) && cut.ratio! > 0 ? cut.ratio! : DEFAULT_RATIO;
  return { kind: "primary", ratio, pos, quality, mark };
}

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The largest box of the cut's ratio inside a width x height image, at source resolution. It slides
 * along the side left free: to `pos` when given, else from the right of a landscape primary (a DMM
 * jacket's front cover is its right half) and about the centre otherwise.
 */
export function cutBox(width: number, height: number, cut: NormalCut): Box {
  if (cut.ratio === undefined) return { left: 0, top: 0, width, height };
  const wide = width / height > cut.ratio;
  const boxWidth = wide ? clamp(Math.round(height * cut.ratio), 1, width) : width;
  const boxHeight = wide ? height : clamp(Math.round(width / cut.ratio), 1, height);
  const place = cut.pos ?? (cut.kind === "primary" && width > height ? 1 : 0.5);
  return {
    left: Math.round((width - boxWidth) * place),
    top: Math.round((height - boxHeight) * place),
    width: boxWidth,
    height: boxHeight,
  };
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}
