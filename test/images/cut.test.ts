import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { cutImage, ImageError } from "../../src/images/index.js";
import { BACK, FRONT, jacket, near, pixel, thumbnail } from "./sources.js";

let JACKET: Buffer;
let THUMB: Buffer;

beforeAll(async () => {
  JACKET = await jacket();
  THUMB = await thumbnail();
});

/** The cut is a JPEG of the size it says, and its ratio is within a pixel of the one asked. */
async function checked(jpeg: Buffer, width: number, height: number, ratio?: number): Promise<void> {
  const meta = await sharp(jpeg).metadata();
  expect(meta.format).toBe("jpeg");
  expect([meta.width, meta.height]).toEqual([width, height]);
  if (ratio !== undefined) expect(Math.abs(width - Math.round(height * ratio))).toBeLessThanOrEqual(1);
}

describe("cutImage: primary", () => {
  it("cuts a jacket's front cover, from the right, at MetaTube's 2:3 by default", async () => {
    const cut = await cutImage(JACKET, { kind: "primary" });
    expect([cut.width, cut.height]).toEqual([358, 538]);
    await checked(cut.jpeg, cut.width, cut.height, 2 / 3);
    expect(near(await pixel(cut.jpeg, 0, 0), FRONT)).toBe(true);
    expect(near(await pixel(cut.jpeg, cut.width - 1, 537), FRONT)).toBe(true);
  });

  it("takes a negative pos as MetaTube does: the box flush left, no default", async () => {
    const cut = await cutImage(JACKET, { kind: "primary", pos: -1 });
    expect(near(await pixel(cut.jpeg, 0, 0), BACK)).toBe(true);
  });

  it("cuts at pos, the box's centre: 0 flush left (the back cover), 1 flush right, 0.5 across the middle", async () => {
    const left = await cutImage(JACKET, { kind: "primary", pos: 0 });
    expect(near(await pixel(left.jpeg, 0, 0), BACK)).toBe(true);
    expect(near(await pixel(left.jpeg, left.width - 1, 0), BACK)).toBe(true);
    const right = await cutImage(JACKET, { kind: "primary", pos: 1 });
    expect(near(await pixel(right.jpeg, 0, 0), FRONT)).toBe(true);
    const middle = await cutImage(JACKET, { kind: "primary", pos: 0.5 });
    expect(near(await pixel(middle.jpeg, 5, 0), BACK)).toBe(true);
    expect(near(await pixel(middle.jpeg, middle.width - 5, 0), FRONT)).toBe(true);
  });

  it.each([0.7, 1, 0.5, 2 / 3, 1.5])("keeps the ratio %s within a pixel", async (ratio) => {
    for (const source of [JACKET, THUMB]) {
      const cut = await cutImage(source, { kind: "primary", ratio });
      await checked(cut.jpeg, cut.width, cut.height, ratio);
    }
  });

  it("cuts a portrait thumbnail as MetaTube does, at source resolution (no upscaling)", async () => {
    const cut = await cutImage(THUMB, { kind: "primary" });
    expect([cut.width, cut.height]).toEqual([133, 200]);
    const square = await cutImage(THUMB, { kind: "primary", ratio: 1, pos: 0.5 });
    expect([square.width, square.height]).toEqual([147, 147]);
    // The square of the thumbnail at pos 0.5 (y = int(200*0.5) - int(147/2) = 27), cut by hand, matches the cut pixel for pixel (within JPEG's error).
    const byHand = await sharp(THUMB).extract({ left: 0, top: 27, width: 147, height: 147 }).jpeg({ quality: 90 }).toBuffer();
    expect(near(await pixel(square.jpeg, 70, 70), await pixel(byHand, 70, 70))).toBe(true);
  });
});

describe("cutImage: thumb and backdrop", () => {
  it("cuts thumb to 16:9, centred, ignoring ratio", async () => {
    const cut = await cutImage(JACKET, { kind: "thumb", ratio: 0.7 });
    expect([cut.width, cut.height]).toEqual([800, 450]);
    await checked(cut.jpeg, cut.width, cut.height, 16 / 9);
    const thumb = await cutImage(THUMB, { kind: "thumb" });
    expect([thumb.width, thumb.height]).toEqual([147, 82]);
  });

  it("keeps the whole image for backdrop", async () => {
    const cut = await cutImage(JACKET, { kind: "backdrop", ratio: 0.7, pos: 0 });
    await checked(cut.jpeg, 800, 538);
    expect(near(await pixel(cut.jpeg, 10, 10), BACK)).toBe(true);
    expect(near(await pixel(cut.jpeg, 790, 10), FRONT)).toBe(true);
  });
});

describe("cutImage: encoding and sources", () => {
  it("writes a mark as the JPEG's EXIF ImageDescription, in its first bytes; none without one", async () => {
    const mark = "video-catalog 0.1.0 poster digest=0123abcd";
    const marked = await cutImage(await jacket(), { kind: "primary", mark });
    expect(marked.jpeg.subarray(0, 4096).toString("latin1")).toContain(mark);
    expect((await sharp(marked.jpeg).metadata()).exif).toBeDefined();
    const plain = await cutImage(await jacket(), { kind: "primary" });
    expect(plain.jpeg.toString("latin1")).not.toContain("video-catalog");
  });

  it("encodes at the quality asked: lower quality, fewer bytes", async () => {
    const high = await cutImage(THUMB, { kind: "backdrop", quality: 95 });
    const usual = await cutImage(THUMB, { kind: "backdrop" });
    const low = await cutImage(THUMB, { kind: "backdrop", quality: 20 });
    expect(high.jpeg.length).toBeGreaterThan(usual.jpeg.length);
    expect(usual.jpeg.length).toBeGreaterThan(low.jpeg.length);
  });

  it("reads other formats (PNG) and writes JPEG", async () => {
    const cut = await cutImage(await jacket("png"), { kind: "primary" });
    await checked(cut.jpeg, cut.width, cut.height, 2 / 3);
  });

  it("applies EXIF orientation before cutting", async () => {
    // Stored 538 wide and 800 high, shown turned a quarter: the landscape jacket again.
    const stored = await sharp(JACKET).rotate(-90).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    expect(await sharp(stored).metadata()).toMatchObject({ width: 538, height: 800, orientation: 6 });
    const cut = await cutImage(stored, { kind: "primary" });
    expect(cut.height).toBe(538);
    expect(near(await pixel(cut.jpeg, 0, 0), FRONT)).toBe(true);
  });

  it.each([
    ["text", Buffer.from("<html>not an image</html>")],
    ["empty", Buffer.alloc(0)],
    ["a JPEG cut short", Buffer.from("ffd8ffe000104a46494600", "hex")],
  ])("refuses a source libvips cannot read (%s) with ImageError not_image", async (_name, bytes) => {
    const err = await cutImage(bytes, { kind: "primary" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImageError);
    expect(err).toMatchObject({ kind: "not_image" });
  });

  it("never throws from libvips on odd options: they fall back to the defaults", async () => {
    const cut = await cutImage(JACKET, { kind: "primary", ratio: Number.NaN, pos: Number.POSITIVE_INFINITY, quality: 500 });
    await checked(cut.jpeg, cut.width, cut.height, 2 / 3);
  });
});
