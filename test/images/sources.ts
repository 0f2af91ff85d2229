import sharp from "sharp";

/** The two halves of a jacket: the back cover (left) and the front (right), told apart by colour. */
export const BACK = { r: 200, g: 30, b: 30 };
export const FRONT = { r: 30, g: 30, b: 200 };

/** A DMM jacket's shape, 800x538: back cover on the left half, front cover on the right. */
export async function jacket(format: "jpeg" | "png" = "jpeg"): Promise<Buffer> {
  const back = await sharp({ create: { width: 400, height: 538, channels: 3, background: BACK } })
    .png()
    .toBuffer();
  const image = sharp({ create: { width: 800, height: 538, channels: 3, background: FRONT } }).composite([{ input: back, left: 0, top: 0 }]);
  return format === "png" ? image.png().toBuffer() : image.jpeg({ quality: 95 }).toBuffer();
}

/** A thumbnail's shape, 147x200, with some texture so that JPEG quality shows in its size. */
export async function thumbnail(): Promise<Buffer> {
  const width = 147;
  const height = 200;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 7919 + ((i / 3) | 0) * 104729) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

/** The colour at (x, y) of an encoded image. */
export async function pixel(image: Buffer, x: number, y: number): Promise<{ r: number; g: number; b: number }> {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return { r: data[at], g: data[at + 1], b: data[at + 2] };
}

/** Within JPEG's error of a colour. */
export function near(actual: { r: number; g: number; b: number }, expected: { r: number; g: number; b: number }): boolean {
  return Math.abs(actual.r - expected.r) < 12 && Math.abs(actual.g - expected.g) < 12 && Math.abs(actual.b - expected.b) < 12;
}
