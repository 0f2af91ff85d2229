import { createHash } from "node:crypto";
import type { NormalCut } from "./cut-options.js";

/** The cache file of a source image: a hash of its URL (any length, any characters, one safe name). */
export function sourceName(url: string): string {
  return `${hash(`source\n${url}`)}.src`;
}

/** The cache file of a cut: a hash of the URL and of the cut as it will be made. */
export function cutName(url: string, cut: NormalCut): string {
  return `${hash(`cut\n${url}\n${JSON.stringify([cut.kind, cut.ratio ?? null, cut.pos ?? null, cut.quality, ...(cut.mark === undefined ? [] : [cut.mark])])}`)}.cut`;
}

function hash(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
