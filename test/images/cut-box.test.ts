/**
 * The box of a cut against MetaTube's own arithmetic (metatube-sdk-go imageutil/crop.go
 * CropImagePosition, at commit 6a5e6128c725187aeaf921d48ed7d9cd9f30671b):
 *
 *   if ratio < 0.01 || ratio > 100 { whole image }
 *   if w = int(height * ratio); w < width { x = max(min(int(width*pos) - int(w/2), width-w), 0) }
 *   else if h = int(width / ratio); h < height { y = max(min(int(height*pos) - int(h/2), height-h), 0) }
 *
 * Go's int() truncates. The defaults are constant/ratio.go's (2/3, 16/9) and engine/image.go's
 * (a title's primary at pos 1, a thumb at 0.5).
 */
import { describe, expect, it } from "vitest";
import { cutBox, DEFAULT_RATIO, normalizeCut } from "../../src/images/cut-options.js";
import type { CutOptions } from "../../src/images/index.js";

const box = (width: number, height: number, cut: Omit<CutOptions, "kind"> & { kind?: CutOptions["kind"] }) =>
  cutBox(width, height, normalizeCut({ kind: "primary", ...cut }));

describe("cutBox: a DMM jacket, 800x538", () => {
  it("is cut 2:3 by default, flush right where the front cover is", () => {
    // w = int(538 * 2/3) = int(358.67) = 358 < 800; x = max(min(int(800*1) - int(358/2), 800-358), 0) = min(800-179, 442) = 442
    expect(DEFAULT_RATIO).toBe(2 / 3);
    expect(box(800, 538, {})).toEqual({ left: 442, top: 0, width: 358, height: 538 });
  });

  it("puts the box's centre at pos, then back inside the image", () => {
    // pos 0.8: x = min(int(800*0.8) - 179, 442) = min(640 - 179, 442) = min(461, 442) = 442 (a share of the free space would give 353)
    expect(box(800, 538, { pos: 0.8 })).toEqual({ left: 442, top: 0, width: 358, height: 538 });
    // pos 0.5: x = int(400) - 179 = 221, the middle
    expect(box(800, 538, { pos: 0.5 })).toEqual({ left: 221, top: 0, width: 358, height: 538 });
    // pos 0.3: x = int(240) - 179 = 61
    expect(box(800, 538, { pos: 0.3 })).toEqual({ left: 61, top: 0, width: 358, height: 538 });
    // pos 0: x = max(0 - 179, 0) = 0
    expect(box(800, 538, { pos: 0 })).toEqual({ left: 0, top: 0, width: 358, height: 538 });
  });

  it("takes a pos outside 0..1 as MetaTube does: pushed flush to that end, no error", () => {
    // pos -1 (the plugin's "none" with a url): x = max(min(-800 - 179, 442), 0) = 0
    expect(box(800, 538, { pos: -1 })).toEqual(box(800, 538, { pos: 0 }));
    // pos 2: x = min(1600 - 179, 442) = 442
    expect(box(800, 538, { pos: 2 })).toEqual(box(800, 538, { pos: 1 }));
  });

  it("cuts at the ratio asked: 0.7 gives int(538*0.7) = 376 wide", () => {
    // w = int(376.6) = 376; x = min(800 - 188, 424) = 424
    expect(box(800, 538, { ratio: 0.7 })).toEqual({ left: 424, top: 0, width: 376, height: 538 });
    // ratio 1: w = 538; x at pos 0.5 = 400 - 269 = 131
    expect(box(800, 538, { ratio: 1, pos: 0.5 })).toEqual({ left: 131, top: 0, width: 538, height: 538 });
  });

  it("cuts nothing at a ratio outside 0.01..100 (0 too), and takes a negative one as 2:3", () => {
    const whole = { left: 0, top: 0, width: 800, height: 538 };
    for (const ratio of [0, 0.009, 100.5, 1000]) expect(box(800, 538, { ratio }), String(ratio)).toEqual(whole);
    expect(box(800, 538, { ratio: -1 })).toEqual(box(800, 538, {}));
    // ratio 100: w = 53800 >= 800, so h = int(800/100) = 8 < 538, sliding down: y = min(int(538*1) - 4, 530) = 530
    expect(box(800, 538, { ratio: 100 })).toEqual({ left: 0, top: 530, width: 800, height: 8 });
  });

  it("cuts a thumb 16:9 about the middle whatever the ratio asked, and a backdrop not at all", () => {
    // w = int(538 * 16/9) = 956 >= 800; h = int(800 / (16/9)) = 450 < 538; y = int(538*0.5) - int(450/2) = 269 - 225 = 44
    expect(box(800, 538, { kind: "thumb", ratio: 0.7 })).toEqual({ left: 0, top: 44, width: 800, height: 450 });
    expect(box(800, 538, { kind: "backdrop", ratio: 0.7, pos: 0 })).toEqual({ left: 0, top: 0, width: 800, height: 538 });
  });
});

describe("cutBox: other shapes", () => {
  it("a 147x200 thumbnail (the search results' picture at pos 1): 133 wide, flush right", () => {
    // w = int(200 * 2/3) = int(133.33) = 133 < 147; x = min(147 - 66, 14) = 14
    expect(box(147, 200, { pos: 1 })).toEqual({ left: 14, top: 0, width: 133, height: 200 });
    // thumb: h = int(147 / (16/9)) = int(82.69) = 82; y = 100 - 41 = 59
    expect(box(147, 200, { kind: "thumb" })).toEqual({ left: 0, top: 59, width: 147, height: 82 });
  });

  it("DMM's larger jacket, 1600x1076: the same front cover at twice the size", () => {
    // w = int(1076 * 2/3) = int(717.33) = 717; x = min(1600 - 358, 883) = 883
    expect(box(1600, 1076, {})).toEqual({ left: 883, top: 0, width: 717, height: 1076 });
  });

  it("a picture taller than 2:3 slides up and down: the default pos 1 takes its bottom", () => {
    // w = int(600 * 2/3) = 400 >= 300; h = int(300 / (2/3)) = 450 < 600; y = min(600 - 225, 150) = 150
    expect(box(300, 600, {})).toEqual({ left: 0, top: 150, width: 300, height: 450 });
    expect(box(300, 600, { pos: 0.5 })).toEqual({ left: 0, top: 75, width: 300, height: 450 });
  });

  it("a picture already 2:3, or an actress's 125x125 square at her pos 0.5", () => {
    expect(box(400, 600, {})).toEqual({ left: 0, top: 0, width: 400, height: 600 });
    // w = int(125 * 2/3) = 83; x = int(62.5) - int(41.5) = 62 - 41 = 21
    expect(box(125, 125, { pos: 0.5 })).toEqual({ left: 21, top: 0, width: 83, height: 125 });
  });
});

describe("normalizeCut: equal cuts, one cache file", () => {
  it("spells the defaults out and folds the values that cut alike", () => {
    expect(normalizeCut({ kind: "primary" })).toEqual(normalizeCut({ kind: "primary", ratio: 2 / 3, pos: 1, quality: 90 }));
    expect(normalizeCut({ kind: "primary", pos: -1 })).toEqual(normalizeCut({ kind: "primary", pos: 0 }));
    expect(normalizeCut({ kind: "primary", ratio: 0 })).toMatchObject({ ratio: undefined, pos: undefined });
    expect(normalizeCut({ kind: "thumb", ratio: 0.7, pos: Number.NaN })).toEqual(normalizeCut({ kind: "thumb" }));
  });
});
